package tensor

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkLayerNorm times LayerNorm and LayerNormBackward at nanoGPT's
// block (8×64 rows of 128, float32, with weight and bias).
func BenchmarkLayerNorm(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	x := randTensor(b, rng, Float32, 8, 64, 128)
	g := randTensor(b, rng, Float32, 8, 64, 128)
	w := randTensor(b, rng, Float32, 128)
	bias := randTensor(b, rng, Float32, 128)
	b.Run("forward", func(b *testing.B) {
		for b.Loop() {
			if _, err := LayerNorm(x, []int{128}, w, bias, 1e-5); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("backward", func(b *testing.B) {
		for b.Loop() {
			if _, err := LayerNormBackward(g, x, []int{128}, w, 1e-5, true, true, true); err != nil {
				b.Fatal(err)
			}
		}
	})
}
