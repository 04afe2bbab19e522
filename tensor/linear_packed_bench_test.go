package tensor

import "testing"

// BenchmarkLinearPackedStep is one step of a recurrent layer's input to
// its gates: [20, 200] · W_hhᵀ packed ([200, 800]) + b_hh, float32.
func BenchmarkLinearPackedStep(b *testing.B) {
	g := NewGenerator(5)
	x := mustOp(Randn(g, Float32, 20, 200))
	w := mustOp(Randn(g, Float32, 800, 200))
	bias := mustOp(Randn(g, Float32, 800))
	pack := PackMatrix(w.T())
	b.ResetTimer()
	for range b.N {
		if _, err := LinearPacked(x, w, pack, bias); err != nil {
			b.Fatal(err)
		}
	}
}
