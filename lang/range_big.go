package lang

import (
	"math"
	"math/big"
)

// Ranges of ints beyond 64 bits. range() gives a *Range, whose int64
// bounds the loops and the fast paths compute on, whenever start, stop
// and step all fit; otherwise a *bigRange, which computes in big ints as
// CPython's range of arbitrary ints does: range(10**20), range(0, 10**30,
// 10**10). Both are Python's one range type. Only len() refuses a range
// of more than 2**63-1 elements, with CPython's OverflowError; indexing,
// slicing, in, index, count, iteration and reversed work on any range.

// bigRange is a range whose start, stop or step lies beyond the int64s.
// Its values never change.
type bigRange struct{ start, stop, step *big.Int }

var (
	_ TypeNamer       = (*bigRange)(nil)
	_ Reprer          = (*bigRange)(nil)
	_ Sized           = (*bigRange)(nil)
	_ Iterable        = (*bigRange)(nil)
	_ IterMaker       = (*bigRange)(nil)
	_ SubscriptGetter = (*bigRange)(nil)
	_ ItemGetter      = (*bigRange)(nil)
	_ Equaler         = (*bigRange)(nil)
	_ Truther         = (*bigRange)(nil)
)

// newRange returns range(start, stop, step), step not zero: a *Range when
// the three fit in an int64, else a *bigRange. It keeps the three.
func newRange(start, stop, step *big.Int) Value {
	if start.IsInt64() && stop.IsInt64() && step.IsInt64() {
		return &Range{Start: start.Int64(), Stop: stop.Int64(), Step: step.Int64()}
	}
	return &bigRange{start: start, stop: stop, step: step}
}

// rangeBounds returns a range's start, stop and step as new big ints;
// ok is false for anything else.
func rangeBounds(v Value) (start, stop, step *big.Int, ok bool) {
	switch r := v.(type) {
	case *Range:
		return big.NewInt(r.Start), big.NewInt(r.Stop), big.NewInt(r.Step), true
	case *bigRange:
		return new(big.Int).Set(r.start), new(big.Int).Set(r.stop), new(big.Int).Set(r.step), true
	}
	return nil, nil, nil, false
}

// IsRange reports whether v is a range, of either representation (a
// *Range, or one of ints beyond 64 bits).
func IsRange(v Value) bool { return isRange(v) }

// isRange reports whether v is a range, of either representation.
func isRange(v Value) bool {
	switch v.(type) {
	case *Range, *bigRange:
		return true
	}
	return false
}

// bigRangeLen is the number of elements of range(start, stop, step), as
// CPython's compute_range_length.
func bigRangeLen(start, stop, step *big.Int) *big.Int {
	var dist, st big.Int
	switch {
	case step.Sign() > 0 && start.Cmp(stop) < 0:
		dist.Sub(stop, start)
		st.Set(step)
	case step.Sign() < 0 && start.Cmp(stop) > 0:
		dist.Sub(start, stop)
		st.Neg(step)
	default:
		return new(big.Int)
	}
	dist.Sub(&dist, big.NewInt(1))
	dist.Quo(&dist, &st)
	return dist.Add(&dist, big.NewInt(1))
}

// lengthOverflow is CPython's error for len() of a range of more than
// 2**63-1 elements.
func lengthOverflow() error {
	return Errorf(OverflowError, "Python int too large to convert to C ssize_t")
}

func (*bigRange) TypeName() string { return "range" }

func (r *bigRange) PyRepr() string { return rangeRepr(r.start, r.stop, r.step) }

// rangeRepr is range's repr: the step only when it is not 1.
func rangeRepr(start, stop, step *big.Int) string {
	if step.IsInt64() && step.Int64() == 1 {
		return "range(" + start.String() + ", " + stop.String() + ")"
	}
	return "range(" + start.String() + ", " + stop.String() + ", " + step.String() + ")"
}

func (r *bigRange) length() *big.Int { return bigRangeLen(r.start, r.stop, r.step) }

// Length is len(r), an OverflowError beyond 2**63-1 elements, as CPython.
func (r *bigRange) Length() (int64, error) {
	n := r.length()
	if !n.IsInt64() {
		return 0, lengthOverflow()
	}
	return n.Int64(), nil
}

