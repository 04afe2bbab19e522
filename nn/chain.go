package nn

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// chain composes recorded (differentiable) operations for a layer's
// forward pass. It keeps the first error; after one, every method returns
// nil without computing, so a formula reads like the math
// (c.mul(o, c.tanh(cell))) and the caller checks c.err once.
type chain struct{ err error }

// keep records err and returns t.
func (c *chain) keep(t *tensor.Tensor, err error) *tensor.Tensor {
	if err != nil {
		if c.err == nil {
			c.err = err
		}
		return nil
	}
	return t
}

// do runs f unless an error happened already.
func (c *chain) do(f func() (*tensor.Tensor, error)) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	return c.keep(f())
}

func (c *chain) binary(f func(a, b *tensor.Tensor) (*tensor.Tensor, error), a, b *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return f(a, b) })
}

func (c *chain) unary(f func(x *tensor.Tensor) (*tensor.Tensor, error), x *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return f(x) })
}

func (c *chain) add(a, b *tensor.Tensor) *tensor.Tensor  { return c.binary(autograd.Add, a, b) }
func (c *chain) sub(a, b *tensor.Tensor) *tensor.Tensor  { return c.binary(autograd.Sub, a, b) }
func (c *chain) mul(a, b *tensor.Tensor) *tensor.Tensor  { return c.binary(autograd.Mul, a, b) }
func (c *chain) div(a, b *tensor.Tensor) *tensor.Tensor  { return c.binary(autograd.Div, a, b) }
func (c *chain) sigmoid(x *tensor.Tensor) *tensor.Tensor { return c.unary(autograd.Sigmoid, x) }
func (c *chain) tanh(x *tensor.Tensor) *tensor.Tensor    { return c.unary(autograd.Tanh, x) }
func (c *chain) relu(x *tensor.Tensor) *tensor.Tensor    { return c.unary(autograd.Relu, x) }

// linear is x·wᵀ + b (b may be nil).
func (c *chain) linear(x, w, b *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Linear(x, w, b) })
}

// do2 runs f, which gives several tensors, unless an error happened
// already.
func (c *chain) do2(f func() ([]*tensor.Tensor, error)) []*tensor.Tensor {
	if c.err != nil {
		return nil
	}
	ts, err := f()
	if err != nil {
		c.keep(nil, err)
		return nil
	}
	return ts
}

// chunk splits x into n equal parts along its last dimension.
func (c *chain) chunk(x *tensor.Tensor, n int) []*tensor.Tensor {
	if c.err != nil {
		return make([]*tensor.Tensor, n)
	}
	parts, err := autograd.Chunk(x, n, x.Dim()-1)
	if err == nil && len(parts) != n {
		err = tensor.Errorf(tensor.RuntimeError, "cannot split %v into %d gates", x.Shape(), n)
	}
	if err != nil {
		c.keep(nil, err)
		return make([]*tensor.Tensor, n)
	}
	return parts
}

// selectAt is x[..., i, ...] along dim.
func (c *chain) selectAt(x *tensor.Tensor, dim, i int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Select(x, dim, i) })
}

// unbind returns the slices of x along dim (autograd.Unbind: one node,
// whose backward stacks the slices' gradients once).
func (c *chain) unbind(x *tensor.Tensor, dim int) []*tensor.Tensor {
	if c.err != nil {
		return nil
	}
	ts, err := autograd.Unbind(x, dim)
	c.err = err
	return ts
}

// stack stacks ts along a new dimension dim.
func (c *chain) stack(ts []*tensor.Tensor, dim int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Stack(ts, dim) })
}

// cat concatenates ts along dim.
func (c *chain) cat(ts []*tensor.Tensor, dim int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Cat(ts, dim) })
}

// transpose swaps dimensions d0 and d1.
func (c *chain) transpose(x *tensor.Tensor, d0, d1 int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(x, d0, d1) })
}

// unsqueeze inserts a dimension of size 1 at dim.
func (c *chain) unsqueeze(x *tensor.Tensor, dim int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(x, dim) })
}

// squeeze removes the dimension dim of size 1.
func (c *chain) squeeze(x *tensor.Tensor, dim int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Squeeze(x, dim) })
}

// scalar is the 0-d tensor v of dtype d.
func (c *chain) scalar(v float64, d tensor.DType) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.Full(v, d) })
}

// zeros is a tensor of zeros.
func (c *chain) zeros(d tensor.DType, shape ...int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.Zeros(d, shape...) })
}
