package vecmath

import (
	"math"
	"math/rand"
)

// specialFloat32s are the values the kernels' tests mix into their random
// data: signed zeros, the smallest subnormal, tiny and huge magnitudes and
// the infinities.
var specialFloat32s = []float32{0, float32(math.Copysign(0, -1)), math.SmallestNonzeroFloat32, 1e-30, -3e30, 3e38,
	float32(math.Inf(1)), float32(math.Inf(-1))}

// drawFloat32s returns n normal draws spread over nine decades, about one
// in every of them replaced by one of specialFloat32s.
func drawFloat32s(r *rand.Rand, n, every int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(r.NormFloat64()) * float32(math.Pow(10, float64(r.Intn(9)-4)))
		if r.Intn(every) == 0 {
			s[i] = specialFloat32s[r.Intn(len(specialFloat32s))]
		}
	}
	return s
}

// sameBits reports whether a and b are the same float32, NaN for NaN
// (whose payload and sign the kernels need not keep) and −0 apart from +0.
func sameBits(a, b float32) bool {
	if a != a || b != b {
		return a != a && b != b
	}
	return math.Float32bits(a) == math.Float32bits(b)
}
