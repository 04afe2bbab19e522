package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.select_scatter, slice_scatter, diagonal_scatter and
// as_strided_scatter (autograd.ViewScatter): a copy of input whose view
// holds src.

func defViewScatters() {
	scatter := func(sig, doc, node string, region func(a *lang.Args, x *tensor.Tensor) func(*tensor.Tensor) (*tensor.Tensor, error)) {
		lang.NewBuiltin(lang.AsBoth, sig, doc, func(a *lang.Args) (lang.Value, error) {
			x, src := tensorArg(a, "input"), tensorArg(a, "src")
			if err := a.Err(); err != nil {
				return nil, err
			}
			r := region(a, x)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(autograd.ViewScatter(node, x, src, r))
		})
	}
	scatter("select_scatter(input, src, dim, index)", "A copy of input with input.select(dim, index) replaced by src's elements (src has that view's shape).", "SelectScatterBackward0", func(a *lang.Args, _ *tensor.Tensor) func(*tensor.Tensor) (*tensor.Tensor, error) {
		dim, index := a.Int("dim"), a.Int("index")
		return func(t *tensor.Tensor) (*tensor.Tensor, error) { return t.Select(dim, index) }
	})
	scatter("slice_scatter(input, src, dim=0, start=None, end=None, step=1)", "A copy of input with its elements start:end:step along dim replaced by src's (src has that slice's shape).", "SliceScatterBackward0", func(a *lang.Args, _ *tensor.Tensor) func(*tensor.Tensor) (*tensor.Tensor, error) {
		dim, start, end, step := sliceArgs(a)
		return func(t *tensor.Tensor) (*tensor.Tensor, error) { return t.Slice(dim, start, end, step) }
	})
	scatter("diagonal_scatter(input, src, offset=0, dim1=0, dim2=1)", "A copy of input with its diagonal offset in the plane (dim1, dim2) replaced by src's elements (src has the diagonal's shape).", "DiagonalScatterBackward0", func(a *lang.Args, _ *tensor.Tensor) func(*tensor.Tensor) (*tensor.Tensor, error) {
		offset, d1, d2 := a.Int("offset"), a.Int("dim1"), a.Int("dim2")
		return func(t *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Diagonal(t, offset, d1, d2) }
	})
	scatter("as_strided_scatter(input, src, size, stride, storage_offset=None)", "A copy of input (laid out as input is) with the view copy.as_strided(size, stride, storage_offset) of it replaced by src's elements; the offset counts in the copy's storage, from 0 by default.", "AsStridedScatterBackward0", func(a *lang.Args, x *tensor.Tensor) func(*tensor.Tensor) (*tensor.Tensor, error) {
		size, stride, offset := stridedArgs(a, x, 0, x.Numel()*x.DType().Size()) // over the copy's own storage
		return func(t *tensor.Tensor) (*tensor.Tensor, error) { return t.AsStrided(size, stride, t.Offset()+offset) }
	})
}
