package lang

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// ops routes the language's operators to the tensor operations: through
// package autograd, so that operations on tensors that require gradients
// are recorded, and straight to package tensor for the rest.
var ops tensorOps

type tensorOps struct{}

func (tensorOps) binary(name string, x, y *tensor.Tensor) (*tensor.Tensor, error) {
	spec, ok := tensor.LookupBinary(name)
	if !ok {
		return nil, newErrorf(TypeError, "unknown operation %s", name)
	}
	return autograd.Binary(spec, x, y)
}

func (tensorOps) neg(x *tensor.Tensor) (*tensor.Tensor, error) { return autograd.Neg(x) }

func (tensorOps) matmul(x, y *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Matmul(x, y) } // TODO(lead): autograd.Matmul

func (tensorOps) t(x *tensor.Tensor) (*tensor.Tensor, error) { return autograd.T(x), nil }

func (tensorOps) index(x *tensor.Tensor, idx []tensor.Index) (*tensor.Tensor, error) {
	return x.Index(idx...) // TODO(lead): autograd.Index
}

func (tensorOps) setRequiresGrad(t *tensor.Tensor, on bool) error {
	return autograd.SetRequiresGrad(t, on)
}

// recordsGraph reports whether an in-place update of t with y must be
// recorded by autograd, which kael does by computing out of place.
func (tensorOps) recordsGraph(t, y *tensor.Tensor) bool {
	return autograd.IsGradEnabled() && (t.RequiresGrad() && !autograd.IsLeaf(t) || y.RequiresGrad())
}

// inPlace writes t op y into t.
func (tensorOps) inPlace(name string, t, y *tensor.Tensor) error {
	spec, ok := tensor.LookupBinary(name)
	if !ok {
		return newErrorf(TypeError, "unknown operation %s", name)
	}
	if err := autograd.CheckInPlace(t); err != nil {
		return err
	}
	return spec.ApplyInPlace(t, y)
}

// indexPut writes x[idx] = v. Assigning a value that requires gradients is
// refused rather than silently cutting the graph.
func (tensorOps) indexPut(x *tensor.Tensor, idx []tensor.Index, v *tensor.Tensor) error {
	if err := autograd.CheckInPlace(x); err != nil {
		return err
	}
	if autograd.IsGradEnabled() && (v.RequiresGrad() || x.RequiresGrad()) {
		return newErrorf(RuntimeError, "index assignment is not differentiable in kael").
			withHint("build the tensor with where(), cat() or masked_fill() instead, or assign under `with no_grad():`")
	}
	return x.IndexPut(idx, v)
}
