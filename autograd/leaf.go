package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// SetRequiresGrad marks t as requiring gradients (or not), as PyTorch's
// t.requires_grad_(on). Only floating point and complex tensors can require
// gradients.
// A tensor computed from others (one with a GradFn) cannot be switched off;
// Detach it instead.
func SetRequiresGrad(t *tensor.Tensor, on bool) error {
	if on && !t.DType().IsFloating() && !t.DType().IsComplex() {
		return tensor.Errorf(tensor.RuntimeError, "only Tensors of floating point dtype can require gradients").
			WithHint("convert with .to(float32) first")
	}
	m := t.Autograd()
	if m != nil && m.GradFn != nil {
		if on {
			return nil
		}
		return tensor.Errorf(tensor.RuntimeError, "you can only change requires_grad flags of leaf variables").
			WithHint("to use a computed tensor without its history, take x.detach()")
	}
	if m == nil {
		if !on {
			return nil
		}
		m = &tensor.AutogradMeta{}
		t.SetAutograd(m)
	}
	m.RequiresGrad = on
	return nil
}

// IsLeaf reports whether t is a leaf of the graph: a tensor that was not
// computed by a recorded operation. Tensors that do not require grad are
// leaves too, as in PyTorch.
func IsLeaf(t *tensor.Tensor) bool {
	m := t.Autograd()
	return m == nil || m.GradFn == nil
}

// Grad returns the gradient accumulated into t, or nil.
func Grad(t *tensor.Tensor) *tensor.Tensor {
	if m := t.Autograd(); m != nil {
		return m.Grad
	}
	return nil
}

// SetGrad replaces t's accumulated gradient (the language's t.grad = g);
// nil clears it. g must have t's dtype and shape.
func SetGrad(t, g *tensor.Tensor) error {
	if g != nil && (g.DType() != t.DType() || !slices.Equal(g.Shape(), t.Shape())) {
		return tensor.Errorf(tensor.RuntimeError, "assigned grad [%s] does not match the tensor [%s]",
			describe(g.DType(), g.Shape()), describe(t.DType(), t.Shape()))
	}
	m := t.Autograd()
	if m == nil {
		if g == nil {
			return nil
		}
		m = &tensor.AutogradMeta{}
		t.SetAutograd(m)
	}
	m.Grad = g
	return nil
}

// ZeroGrad clears the accumulated gradients of params (sets them to nil,
// like PyTorch's zero_grad(set_to_none=True)).
func ZeroGrad(params ...*tensor.Tensor) {
	for _, p := range params {
		if m := p.Autograd(); m != nil {
			m.Grad = nil
		}
	}
}

// Detach returns a tensor sharing t's storage with no autograd history: it
// does not require grad, and gradients do not flow through it.
func Detach(t *tensor.Tensor) *tensor.Tensor { return t.Detach() }

// CheckInPlace returns the error PyTorch gives when t, a leaf that requires
// grad, is about to be written in place while grad mode is on: the write
// would silently change the value the gradient is computed at. Under NoGrad
// it returns nil, which is how optimizers update parameters.
func CheckInPlace(t *tensor.Tensor) error {
	if IsGradEnabled() && t.RequiresGrad() && IsLeaf(t) {
		return tensor.Errorf(tensor.RuntimeError, "a leaf Variable that requires grad is being used in an in-place operation.").
			WithHint("update parameters inside `with no_grad():`, or use an out-of-place operation (w = w - lr * g)")
	}
	return nil
}
