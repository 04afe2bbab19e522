package numpy

import (
	"math"
	"math/big"
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Generator.integers for scalar bounds in each integer dtype kael has, as
// NumPy's _bounded_integers draws them: Lemire's method on 64 or 32 bits
// for int64 and int32, on 16 or 8 bits of a buffered 32-bit draw for
// int16, int8 and uint8, and one bit of one for bool; the buffer lives for
// one call, as NumPy's fill functions keep it.

// intBounds are a dtype's smallest and largest values and the width its
// draws take.
type intBounds struct {
	lo, hi int64
	bits   int
}

var integerBounds = map[tensor.DType]intBounds{
	tensor.Int64: {math.MinInt64, math.MaxInt64, 64},
	tensor.Int32: {math.MinInt32, math.MaxInt32, 32},
	tensor.Int16: {math.MinInt16, math.MaxInt16, 16},
	tensor.Int8:  {math.MinInt8, math.MaxInt8, 8},
	tensor.Uint8: {0, math.MaxUint8, 8},
	// NumPy draws uint32 and uint16 as it draws int32 and int16
	tensor.Uint32: {0, math.MaxUint32, 32},
	tensor.Uint16: {0, math.MaxUint16, 16},
	tensor.Bool:   {0, 1, 1},
}

// bufferedBits is a fill's 32-bit buffer, handed out n bits at a time
// (buffered_uint16, buffered_uint8, buffered_bounded_bool).
type bufferedBits struct {
	p   *bitGen
	buf uint32
	cnt int
}

func (b *bufferedBits) next(bits int) uint32 {
	if b.cnt == 0 {
		b.buf = b.p.uint32()
		b.cnt = 32/bits - 1
	} else {
		b.buf >>= bits
		b.cnt--
	}
	return b.buf
}

// boundedNarrow is buffered_bounded_lemire_uint16 and _uint8: a value in
// [0, rng] from bits-wide buffered draws, rng below the width's maximum.
func (b *bufferedBits) boundedNarrow(rng uint32, bits int) uint32 {
	width := uint32(1)<<bits - 1
	excl := rng + 1
	m := (b.next(bits) & width) * excl
	if left := m & width; left < excl {
		threshold := (width - rng) % excl
		for left < threshold {
			m = (b.next(bits) & width) * excl
			left = m & width
		}
	}
	return m >> bits
}

// bounded is a value in [off, off+rng] drawn on a dtype's width w as
// NumPy's random_bounded_uint64 (w 64), random_buffered_bounded_uint32,
// _uint16, _uint8 and _bool draw it: nothing drawn for rng 0, masked bits
// of the buffer for a full narrow range, Lemire's method otherwise.
func (b *bufferedBits) bounded(w int, off int64, rng uint64) int64 {
	switch {
	case rng == 0:
		return off
	case w == 1:
		return int64(b.next(1) & 1)
	case w < 32 && rng == 1<<w-1:
		return off + int64(b.next(w)&uint32(rng))
	case w < 32:
		return off + int64(b.boundedNarrow(uint32(rng), w))
	}
	return off + int64(b.p.bounded(rng))
}

// boundArg reads a bound of integers as NumPy's int() of it: an int, or
// a float truncated.
func boundArg(v lang.Value) (*big.Int, error) {
	switch x := v.(type) {
	case lang.BigInt:
		return x.Big(), nil
	case float64:
		if math.IsNaN(x) {
			return nil, lang.Errorf(lang.ValueError, "cannot convert float NaN to integer")
		}
		if math.IsInf(x, 0) {
			return nil, lang.Errorf(lang.OverflowError, "cannot convert float infinity to integer")
		}
		n, _ := new(big.Float).SetFloat64(math.Trunc(x)).Int(nil)
		return n, nil
	}
	if n, ok := lang.AsInt(v); ok {
		return big.NewInt(n), nil
	}
	return nil, lang.Errorf(notImplementedError, "kael's Generator.integers takes int or float bounds, not %s", lang.TypeName(v))
}

// genIntegers is Generator.integers for scalar bounds.
func genIntegers(p *bitGen, a *lang.Args) (lang.Value, error) {
	lowV, highV := a.Value("low"), a.Value("high")
	if a.IsNone("high") {
		lowV, highV = int64(0), lowV
	}
	dt, err := toDType(a.Value("dtype"))
	if err != nil {
		return nil, err
	}
	endpoint := a.Bool("endpoint")
	if err := a.Err(); err != nil {
		return nil, err
	}
	bounds, ok := integerBounds[dt]
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "Unsupported dtype %s for integers", dtypeOf(dt).PyRepr())
	}
	_, n, sized, err := drawShape(a.Value("size"))
	if err != nil {
		return nil, err
	}
	if sized && n == 0 {
		return drawArray(a.Value("size"), dt, func() int64 { return 0 })
	}
	if lowT, highT, isArray, err := boundArrays(lowV, highV); err != nil {
		return nil, err
	} else if isArray {
		return integersBroadcast(p, a.Value("size"), lowT, highT, dt, endpoint)
	}
	low, err := boundArg(lowV)
	if err != nil {
		return nil, err
	}
	high, err := boundArg(highV)
	if err != nil {
		return nil, err
	}
	if !endpoint {
		high.Sub(high, big.NewInt(1))
	}
	name := dtypeOf(dt).String()
	if low.Cmp(big.NewInt(bounds.lo)) < 0 {
		return nil, lang.Errorf(lang.ValueError, "low is out of bounds for %s", name)
	}
	if high.Cmp(big.NewInt(bounds.hi)) > 0 {
		return nil, lang.Errorf(lang.ValueError, "high is out of bounds for %s", name)
	}
	if low.Cmp(high) > 0 {
		switch {
		case low.Sign() == 0 && endpoint:
			return nil, lang.Errorf(lang.ValueError, "high < 0")
		case low.Sign() == 0:
			return nil, lang.Errorf(lang.ValueError, "high <= 0")
		case endpoint:
			return nil, lang.Errorf(lang.ValueError, "low > high")
		}
		return nil, lang.Errorf(lang.ValueError, "low >= high")
	}
	off := low.Int64()
	rng := uint64(high.Int64()) - uint64(off)
	buf := &bufferedBits{p: p}
	draw := func() int64 { return buf.bounded(bounds.bits, off, rng) }
	if !sized {
		v := draw()
		if dt == tensor.Bool {
			return v != 0, nil
		}
		t, err := tensor.Scalar(v)
		if err != nil {
			return nil, err
		}
		if t, err = castTensor(t, dt); err != nil {
			return nil, err
		}
		return wrap(t), nil
	}
	return drawArray(a.Value("size"), dt, draw)
}

