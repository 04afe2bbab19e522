package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// Conv2d returns the convolution of x with weight plus bias (nil for none).
// The gradients (ConvolutionBackward0) are the input's, col2im of Wᵀ·g; the
// weight's, g times the unfolded input; the bias's, g summed over the
// batch and the positions.
func Conv2d(x, weight, bias *tensor.Tensor, o tensor.Conv2dOptions) (*tensor.Tensor, error) {
	if err := AutocastLower(&x, &weight, &bias); err != nil {
		return nil, err
	}
	// The weight's gradient needs the input's columns, which the forward
	// gathers: they are kept for it where tensor.Conv2dKeep finds that
	// worth their memory.
	var out *tensor.Tensor
	var cols *tensor.Conv2dColumns
	var err error
	if IsGradEnabled() && weight.RequiresGrad() {
		out, cols, err = tensor.Conv2dKeep(x, weight, bias, o)
	} else {
		out, err = tensor.Conv2d(x, weight, bias, o)
	}
	if err != nil || !track(out, x, weight, bias) {
		cols.Release()
		return out, err
	}
	n := newNode("ConvolutionBackward0", x, weight, bias)
	n.save(x, weight)
	n.recordable = true // conv_double.go
	if cols != nil {
		// Once the node is released no pass reads the columns again.
		n.onRelease = cols.Release
	}
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec {
			return conv2dGradsRecorded(c, n, x, weight, g, o)
		}
		var gx, gw, gb *tensor.Tensor
		if n.needs(0) || n.needs(1) {
			c.do(func() (*tensor.Tensor, error) {
				var err error
				gx, gw, err = tensor.Conv2dGradsKept(x, weight, g, cols, o, n.needs(0), n.needs(1))
				return g, err
			})
		}
		if n.needs(2) {
			dims := []int{0, 2, 3}
			if g.Dim() == 3 {
				dims = []int{1, 2}
			}
			gb = c.sum(g, dims, false)
		}
		return []*tensor.Tensor{gx, gw, gb}
	}
	return n.attach(out), nil
}

// MaxPool2d returns the maximum of each window of x and its position in
// the input plane; the gradient goes to that position
// (MaxPool2DWithIndicesBackward0).
func MaxPool2d(x *tensor.Tensor, o tensor.MaxPool2dOptions) (values, indices *tensor.Tensor, err error) {
	values, indices, err = tensor.MaxPool2d(x, o)
	if err != nil || !track(values, x) {
		return values, indices, err
	}
	shape := x.Shape()
	n := newNode("MaxPool2DWithIndicesBackward0", x)
	n.save(indices)
	n.recordable = true // pool_double.go
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec {
			return []*tensor.Tensor{maxPool2dGradRecorded(c, x, indices, g)}
		}
		return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return tensor.MaxPool2dGrad(shape, indices, g) })}
	}
	return n.attach(values), indices, nil
}

// ConvTranspose2d returns the transposed convolution of x with weight
// plus bias (nil for none), tensor.ConvTranspose2d. Its gradients
// (ConvolutionBackward0, as PyTorch names them) are the adjoint's: the
// input's, Conv2d of g with the weight; the weight's, Conv2d's weight
// gradient with g as the input and x as the output gradient; the bias's,
// g summed over the batch and the positions.
func ConvTranspose2d(x, weight, bias *tensor.Tensor, o tensor.Conv2dOptions, outputPadding [2]int) (*tensor.Tensor, error) {
	if err := AutocastFloat32(&x, &weight, &bias); err != nil {
		return nil, err
	}
	out, err := tensor.ConvTranspose2d(x, weight, bias, o, outputPadding)
	if err != nil || !track(out, x, weight, bias) {
		return out, err
	}
	n := newNode("ConvolutionBackward0", x, weight, bias)
	n.save(x, weight)
	n.recordable = true // conv_double.go
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec {
			return convTranspose2dGradsRecorded(c, n, x, weight, g, o)
		}
		var gx, gw, gb *tensor.Tensor
		if n.needs(0) {
			c.do(func() (*tensor.Tensor, error) {
				var err error
				gx, err = tensor.Conv2d(g, weight, nil, o)
				return g, err
			})
		}
		if n.needs(1) {
			c.do(func() (*tensor.Tensor, error) {
				var err error
				_, gw, err = tensor.Conv2dGrads(g, weight, x, o, false, true)
				return g, err
			})
		}
		if n.needs(2) {
			dims := []int{0, 2, 3}
			if g.Dim() == 3 {
				dims = []int{1, 2}
			}
			gb = c.sum(g, dims, false)
		}
		return []*tensor.Tensor{gx, gw, gb}
	}
	return n.attach(out), nil
}
