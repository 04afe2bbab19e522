package vecmath

import "math"

// Axpy: o[i] = s·b[i] + o[i] with one rounding, the fused multiply-add
// that PyTorch's vectorized add_(b, alpha=s) computes (ATen's
// vec::fmadd). The AVX kernels (axpy_amd64.s, FMA3) and the Go loop give
// the same bits: FMA32 and math.FMA round once, as VFMADD does. o and b
// may be one slice; a partial overlap takes the Go loop.

// AxpyFloat32 sets o[i] = s·b[i] + o[i], rounded once.
func AxpyFloat32(o, b []float32, s float32) {
	b = b[:len(o)]
	n := 0
	if hasFMA {
		n = vectorPrefix(o, b, b)
	}
	if n > 0 {
		axpyF32Arch(o[:n], b[:n], s)
	}
	for i := n; i < len(o); i++ {
		o[i] = FMA32(s, b[i], o[i])
	}
}

// AxpyFloat64 sets o[i] = s·b[i] + o[i], rounded once.
func AxpyFloat64(o, b []float64, s float64) {
	b = b[:len(o)]
	n := 0
	if hasFMA {
		n = vectorPrefix64(o, b, b)
	}
	if n > 0 {
		axpyF64Arch(o[:n], b[:n], s)
	}
	for i := n; i < len(o); i++ {
		o[i] = math.FMA(s, b[i], o[i])
	}
}

// FMA32 is a·b + c rounded once to float32, as a vector FMA computes it.
// The float64 product of two float32s is exact and the float64 sum
// rounds once; rounding that again to float32 is wrong only where the
// sum fell exactly halfway between two float32s while the exact sum did
// not, and then the sum is stepped towards the exact one first.
func FMA32(a, b, c float32) float32 {
	p := float64(a) * float64(b) // exact: 48 bits of product
	s := p + float64(c)
	if math.Float64bits(s)&(1<<29-1) != 1<<28 {
		return float32(s)
	}
	bb := s - p
	rest := (p - (s - bb)) + (float64(c) - bb)
	switch {
	case rest > 0:
		s = math.Nextafter(s, math.Inf(1))
	case rest < 0:
		s = math.Nextafter(s, math.Inf(-1))
	}
	return float32(s)
}
