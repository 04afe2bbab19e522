package lang

// The attributes start, stop and step of a range and its methods count
// and index, computed without iterating.

func init() {
	defProperty("start", func(v Value) Value { return v.(*Range).Start }, "range")
	defProperty("stop", func(v Value) Value { return v.(*Range).Stop }, "range")
	defProperty("step", func(v Value) Value { return v.(*Range).Step }, "range")
	defMethod("range", "count(self, value)", "1 when value equals an element of the range, else 0.", func(a *Args) (Value, error) {
		return boolInt(self[*Range](a).contains(a.Value("value"))), nil
	})
	defMethod("range", "index(self, value)", "The position of value in the range; a ValueError when it is not an element.", func(a *Args) (Value, error) {
		r, v := self[*Range](a), a.Value("value")
		if !r.contains(v) {
			return nil, Errorf(ValueError, "%s is not in range", Repr(v))
		}
		i, _ := AsInt(v)
		if f, isFloat := v.(float64); isFloat {
			i = int64(f)
		}
		return (i - r.Start) / r.Step, nil
	})
}
