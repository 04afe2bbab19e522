// Package vecmath implements the float32 loops of softmax and of sums over
// contiguous slices: maximum, exp with a running sum, scaling, subtraction
// and sum; sigmoid; tanh and its gradient; GELU, its tanh form and its
// exact (erf) form with the latter's gradient; leaky_relu and its
// gradient; clamp with number bounds; Adam's float32 step; float32 and
// float64 addition, subtraction, multiplication and division of slices
// and scalars, and the square of a difference with a scalar (np.var's
// deviations); the float64 addition of eight rows into an accumulator;
// float32 exp and log (in float64 lanes), sqrt, rsqrt, abs and
// neg, each giving the same bits on every implementation;
// and NumPy's orders of float32 and float64 sums (rows added in turn into
// an accumulator, the block of pairwise_sum), exact lane by lane like the
// scalar loops.
//
// On amd64 the loops are written in assembly for AVX-512 and for AVX2 with
// FMA and chosen at run time; elsewhere, or when forced with
// SetImpl("generic"), portable Go loops are used. The implementations give
// results within an ulp or so of each other, not identical ones; each is
// deterministic, so a result depends only on the input and the
// implementation in use.
package vecmath

import "github.com/kael-dev/kael/tensor/internal/isa"

// impl is a set of kernels for one instruction set. The kernels take
// slices of any length, with dst at least as long as src.
type impl struct {
	name   string
	max    func(x []float32) float32
	expSum func(dst, src []float32, shift float32) float64
	scale  func(x []float32, s float32)
	sub2   func(dst, src []float32, a, b float32)
	sum    func(x []float32) float32
	// geluTanh sets dst[i] to the tanh form of GELU of src[i].
	geluTanh func(dst, src []float32)
	// geluErf sets dst[i] to the erf form of GELU of src[i].
	geluErf func(dst, src []float32)
	// geluErfGrad sets dst[i] to g[i] times the derivative of the erf
	// form of GELU at x[i].
	geluErfGrad func(dst, g, x []float32)
	// sigmoid sets dst[i] to 1/(1 + exp(-src[i])).
	sigmoid func(dst, src []float32)
	// tanh sets dst[i] to tanh(src[i]).
	tanh func(dst, src []float32)
	// leakyReLU sets dst[i] to src[i] if src[i] > 0, else src[i]·slope.
	leakyReLU func(dst, src []float32, slope float32)
	// leakyReLUGrad sets dst[i] to g[i] if x[i] > 0, else g[i]·slope.
	leakyReLUGrad func(dst, g, x []float32, slope float32)
	// clampF32 and clampF64 set dst[i] to src[i] limited to [lo, hi]
	// (ClampFloat32).
	clampF32 func(dst, src []float32, lo, hi float32)
	clampF64 func(dst, src []float64, lo, hi float64)
	// roundF32 is RoundFloat32.
	roundF32 func(dst, src []float32, mode int)
	// addF64 sets dst[i] to a[i] + b[i], a and b as long as dst.
	addF64 func(dst, a, b []float64)
	// addF64Stream is addF64 writing dst around the cache (non-temporal
	// stores), for dst aligned to 8 bytes.
	addF64Stream func(dst, a, b []float64)
	// addRows8F64 is AddRows8Float64 for a length that is a multiple of
	// 8, the rows as long as acc.
	addRows8F64 func(acc []float64, rows *[8][]float64, load bool)
	// sumRowsF64 and sumRowsF32 add k rows to acc as SumRowsFloat64 and
	// SumRowsFloat32 do, for a length of acc that is a multiple of 8
	// (float64) or 16 (float32), k >= 1, x cut to the rows; with zero
	// set they start from +0.0 and never read acc.
	sumRowsF64 func(acc, x []float64, stride, k int, zero bool)
	sumRowsF32 func(acc, x []float32, stride, k int, zero bool)
	// sumRows8F64 and sumRows8F32 are sumRowsF64 and sumRowsF32 for
	// eight rows, by columns: the faster for eight rows.
	sumRows8F64 func(acc, x []float64, stride int, zero bool)
	sumRows8F32 func(acc, x []float32, stride int, zero bool)
	// pairwiseF64 and pairwiseF32 are the pairwise blocks without the
	// remainder, for a length that is a multiple of 8, at least 8.
	pairwiseF64 func(x []float64) float64
	pairwiseF32 func(x []float32) float32
	// addRowsAtF32 is AddRowsAtFloat32 for the first cols elements of
	// each row, cols a multiple of 8, the rows checked.
	addRowsAtF32 func(dst []float32, dim, cols int, src []float32, idx []int64, offs []int)
}

