package vecmath

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestRoundFloat32 checks every implementation's RoundFloat32 against the
// Go loop bit for bit (NaN payloads, signed zeros, halves, values beyond
// 2**23) for each mode and lengths around the 32-element blocks.
func TestRoundFloat32(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 1))
	xs := []float32{0, float32(math.Copysign(0, -1)), 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999997, -0.49999997,
		1 << 23, 1<<23 - 0.5, -(1<<23 - 0.5), 1 << 24, math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32,
		float32(math.Inf(1)), float32(math.Inf(-1)), math.Float32frombits(0x7fc00123), math.Float32frombits(0xffc00000), math.MaxFloat32}
	for range 3000 {
		xs = append(xs, math.Float32frombits(r.Uint32()), float32(r.NormFloat64()*100))
	}
	forEachImpl(t, func(t *testing.T) {
		for mode := range 4 {
			for _, n := range []int{0, 1, 31, 32, 33, 95, len(xs)} {
				got, want := make([]float32, n), make([]float32, n)
				RoundFloat32(got, xs[:n], mode)
				roundGeneric(want, xs[:n], mode)
				for i := range n {
					if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
						t.Fatalf("mode %d, n %d: x bits %x gives %x, want %x", mode, n, math.Float32bits(xs[i]), math.Float32bits(got[i]), math.Float32bits(want[i]))
					}
				}
			}
		}
	})
}
