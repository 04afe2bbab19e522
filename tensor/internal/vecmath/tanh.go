package vecmath

import "math"

// tanhThreshold is where SLEEF's tanhf, PyTorch's float32 tanh on AVX2,
// starts to give ±1: |x| > 8.664339742, though the correctly rounded tanh
// stays an ulp below 1 up to about 9.01.
const tanhThreshold float32 = 8.664339742

// TanhFloat32 sets dst[i] to tanh(src[i]) as PyTorch's float32 tanh gives
// it (ATen's Vectorized<float>::tanh, SLEEF's Sleef_tanhf8_u10): the
// correctly rounded value, computed in float64 and rounded once, but ±1
// where |x| > 8.664339742, as SLEEF's. On a sweep of the float32 range the
// results are PyTorch's bit for bit but for rare ties (TestTanhFloat32AgainstTorch
// allows an ulp). ±0 stays ±0, ±Inf gives ±1, NaN stays NaN. dst must be
// at least as long as src; it may be src itself but must not otherwise
// overlap it.
func TanhFloat32(dst, src []float32) {
	impls.Current().tanh(dst[:len(src)], src)
}

// TanhGradFloat32 sets dst[i] to g[i]·(1 - y[i]·y[i]), tanh's backward
// from its output y, as PyTorch's float32 tanh_backward kernel computes
// it: 1 - y·y as one fused multiply-add (GCC contracts the vectorized
// kernel's product and difference), then the product with g. dst may be g
// or y.
//
// Where the CPU has FMA3, whole vectors of 8 go through VFNMADD and
// VMULPS (axpy_amd64.s), the same bits as the loop; a dst that overlaps g
// or y other than exactly takes the loop.
func TanhGradFloat32(dst, g, y []float32) {
	dst, g = dst[:len(y)], g[:len(y)]
	n := 0
	if hasFMA {
		n = vectorPrefix(dst, g, y)
	}
	if n > 0 {
		tanhGradF32Arch(dst[:n], g[:n], y[:n], 1)
	}
	for i := n; i < len(y); i++ {
		v := y[i]
		dst[i] = g[i] * FMA32(-v, v, 1)
	}
}

// tanhGeneric is TanhFloat32 in Go: math.Tanh rounded to float32, with
// SLEEF's threshold.
func tanhGeneric(dst, src []float32) {
	dst = dst[:len(src)]
	for i, x := range src {
		if x > tanhThreshold {
			dst[i] = 1
		} else if x < -tanhThreshold {
			dst[i] = -1
		} else {
			dst[i] = float32(math.Tanh(float64(x)))
		}
	}
}

// blocks8 runs kernel, which takes lengths that are multiples of 8, on
// src and dst, the last len(src)%8 elements through a buffer.
func blocks8(kernel func(dst, src []float32), dst, src []float32) {
	n := len(src) &^ 7
	if n > 0 {
		kernel(dst[:n], src[:n])
	}
	if n == len(src) {
		return
	}
	var buf [8]float32
	k := copy(buf[:], src[n:])
	kernel(buf[:], buf[:])
	copy(dst[n:], buf[:k])
}
