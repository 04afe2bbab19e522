package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// In-place operations on a view of a tensor that requires grad (y =
// x * 2; y[0] += 1; y[:, 1].mul_(3)), recorded as PyTorch records them:
// the new values are computed from the view's old history and written
// through the view; the base takes the history CopySlices, whose
// gradient passes to the base's old history outside the view's region
// and to the computation inside it; the view becomes a view of the new
// base (AsStridedBackward0).

// viewNode returns t's grad_fn when it is a view (nil otherwise).
func viewNode(t *tensor.Tensor) *Node {
	if m := t.Autograd(); m != nil {
		if n, ok := m.GradFn.(*Node); ok && n.view && n.viewOf != nil {
			return n
		}
	}
	return nil
}

// viewPlan is how an in-place change of a view reaches its base: the
// base, and the view nodes from the view up to it.
type viewPlan struct {
	base  *tensor.Tensor
	chain []*Node
}

// planRewrite checks an in-place operation op on t as checkRewrite does,
// but lets a view through when its base can take the change: it returns
// the plan for a view, nil for a tensor that is no view.
func planRewrite(t *tensor.Tensor, op string) (*viewPlan, error) {
	if err := CheckInPlace(t); err != nil {
		return nil, err
	}
	n := viewNode(t)
	if n == nil {
		return nil, nil
	}
	p := &viewPlan{}
	for n != nil {
		p.chain = append(p.chain, n)
		parent := n.viewOf
		if !parent.SharesStorage(t) {
			return nil, checkRewrite(t, op)
		}
		p.base = parent
		n = viewNode(parent)
	}
	if p.base.RequiresGrad() && IsLeaf(p.base) {
		return nil, tensor.Errorf(tensor.RuntimeError, "a view of a leaf Variable that requires grad is being used in an in-place operation.").
			WithHint("change the leaf under torch.no_grad(), or work on a copy: y = x.clone()")
	}
	if !p.base.IsContiguous() {
		return nil, checkRewrite(t, op)
	}
	for _, node := range p.chain {
		if err := node.checkSaved(); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// rewriteView is rewrite for a view v of plan's base.
func rewriteView(v *tensor.Tensor, p *viewPlan, f func(old *tensor.Tensor) (*tensor.Tensor, error)) error {
	old, err := v.Clone()
	if err != nil {
		return err
	}
	old.SetAutograd(v.Autograd())
	r, err := f(old)
	if err != nil {
		return err
	}
	if !slices.Equal(r.Shape(), v.Shape()) {
		return tensor.Errorf(tensor.ValueError, "output with shape %s doesn't match the broadcast shape %s", tensor.FormatShape(v.Shape()), tensor.FormatShape(r.Shape()))
	}
	if r, err = To(r, v.DType()); err != nil {
		return err
	}
	base := p.base
	cs := newNode("CopySlices", base, r)
	cs.releaseAlways = true
	if err := v.CopyFrom(r); err != nil {
		return err
	}
	// The view nodes' backward reads no values: the write they watched
	// for is this one, which CopySlices records.
	for _, n := range p.chain {
		n.watched = slices.DeleteFunc(n.watched, func(s savedTensor) bool { return s.t.SharesStorage(base) })
	}
	shape, strides, offset := v.Shape(), v.Strides(), v.Offset()-base.Offset()
	baseShape, dtype := base.Shape(), base.DType()
	region := func(c *calc, t *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return t.AsStrided(shape, strides, t.Offset()+offset) })
	}
	cs.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		gb := c.do(func() (*tensor.Tensor, error) { return g.Contiguous() })
		if gb == g {
			gb = c.do(g.Clone)
		}
		in := region(c, gb)
		gr := c.do(func() (*tensor.Tensor, error) {
			if in == nil {
				return nil, nil
			}
			return in.Clone()
		})
		if c.err == nil {
			c.err = in.Fill(0)
		}
		return []*tensor.Tensor{gb, gr}
	}
	cs.attach(base)
	vn := newNode("AsStridedBackward0", base)
	vn.view, vn.viewOf = true, base
	vn.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		z := c.zeros(dtype, baseShape)
		in := region(c, z)
		if c.err == nil {
			c.err = in.CopyFrom(g)
		}
		return []*tensor.Tensor{z}
	}
	vn.attach(v)
	return nil
}

// indexPutView is IndexPut on a view: x[idx] = value computed on a copy
// of the view's old values and written through rewriteView.
func indexPutView(x *tensor.Tensor, p *viewPlan, idx []tensor.Index, value *tensor.Tensor) error {
	return rewriteView(x, p, func(old *tensor.Tensor) (*tensor.Tensor, error) {
		c, err := Clone(old)
		if err != nil {
			return nil, err
		}
		return c, IndexPut(c, idx, value)
	})
}