func (r *bigRange) Truth() (bool, error) { return r.length().Sign() > 0, nil }

// Iterate yields the elements in order.
func (r *bigRange) Iterate(yield func(Value) bool) error {
	next := r.iterator(r.start, r.step, r.length())
	for {
		v, ok, err := next()
		if !ok || err != nil || !yield(v) {
			return err
		}
	}
}

// iterator pulls the n elements first, first+step, ... one at a time.
func (*bigRange) iterator(first, step, n *big.Int) func() (Value, bool, error) {
	cur, left := new(big.Int).Set(first), new(big.Int).Set(n)
	one := big.NewInt(1)
	return func() (Value, bool, error) {
		if left.Sign() <= 0 {
			return nil, false, nil
		}
		v := IntFromBig(new(big.Int).Set(cur))
		cur.Add(cur, step)
		left.Sub(left, one)
		return v, true, nil
	}
}

// Iter is iter(r): CPython's longrange_iterator, lazy.
func (r *bigRange) Iter() (Value, error) {
	return NewLazyIterator("longrange_iterator", r.iterator(r.start, r.step, r.length())), nil
}

// reversedRange is reversed(range(start, stop, step)) for any range:
// the elements from the last down to start, lazily.
func reversedRange(start, stop, step *big.Int) Value {
	n := bigRangeLen(start, stop, step)
	kind := "range_iterator"
	if !n.IsInt64() || !start.IsInt64() || !stop.IsInt64() || !step.IsInt64() {
		kind = "longrange_iterator"
	}
	last := new(big.Int).Sub(n, big.NewInt(1))
	last.Mul(last, step).Add(last, start)
	return NewLazyIterator(kind, (*bigRange)(nil).iterator(last, new(big.Int).Neg(step), n))
}

func (r *bigRange) GetItem(key Value) (Value, error) {
	return rangeItem(r.start, r.step, r.length(), key)
}

func (r *bigRange) GetSubscript(subs []Subscript) (Value, error) {
	if len(subs) != 1 {
		return nil, Errorf(TypeError, "range indices must be integers or slices, not tuple")
	}
	if subs[0].IsSlice {
		return rangeSlice(r.start, r.step, r.length(), subs[0])
	}
	return r.GetItem(subs[0].Value)
}

// rangeItem is r[key] of the range of n elements from start by step.
func rangeItem(start, step, n *big.Int, key Value) (Value, error) {
	iv, err := IndexValue(key)
	if err != nil {
		return nil, Errorf(TypeError, "range indices must be integers or slices, not %s", TypeName(key))
	}
	i, _ := BigOf(iv)
	if i.Sign() < 0 {
		i.Add(i, n)
	}
	if i.Sign() < 0 || i.Cmp(n) >= 0 {
		return nil, Errorf(IndexError, "range object index out of range")
	}
	return IntFromBig(i.Mul(i, step).Add(i, start)), nil
}

// rangeSlice is r[lo:hi:st] of the range of n elements from start by
// step: a range, as CPython's compute_slice.
func rangeSlice(start, step, n *big.Int, s Subscript) (Value, error) {
	lo, hi, st, err := bigSliceIndices(s, n)
	if err != nil {
		return nil, err
	}
	newStart := new(big.Int).Mul(lo, step)
	newStart.Add(newStart, start)
	newStop := new(big.Int).Mul(hi, step)
	newStop.Add(newStop, start)
	return newRange(newStart, newStop, st.Mul(st, step)), nil
}