// boundArrays reads integers' bounds as arrays when either is one (not
// 0-d): NumPy then draws one number per element of their broadcast.
func boundArrays(lowV, highV lang.Value) (low, high *tensor.Tensor, isArray bool, err error) {
	isArr := func(v lang.Value) bool {
		switch v.(type) {
		case *Array, *lang.List, lang.Tuple:
			return true
		}
		return false
	}
	if !isArr(lowV) && !isArr(highV) {
		return nil, nil, false, nil
	}
	if low, err = arrayFrom(lowV, tensor.Int64, true); err != nil {
		return nil, nil, false, err
	}
	if high, err = arrayFrom(highV, tensor.Int64, true); err != nil {
		return nil, nil, false, err
	}
	return low, high, low.Dim() > 0 || high.Dim() > 0, nil
}

// integersBroadcast is Generator.integers with array bounds, as
// _bounded_integers' _rand_*_broadcast: the bounds checked against the
// dtype, then against each other, then broadcast (with size when given)
// and drawn in C order, the narrow dtypes from one 32-bit buffer.
func integersBroadcast(p *bitGen, size lang.Value, low, high *tensor.Tensor, dt tensor.DType, endpoint bool) (lang.Value, error) {
	bounds := integerBounds[dt]
	name := dtypeOf(dt).String()
	lows, err := tensor.Values[int64](low)
	if err != nil {
		return nil, err
	}
	highs, err := tensor.Values[int64](high)
	if err != nil {
		return nil, err
	}
	top := func(h int64) int64 { // the largest value high allows
		if endpoint {
			return h
		}
		return h - 1
	}
	for _, l := range lows {
		if l < bounds.lo {
			return nil, lang.Errorf(lang.ValueError, "low is out of bounds for %s", name)
		}
	}
	for _, h := range highs {
		if top(h) > bounds.hi {
			return nil, lang.Errorf(lang.ValueError, "high is out of bounds for %s", name)
		}
	}
	if err := broadcastError(low.Shape(), high.Shape()); err != nil {
		return nil, err
	}
	shape, err := tensor.BroadcastShapes(low.Shape(), high.Shape())
	if err != nil {
		return nil, err
	}
	el, err := low.Expand(shape...)
	if err != nil {
		return nil, err
	}
	eh, err := high.Expand(shape...)
	if err != nil {
		return nil, err
	}
	if lows, err = tensor.Values[int64](el); err != nil {
		return nil, err
	}
	if highs, err = tensor.Values[int64](eh); err != nil {
		return nil, err
	}
	anyLow := false
	for _, l := range lows {
		anyLow = anyLow || l != 0
	}
	for i, l := range lows {
		if l > top(highs[i]) {
			switch {
			case !anyLow && endpoint:
				return nil, lang.Errorf(lang.ValueError, "high < 0")
			case !anyLow:
				return nil, lang.Errorf(lang.ValueError, "high <= 0")
			case endpoint:
				return nil, lang.Errorf(lang.ValueError, "low > high")
			}
			return nil, lang.Errorf(lang.ValueError, "low >= high")
		}
	}
	if size != nil && size != lang.None {
		s, _, _, err := drawShape(size)
		if err != nil {
			return nil, err
		}
		out, err := broadcastArgs([][]int{low.Shape(), high.Shape(), s})
		if err != nil {
			return nil, err
		}
		if !slices.Equal(out, shape) {
			if lows, err = expandedInt64s(low, out); err != nil {
				return nil, err
			}
			if highs, err = expandedInt64s(high, out); err != nil {
				return nil, err
			}
		}
		// NumPy fills the size's elements from the start of the
		// broadcast, which may be larger: size (3, 1) takes three
		// of (3, 2)'s pairs.
		n := 1
		for _, d := range s {
			n *= d
		}
		lows, highs, shape = lows[:n], highs[:n], s
	}
	buf := &bufferedBits{p: p}
	vals := make([]int64, len(lows))
	for i, l := range lows {
		vals[i] = buf.bounded(bounds.bits, l, uint64(top(highs[i]))-uint64(l))
	}
	t, err := tensor.FromSlice(vals, shape...)
	if err != nil {
		return nil, err
	}
	if t, err = castTensor(t, dt); err != nil {
		return nil, err
	}
	return wrapArray(t), nil
}

// expandedInt64s is t's elements broadcast to shape, in C order.
func expandedInt64s(t *tensor.Tensor, shape []int) ([]int64, error) {
	e, err := t.Expand(shape...)
	if err != nil {
		return nil, err
	}
	return tensor.Values[int64](e)
}
