package autograd

import (
	"testing"

	"github.com/kael-dev/kael/tensor"
)

// BenchmarkEmbeddingStep is forward and backward of one of makemore's
// MLP embeddings: a [27, 64] float32 table, [32, 16] indices.
func BenchmarkEmbeddingStep(b *testing.B) {
	gen := tensor.NewGenerator(1)
	w := must(tensor.Randn(gen, tensor.Float32, 27, 64))
	must(0, SetRequiresGrad(w, true))
	idx := must(tensor.Randint(gen, 0, 27, 32, 16))
	g := must(tensor.Ones(tensor.Float32, 32, 16, 64))
	b.ReportAllocs()
	for b.Loop() {
		y := must(Embedding(idx, w))
		must(0, Backward(y, g))
		ZeroGrad(w)
	}
}

// BenchmarkSharedWeightStep is forward and backward of a weight used at
// 35 time steps, as an LSTM layer's weight_hh in word_language_model
// ([800, 200], batch 20): the weight's gradient sums 35 contributions.
func BenchmarkSharedWeightStep(b *testing.B) {
	gen := tensor.NewGenerator(1)
	w := must(tensor.Randn(gen, tensor.Float32, 800, 200))
	must(0, SetRequiresGrad(w, true))
	hs := make([]*tensor.Tensor, 35)
	gs := make([]*tensor.Tensor, 35)
	for i := range hs {
		hs[i] = must(tensor.Randn(gen, tensor.Float32, 20, 200))
		gs[i] = must(tensor.Randn(gen, tensor.Float32, 20, 800))
	}
	b.ReportAllocs()
	for b.Loop() {
		var outs []*tensor.Tensor
		for _, h := range hs {
			outs = append(outs, must(Linear(h, w, nil)))
		}
		must(0, BackwardWith(outs, gs, BackwardOptions{}))
		ZeroGrad(w)
	}
}