// bigSliceIndices is slice.indices(n) for any ints, as CPython's
// _PySlice_GetLongIndices: the bounds clamped to the sequence.
func bigSliceIndices(s Subscript, n *big.Int) (lo, hi, step *big.Int, err error) {
	index := func(v Value) (*big.Int, error) {
		iv, err := IndexValue(v)
		if err != nil {
			return nil, errSliceIndices()
		}
		z, _ := BigOf(iv)
		return z, nil
	}
	step = big.NewInt(1)
	if _, none := s.Step.(NoneType); !none {
		if step, err = index(s.Step); err != nil {
			return nil, nil, nil, err
		}
		if step.Sign() == 0 {
			return nil, nil, nil, Errorf(ValueError, "slice step cannot be zero")
		}
	}
	back := step.Sign() < 0
	lower, upper := new(big.Int), new(big.Int).Set(n)
	if back {
		lower.SetInt64(-1)
		upper.Sub(n, big.NewInt(1))
	}
	bound := func(v Value, def *big.Int) (*big.Int, error) {
		if _, none := v.(NoneType); none {
			return new(big.Int).Set(def), nil
		}
		b, err := index(v)
		if err != nil {
			return nil, err
		}
		if b.Sign() < 0 {
			b.Add(b, n)
			if b.Cmp(lower) < 0 {
				b.Set(lower)
			}
		} else if b.Cmp(upper) > 0 {
			b.Set(upper)
		}
		return b, nil
	}
	first, end := lower, upper
	if back {
		first, end = upper, lower
	}
	if lo, err = bound(s.Lo, first); err != nil {
		return nil, nil, nil, err
	}
	if hi, err = bound(s.Hi, end); err != nil {
		return nil, nil, nil, err
	}
	return lo, hi, step, nil
}

// rangeContains is v in range(start, stop, step): an int, or a number
// equal to one, that is an element.
func rangeContains(start, stop, step *big.Int, v Value) bool {
	var z *big.Int
	switch x := v.(type) {
	case int64, bool, BigInt:
		z, _ = BigOf(x)
	case float64:
		if math.IsInf(x, 0) || x != math.Trunc(x) { // NaN too
			return false
		}
		z, _ = new(big.Float).SetFloat64(x).Int(nil)
	default:
		return false
	}
	if step.Sign() > 0 {
		if z.Cmp(start) < 0 || z.Cmp(stop) >= 0 {
			return false
		}
	} else if z.Cmp(start) > 0 || z.Cmp(stop) <= 0 {
		return false
	}
	z.Sub(z, start)
	return z.Rem(z, step).Sign() == 0
}

// rangeIndex is range.index(v): the position of v, or CPython's
// ValueError.
func rangeIndex(start, stop, step *big.Int, v Value) (Value, error) {
	if !rangeContains(start, stop, step, v) {
		return nil, Errorf(ValueError, "%s is not in range", Repr(v))
	}
	var z *big.Int
	if f, isFloat := v.(float64); isFloat {
		z, _ = new(big.Float).SetFloat64(f).Int(nil)
	} else {
		z, _ = BigOf(v)
	}
	z.Sub(z, start)
	return IntFromBig(z.Quo(z, step)), nil
}

func (r *bigRange) contains(v Value) bool { return rangeContains(r.start, r.stop, r.step, v) }

// Equal is ==: the same sequence of ints, either representation.
func (r *bigRange) Equal(other Value) bool { return rangesEqual(r, other) }

// rangesEqual is a == b of two ranges, as CPython's range_equals: the
// same length, and when not empty the same first element, and when
// longer than one the same step.
func rangesEqual(a, b Value) bool {
	s1, e1, st1, ok1 := rangeBounds(a)
	s2, e2, st2, ok2 := rangeBounds(b)
	if !ok1 || !ok2 {
		return false
	}
	n := bigRangeLen(s1, e1, st1)
	switch {
	case n.Cmp(bigRangeLen(s2, e2, st2)) != 0:
		return false
	case n.Sign() == 0:
		return true
	case n.IsInt64() && n.Int64() == 1:
		return s1.Cmp(s2) == 0
	}
	return s1.Cmp(s2) == 0 && st1.Cmp(st2) == 0
}

// hashKey is the key identityKey gives a *Range, so that equal ranges of
// either representation are one key.
func (r *bigRange) hashKey() string {
	n := r.length()
	switch {
	case n.Sign() == 0:
		return "r0"
	case n.IsInt64() && n.Int64() == 1:
		return "r1," + r.start.String()
	}
	return "r" + n.String() + "," + r.start.String() + "," + r.step.String()
}