// genericImpl is the portable Go implementation.
var genericImpl = &impl{
	name:        "generic",
	max:         maxGeneric,
	expSum:      expSumGeneric,
	scale:       scaleGeneric,
	sub2:        sub2Generic,
	sum:         sumGeneric,
	geluTanh:    geluTanhGeneric,
	geluErf:     geluErfGeneric,
	geluErfGrad: geluErfGradGeneric,
	sigmoid:     sigmoidGeneric,
	tanh:        tanhGeneric,

	leakyReLU:     leakyReLUGeneric,
	leakyReLUGrad: leakyReLUGradGeneric,
	clampF32:      clampGeneric[float32],
	clampF64:      clampGeneric[float64],
	roundF32:      roundGeneric,
	addF64:        addF64Generic,
	addF64Stream:  addF64Generic,
	addRows8F64:   addRows8F64Generic,
	sumRowsF64:    sumRowsGeneric[float64],
	sumRowsF32:    sumRowsGeneric[float32],
	sumRows8F64:   sumRows8Generic[float64],
	sumRows8F32:   sumRows8Generic[float32],
	pairwiseF64:   pairwiseGeneric[float64],
	pairwiseF32:   pairwiseGeneric[float32],
	addRowsAtF32:  addRowsAtF32Generic,
}

// impls holds the implementations this CPU supports, fastest first, and
// the one in use.
var impls = isa.NewSelector("vecmath", append(archImpls(), genericImpl)...)

// Name returns the implementation's name, for isa.Selector.
func (im *impl) Name() string { return im.name }

// Impl reports the name of the implementation in use: "avx512", "avx2" or
// "generic".
func Impl() string { return impls.Current().name }

// Impls lists the implementations this CPU supports, fastest first.
func Impls() []string { return impls.Names() }

// SetImpl selects the implementation by name, for tests and benchmarks. It
// fails if the CPU does not support it.
func SetImpl(name string) error { return impls.Set(name) }

// MaxFloat32 returns the largest element of x: NaN if x holds a NaN, -Inf
// if x is empty. When the largest value is zero, its sign is unspecified.
func MaxFloat32(x []float32) float32 { return impls.Current().max(x) }

// ExpSumFloat32 sets dst[i] = exp(src[i] - shift), the subtraction rounded
// to float32, and returns the sum of the values written. The results are
// within an ulp of exp of the rounded difference, subnormal ones included;
// -Inf gives 0, +Inf gives +Inf and NaN gives NaN. The sum is accumulated
// in float64 (by the vector kernels, after eight float32 additions per
// lane) and returned in float64, so that log_softmax loses nothing to its
// rounding where the maximum dominates and the sum is near 1. dst must be
// at least as long as src; it may be src itself but must not otherwise
// overlap it.
func ExpSumFloat32(dst, src []float32, shift float32) float64 {
	return impls.Current().expSum(dst[:len(src)], src, shift)
}

// ScaleFloat32 multiplies the elements of x by s.
func ScaleFloat32(x []float32, s float32) { impls.Current().scale(x, s) }

// Sub2Float32 sets dst[i] = (src[i] - a) - b, rounding after each
// subtraction. log_softmax uses it with a the maximum of the row, so that
// the first subtraction is exact near the maximum, and b the logarithm of
// the sum of the exponentials. dst must be at least as long as src; it may
// be src itself but must not otherwise overlap it.
func Sub2Float32(dst, src []float32, a, b float32) {
	impls.Current().sub2(dst[:len(src)], src, a, b)
}

