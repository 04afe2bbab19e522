package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// In-place operations overwrite a tensor's storage (bumping its Version) and
// so rewrite its history: after a += b, a's GradFn is the AddBackward0 node
// of (old a) + b. The functions here do that for the language's augmented
// assignments and indexed stores. With grad mode off, or when nothing
// involved requires grad, they are the plain tensor operations.

// InPlace computes a op b into a (the language's a += b, a.mul_(b)). When
// grad mode is on and a or b requires grad, a must not be a leaf that
// requires grad nor a view (see CheckInPlace); the result's history
// replaces a's.
func (op *BinaryOp) InPlace(a, b *tensor.Tensor) error {
	if !InPlaceRecorded(a, b) {
		return op.Spec.ApplyInPlace(a, b)
	}
	return op.recordInPlace(a, b, func(old *tensor.Tensor) (*tensor.Tensor, error) { return op.Apply(old, b) })
}

// recordInPlace is InPlace's and InPlaceScaled's recorded path: a, not a
// leaf that requires grad, takes apply(old a)'s value and history (a
// view's base rewritten), with the checks and errors of PyTorch's
// in-place ops.
func (op *BinaryOp) recordInPlace(a, b *tensor.Tensor, apply func(old *tensor.Tensor) (*tensor.Tensor, error)) error {
	plan, err := planRewrite(a, op.Name+"_")
	if err != nil {
		return err
	}
	if op.grad == nil {
		return notDifferentiable(op.Name + "_")
	}
	if err := op.Spec.CheckInPlace(a, b); err != nil {
		return err
	}
	return rewriteOrView(a, plan, apply)
}

// InPlace computes the operation of x into x (x.relu_(), x.exp_()), with
// the same rules as BinaryOp.InPlace.
func (op *UnaryOp) InPlace(x *tensor.Tensor) error {
	if !InPlaceRecorded(x) {
		return op.Spec.ApplyInPlace(x)
	}
	plan, err := planRewrite(x, op.Name+"_")
	if err != nil {
		return err
	}
	if op.grad == nil {
		return notDifferentiable(op.Name + "_")
	}
	if plan == nil && op.grad.reads != readsInput {
		// A derivative that does not read the input (relu_, tanh_,
		// sigmoid_, exp_, sqrt_, ...): computed in place, the node saving
		// the result at its new version, as PyTorch's; the node's edge
		// is x's history before the change, which the change leaves.
		if err := op.Spec.ApplyInPlace(x); err != nil {
			return err
		}
		op.grad.record(x, x)
		return nil
	}
	return rewriteOrView(x, plan, op.Apply)
}

// rewriteOrView is rewrite, or rewriteView when plan says a is a view.
func rewriteOrView(a *tensor.Tensor, plan *viewPlan, f func(old *tensor.Tensor) (*tensor.Tensor, error)) error {
	if plan != nil {
		return rewriteView(a, plan, f)
	}
	return rewrite(a, f)
}

// rewrite computes f of a copy of a that carries a's history, writes the
// result into a and gives a the result's history. The copy keeps the old
// values that the new node may have saved.
func rewrite(a *tensor.Tensor, f func(old *tensor.Tensor) (*tensor.Tensor, error)) error {
	old, err := a.Clone()
	if err != nil {
		return err
	}
	old.SetAutograd(a.Autograd())
	r, err := f(old)
	if err != nil {
		return err
	}
	if !slices.Equal(r.Shape(), a.Shape()) {
		return tensor.Errorf(tensor.RuntimeError, "output with shape %s doesn't match the broadcast shape %s", tensor.FormatShape(a.Shape()), tensor.FormatShape(r.Shape()))
	}
	if r, err = To(r, a.DType()); err != nil {
		return err
	}
	if err := a.CopyFrom(r); err != nil {
		return err
	}
	a.SetAutograd(r.Autograd())
	return nil
}

// IndexPut writes value into x[idx...] (the language's x[i] = v). When
// grad mode is on and x or value requires grad, the store is recorded as
// CopySlices or IndexPutBackward0 (see below): the written places pass no gradient to x's old
// history, and value gets the gradient of x[idx...] summed to its shape.
func IndexPut(x *tensor.Tensor, idx []tensor.Index, value *tensor.Tensor) error {
	if !x.DType().IsFloating() || !InPlaceRecorded(x, value) {
		return x.IndexPut(idx, value)
	}
	plan, err := planRewrite(x, "index_put_")
	if err != nil {
		return err
	}
	if plan != nil {
		return indexPutView(x, plan, idx, value)
	}
	// PyTorch records a store through index tensors alone as
	// IndexPutBackward0; one with a basic index (an int, a slice, None,
	// ...) writes into a view, which it records as CopySlices.
	name := "IndexPutBackward0"
	for _, ix := range idx {
		if ix.Tensor() == nil {
			name = "CopySlices"
		}
	}
	n := newNode(name, x, value) // edges to x's history before the store
	for _, ix := range idx {
		n.save(ix.Tensor()) // the formula reads the index tensors (nil for the others)
	}
	n.releaseAlways = true // PyTorch's CopySlices: a second backward through x[idx] = v fails
	n.recordable = true
	xShape := x.Shape()
	if err := x.IndexPut(idx, value); err != nil {
		return err
	}
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec {
			return indexPutGradsRecorded(c, n, g, xShape, idx) // index_double.go
		}
		var gx, gv *tensor.Tensor
		if n.needs(0) {
			gx = c.do(g.Clone)
			if c.err == nil {
				c.err = gx.IndexPut(idx, c.zeros(g.DType(), nil))
			}
		}
		if n.needs(1) {
			gv = n.toInput(c, 1, c.do(func() (*tensor.Tensor, error) { return g.Index(idx...) }))
		}
		return []*tensor.Tensor{gx, gv}
	}
	n.attach(x)
	return nil
}

// checkRewrite refuses an in-place operation op on t that autograd cannot
// follow: on a leaf that requires grad (CheckInPlace), or on a view of a
// tensor that requires grad, whose base would change behind its history.
func checkRewrite(t *tensor.Tensor, op string) error {
	if err := CheckInPlace(t); err != nil {
		return err
	}
	if m := t.Autograd(); m == nil {
		return nil
	} else if n, ok := m.GradFn.(*Node); ok && n.view {
		return tensor.Errorf(tensor.RuntimeError, "%s: a view (made by %s) of a tensor that requires grad is being changed in place, which kael's autograd cannot follow", op, n.name).
			WithHint("make the change out of place (y = y + 1), or .clone() the view first")
	}
	return nil
}

// notDifferentiable is the error for an in-place operation with no
// derivative applied to a tensor that requires grad.
func notDifferentiable(op string) error {
	return tensor.Errorf(tensor.RuntimeError, "%s is not differentiable and cannot change a tensor that requires grad in place", op).
		WithHint("compute it out of place on x.detach(), or inside `with no_grad():`")
}
