package tensor

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// TestSoftplusFloat32VectorLog1p holds SoftplusFloat32, whose log1p is
// now vecmath.Log1pFloat32 over a block, to its former scalar form,
// float32(math.Log1p(float64(exp(x·beta))))/beta, bit for bit, for a few
// beta and threshold pairs, lengths across the block and vector edges,
// in place too.
func TestSoftplusFloat32VectorLog1p(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 1))
	x := []float32{0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), 1e-30, -1e-30, -88.5, -104, 88.8, 19.9, 20.1}
	for len(x) < 1037 {
		x = append(x, float32((r.Float64()*2-1)*math.Pow(10, float64(r.IntN(6)-3))), float32(r.Float64()*60-30))
	}
	for _, c := range []struct{ beta, threshold float32 }{{1, 20}, {2, 5}, {0.7, 3}, {0.01, 20}} {
		for _, n := range []int{0, 1, 7, 8, 9, 255, 256, 257, len(x)} {
			src := x[:n]
			got := make([]float32, n)
			SoftplusFloat32(got, src, c.beta, c.threshold)
			in := append([]float32(nil), src...)
			SoftplusFloat32(in, in, c.beta, c.threshold)
			for i, v := range src {
				var want float32
				if float32(v*c.beta) > c.threshold {
					want = v
				} else {
					e := []float32{v * c.beta}
					vecmath.ExpFloat32(e, e)
					want = float32(math.Log1p(float64(e[0]))) / c.beta
				}
				for _, g := range []float32{got[i], in[i]} {
					if math.Float32bits(g) != math.Float32bits(want) && !(g != g && want != want) {
						t.Fatalf("beta %g threshold %g n %d: softplus(%g) = %g, want %g", c.beta, c.threshold, n, v, g, want)
					}
				}
			}
		}
	}
}
