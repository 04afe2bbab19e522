package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// PyTorch's *_copy functions (autograd/view_copy.go): the view of the
// same name, returned as a new tensor laid out as the view is, with the
// view's gradient under the name <View>Backward0_copy.

// viewFn makes the views of a *_copy function from its arguments.
type viewFn func(a *lang.Args, x *tensor.Tensor) ([]*tensor.Tensor, error)

// one wraps a view function of one output.
func one(f func(a *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error)) viewFn {
	return func(a *lang.Args, x *tensor.Tensor) ([]*tensor.Tensor, error) {
		v, err := f(a, x)
		return []*tensor.Tensor{v}, err
	}
}

func defViewCopies() {
	copies := []struct {
		sig, doc string
		multi    bool
		views    viewFn
	}{
		{"alias_copy(input)", "A copy of input (of the view aten::alias), recorded as AliasBackward0_copy.", false, one(func(_ *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Alias(x), nil
		})},
		{"as_strided_copy(input, size, stride, storage_offset=None)", "A copy of input.as_strided(size, stride, storage_offset).", false, one(func(a *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			size, stride, offset := asStridedArgs(a, x)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return autograd.AsStrided(x, size, stride, offset)
		})},
		{"diagonal_copy(input, offset=0, dim1=0, dim2=1)", "A copy of torch.diagonal(input, offset, dim1, dim2).", false, one(func(a *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			offset, d1, d2 := a.Int("offset"), a.Int("dim1"), a.Int("dim2")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return autograd.Diagonal(x, offset, d1, d2)
		})},
		{"expand_copy(input, size, *, implicit=False)", "A copy of input.expand(size): the repeated elements are stored.", false, one(func(a *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			size := a.Ints("size")
			a.Bool("implicit")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return autograd.Expand(x, size...)
		})},
		{"permute_copy(input, dims)", "A copy of input.permute(dims), contiguous.", false, one(func(a *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			dims := a.Ints("dims")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return autograd.Permute(x, dims...)
		})},
		{"select_copy(input, dim, index)", "A copy of input.select(dim, index).", false, one(func(a *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			dim, index := a.Int("dim"), a.Int("index")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return autograd.Select(x, dim, index)
		})},
		{"slice_copy(input, dim=0, start=None, end=None, step=1)", "A copy of the elements start:end:step of input along dim.", false, one(func(a *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			dim, start, end, step := sliceArgs(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return autograd.Slice(x, dim, start, end, step)
		})},
		{"split_copy(input, split_size, dim=0)", "Copies of the pieces of torch.split(input, split_size, dim), as a tuple.", true, func(a *lang.Args, x *tensor.Tensor) ([]*tensor.Tensor, error) {
			size, dim := a.Int("split_size"), a.Int("dim")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return autograd.Split(x, size, dim)
		}},
		{"split_with_sizes_copy(input, split_sizes, dim=0)", "Copies of the pieces of input along dim of the given sizes, as a tuple.", true, func(a *lang.Args, x *tensor.Tensor) ([]*tensor.Tensor, error) {
			sizes, dim := a.Ints("split_sizes"), a.Int("dim")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return autograd.SplitSizes(x, sizes, dim)
		}},
		{"squeeze_copy(input, dim=None)", "A copy of input.squeeze(dim).", false, one(func(a *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			var dims []int
			if !a.IsNone("dim") {
				dims = []int{a.Int("dim")}
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			return autograd.Squeeze(x, dims...)
		})},
		{"t_copy(input)", "A copy of input.t(), contiguous.", false, one(func(a *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			if x.Dim() > 2 {
				return nil, lang.Errorf(lang.RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is %dD", x.Dim())
			}
			return autograd.T(x), nil
		})},
		{"transpose_copy(input, dim0, dim1)", "A copy of input.transpose(dim0, dim1), contiguous.", false, one(func(a *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			d0, d1 := a.Int("dim0"), a.Int("dim1")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return autograd.Transpose(x, d0, d1)
		})},
		{"unbind_copy(input, dim=0)", "Copies of the slices of input along dim, as a tuple.", true, func(a *lang.Args, x *tensor.Tensor) ([]*tensor.Tensor, error) {
			dim := a.Int("dim")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return autograd.Unbind(x, dim)
		}},
		{"unfold_copy(input, dimension, size, step)", "A copy of input.unfold(dimension, size, step): the windows' elements are stored.", false, one(func(a *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			dim, size, step := a.Int("dimension"), a.Int("size"), a.Int("step")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return autograd.Unfold(x, dim, size, step)
		})},
		{"unsqueeze_copy(input, dim)", "A copy of input.unsqueeze(dim).", false, one(func(a *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			dim := a.Int("dim")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return autograd.Unsqueeze(x, dim)
		})},
		{"view_copy(input, size)", "A copy of input.view(size).", false, one(func(a *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			size := a.Ints("size")
			if err := a.Err(); err != nil {
				return nil, err
			}
			// PyTorch's view_copy copies what x.view would show, and a
			// layout view cannot show (a transposed input) too.
			if v, err := autograd.View(x, size...); err == nil {
				return v, nil
			}
			return autograd.Reshape(x, size...)
		})},
		{"view_as_real_copy(input)", "A copy of torch.view_as_real(input).", false, one(func(_ *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.ViewAsReal(x)
		})},
		{"view_as_complex_copy(input)", "A copy of torch.view_as_complex(input).", false, one(func(_ *lang.Args, x *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.ViewAsComplex(x)
		})},
	}
	for _, c := range copies {
		lang.NewBuiltin(lang.AsFunc, c.sig, c.doc, func(a *lang.Args) (lang.Value, error) {
			x := tensorArg(a, "input")
			if err := a.Err(); err != nil {
				return nil, err
			}
			views, err := c.views(a, x)
			if err != nil {
				return nil, err
			}
			outs, err := autograd.ViewCopy(x, views...)
			if err != nil || c.multi {
				return tensorTuple(outs, err)
			}
			return outs[0], nil
		})
	}
	lang.NewBuiltin(lang.AsBoth, "narrow_copy(input, dim, start, length)", "A copy of input.narrow(dim, start, length). As in PyTorch 1.13 it has no derivative: backward through it is an error.", func(a *lang.Args) (lang.Value, error) {
		x, dim, start, length := tensorArg(a, "input"), a.Int("dim"), a.Int("start"), a.Int("length")
		if err := a.Err(); err != nil {
			return nil, err
		}
		v, err := x.Narrow(dim, start, length)
		if err != nil {
			return nil, err
		}
		return notImplementedCopy("narrow_copy", x, v)
	})
	lang.NewBuiltin(lang.AsFunc, "detach_copy(input)", "A copy of input.detach(). As in PyTorch 1.13 it has no derivative: backward through it is an error.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return notImplementedCopy("detach_copy", x, x)
	})
}

// notImplementedCopy returns a copy of v, a view of x, recorded as
// PyTorch 1.13 records op.
func notImplementedCopy(op string, x, v *tensor.Tensor) (lang.Value, error) {
	c, err := v.Clone()
	if err != nil {
		return nil, err
	}
	return autograd.NotImplementedCopy(op, x, c), nil
}

// sliceArgs reads the dim, start, end and step of slice_copy and
// slice_scatter; a missing start or end is the whole dimension. A step
// that is not positive fails a.
func sliceArgs(a *lang.Args) (dim, start, end, step int) {
	dim, start, end, step = a.Int("dim"), 0, math.MaxInt, a.Int("step")
	if !a.IsNone("start") {
		start = a.Int("start")
	}
	if !a.IsNone("end") {
		end = a.Int("end")
	}
	if a.Err() == nil && step <= 0 {
		a.Fail(lang.Errorf(lang.RuntimeError, "slice step must be positive"))
	}
	return dim, start, end, step
}
