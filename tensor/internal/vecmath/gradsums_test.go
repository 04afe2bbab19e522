package vecmath

import (
	"math/rand"
	"testing"
)

// TestGradSumsFloat32MatchesGeneric checks the vector sums bit for bit
// against the Go loop, at every length up to 70 (whole vectors and
// tails) and with zeros, subnormals, large values and infinities.
func TestGradSumsFloat32MatchesGeneric(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	for n := 0; n <= 70; n++ {
		for round := 0; round < 30; round++ {
			g, x := drawFloat32s(r, n, 6), drawFloat32s(r, n, 6)
			mean := float32(r.NormFloat64())
			s, d := GradSumsFloat32(g, x, mean)
			var ls, ld [8]float32
			gradSumsGeneric(g, x, mean, &ls, &ld)
			ws := ((ls[0] + ls[4]) + (ls[2] + ls[6])) + ((ls[1] + ls[5]) + (ls[3] + ls[7]))
			wd := ((ld[0] + ld[4]) + (ld[2] + ld[6])) + ((ld[1] + ld[5]) + (ld[3] + ld[7]))
			for _, pair := range [][2]float32{{s, ws}, {d, wd}} {
				if !sameBits(pair[0], pair[1]) {
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
