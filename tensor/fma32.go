package tensor

import "math"

// fma32 is a*b + c rounded once to float32, as _mm256_fmadd_ps computes it.
func fma32(a, b, c float32) float32 {
	p := float64(a) * float64(b) // exact: 48 bits of product
	s := p + float64(c)
	// s is a*b + c rounded to float64; rounding it again to float32 is
	// wrong only when s fell exactly halfway between two floats while the
	// exact sum did not. Then step s towards the exact sum.
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
