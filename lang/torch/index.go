package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Reads by index (autograd/index.go, tensor/index.go): gather and
// index_select.

func defIndexing() {
	for _, op := range []struct {
		name string
		f    func(x *tensor.Tensor, dim int, index *tensor.Tensor) (*tensor.Tensor, error)
		doc  string
	}{
		{"gather", autograd.Gather, "The elements of input at the int64 index along dim: out[i][j] = input[index[i][j]][j] for dim 0."},
		{"index_select", autograd.IndexSelect, "The entries of input at the int64 positions in the 1-D index along dim."},
	} {
		lang.NewBuiltin(lang.AsBoth, op.name+"(input, dim, index)", op.doc, func(a *lang.Args) (lang.Value, error) {
			x, dim, index := tensorArg(a, "input"), a.Int("dim"), a.TensorLike("index")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(op.f(x, dim, index))
		})
	}
}
