package vecmath

import "math"

// AdamParams are the scalars of one Adam or AdamW step, each rounded to
// float32 as PyTorch's float32 tensor operations take them.
type AdamParams struct {
	Beta1, OneMinusBeta1 float32 // m = fma(g, 1−β1, m·β1)
	Beta2, OneMinusBeta2 float32 // v = fma((1−β2)·g, g, v·β2)
	BiasCorrection2Sqrt  float32 // denom = √v / √(1−β2ᵗ) + eps
	Eps                  float32
	NegStepSize          float32 // p += (m·(−lr/(1−β1ᵗ))) / denom
}

// AdamFloat32 updates the parameter p and the moments m and v for the
// gradient g, element by element, with the float32 operations of
// PyTorch's single-tensor Adam in their order, as its CPU kernels round
// them: exp_avg.mul_(β1).add_(g, alpha=1−β1) is m·β1 rounded, then one
// fused multiply-add (ATen's add kernel, vec::fmadd); the second moment's
// mul_(β2).addcmul_(g, g, value=1−β2) is v·β2 rounded, (1−β2)·g rounded,
// then one fused multiply-add by g (ATen's addcmul kernel, self + value·
// t1·t2, whose last product and sum its compiler contracts); the rest
// (√v, the quotients, p's sum) each rounded, the square root correctly.
// PyTorch 1.13's AdamW gives these bits for every element (docs/
// performance.md, "Adam's moments rounded once"). The vector kernel and
// the Go loop give the same bits. m, v and g must be at least as long as p.
func AdamFloat32(p, g, m, v []float32, a AdamParams) {
	g, m, v = g[:len(p)], m[:len(p)], v[:len(p)]
	done := adamArch(p, g, m, v, a)
	adamGeneric(p[done:], g[done:], m[done:], v[done:], a)
}

// adamGeneric is AdamFloat32 in Go. Every product and quotient is
// converted to float32 explicitly, which keeps the compiler from fusing
// it with the addition; the two fused ones are FMA32's.
func adamGeneric(p, g, m, v []float32, a AdamParams) {
	g, m, v = g[:len(p)], m[:len(p)], v[:len(p)]
	for i := range p {
		gi := g[i]
		mi := FMA32(gi, a.OneMinusBeta1, float32(m[i]*a.Beta1))
		vi := FMA32(float32(a.OneMinusBeta2*gi), gi, float32(v[i]*a.Beta2))
		m[i], v[i] = mi, vi
		denom := float32(float32(math.Sqrt(float64(vi)))/a.BiasCorrection2Sqrt) + a.Eps
		p[i] += float32(float32(mi*a.NegStepSize) / denom)
	}
}
