package tensor

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAdamFloat32SplitMatchesOneThread checks AdamFloat32 split across
// threads bit for bit against one thread, for sizes about the split's
// grain and dcgan's fourth convolution's 131,072 weights with a ragged
// tail, so that a range left out or taken twice shows (issue 34).
func TestAdamFloat32SplitMatchesOneThread(t *testing.T) {
	defer SetNumThreads(NumThreads())
	cases := []struct {
		n, threads int
	}{
		{0, 2}, {1, 2}, {adamGrain, 2}, {adamGrain + 1, 2}, {2*adamGrain + 63, 2},
		{131072, 2}, {131072 + 37, 3}, {131072 + 5, 4}, {5*adamGrain + 1, 7},
	}
	for _, c := range cases {
		r := rand.New(rand.NewPCG(uint64(c.n), 7))
		fill := func() []float32 {
			s := make([]float32, c.n)
			for i := range s {
				s[i] = float32(r.NormFloat64())
			}
			return s
		}
		p, g, m, v := fill(), fill(), fill(), fill()
		for i := range v {
			v[i] = v[i] * v[i]
		}
		want := [4][]float32{append([]float32(nil), p...), append([]float32(nil), g...), append([]float32(nil), m...), append([]float32(nil), v...)}
		SetNumThreads(1)
		for range 3 {
			AdamFloat32(want[0], want[1], want[2], want[3], 0.5, 0.999, 2e-4, 0.9, 1e-8)
		}
		SetNumThreads(c.threads)
		for range 3 {
			AdamFloat32(p, g, m, v, 0.5, 0.999, 2e-4, 0.9, 1e-8)
		}
		for k, got := range [][]float32{p, g, m, v} {
			for i := range got {
				if math.Float32bits(got[i]) != math.Float32bits(want[k][i]) {
					t.Fatalf("n %d, %d threads: slice %d element %d is %v, one thread %v", c.n, c.threads, k, i, got[i], want[k][i])
				}
			}
		}
	}
}
