package autograd

import "github.com/kael-dev/kael/tensor"

// GridSample samples input at grid's locations in mode "bilinear",
// "nearest" or "bicubic" (tensor.GridSampler),
// recorded as PyTorch's GridSampler2DBackward0 (4-D input) or
// GridSampler3DBackward0 (5-D), which give the input's and the grid's
// gradients.
func GridSample(input, grid *tensor.Tensor, mode, padding string, alignCorners bool) (*tensor.Tensor, error) {
	s, err := tensor.NewGridSampler(input, grid, mode, padding, alignCorners)
	if err != nil {
		return nil, err
	}
	out, err := s.Forward()
	if err != nil || !track(out, input, grid) {
		return out, err
	}
	name := "GridSampler2DBackward0"
	if input.Dim() == 5 {
		name = "GridSampler3DBackward0"
	}
	n := newNode(name, input, grid)
	n.save(input)
	n.save(grid)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		var gin, ggrid *tensor.Tensor
		c.do(func() (*tensor.Tensor, error) {
			var err error
			gin, ggrid, err = s.Backward(g, n.needs(0), n.needs(1))
			return gin, err
		})
		return []*tensor.Tensor{gin, ggrid}
	}
	return n.attach(out), nil
}
