package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// viewOp records an operation whose output may share x's storage. The node
// watches x so that backward refuses to run if x's storage was written in
// place after the view was taken: the view would then hold values its
// recorded history does not explain. It saves nothing, as in PyTorch, so a
// graph of views can be backwarded twice.
func viewOp(name string, x, out *tensor.Tensor, grad func(c *calc, g *tensor.Tensor) *tensor.Tensor) *tensor.Tensor {
	return recordView(name, x, out, grad, false)
}

// recordableViewOp is viewOp for a grad written only with calc's methods,
// which a pass with create_graph records (Node.recordable).
func recordableViewOp(name string, x, out *tensor.Tensor, grad func(c *calc, g *tensor.Tensor) *tensor.Tensor) *tensor.Tensor {
	return recordView(name, x, out, grad, true)
}

// recordView is viewOp and recordableViewOp.
func recordView(name string, x, out *tensor.Tensor, grad func(c *calc, g *tensor.Tensor) *tensor.Tensor, recordable bool) *tensor.Tensor {
	n := newNode(name, x)
	n.view = out.SharesStorage(x)
	n.recordable = recordable
	if n.view {
		n.viewOf = x
		n.watch(x)
	}
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{grad(c, g)}
	}
	return n.attach(out)
}

// reshapeBack returns the gradient of an operation that only changed x's
// shape: g reshaped to x's shape.
func reshapeBack(x *tensor.Tensor) func(c *calc, g *tensor.Tensor) *tensor.Tensor {
	shape := x.Shape()
	return func(c *calc, g *tensor.Tensor) *tensor.Tensor { return c.reshape(g, shape) }
}

// View returns x with a new shape, sharing its storage.
func View(x *tensor.Tensor, shape ...int) (*tensor.Tensor, error) {
	out, err := x.View(shape...)
	if err != nil || !trackView(out, x) {
		return out, err
	}
	return recordableViewOp("ViewBackward0", x, out, reshapeBack(x)), nil
}

// Reshape returns x with a new shape: a view when the strides allow it
// (ReshapeAliasBackward0, PyTorch's _reshape_alias), else a copy
// (UnsafeViewBackward0).
func Reshape(x *tensor.Tensor, shape ...int) (*tensor.Tensor, error) {
	out, err := x.Reshape(shape...)
	if err != nil || !trackView(out, x) {
		return out, err
	}
	name := "UnsafeViewBackward0"
	if out.SharesStorage(x) {
		name = "ReshapeAliasBackward0"
	}
	return recordableViewOp(name, x, out, reshapeBack(x)), nil
}

// Flatten returns x reshaped to one dimension.
func Flatten(x *tensor.Tensor) (*tensor.Tensor, error) { return Reshape(x, -1) }

// Squeeze removes size-1 dimensions (the given ones, or all).
func Squeeze(x *tensor.Tensor, dims ...int) (*tensor.Tensor, error) {
	out, err := x.Squeeze(dims...)
	if err != nil || !trackView(out, x) {
		return out, err
	}
	name := "SqueezeBackward0"
	if len(dims) > 0 {
		name = "SqueezeBackward1"
	}
	return recordableViewOp(name, x, out, reshapeBack(x)), nil
}

// Unsqueeze inserts a size-1 dimension at dim.
func Unsqueeze(x *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	out, err := x.Unsqueeze(dim)
	if err != nil || !trackView(out, x) {
		return out, err
	}
	return recordableViewOp("UnsqueezeBackward0", x, out, reshapeBack(x)), nil
}

// Transpose swaps dimensions d0 and d1; so does its gradient.
func Transpose(x *tensor.Tensor, d0, d1 int) (*tensor.Tensor, error) {
	out, err := x.Transpose(d0, d1)
	if err != nil || !trackView(out, x) {
		return out, err
	}
	return recordableViewOp("TransposeBackward0", x, out, func(c *calc, g *tensor.Tensor) *tensor.Tensor {
		return c.transpose(g, d0, d1)
	}), nil
}

// T reverses the dimensions of x (a matrix transpose for 2-D).
func T(x *tensor.Tensor) *tensor.Tensor {
	out := x.T()
	if !trackView(out, x) {
		return out
	}
	return recordableViewOp("TBackward0", x, out, func(c *calc, g *tensor.Tensor) *tensor.Tensor {
		if c.rec {
			return T(g)
		}
		return g.T()
	})
}

// Permute reorders the dimensions of x; the gradient is permuted back with
// the inverse permutation.
func Permute(x *tensor.Tensor, dims ...int) (*tensor.Tensor, error) {
	out, err := x.Permute(dims...)
	if err != nil || !trackView(out, x) {
		return out, err
	}
	inverse := make([]int, len(dims))
	for i, d := range dims {
		inverse[normDim(d, x.Dim())] = i
	}
	return recordableViewOp("PermuteBackward0", x, out, func(c *calc, g *tensor.Tensor) *tensor.Tensor {
		return c.permute(g, inverse)
	}), nil
}

