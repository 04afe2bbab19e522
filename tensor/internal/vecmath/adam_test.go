package vecmath

import (
	"math"
	"math/rand"
	"testing"
)

// TestAdamFloat32MatchesGeneric checks the vector Adam step bit for bit
// against the Go loop, at every length up to 40 (whole vectors and
// tails) and with extreme gradients and moments: zeros, subnormals,
// values whose square overflows, infinities and NaN (a NaN's payload is
// the operands' order's, which the two need not share).
func TestAdamFloat32MatchesGeneric(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	special := []float32{0, float32(math.Copysign(0, -1)), math.SmallestNonzeroFloat32, 1e-30, -3e30, 3e38,
		float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN())}
	a := AdamParams{Beta1: 0.9, OneMinusBeta1: float32(1 - 0.9), Beta2: 0.95, OneMinusBeta2: float32(1 - 0.95),
		BiasCorrection2Sqrt: 0.31622776, Eps: 1e-8, NegStepSize: -6e-4}
	draw := func(n int, pos bool) []float32 {
		s := make([]float32, n)
		for i := range s {
			s[i] = float32(r.NormFloat64()) * float32(math.Pow(10, float64(r.Intn(9)-4)))
			if r.Intn(5) == 0 {
				s[i] = special[r.Intn(len(special))]
			}
			if pos {
				s[i] = float32(math.Abs(float64(s[i])))
			}
		}
		return s
	}
	for n := 0; n <= 40; n++ {
		for round := 0; round < 20; round++ {
			p, g, m, v := draw(n, false), draw(n, false), draw(n, false), draw(n, true)
			p2, m2, v2 := append([]float32(nil), p...), append([]float32(nil), m...), append([]float32(nil), v...)
			AdamFloat32(p, g, m, v, a)
			adamGeneric(p2, g, m2, v2, a)
			for i := range p {
				for _, pair := range [][2]float32{{p[i], p2[i]}, {m[i], m2[i]}, {v[i], v2[i]}} {
					nan := pair[0] != pair[0] && pair[1] != pair[1] // NaN either way; payloads may differ
					if !nan && math.Float32bits(pair[0]) != math.Float32bits(pair[1]) {
						t.Fatalf("n %d, element %d: %v, the Go loop %v (g %v)", n, i, pair[0], pair[1], g[i])
					}
				}
			}
		}
	}
}

func BenchmarkAdamFloat32(b *testing.B) {
	const n = 1 << 16
	p, g, m, v := make([]float32, n), make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range p {
		p[i], g[i] = float32(i%97)/97, float32(i%31)/31-0.5
	}
	a := AdamParams{Beta1: 0.9, OneMinusBeta1: 0.1, Beta2: 0.95, OneMinusBeta2: 0.05, BiasCorrection2Sqrt: 0.5, Eps: 1e-8, NegStepSize: -6e-4}
	for _, impl := range []string{"vector", "generic"} {
		b.Run(impl, func(b *testing.B) {
			b.SetBytes(n * 4)
			for i := 0; i < b.N; i++ {
				if impl == "vector" {
					AdamFloat32(p, g, m, v, a)
				} else {
					adamGeneric(p, g, m, v, a)
				}
			}
		})
	}
}
