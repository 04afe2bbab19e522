package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// The bridges between complex and real tensors. A complex number z = x + iy
// is the pair (x, y) to autograd, and its gradient is dL/dx + i·dL/dy, so
// the gradients of these views are the same bridges the other way.

// ViewAsReal views a complex tensor as float pairs, shape (..., 2)
// (torch.view_as_real); the gradient is the gradient's pairs viewed as
// complex numbers again.
func ViewAsReal(x *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.ViewAsReal(x)
	if err != nil || !trackView(out, x) {
		return out, err
	}
	return viewOp("ViewAsRealBackward0", x, out, func(c *calc, g *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return viewAsComplexOf(g) })
	}), nil
}

// ViewAsComplex views float pairs, shape (..., 2), as complex numbers
// (torch.view_as_complex); the gradient is the gradient viewed as pairs.
func ViewAsComplex(x *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.ViewAsComplex(x)
	if err != nil || !trackView(out, x) {
		return out, err
	}
	return viewOp("ViewAsComplexBackward0", x, out, func(c *calc, g *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) {
			g, err := g.Contiguous()
			if err != nil {
				return nil, err
			}
			return tensor.ViewAsReal(g)
		})
	}), nil
}

// viewAsComplexOf is g's pairs as complex numbers, g made contiguous first
// (a gradient may be a broadcast view, which view_as_complex refuses).
func viewAsComplexOf(g *tensor.Tensor) (*tensor.Tensor, error) {
	g, err := g.Contiguous()
	if err != nil {
		return nil, err
	}
	return tensor.ViewAsComplex(g)
}

// Real returns the real parts of a complex tensor, a view of its memory
// (x.real), and x itself when it is real. As in PyTorch it is
// view_as_real(x).select(-1, 0), recorded as those two views.
func Real(x *tensor.Tensor) (*tensor.Tensor, error) {
	if !x.DType().IsComplex() {
		return x, nil
	}
	return complexPart(x, 0)
}

// Imag returns the imaginary parts of a complex tensor, a view of its
// memory (x.imag): view_as_real(x).select(-1, 1). A real tensor has none.
func Imag(x *tensor.Tensor) (*tensor.Tensor, error) {
	if !x.DType().IsComplex() {
		_, err := x.ImagPart() // its error
		return nil, err
	}
	return complexPart(x, 1)
}

func complexPart(x *tensor.Tensor, k int) (*tensor.Tensor, error) {
	pairs, err := ViewAsReal(x)
	if err != nil {
		return nil, err
	}
	return Select(pairs, -1, k)
}

// Complex makes a complex tensor of real and imaginary parts
// (torch.complex), a new tensor; the gradients of the parts are the real
// and imaginary parts of the output's gradient.
func Complex(re, im *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.ComplexFrom(re, im)
	if err != nil || !track(out, re, im) {
		return out, err
	}
	n := newNode("ComplexBackward0", re, im)
	n.save(re, im) // as PyTorch's node, so that a second backward finds them freed
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		var gre, gim *tensor.Tensor
		if n.needs(0) {
			gre = n.toInput(c, 0, c.do(g.RealPart))
		}
		if n.needs(1) {
			gim = n.toInput(c, 1, c.do(g.ImagPart))
		}
		return []*tensor.Tensor{gre, gim}
	}
	return n.attach(out), nil
}