// SumFloat32 returns the sum of x, accumulated in float64 in several
// vector lanes, which are added in a fixed tree, and rounded once.
func SumFloat32(x []float32) float32 { return impls.Current().sum(x) }

// GeluTanhFloat32 sets dst[i] to GELU of src[i] in its tanh form, 0.5·x·(1
// + tanh(sqrt(2/π)·(x + 0.044715·x³))), the activation of GPT-2, computed
// as PyTorch's float32 kernel computes it: in float32, in that order, with
// a tanh whose error is about an ulp of 1 (PyTorch's is within an ulp of
// tanh). The results agree with PyTorch's within a few ulps where x > -1
// and within about |x|·2^-23 below, where 1 + tanh cancels; like
// PyTorch's, they are -0 once tanh rounds to -1 (x below about -4.4), not
// the tiny exact values. -Inf gives NaN (0.5·-Inf·0), +Inf gives +Inf, NaN
// gives NaN. dst must be at least as long as src; it may be src itself but
// must not otherwise overlap it.
func GeluTanhFloat32(dst, src []float32) {
	impls.Current().geluTanh(dst[:len(src)], src)
}

// GeluErfFloat32 sets dst[i] to GELU of src[i] in its exact form, x·Φ(x) =
// (0.5·x)·(1 + erf(x/sqrt(2))), computed as PyTorch's vectorized float32
// kernel computes it: erf by Abramowitz and Stegun's formula 7.1.26 (an
// absolute error below 1.5e-7), erf(a) = 1 - t·P(t)·exp(-a²) with t = 1/(1
// + 0.3275911·|a|), in PyTorch's order of operations and fused
// multiply-adds. Where exp rounds alike, the results are PyTorch's bit for
// bit; the rest are within a few ulps, or |x|·2^-21 where 1 + erf cancels
// (x below about -2). -Inf gives NaN (-Inf·0), as PyTorch's; +Inf gives
// +Inf, NaN gives NaN. dst must be at least as long as src; it may be src
// itself but must not otherwise overlap it.
func GeluErfFloat32(dst, src []float32) {
	impls.Current().geluErf(dst[:len(src)], src)
}

// GeluErfGradFloat32 sets dst[i] to g[i]·(Φ(x[i]) + x[i]·φ(x[i])), the
// gradient of the exact form of GELU, as PyTorch's vectorized float32
// gelu_backward computes it: Φ(x) = 0.5·(1 + erf(x/sqrt(2))) with the erf
// of GeluErfFloat32, φ(x) = (1/sqrt(2π))·exp(x·x·-0.5). g must be at least
// as long as x, and dst too; dst may be g or x but must not otherwise
// overlap them.
func GeluErfGradFloat32(dst, g, x []float32) {
	impls.Current().geluErfGrad(dst[:len(x)], g[:len(x)], x)
}

// SigmoidFloat32 sets dst[i] to 1/(1 + exp(0 - src[i])), in float32 in
// PyTorch's vectorized steps (negate, exp, add 1, reciprocal), exp within
// an ulp: the results are PyTorch's or an ulp away. NaN gives NaN, -Inf 0
// and +Inf 1. dst must be at least as long as src; it may be src itself but
// must not otherwise overlap it.
func SigmoidFloat32(dst, src []float32) {
	impls.Current().sigmoid(dst[:len(src)], src)
}

// LeakyReLUFloat32 sets dst[i] = src[i] where src[i] > 0, else
// src[i]·slope, as PyTorch's float32 leaky_relu (NaN stays NaN, and −0 and
// +0 take the slope). The vector kernels select without branches, which
// on inputs of mixed signs a branch per element mispredicts half the time.
func LeakyReLUFloat32(dst, src []float32, slope float32) {
	impls.Current().leakyReLU(dst[:len(src)], src, slope)
}

// LeakyReLUGradFloat32 sets dst[i] = g[i] where x[i] > 0, else
// g[i]·slope: leaky_relu's backward, as PyTorch's float32 kernel.
func LeakyReLUGradFloat32(dst, g, x []float32, slope float32) {
	impls.Current().leakyReLUGrad(dst[:len(x)], g[:len(x)], x, slope)
}
