package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// maxPool2dGradRecorded is MaxPool2d's backward in a recording pass: g
// added at the saved positions of the maxima, recorded as PyTorch's
// MaxPool2DWithIndicesBackwardBackward0 with inputs g and x. Linear in g,
// its gradient for g gathers at the same positions
// (max_pool_double_backward); x gets zeros, the positions being constants
// (so that the gradient of a max-pool of x alone still depends on x, as in
// PyTorch).
func maxPool2dGradRecorded(c *calc, x, indices, g *tensor.Tensor) *tensor.Tensor {
	shape := x.Shape()
	out := c.do(func() (*tensor.Tensor, error) { return tensor.MaxPool2dGrad(shape, indices, g) })
	if c.err != nil || !track(out, g, x) {
		return out
	}
	lead := shape[:len(shape)-2]
	flatShape := append(slices.Clone(lead), -1)
	idx := c.do(func() (*tensor.Tensor, error) { return indices.Reshape(flatShape...) })
	n := newNode("MaxPool2DWithIndicesBackwardBackward0", g, x)
	n.recordable = true
	n.save(indices)
	n.backward = func(c *calc, gg *tensor.Tensor) []*tensor.Tensor {
		grads := make([]*tensor.Tensor, 2)
		if n.needs(0) {
			flat := c.reshape(gg, flatShape)
			var picked *tensor.Tensor
			if c.rec {
				picked = c.do(func() (*tensor.Tensor, error) { return Gather(flat, -1, idx) })
			} else {
				picked = c.do(func() (*tensor.Tensor, error) { return tensor.Gather(flat, -1, idx) })
			}
			grads[0] = n.toInput(c, 0, c.reshape(picked, indices.Shape()))
		}
		if n.needs(1) {
			grads[1] = n.toInput(c, 1, zeroDerivative(c, gg, nil))
		}
		return grads
	}
	return n.attach(out)
}
