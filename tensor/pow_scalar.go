package tensor

import (
	"math"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// Pow with one exponent for every element (t ** 2, t ** 0.5) takes the
// expressions of PyTorch's pow_tensor_scalar kernels (Pow.cpp and
// cpu/PowKernel.cpp): 0 fills 1, 1 copies, and for float32 and float64
// 2 is x*x, 3 is x*x*x (two roundings), 0.5 sqrt, -0.5 1/sqrt(x) (two
// roundings, as PyTorch's rsqrt), -1 1/x and -2 1/(x*x); integers take
// x*x and x*x*x for 2 and 3. Every other exponent is math.Pow's value:
// vecmath.PowFloat32's lanes for float32 (its bits), math.Pow for
// float64.

// powScalarExponent returns the exponent of it when one value is broadcast
// to every element (a number, or any one-element tensor).
func powScalarExponent[T Computable](it *Iter) (T, bool) {
	e := it.ops[2]
	if e.Numel() != 1 {
		var zero T
		return zero, false
	}
	return e.storage.data.([]T)[e.offset], true
}

// powFloatKernel is pow's kernel for float32 and float64. Exponents
// other than PyTorch's special values take vecmath.PowFloat32 for
// float32 (float32(math.Pow(x, y))'s bits, computed in float64 lanes),
// and the element-wise loop over math.Pow for float64: typed loops
// around math.Pow (powVV, powVS) were tried and ran 15-40% slower on
// Zen 4 under load, with 3% fewer instructions (docs/performance.md).
func powFloatKernel[T Float]() binaryKernel {
	return func(it *Iter) error {
		if e, ok := powScalarExponent[T](it); ok {
			if g, slice := powScalarFloat(e); g != nil {
				return runBinary(it, func(a, _ T) T { return g(a) }, &fastPaths[T, T]{
					vv: func(o, a, _ []T) { slice(o, a) }, vs: func(o, a []T, _ T) { slice(o, a) },
					sv: func(o []T, a T, _ []T) { fill(o, g(a)) }})
			}
		}
		if f, ok := any(vecmath.PowF32).(func(a, b T) T); ok {
			return runBinary(it, f, any(&powF32Paths).(*fastPaths[T, T]))
		}
		return runBinary(it, powFloat[T], nil)
	}
}

// powF32Paths are float32 pow's runs; vecmath.PowF32, their element,
// serves strided runs with the same bits.
var powF32Paths = fastPaths[float32, float32]{vv: vecmath.PowFloat32, vs: vecmath.PowFloat32VS, sv: vecmath.PowFloat32SV}

// powScalarFloat returns x ** e for one element and over a contiguous run
// (dst[i] = x ** src[i] with the same bits), PyTorch's expression for e,
// or nils for an exponent without one.
// The one-element form serves strided runs, so a view gives the bits of
// its contiguous copy.
func powScalarFloat[T Float](e T) (func(T) T, func(dst, src []T)) {
	switch e {
	case 0:
		return func(T) T { return 1 }, func(dst, _ []T) {
			for i := range dst {
				dst[i] = 1
			}
		}
	case 1:
		return func(x T) T { return x }, func(dst, src []T) { copy(dst, src[:len(dst)]) }
	case 2:
		mul := floatArith[T](opMul).vv
		return func(x T) T { return x * x }, func(dst, src []T) { mul(dst, src, src) }
	case 3:
		return func(x T) T { return x * x * x }, func(dst, src []T) {
			src = src[:len(dst)]
			for i, x := range src {
				dst[i] = x * x * x
			}
		}
	case 0.5:
		if f32, ok := any(vecmath.SqrtFloat32).(func(dst, src []T)); ok {
			return func(x T) T { return T(math.Sqrt(float64(x))) }, f32
		}
		return func(x T) T { return T(math.Sqrt(float64(x))) }, func(dst, src []T) {
			src = src[:len(dst)]
			for i, x := range src {
				dst[i] = T(math.Sqrt(float64(x)))
			}
		}
	case -0.5:
		// two roundings in T: the square root, then the division
		if f32, ok := any(vecmath.RsqrtFloat32).(func(dst, src []T)); ok {
			return func(x T) T { return 1 / T(math.Sqrt(float64(x))) }, f32
		}
		return func(x T) T { return 1 / T(math.Sqrt(float64(x))) }, func(dst, src []T) {
			src = src[:len(dst)]
			for i, x := range src {
				dst[i] = 1 / T(math.Sqrt(float64(x)))
			}
		}
	case -1:
		div := floatArith[T](opDiv).sv
		return func(x T) T { return 1 / x }, func(dst, src []T) { div(dst, 1, src) }
	case -2:
		// x*x into dst, then 1/dst: in place too (src == dst), as each
		// step reads only what the step before wrote at that element
		mul, div := floatArith[T](opMul).vv, floatArith[T](opDiv).sv
		return func(x T) T { return 1 / (x * x) }, func(dst, src []T) {
			mul(dst, src, src)
			div(dst, 1, dst)
		}
	}
	return nil, nil
}

// floatArith returns arith's vector fast paths for float32 or float64
// (vecmath's, the bits of the scalar operations).
func floatArith[T Float](op arithOp) fastPaths[T, T] {
	if f, ok := any(float32Arith[op]).(fastPaths[T, T]); ok {
		return f
	}
	return any(float64Arith[op]).(fastPaths[T, T])
}

// reciprocalFloat32 is 1/x over a run, a float32 division (vecmath's, the
// bits of the scalar division).
func reciprocalFloat32(dst, src []float32) { vecmath.DivSV(dst, 1, src) }

// powIntKernel is pow's int64 kernel: a one-value exponent takes a loop
// without a call per element (x*x and x*x*x for 2 and 3, as PyTorch).
func powIntKernel(it *Iter) error {
	e, ok := powScalarExponent[int64](it)
	if !ok || e < 0 {
		return powIntLoop(it)
	}
	g, slice := powScalarInt(e)
	return runBinary(it, func(a, _ int64) int64 { return g(a) }, &fastPaths[int64, int64]{
		vv: func(o, a, _ []int64) { slice(o, a) }, vs: func(o, a []int64, _ int64) { slice(o, a) },
		sv: func(o []int64, a int64, _ []int64) { fill(o, g(a)) }})
}

// powScalarInt returns x ** e (e >= 0, wrapping on overflow) for one
// element and over a run.
func powScalarInt(e int64) (func(int64) int64, func(dst, src []int64)) {
	switch e {
	case 2:
		return func(x int64) int64 { return x * x }, func(dst, src []int64) {
			src = src[:len(dst)]
			for i, x := range src {
				dst[i] = x * x
			}
		}
	case 3:
		return func(x int64) int64 { return x * x * x }, func(dst, src []int64) {
			src = src[:len(dst)]
			for i, x := range src {
				dst[i] = x * x * x
			}
		}
	}
	return func(x int64) int64 { return powInt(x, e) }, func(dst, src []int64) {
		src = src[:len(dst)]
		for i, x := range src {
			dst[i] = powInt(x, e)
		}
	}
}

// fill sets every element of o to v.
func fill[T any](o []T, v T) {
	for i := range o {
		o[i] = v
	}
}
