package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// Recording forms (create_graph=True) of the backward formulas of the
// scatters and indexed stores: both gradients are linear in g (the
// overwritten places zeroed, the written ones read back), computed with
// recorded operations; the plain pass keeps its kernels.

// scatterGradsRecorded is the gradient of scatter and scatter_add in a
// recording pass: x gets g, with the places scatter overwrote zeroed; src
// gets g read at index, padded with zeros to src's shape where src was
// larger than index.
func scatterGradsRecorded(c *calc, n *Node, g *tensor.Tensor, dim int, index *tensor.Tensor, srcShape []int, add bool) []*tensor.Tensor {
	grads := make([]*tensor.Tensor, 2)
	if n.needs(0) {
		grads[0] = g
		if !add {
			grads[0] = c.do(func() (*tensor.Tensor, error) { return Scatter(g, dim, index, tensor.MustScalar(0)) })
		}
	}
	if n.needs(1) {
		read := c.do(func() (*tensor.Tensor, error) { return Gather(g, dim, index) })
		grads[1] = c.padToRecorded(read, srcShape)
	}
	return grads
}

// padToRecorded is padTo with recorded operations: zeros joined after g
// along each dimension where shape is larger.
func (c *calc) padToRecorded(g *tensor.Tensor, shape []int) *tensor.Tensor {
	for d := range shape {
		if c.err != nil {
			return nil
		}
		gs := g.Shape()
		if gs[d] == shape[d] {
			continue
		}
		zs := append([]int{}, gs...)
		zs[d] = shape[d] - gs[d]
		zeros := c.zeros(g.DType(), zs)
		g = c.do(func() (*tensor.Tensor, error) { return Cat([]*tensor.Tensor{g, zeros}, d) })
	}
	return g
}

// indexPutGradsRecorded is the gradient of x[idx] = value in a recording
// pass: x's old values get g where the store did not write (a where on
// the mask of the written places), value gets g[idx] summed to its shape.
func indexPutGradsRecorded(c *calc, n *Node, g *tensor.Tensor, xShape []int, idx []tensor.Index) []*tensor.Tensor {
	grads := make([]*tensor.Tensor, 2)
	if n.needs(0) {
		written := c.do(func() (*tensor.Tensor, error) {
			m, err := tensor.Zeros(tensor.Bool, xShape...)
			if err != nil {
				return nil, err
			}
			return m, m.IndexPut(idx, tensor.MustScalar(true))
		})
		grads[0] = c.where(written, c.zeros(g.DType(), nil), g)
	}
	if n.needs(1) {
		grads[1] = n.toInput(c, 1, c.do(func() (*tensor.Tensor, error) { return Index(g, idx...) }))
	}
	return grads
}
