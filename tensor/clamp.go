package tensor

import (
	"math"
	"slices"
	"unsafe"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// ClampNumbers limits each element of x to [lo, hi] when both bounds are
// numbers (wrapped, as Scalar makes them) or nil, as PyTorch's clamp with
// number bounds: x < lo ? lo : x, then that > hi ? hi : it, so NaN stays
// NaN and an element equal to a bound is kept (clamp(-0., 0, 1) is -0.).
// A NaN bound makes every element NaN when both bounds are given
// (PyTorch fills the result); a lone NaN bound compares false and keeps
// every element, as PyTorch's clamp_min and clamp_max kernels. It writes into x itself when
// inPlace is set (clamp_), else into a new tensor of x's shape and dtype.
//
// ok is false, and nothing is computed, where this kernel does not apply:
// a bound that is a tensor, a result dtype other than x's (an integer x
// with a float bound), a dtype other than float32, float64 and the
// integers up to 64 bits, an integer bound x's dtype cannot hold, or x not
// contiguous. The caller then computes clamp its general way, which gives
// the same values.
func ClampNumbers(x, lo, hi *Tensor, inPlace bool) (out *Tensor, ok bool, err error) {
	bounds := make([]*Tensor, 0, 3)
	bounds = append(bounds, x)
	for _, b := range []*Tensor{lo, hi} {
		if b == nil {
			continue
		}
		if !b.IsWrappedNumber() {
			return nil, false, nil
		}
		bounds = append(bounds, b)
	}
	if len(bounds) == 1 || ResultType(bounds...) != x.dtype || !x.IsContiguous() {
		return nil, false, nil
	}
	switch x.dtype {
	case Float32:
		return clampFloats(x, lo, hi, inPlace, vecmath.ClampFloat32)
	case Float64:
		return clampFloats(x, lo, hi, inPlace, vecmath.ClampFloat64)
	case Int64:
		return clampInts[int64](x, lo, hi, inPlace)
	case Int32:
		return clampInts[int32](x, lo, hi, inPlace)
	case Int16:
		return clampInts[int16](x, lo, hi, inPlace)
	case Int8:
		return clampInts[int8](x, lo, hi, inPlace)
	case Uint8:
		return clampInts[U8](x, lo, hi, inPlace)
	case Bool, Float16, BFloat16, Complex64, Complex128, Uint16, Uint32, Uint64:
		// the general way: a 16-bit float computes in float32, and
		// PyTorch 1.13 has no kernel for the rest
	}
	return nil, false, nil
}

// clampOutput returns the slices clamp reads and writes: x's elements and
// those of the result (x's again in place).
func clampOutput[T Element](x *Tensor, inPlace bool) (out *Tensor, dst, src []T, err error) {
	src, err = contiguousValues[T](x)
	if err != nil {
		return nil, nil, nil, err
	}
	out = x
	if !inPlace {
		if out, err = emptyOutput(x.dtype, x.shape...); err != nil {
			return nil, nil, nil, err
		}
	}
	dst, err = contiguousValues[T](out)
	return out, dst, src, err
}

// clampFloats is ClampNumbers for a floating x, through kernel (a vecmath
// clamp, cut among threads as the activations are).
func clampFloats[T float32 | float64](x, lo, hi *Tensor, inPlace bool, kernel func(dst, src []T, lo, hi T)) (*Tensor, bool, error) {
	l, h := math.Inf(-1), math.Inf(1)
	for _, b := range []struct {
		t *Tensor
		v *float64
	}{{lo, &l}, {hi, &h}} {
		if b.t == nil {
			continue
		}
		v, ok := numberValue(b.t)
		if !ok {
			return nil, false, nil
		}
		*b.v = v
	}
	out, dst, src, err := clampOutput[T](x, inPlace)
	if err != nil {
		return nil, true, err
	}
	if lo != nil && hi != nil && (math.IsNaN(l) || math.IsNaN(h)) {
		nan := T(math.NaN())
		for i := range dst {
			dst[i] = nan
		}
	} else if err := parallelSlice(len(src), func(b, e int) { kernel(dst[b:e], src[b:e], T(l), T(h)) }); err != nil {
		return nil, true, err
	}
	if inPlace {
		x.MarkModified()
	}
	return out, true, nil
}

// numberValue returns a wrapped number's value as a float64; ok is false
// for a complex one.
func numberValue(b *Tensor) (v float64, ok bool) {
	item, err := b.Item()
	if err != nil {
		return 0, false
	}
	switch n := item.(type) {
	case float64:
		return n, true
	case int64:
		return float64(n), true
	case bool:
		if n {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// clampInts is ClampNumbers for an integer x; ok is false for a bound
// outside T's range.
func clampInts[T int64 | int32 | int16 | int8 | U8](x, lo, hi *Tensor, inPlace bool) (*Tensor, bool, error) {
	var zero T
	l, h := intLeast(zero), intGreatest(zero)
	for _, b := range []struct {
		t *Tensor
		v *T
	}{{lo, &l}, {hi, &h}} {
		if b.t == nil {
			continue
		}
		item, err := b.t.Item()
		if err != nil {
			return nil, false, nil
		}
		var n int64
		switch v := item.(type) {
		case int64:
			n = v
		case bool:
			if v {
				n = 1
			}
		default:
			return nil, false, nil
		}
		if int64(T(n)) != n {
			return nil, false, nil
		}
		*b.v = T(n)
	}
	out, dst, src, err := clampOutput[T](x, inPlace)
	if err != nil {
		return nil, true, err
	}
	if err := parallelSlice(len(src), func(b, e int) {
		d := dst[b:e]
		for i, v := range src[b:e] {
			d[i] = min(max(v, l), h)
		}
	}); err != nil {
		return nil, true, err
	}
	if inPlace {
		x.MarkModified()
	}
	return out, true, nil
}

// intLeast and intGreatest return the least and greatest values of T.
func intLeast[T int64 | int32 | int16 | int8 | U8](T) T {
	var zero T
	if ^zero > 0 { // unsigned
		return 0
	}
	bits := 8 * int(unsafe.Sizeof(zero))
	return ^zero << (bits - 1) // all ones shifted: the sign bit alone
}

func intGreatest[T int64 | int32 | int16 | int8 | U8](v T) T { return ^intLeast(v) }

// HasNaN reports whether t holds a NaN; only floating tensors can.
func HasNaN(t *Tensor) (bool, error) {
	if !t.dtype.IsFloating() {
		return false, nil
	}
	c, err := t.Contiguous()
	if err != nil {
		return false, err
	}
	if c.dtype == Float32 {
		vals, err := contiguousValues[float32](c)
		return err == nil && slices.ContainsFunc(vals, func(v float32) bool { return v != v }), err
	}
	if c.dtype == Float64 {
		vals, err := contiguousValues[float64](c)
		return err == nil && slices.ContainsFunc(vals, func(v float64) bool { return v != v }), err
	}
	vals, err := c.Float64s() // float16 and bfloat16
	return err == nil && slices.ContainsFunc(vals, math.IsNaN), err
}
