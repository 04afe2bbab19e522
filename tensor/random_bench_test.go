package tensor

import "testing"

// The random constructors at a million elements, for comparison with
// torch.rand and torch.randn (PyTorch's AVX2 kernel vectorizes the float32
// normal transform; kael runs it lane by lane on several cores).
func BenchmarkRandom(b *testing.B) {
	for _, c := range []struct {
		name string
		make func(g *Generator) (*Tensor, error)
	}{
		{"rand f32", func(g *Generator) (*Tensor, error) { return Rand(g, Float32, 1<<20) }},
		{"rand f64", func(g *Generator) (*Tensor, error) { return Rand(g, Float64, 1<<20) }},
		{"randn f32", func(g *Generator) (*Tensor, error) { return Randn(g, Float32, 1<<20) }},
		{"randn f64", func(g *Generator) (*Tensor, error) { return Randn(g, Float64, 1<<20) }},
		{"randperm", func(g *Generator) (*Tensor, error) { return Randperm(g, 1<<20) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			g := NewGenerator(0)
			for b.Loop() {
				if _, err := c.make(g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
