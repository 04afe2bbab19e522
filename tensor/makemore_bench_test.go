package tensor

import "testing"

// BenchmarkEmbeddingMakemore is one step of makemore's MLP's 16
// embeddings: forward, [32, 16] int64 indices into a [28, 64] float32
// table, each result a new tensor; backward, the table's gradient from
// each 64-wide slice of the [32, 16, 1024] gradient of their cat, whose
// rows lie 1,024 elements apart.
func BenchmarkEmbeddingMakemore(b *testing.B) {
	gen := NewGenerator(1)
	w := mustOp(Randn(gen, Float32, 28, 64))
	idx := mustOp(Randint(gen, 0, 28, 32, 16))
	g := mustOp(Randn(gen, Float32, 32, 16, 1024))
	b.Run("forward", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for range 16 {
				mustOp(Embedding(idx, w))
			}
		}
	})
	b.Run("backward", func(b *testing.B) {
		parts := make([]*Tensor, 16)
		for k := range parts {
			parts[k] = mustOp(g.Narrow(2, 64*k, 64))
		}
		b.ReportAllocs()
		for b.Loop() {
			for _, p := range parts {
				mustOp(EmbeddingDenseBackward(p, idx, 28))
			}
		}
	})
}

// BenchmarkCatMakemore is the cat of makemore's MLP's 16 embeddings, each
// [32, 16, 64] float32, along the last dimension: a [32, 16, 1024] output.
func BenchmarkCatMakemore(b *testing.B) {
	gen := NewGenerator(1)
	parts := make([]*Tensor, 16)
	for k := range parts {
		parts[k] = mustOp(Randn(gen, Float32, 32, 16, 64))
	}
	b.ReportAllocs()
	for b.Loop() {
		mustOp(Cat(parts, -1))
	}
}
