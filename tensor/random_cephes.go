package tensor

import (
	"math"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// The float32 logarithm, sine and cosine of avx_mathfun.h (Julien
// Pommier's AVX port of the Cephes routines), which PyTorch's AVX2 build
// uses to turn uniform floats into normal ones for float32 tensors of 16
// elements or more. They are written one lane at a time with the same
// float32 operations in the same order, so that they round alike; the
// explicit float32 conversions keep Go from fusing a multiply and an add;
// where GCC contracted a multiply and an add of PyTorch's build into one
// fused instruction (-mfma with the default -ffp-contract=fast), fma32
// does the same.

// f32 rounds a float64 variable to float32 at run time, as C converts its
// double literals to float constants.
func f32(x float64) float32 { return float32(x) }

var (
	cephesSqrtHalf = f32(0.707106781186547524)
	cephesLogP     = [...]float32{f32(7.0376836292e-2), f32(-1.1514610310e-1), f32(1.1676998740e-1),
		f32(-1.2420140846e-1), f32(1.4249322787e-1), f32(-1.6668057665e-1), f32(2.0000714765e-1),
		f32(-2.4999993993e-1), f32(3.3333331174e-1)}
	cephesLogQ1 = f32(-2.12194440e-4)
	cephesLogQ2 = f32(0.693359375)

	cephesMinusDP1 = f32(-0.78515625)
	cephesMinusDP2 = f32(-2.4187564849853515625e-4)
	cephesMinusDP3 = f32(-3.77489497744594108e-8)
	cephesSinP     = [...]float32{f32(-1.9515295891e-4), f32(8.3321608736e-3), f32(-1.6666654611e-1)}
	cephesCosP     = [...]float32{f32(2.443315711809948e-005), f32(-1.388731625493765e-003), f32(4.166664568298827e-002)}
	cephesFourOPi  = f32(1.27323954473516)

	// avxTwoPi is _mm256_set1_ps(2.0f * c10::pi<double>).
	avxTwoPi = f32(2 * math.Pi)
)

// cephesLogf is log256_ps for one lane: NaN for x <= 0.
func cephesLogf(x float32) float32 {
	invalid := x <= 0
	const minNormPos = 0x1p-126
	if !(x > minNormPos) { // _mm256_max_ps(x, min) returns min unless x > min
		x = minNormPos
	}
	bits := math.Float32bits(x)
	e := float32(int32(bits>>23) - 0x7f)
	e += 1
	x = math.Float32frombits(bits&^0x7f800000 | math.Float32bits(0.5))
	var tmp, one float32 = 0, 0
	if x < cephesSqrtHalf {
		tmp, one = x, 1
	}
	x -= 1
	e -= one
	x += tmp

	z := float32(x * x)
	y := cephesLogP[0]
	for _, p := range cephesLogP[1:] {
		y = vecmath.FMA32(y, x, p)
	}
	y = float32(y * x)
	y = vecmath.FMA32(y, z, float32(e*cephesLogQ1))
	y = vecmath.FMA32(-z, 0.5, y)
	x += y
	x = vecmath.FMA32(e, cephesLogQ2, x)
	if invalid {
		return float32(math.NaN())
	}
	return x
}

// cephesSincosf is sincos256_ps for one lane.
func cephesSincosf(x float32) (sin, cos float32) {
	const signMask = 0x80000000
	signSin := math.Float32bits(x) & signMask
	x = math.Float32frombits(math.Float32bits(x) &^ signMask)

	j := int32(float32(x * cephesFourOPi)) // truncation, as _mm256_cvttps_epi32
	j = (j + 1) &^ 1
	y := float32(j)
	swapSignSin := uint32(j&4) << 29
	polyMask := j&2 == 0

	// Extended precision modular arithmetic: x = ((x - y*DP1) - y*DP2) - y*DP3.
	x = vecmath.FMA32(y, cephesMinusDP1, x)
	x = vecmath.FMA32(y, cephesMinusDP2, x)
	x = vecmath.FMA32(y, cephesMinusDP3, x)

	signCos := uint32(^(j-2)&4) << 29
	signSin ^= swapSignSin

	z := float32(x * x)
	yc := vecmath.FMA32(cephesCosP[0], z, cephesCosP[1])
	yc = vecmath.FMA32(yc, z, cephesCosP[2])
	yc = float32(yc * z)
	yc = vecmath.FMA32(yc, z, -float32(z*0.5))
	yc += 1

	ys := vecmath.FMA32(cephesSinP[0], z, cephesSinP[1])
	ys = vecmath.FMA32(ys, z, cephesSinP[2])
	ys = float32(ys * z)
	ys = vecmath.FMA32(ys, x, x)

	var ysin1, ysin2 float32
	if polyMask {
		ysin2 = ys
	} else {
		ysin1 = yc
	}
	ys -= ysin2
	yc -= ysin1
	s := ysin1 + ysin2
	c := yc + ys
	return math.Float32frombits(math.Float32bits(s) ^ signSin), math.Float32frombits(math.Float32bits(c) ^ signCos)
}
