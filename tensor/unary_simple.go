package tensor

import (
	"math"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// Typed loops over a contiguous run for the simple float32 and float64
// operations (neg, abs, sign, reciprocal, floor, ceil, round, trunc,
// frac): the compiler inlines math.Floor and friends (one instruction on
// amd64) where mapLoop called a closure per element. Each gives the bits
// of the element-wise function it replaces (TestSimpleUnaryFastPaths).

func negSlice[T Float](dst, src []T) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = -x
	}
}

func absFloat64(dst, src []float64) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = math.Float64frombits(math.Float64bits(x) &^ (1 << 63))
	}
}

// signFloat32 is sign over a run without branches: ±1 with x's sign, and
// x itself for ±0 and NaN.
func signFloat32(dst, src []float32) {
	src = src[:len(dst)]
	for i, x := range src {
		b := math.Float32bits(x)
		r := b&(1<<31) | 0x3f800000
		if mag := b &^ (1 << 31); mag-1 >= 0x7f800000 { // zero (wraps) or NaN
			r = b
		}
		dst[i] = math.Float32frombits(r)
	}
}

func signFloat64(dst, src []float64) {
	src = src[:len(dst)]
	for i, x := range src {
		b := math.Float64bits(x)
		r := b&(1<<63) | 0x3ff0000000000000
		if mag := b &^ (1 << 63); mag-1 >= 0x7ff0000000000000 {
			r = b
		}
		dst[i] = math.Float64frombits(r)
	}
}

func reciprocalFloat64(dst, src []float64) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = 1 / x
	}
}

func floorSlice[T Float](dst, src []T) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = T(math.Floor(float64(x)))
	}
}

func ceilSlice[T Float](dst, src []T) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = T(math.Ceil(float64(x)))
	}
}

func roundSlice[T Float](dst, src []T) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = T(math.RoundToEven(float64(x)))
	}
}

func truncSlice[T Float](dst, src []T) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = T(math.Trunc(float64(x)))
	}
}

func fracSlice[T Float](dst, src []T) {
	src = src[:len(dst)]
	for i, x := range src {
		dst[i] = x - T(math.Trunc(float64(x)))
	}
}

// reciprocalUnary is 1/x, integers and bool computed in float32.
func reciprocalUnary() *UnarySpec {
	return defUnary(&UnarySpec{Name: "reciprocal", dtypes: floatResult,
		kernels: FloatingDTypes(ByDType[unaryKernel]{Float32: sliceLoop(reciprocalFloat32), Float64: sliceLoop(reciprocalFloat64)})})
}

// roundFloat32 is float32 floor, ceil, round or trunc over a run, in
// vector registers where the CPU has them (vecmath.RoundFloat32: the bits
// of the float64 functions).
func roundFloat32(mode int) func(dst, src []float32) {
	return func(dst, src []float32) { vecmath.RoundFloat32(dst, src, mode) }
}
