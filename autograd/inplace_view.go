package autograd

import (
	"fmt"
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

// How a view was made, kept on the view by tensor.MarkView (ViewHow):
// PyTorch's CreationMeta. A view made with grad mode off, or one of the
// several views one operation returns (unbind, split, chunk), may not be
// changed in place where the change would be recorded, and takes no
// history from its base after a recorded change of the base.
const (
	viewMade        = 1 << iota // the tensor is a view
	viewNoGrad                  // made with grad mode off (or, for viewMulti, untracked)
	viewMulti                   // one of the views of a multi-output operation
	viewOutputShift = iota      // the output's index is kept above these bits
)

func init() { tensor.SetViewHook(refreshView) }

// trackView marks out as a view of x when it shares x's storage (see
// tensor.MarkView), then reports whether the operation is recorded
// (track). The view functions call it in place of track.
func trackView(out, x *tensor.Tensor) bool {
	markView(out, x, 0, 0)
	return track(out, x)
}

// markView marks out, when it shares x's storage, as a view of x with the
// flags how, and the output index i of a multi-output operation.
func markView(out, x *tensor.Tensor, how, i int) {
	if out == x || !out.SharesStorage(x) {
		return
	}
	if !IsGradEnabled() {
		how |= viewNoGrad
	}
	out.MarkView(x, viewMade|how|i<<viewOutputShift)
}

// markViews marks the outputs of a multi-output view operation on x.
func markViews(outs []*tensor.Tensor, x *tensor.Tensor) {
	tracked := IsGradEnabled() && x.RequiresGrad() && x.DType().IsFloating()
	for i, o := range outs {
		how := viewMulti
		if !tracked {
			how |= viewNoGrad
		}
		markView(o, x, how, i)
	}
}

// InPlaceRecorded reports whether an in-place change of x computed from
// others is recorded by autograd: grad mode is on and x, x's base or one
// of others requires grad.
func InPlaceRecorded(x *tensor.Tensor, others ...*tensor.Tensor) bool {
	if !IsGradEnabled() {
		return false
	}
	if x.RequiresGrad() || x.Base() != nil && x.Base().RequiresGrad() {
		return true
	}
	return slices.ContainsFunc(others, func(t *tensor.Tensor) bool { return t != nil && t.RequiresGrad() })
}

// refreshView is the hook tensor.Tensor.Autograd calls on a view whose
// storage was written since its history was last brought up to date: as
// PyTorch regenerates a view's grad_fn, the view becomes
// AsStridedBackward0 of its base's current history, when it had a
// history or its base requires grad. A view that may not take its base's
// new history (made in no_grad, or one of several outputs) takes a node
// whose backward is PyTorch's error.
func refreshView(v *tensor.Tensor) {
	base := v.Base()
	m := v.Autograd() // the version is already synced: no recursion
	if m != nil && m.GradFn == nil && m.RequiresGrad {
		return // a view made a leaf by requires_grad_() stays one
	}
	if (m == nil || m.GradFn == nil) && !base.RequiresGrad() {
		return
	}
	if how := v.ViewHow(); how&(viewNoGrad|viewMulti) != 0 {
		n := newNode("AsStridedBackward0", base)
		n.refused = viewRebaseError(v, how, "its base or another view of its base has been modified inplace")
		n.backward = func(*calc, *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{nil} }
		n.attach(v)
		return
	}
	asStridedOf(base, v)
}

// asStridedOf gives the view v of base the history AsStridedBackward0 of
// base: the gradient of base is zero outside v's places and g in them.
func asStridedOf(base, v *tensor.Tensor) {
	vn := newNode("AsStridedBackward0", base)
	vn.view, vn.viewOf = true, base
	if base.IsContiguous() {
		shape, strides, offset := v.Shape(), v.Strides(), v.Offset()-base.Offset()
		baseShape, dtype := base.Shape(), base.DType()
		vn.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
			z := c.zeros(dtype, baseShape)
			in := c.do(func() (*tensor.Tensor, error) { return z.AsStrided(shape, strides, z.Offset()+offset) })
			if c.err == nil {
				c.err = in.CopyFrom(g)
			}
			return []*tensor.Tensor{z}
		}
	} else {
		back := stridedBack(base, v)
		vn.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor { return []*tensor.Tensor{back(c, g)} }
	}
	vn.attach(v)
}

// viewRebaseError is PyTorch's error for an in-place change (what
// happened) that reaches a view made in no_grad or by a multi-output
// operation.
func viewRebaseError(v *tensor.Tensor, how int, what string) error {
	var msg string
	if how&viewNoGrad != 0 {
		msg = "A view was created in no_grad mode and " + what + " with grad mode enabled."
	} else {
		name := "a function"
		if m := v.Autograd(); m != nil && m.GradFn != nil {
			name = m.GradFn.Name()
		}
		msg = fmt.Sprintf("Output %d of %s is a view and %s.", how>>viewOutputShift, name, what)
	}
	if how&viewMulti != 0 {
		msg += " This view is the output of a function that returns multiple views. Such functions do not allow the output views to be modified inplace. You should replace the inplace operation by an out-of-place one."
	} else {
		msg += " Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block (if you don't want the inplace to be tracked) or both outside (if you want the inplace to be tracked)."
	}
	return tensor.Errorf(tensor.RuntimeError, "%s", msg).
		WithHint("make the change out of place, or .clone() the view first")
}

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

// planRewrite checks a recorded in-place operation op on t as
// checkRewrite does, but lets a view through when its base can take the
// change: it returns the plan for a view, nil for a tensor that is no
// view. The base may or may not require grad: PyTorch records the change
// of a view of a tensor outside autograd (x = zeros(3); x[:1].add_(w))
// as CopySlices on x too.
func planRewrite(t *tensor.Tensor, op string) (*viewPlan, error) {
	if err := CheckInPlace(t); err != nil {
		return nil, err
	}
	base := t.Base()
	if base == nil {
		return nil, checkRewrite(t, op)
	}
	if how := t.ViewHow(); how&(viewNoGrad|viewMulti) != 0 {
		return nil, viewRebaseError(t, how, "is being modified inplace")
	}
	if base.RequiresGrad() && IsLeaf(base) {
		return nil, tensor.Errorf(tensor.RuntimeError, "a view of a leaf Variable that requires grad is being used in an in-place operation.").
			WithHint("change the leaf under torch.no_grad(), or work on a copy: y = x.clone()")
	}
	if !base.IsContiguous() {
		return nil, tensor.Errorf(tensor.RuntimeError, "%s: a view of a tensor whose elements are not contiguous is being changed in place, which kael's autograd cannot follow", op).
			WithHint("make the change out of place (y = y + 1), or .clone() the tensor first")
	}
	if t.HasInternalOverlap() {
		return nil, tensor.Errorf(tensor.RuntimeError, "unsupported operation: more than one element of the written-to tensor refers to a single memory location. Please clone() the tensor before performing the operation.")
	}
	p := &viewPlan{base: base}
	for n := viewNode(t); n != nil && n.viewOf.SharesStorage(t); n = viewNode(n.viewOf) {
		p.chain = append(p.chain, n)
		if err := n.checkSaved(); err != nil {
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
		return tensor.Errorf(tensor.RuntimeError, "output with shape %s doesn't match the broadcast shape %s", tensor.FormatShape(v.Shape()), tensor.FormatShape(r.Shape()))
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
	// The write moved the storage's version: reading v's history gives v
	// AsStridedBackward0 of the new base (refreshView), as it gives any
	// other view of base.
	v.Autograd()
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
