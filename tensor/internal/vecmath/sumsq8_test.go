package vecmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestSumSqLanesFloat32 checks every implementation against eight Go
// accumulators bit for bit, from nonzero starting lanes, at lengths around
// the vector width, with values whose sums depend on the order.
func TestSumSqLanesFloat32(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	forEachImpl(t, func(t *testing.T) {
		for _, n := range []int{0, 1, 7, 8, 9, 16, 17, 100, 1000, 4099} {
			s := make([]float32, n)
			for i := range s {
				s[i] = float32(r.NormFloat64() * math.Pow(2, float64(r.IntN(40)-20)))
			}
			var got, want [8]float32
			for k := range got {
				got[k] = float32(k) * 0.1
				want[k] = got[k]
			}
			took := SumSqLanesFloat32(&got, s)
			if took != n&^7 {
				t.Fatalf("n=%d: took %d", n, took)
			}
			for i := 0; i+8 <= n; i += 8 {
				for k := range want {
					sq := s[i+k] * s[i+k]
					want[k] += sq
				}
			}
			for k := range want {
				if math.Float32bits(got[k]) != math.Float32bits(want[k]) {
					t.Fatalf("n=%d: lane %d is %v, want %v", n, k, got[k], want[k])
				}
			}
		}
	})
}
