package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The matrix products (autograd/linalg.go, tensor/linalg.go).

func defLinalg() {
	for _, op := range []struct {
		name string
		f    func(a, b *tensor.Tensor) (*tensor.Tensor, error)
		doc  string
	}{
		{"matmul", autograd.Matmul, "The matrix product input @ other, with PyTorch's rules for 1-D and batched operands."},
		{"mm", autograd.Mm, "The product of two matrices."},
		{"bmm", autograd.Bmm, "The batched product of [b, n, m] and [b, m, p] tensors."},
		{"dot", autograd.Dot, "The dot product of two 1-D tensors, as a 0-d tensor."},
		{"outer", autograd.Outer, "The outer product of two 1-D tensors."},
	} {
		lang.NewBuiltin(lang.AsBoth, op.name+"(input, other)", op.doc, func(a *lang.Args) (lang.Value, error) {
			x, y := tensorArg(a, "input"), tensorArg(a, "other")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(op.f(x, y))
		})
	}
	// torch.spmm multiplies a sparse or dense matrix by a dense one; kael's
	// tensors are all dense, so it is mm (a function only, as in PyTorch).
	lang.NewBuiltin(lang.AsFunc, "spmm(input, mat2)", "The product of two matrices, as mm: PyTorch's first operand may also be sparse, and kael's tensors are dense.", func(a *lang.Args) (lang.Value, error) {
		x, y := tensorArg(a, "input"), tensorArg(a, "mat2")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Mm(x, y))
	})
}
