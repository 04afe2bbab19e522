package vecmath

import "math"

// AdamParams are the scalars of one Adam or AdamW step, each rounded to
// float32 as PyTorch's float32 tensor operations take them.
type AdamParams struct {
	Beta1, OneMinusBeta1 float32 // m = m·β1 + g·(1−β1)
	Beta2, OneMinusBeta2 float32 // v = v·β2 + g·g·(1−β2)
	BiasCorrection2Sqrt  float32 // denom = √v / √(1−β2ᵗ) + eps
	Eps                  float32
	NegStepSize          float32 // p += (m·(−lr/(1−β1ᵗ))) / denom
}

// AdamFloat32 updates the parameter p and the moments m and v for the
// gradient g, element by element, with the float32 operations of
// PyTorch's single-tensor Adam in their order: each product and quotient
// rounded before the addition that follows (no fused multiply-add), the
// square root correctly rounded. The vector kernel and the Go loop give
// the same bits. m, v and g must be at least as long as p.
func AdamFloat32(p, g, m, v []float32, a AdamParams) {
	g, m, v = g[:len(p)], m[:len(p)], v[:len(p)]
	done := adamArch(p, g, m, v, a)
	adamGeneric(p[done:], g[done:], m[done:], v[done:], a)
}

// adamGeneric is AdamFloat32 in Go. Every product and quotient is
// converted to float32 explicitly, which keeps the compiler from fusing
// it with the addition.
func adamGeneric(p, g, m, v []float32, a AdamParams) {
	g, m, v = g[:len(p)], m[:len(p)], v[:len(p)]
	for i := range p {
		gi := g[i]
		mi := float32(m[i]*a.Beta1) + float32(gi*a.OneMinusBeta1)
		vi := float32(v[i]*a.Beta2) + float32(float32(gi*gi)*a.OneMinusBeta2)
		m[i], v[i] = mi, vi
		denom := float32(float32(math.Sqrt(float64(vi)))/a.BiasCorrection2Sqrt) + a.Eps
		p[i] += float32(float32(mi*a.NegStepSize) / denom)
	}
}
