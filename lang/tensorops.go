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

func (tensorOps) neg(x *tensor.Tensor) (*tensor.Tensor, error) { return autograd.Neg(x) }

func (tensorOps) matmul(x, y *tensor.Tensor) (*tensor.Tensor, error) { return autograd.Matmul(x, y) }

// t is x.T: the dimensions reversed, which PyTorch records as a permute
// (PermuteBackward0) whatever their number; x.t() is TBackward0.
func (tensorOps) t(x *tensor.Tensor) (*tensor.Tensor, error) {
	dims := make([]int, x.Dim())
	for i := range dims {
		dims[i] = len(dims) - 1 - i
	}
	return autograd.Permute(x, dims...)
}

func (tensorOps) index(x *tensor.Tensor, idx []tensor.Index) (*tensor.Tensor, error) {
	return autograd.Index(x, idx...)
}

func (tensorOps) setRequiresGrad(t *tensor.Tensor, on bool) error {
	return autograd.SetRequiresGrad(t, on)
}

// inPlace writes t op y into t; autograd rewrites t's history when the
// update must be recorded.
func (tensorOps) inPlace(op *autograd.BinaryOp, t, y *tensor.Tensor) error {
	if err := autograd.CheckInPlace(t); err != nil {
		return err
	}
	return op.InPlace(t, y)
}

// indexPut writes x[idx] = v, recorded by autograd when it must be.
func (tensorOps) indexPut(x *tensor.Tensor, idx []tensor.Index, v *tensor.Tensor) error {
	if err := autograd.CheckInPlace(x); err != nil {
		return err
	}
	return autograd.IndexPut(x, idx, v)
}
