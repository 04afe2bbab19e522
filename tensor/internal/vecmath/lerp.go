package vecmath

import "math"

// LerpFloat32 sets dst[i] to PyTorch 1.13's CPU lerp of start[i], end[i]
// and weight[i] (lerp_vec in cpu/LerpKernel.cpp, whose scalar tail
// compiles to the same fused operations): with d = end − start rounded,
// fma(w, d, start) for w < 0.5 and end − (1 − w)·d = fma(−(1 − w), d,
// end) otherwise (a NaN weight too), each a fused multiply-add rounded
// once (−(1 − w) is −0 for w = 1: w − 1 would give +0 and the other
// sign of a zero result). dst, end and
// weight are at least as long as start. LerpFloat32S takes one weight
// for every element. The AVX2 kernel uses float32 VFMADD; the Go loop
// (LerpF32) emulates the float32 fused multiply-add exactly (FMA32), so every
// implementation gives the same bits.
func LerpFloat32(dst, start, end, weight []float32) {
	n := len(start)
	lerpF32Run(dst[:n], start, end[:n], weight[:n], 1)
}

// LerpFloat32S is LerpFloat32 with the weight w for every element.
func LerpFloat32S(dst, start, end []float32, w float32) {
	n := len(start)
	ws := [8]float32{w, w, w, w, w, w, w, w}
	lerpF32Run(dst[:n], start, end[:n], ws[:], 0)
}

func lerpF32Run(dst, a, b, w []float32, ws int) {
	k := lerpF32Arch(dst, a, b, w, ws)
	for i := k; i < len(dst); i++ {
		dst[i] = LerpF32(a[i], b[i], w[i*ws])
	}
}

// LerpF32 is one element of LerpFloat32.
func LerpF32(a, b, w float32) float32 {
	d := b - a
	if w < 0.5 {
		return FMA32(w, d, a)
	}
	return FMA32(-(1 - w), d, b)
}

// LerpFloat64 is LerpFloat32 for float64 (math.FMA's single rounding).
func LerpFloat64(dst, start, end, weight []float64) {
	n := len(start)
	lerpF64Run(dst[:n], start, end[:n], weight[:n], 1)
}

// LerpFloat64S is LerpFloat64 with the weight w for every element.
func LerpFloat64S(dst, start, end []float64, w float64) {
	n := len(start)
	ws := [4]float64{w, w, w, w}
	lerpF64Run(dst[:n], start, end[:n], ws[:], 0)
}

func lerpF64Run(dst, a, b, w []float64, ws int) {
	k := lerpF64Arch(dst, a, b, w, ws)
	for i := k; i < len(dst); i++ {
		dst[i] = LerpF64(a[i], b[i], w[i*ws])
	}
}

// LerpF64 is one element of LerpFloat64.
func LerpF64(a, b, w float64) float64 {
	d := b - a
	if w < 0.5 {
		return math.FMA(w, d, a)
	}
	return math.FMA(-(1 - w), d, b)
}
