package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// maxPool2dGradRecorded is MaxPool2d's backward in a recording pass: g
// added at the saved positions of the maxima, a linear map of g alone
// recorded as MaxPool2DWithIndicesBackwardBackward0, whose own gradient
// gathers at the same positions (PyTorch's max_pool_double_backward). The
// input itself gets no second derivative: the positions are constants.
func maxPool2dGradRecorded(c *calc, shape []int, indices, g *tensor.Tensor) *tensor.Tensor {
	lead := shape[:len(shape)-2]
	flatShape := append(slices.Clone(lead), -1)
	idx := c.do(func() (*tensor.Tensor, error) { return indices.Reshape(flatShape...) })
	gather := func(recorded bool) func(gg *tensor.Tensor) (*tensor.Tensor, error) {
		return func(gg *tensor.Tensor) (*tensor.Tensor, error) {
			if !recorded {
				f, err := gg.Reshape(flatShape...)
				if err != nil {
					return nil, err
				}
				if f, err = tensor.Gather(f, -1, idx); err != nil {
					return nil, err
				}
				return f.Reshape(indices.Shape()...)
			}
			f, err := Reshape(gg, flatShape...)
			if err != nil {
				return nil, err
			}
			if f, err = Gather(f, -1, idx); err != nil {
				return nil, err
			}
			return Reshape(f, indices.Shape()...)
		}
	}
	return c.linearGrad("MaxPool2DWithIndicesBackward0", g,
		func(g *tensor.Tensor) (*tensor.Tensor, error) { return tensor.MaxPool2dGrad(shape, indices, g) },
		gather(true), gather(false))
}
