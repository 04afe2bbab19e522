package lang

import "math/big"

// The attributes start, stop and step of a range and its methods count
// and index, computed without iterating.

func init() {
	defProperty("start", func(v Value) Value { return rangePart(v, 0) }, "range")
	defProperty("stop", func(v Value) Value { return rangePart(v, 1) }, "range")
	defProperty("step", func(v Value) Value { return rangePart(v, 2) }, "range")
	defMethod("range", "count(self, value)", "1 when value equals an element of the range, else 0.", func(a *Args) (Value, error) {
		if r, ok := a.Value("self").(*Range); ok { // int64 bounds: no big ints
			return boolInt(r.contains(a.Value("value"))), nil
		}
		start, stop, step, _ := rangeBounds(a.Value("self"))
		return boolInt(rangeContains(start, stop, step, a.Value("value"))), nil
	})
	defMethod("range", "index(self, value)", "The position of value in the range; a ValueError when it is not an element.", func(a *Args) (Value, error) {
		start, stop, step, _ := rangeBounds(a.Value("self"))
		return rangeIndex(start, stop, step, a.Value("value"))
	})
}

// rangePart is a range's start (0), stop (1) or step (2), of either
// representation.
func rangePart(v Value, which int) Value {
	if r, ok := v.(*Range); ok {
		return [3]int64{r.Start, r.Stop, r.Step}[which]
	}
	start, stop, step, _ := rangeBounds(v)
	return IntFromBig([3]*big.Int{start, stop, step}[which])
}
