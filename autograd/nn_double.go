package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// Recording forms (create_graph=True) of the backward formulas of nn.go
// whose plain formulas use raw kernels; the plain pass keeps those.

// layerNormGradsRecorded is LayerNorm's backward in a recording pass, the
// plain formula with recorded means: with x̂ the normalized input and
// r = 1/√(var + eps), x gets r·(ĝ - mean(ĝ) - x̂·mean(ĝ·x̂)) with
// ĝ = g·weight, weight Σg·x̂ and bias Σg. Differentiating it gives PyTorch's
// layer_norm_double_backward.
func layerNormGradsRecorded(c *calc, n *Node, x, weight, g *tensor.Tensor, dims []int, eps float64) []*tensor.Tensor {
	xc := c.sub(x, c.mean(x, dims))
	rstd := c.rsqrt(c.add(c.mean(c.mul(xc, xc), dims), num(eps)))
	xhat := c.mul(xc, rstd)
	grads := make([]*tensor.Tensor, 3)
	gh := g
	if weight != nil {
		gh = c.mul(g, weight)
	}
	if n.needs(0) {
		inner := c.sub(c.sub(gh, c.mean(gh, dims)), c.mul(xhat, c.mean(c.mul(gh, xhat), dims)))
		grads[0] = n.toInput(c, 0, c.mul(rstd, inner))
	}
	if n.needs(1) {
		grads[1] = n.toInput(c, 1, c.mul(g, xhat))
	}
	if n.needs(2) {
		grads[2] = n.toInput(c, 2, g)
	}
	return grads
}

// embeddingGradRecorded is Embedding's backward in a recording pass: g's
// rows added into the rows of the weight the indices picked, a linear map
// of g recorded as EmbeddingBackwardBackward0, whose gradient picks the
// same rows again (PyTorch's embedding_dense_backward differentiated).
func embeddingGradRecorded(c *calc, indices *tensor.Tensor, rows int, g *tensor.Tensor) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	flat := c.do(func() (*tensor.Tensor, error) { return indices.Reshape(-1) })
	gShape := g.Shape()
	pick := func(recorded bool) func(gg *tensor.Tensor) (*tensor.Tensor, error) {
		return func(gg *tensor.Tensor) (*tensor.Tensor, error) {
			if !recorded {
				t, err := tensor.IndexSelect(gg, 0, flat)
				if err != nil {
					return nil, err
				}
				return t.Reshape(gShape...)
			}
			t, err := IndexSelect(gg, 0, flat)
			if err != nil {
				return nil, err
			}
			return Reshape(t, gShape...)
		}
	}
	return c.linearGrad("EmbeddingBackward0", g,
		func(g *tensor.Tensor) (*tensor.Tensor, error) { return tensor.EmbeddingDenseBackward(g, indices, rows) },
		pick(true), pick(false))
}
