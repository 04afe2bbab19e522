package tensor

import "testing"

// BenchmarkActivationFloat32 times the float32 silu and softplus kernels
// (and their gradients) over 1M elements in [0.5, 1.5] (issue 34).
func BenchmarkActivationFloat32(b *testing.B) {
	const n = 1 << 20
	x, g, dst := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range x {
		x[i] = 0.5 + float32(i%1000)/1000
		g[i] = float32(i%7) / 7
	}
	cases := []struct {
		name string
		f    func()
	}{
		{"silu", func() { SiluFloat32(dst, x) }},
		{"silu_grad", func() { SiluGradFloat32(dst, g, x) }},
		{"softplus", func() { SoftplusFloat32(dst, x, 1, 20) }},
		{"softplus_grad", func() { SoftplusGradFloat32(dst, g, x, 1, 20) }},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(4 * n)
			for b.Loop() {
				c.f()
			}
		})
	}
}
