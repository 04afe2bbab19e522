package vecmath

import (
	"math"
	"math/rand"
	"testing"
)

// TestGradSumsFloat32MatchesGeneric checks the vector sums bit for bit
// against the Go loop, at every length up to 70 (whole vectors and
// tails) and with zeros, subnormals, large values and infinities.
func TestGradSumsFloat32MatchesGeneric(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	special := []float32{0, float32(math.Copysign(0, -1)), math.SmallestNonzeroFloat32, 1e-30, -3e30, 3e38,
		float32(math.Inf(1)), float32(math.Inf(-1))}
	draw := func(n int) []float32 {
		s := make([]float32, n)
		for i := range s {
			s[i] = float32(r.NormFloat64()) * float32(math.Pow(10, float64(r.Intn(9)-4)))
			if r.Intn(6) == 0 {
				s[i] = special[r.Intn(len(special))]
			}
		}
		return s
	}
	for n := 0; n <= 70; n++ {
		for round := 0; round < 30; round++ {
			g, x := draw(n), draw(n)
			mean := float32(r.NormFloat64())
			s, d := GradSumsFloat32(g, x, mean)
			var ls, ld [8]float32
			gradSumsGeneric(g, x, mean, &ls, &ld)
			ws := ((ls[0] + ls[4]) + (ls[2] + ls[6])) + ((ls[1] + ls[5]) + (ls[3] + ls[7]))
			wd := ((ld[0] + ld[4]) + (ld[2] + ld[6])) + ((ld[1] + ld[5]) + (ld[3] + ld[7]))
			for _, pair := range [][2]float32{{s, ws}, {d, wd}} {
				nan := pair[0] != pair[0] && pair[1] != pair[1]
				if !nan && math.Float32bits(pair[0]) != math.Float32bits(pair[1]) {
					t.Fatalf("n %d: %v, the Go loop %v", n, pair[0], pair[1])
				}
			}
		}
	}
}

// BenchmarkGradSumsFloat32 sums a plane of 256 elements, dcgan's second
// BatchNorm's.
func BenchmarkGradSumsFloat32(b *testing.B) {
	r := rand.New(rand.NewSource(1))
	g, x := make([]float32, 256), make([]float32, 256)
	for i := range g {
		g[i], x[i] = float32(r.NormFloat64()), float32(r.NormFloat64())
	}
	var sink float32
	for b.Loop() {
		s, d := GradSumsFloat32(g, x, 0.1)
		sink += s + d
	}
	_ = sink
}