// Expand broadcasts x to shape without copying; the gradient is summed
// back over the broadcast dimensions.
func Expand(x *tensor.Tensor, shape ...int) (*tensor.Tensor, error) {
	out, err := x.Expand(shape...)
	if err != nil || !trackView(out, x) {
		return out, err
	}
	xs := x.Shape()
	return recordableViewOp("ExpandBackward0", x, out, func(c *calc, g *tensor.Tensor) *tensor.Tensor {
		return c.sumTo(g, xs)
	}), nil
}

// BroadcastTo is Expand under NumPy's name.
func BroadcastTo(x *tensor.Tensor, shape ...int) (*tensor.Tensor, error) { return Expand(x, shape...) }

// regionOp records an operation that takes a region of x (narrow, select,
// slice).
func regionOp(name string, x *tensor.Tensor, region func(t *tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	out, err := region(x)
	if err != nil || !trackView(out, x) {
		return out, err
	}
	return recordableViewOp(name, x, out, regionGrad(name, x, region)), nil
}

// regionGrad returns the gradient of taking a region of x: zero outside the
// region and g inside it, that is, a zero tensor of x's shape with g written
// into the same region. A recording pass records it (linearGrad), its
// adjoint being the region of the gradient's gradient.
func regionGrad(name string, x *tensor.Tensor, region func(t *tensor.Tensor) (*tensor.Tensor, error)) func(c *calc, g *tensor.Tensor) *tensor.Tensor {
	shape, dtype := x.Shape(), x.DType()
	return func(c *calc, g *tensor.Tensor) *tensor.Tensor {
		if c.rec {
			return c.linearGrad(name, g, func(g *tensor.Tensor) (*tensor.Tensor, error) {
				z, err := tensor.Zeros(dtype, shape...)
				if err != nil {
					return nil, err
				}
				r, err := region(z)
				if err != nil {
					return nil, err
				}
				return z, r.CopyFrom(g)
			}, func(gg *tensor.Tensor) (*tensor.Tensor, error) { return regionOp(name, gg, region) }, region)
		}
		z := c.zeros(dtype, shape)
		r := c.do(func() (*tensor.Tensor, error) { return region(z) })
		if c.err == nil {
			c.err = r.CopyFrom(g)
		}
		return z
	}
}

// Unbind returns the slices of x along dim, views of x (x.unbind(dim)). As
// in PyTorch they are the outputs of one node, UnbindBackward0, whose
// backward stacks their gradients (zeros for a slice no gradient reached)
// and which saves nothing. Like every view of a tensor that requires grad,
// the slices cannot be changed in place.
func Unbind(x *tensor.Tensor, dim int) ([]*tensor.Tensor, error) {
	n, err := x.Size(dim)
	if err != nil {
		return nil, err
	}
	outs := make([]*tensor.Tensor, n)
	for i := range outs {
		if outs[i], err = x.Select(dim, i); err != nil {
			return nil, err
		}
	}
	markViews(outs, x)
	if n == 0 || !IsGradEnabled() || !x.DType().IsFloating() || !x.RequiresGrad() {
		return outs, nil
	}
	stackDim := normDim(dim, x.Dim())
	node := newNode("UnbindBackward0", x)
	node.view, node.viewOf = true, x
	node.watch(x)
	node.attachOutputs(outs, func(gs []*tensor.Tensor) ([]*tensor.Tensor, error) {
		g, err := tensor.Stack(gs, stackDim)
		return []*tensor.Tensor{g}, err
	}, nil)
	return outs, nil
}

// Narrow returns the slice start:start+length of x along dim.
func Narrow(x *tensor.Tensor, dim, start, length int) (*tensor.Tensor, error) {
	return regionOp("SliceBackward0", x, func(t *tensor.Tensor) (*tensor.Tensor, error) { return t.Narrow(dim, start, length) })
}

// Select returns x at index along dim, removing that dimension.
func Select(x *tensor.Tensor, dim, index int) (*tensor.Tensor, error) {
	return regionOp("SelectBackward0", x, func(t *tensor.Tensor) (*tensor.Tensor, error) { return t.Select(dim, index) })
}

// Slice returns x[start:stop:step] along dim.
func Slice(x *tensor.Tensor, dim, start, stop, step int) (*tensor.Tensor, error) {
	return regionOp("SliceBackward0", x, func(t *tensor.Tensor) (*tensor.Tensor, error) { return t.Slice(dim, start, stop, step) })
}

// Clone returns a copy of x with its own storage; the gradient passes
// through unchanged.
func Clone(x *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := x.Clone()
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("CloneBackward0", x)
	n.recordable = true
	n.backward = func(_ *calc, g *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{g} }
	return n.attach(out), nil
}

// Contiguous returns x itself when it is contiguous, else a contiguous
// copy (recorded as CloneBackward0).
func Contiguous(x *tensor.Tensor) (*tensor.Tensor, error) {
	if x.IsContiguous() {
		return x, nil
	}
	return Clone(x)
}

// To returns x converted to dtype d (x itself when it has that dtype). The
// gradient is converted back to x's dtype. Converting to an integer or bool
// dtype leaves the graph: such values have no gradient.
func To(x *tensor.Tensor, d tensor.DType) (*tensor.Tensor, error) {
	out, err := x.To(d)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("ToCopyBackward0", x)
	n.recordable = true
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{n.toInput(c, 0, g)}
	}
	return n.attach(out), nil
}
