package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// PyTorch's *_copy functions (t_copy, select_copy, split_copy, ...) and
// *_scatter functions (select_scatter, slice_scatter, diagonal_scatter,
// as_strided_scatter): a view's elements as a new tensor, and a copy of
// a tensor with a view's elements replaced.

// ViewCopy returns views, the outputs of one autograd view function of x,
// as new tensors laid out as the views are (PyTorch's preserve_format). Their history is the view's node, renamed
// as PyTorch names it (TBackward0_copy): it leads back to x but no longer
// watches x's storage, which the copies do not share.
func ViewCopy(x *tensor.Tensor, views ...*tensor.Tensor) ([]*tensor.Tensor, error) {
	before := x.Autograd()
	outs := make([]*tensor.Tensor, len(views))
	renamed := map[*Node]bool{}
	for i, v := range views {
		c, err := v.ClonePreservingLayout()
		if err != nil {
			return nil, err
		}
		outs[i] = c
		m := v.Autograd()
		n, ok := nodeOf(m)
		if !ok || m == before {
			continue
		}
		if !renamed[n] {
			renamed[n] = true
			n.name += "_copy"
			n.view, n.viewOf, n.watched = false, nil, nil
		}
		c.SetAutograd(m)
	}
	return outs, nil
}

// NotImplementedCopy returns out, computed from x by op, with the history
// PyTorch 1.13 gives narrow_copy and detach_copy: a node named
// NotImplemented (name() torch::autograd::NotImplemented) whose backward
// is an error.
func NotImplementedCopy(op string, x, out *tensor.Tensor) *tensor.Tensor {
	if !track(out, x) {
		return out
	}
	n := newNode("NotImplemented", x)
	n.refused = tensor.Errorf(tensor.RuntimeError, "derivative for aten::%s is not implemented", op).
		WithHint("use the view (x.%s(...)) and .clone() it, which autograd can follow", op[:len(op)-len("_copy")])
	n.backward = func(*calc, *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{nil} }
	return n.attach(out)
}

// ViewScatter returns a copy of x, with x's dense layout, whose view
// region(copy) holds src's elements converted to x's dtype (PyTorch's
// select_scatter and its kin), recorded as name: x's gradient is g with
// the region zeroed, src's the region of g.
func ViewScatter(name string, x, src *tensor.Tensor, region func(*tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	out, err := x.ClonePreservingLayout()
	if err != nil {
		return nil, err
	}
	dst, err := region(out)
	if err != nil {
		return nil, err
	}
	if !slices.Equal(dst.Shape(), src.Shape()) {
		return nil, tensor.Errorf(tensor.RuntimeError, "expected src to have a size equal to the slice of self. src size = %s, slice size = %s", tensor.FormatShape(src.Shape()), tensor.FormatShape(dst.Shape()))
	}
	if err := dst.CopyFrom(src); err != nil {
		return nil, err
	}
	if !track(out, x, src) {
		return out, nil
	}
	n := newNode(name, x, src)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		// One copy of g serves both: src's gradient is its region, copied
		// out first; x's is the copy with that region zeroed.
		var gx, gs *tensor.Tensor
		gc := c.do(g.ClonePreservingLayout)
		r := c.do(func() (*tensor.Tensor, error) { return region(gc) })
		if n.needs(1) {
			gs = n.toInput(c, 1, c.do(r.Clone))
		}
		if n.needs(0) && c.err == nil {
			c.err = r.Fill(0)
			gx = gc
		}
		return []*tensor.Tensor{gx, gs}
	}
	return n.attach(out), nil
}

// Alias returns a view of x with x's own geometry (PyTorch's aten::alias),
// recorded as AliasBackward0.
func Alias(x *tensor.Tensor) *tensor.Tensor {
	out := x.Detach()
	if !trackView(out, x) {
		return out
	}
	return recordableViewOp("AliasBackward0", x, out, func(_ *calc, g *tensor.Tensor) *tensor.Tensor { return g })
}
