package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The in-place view methods (autograd/view_inplace.go): x.t_(),
// x.transpose_(0, 1), x.squeeze_(), x.unsqueeze_(0), x.as_strided_(...)
// make x itself the view; x.detach_() cuts x from the graph;
// x.resize_(*sizes) and x.resize_as_(other) change its shape in place.

func defInPlaceViews() {
	inPlaceView := func(sig, doc, name string, view func(a *lang.Args, x *tensor.Tensor) func(*tensor.Tensor) (*tensor.Tensor, error)) {
		lang.NewBuiltin(lang.AsMethod, sig, doc, func(a *lang.Args) (lang.Value, error) {
			x := a.Tensor("input")
			f := view(a, x)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return inPlace(x, autograd.InPlaceView(x, name, f))
		})
	}
	inPlaceView("t_(input)", "In place: makes input its own transpose (a matrix's rows become its columns); returns input.", "TBackward1", func(a *lang.Args, x *tensor.Tensor) func(*tensor.Tensor) (*tensor.Tensor, error) {
		if x != nil && x.Dim() > 2 {
			a.Fail(lang.Errorf(lang.RuntimeError, "t_() expects a tensor with <= 2 dimensions, but self is %dD", x.Dim()).
				WithHint("use x.transpose_(dim0, dim1) for more dimensions"))
		}
		return func(t *tensor.Tensor) (*tensor.Tensor, error) { return autograd.T(t), nil }
	})
	inPlaceView("transpose_(input, dim0, dim1)", "In place: swaps dimensions dim0 and dim1 of input; returns input.", "TransposeBackward1", func(a *lang.Args, _ *tensor.Tensor) func(*tensor.Tensor) (*tensor.Tensor, error) {
		d0, d1 := a.Int("dim0"), a.Int("dim1")
		return func(t *tensor.Tensor) (*tensor.Tensor, error) { return autograd.Transpose(t, d0, d1) }
	})
	lang.NewBuiltin(lang.AsMethod, "squeeze_(input, dim=None)", "In place: removes input's size-1 dimensions (only dim, when given); returns input.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		name, dims := "SqueezeBackward2", []int(nil)
		if !a.IsNone("dim") {
			name, dims = "SqueezeBackward3", []int{a.Int("dim")}
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.InPlaceView(x, name, func(t *tensor.Tensor) (*tensor.Tensor, error) { return autograd.Squeeze(t, dims...) }))
	})
	inPlaceView("unsqueeze_(input, dim)", "In place: inserts a size-1 dimension into input at dim; returns input.", "UnsqueezeBackward1", func(a *lang.Args, _ *tensor.Tensor) func(*tensor.Tensor) (*tensor.Tensor, error) {
		dim := a.Int("dim")
		return func(t *tensor.Tensor) (*tensor.Tensor, error) { return autograd.Unsqueeze(t, dim) }
	})
	inPlaceView("as_strided_(input, size, stride, storage_offset=None)", "In place: makes input the view of its storage with the given sizes and strides (in elements), from storage_offset (input's own by default); returns input.", "AsStridedBackward1", func(a *lang.Args, x *tensor.Tensor) func(*tensor.Tensor) (*tensor.Tensor, error) {
		size, stride, offset := asStridedArgs(a, x)
		return func(t *tensor.Tensor) (*tensor.Tensor, error) { return autograd.AsStrided(t, size, stride, offset) }
	})
	lang.NewBuiltin(lang.AsMethod, "detach_(input)", "In place: cuts input from the autograd graph, so that it no longer requires grad and has no grad_fn; returns input. A view cannot be detached in place (use detach()).", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.DetachInPlace(x))
	})
	lang.NewBuiltin(lang.AsMethod, "resize_(input, *sizes)", "In place: gives input the shape sizes with row-major strides, keeping its storage and offset; the storage grows when it is too small (the new elements are zeros in kael, uninitialized in PyTorch). A tensor that requires grad cannot be resized.", func(a *lang.Args) (lang.Value, error) {
		x, shape := a.Tensor("input"), a.Shape("sizes")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, resize(x, shape))
	})
	lang.NewBuiltin(lang.AsMethod, "resize_as_(input, the_template)", "In place: resizes input to the_template's shape, as input.resize_(the_template.shape); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, like := a.Tensor("input"), a.Tensor("the_template")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, resize(x, like.Shape()))
	})
}

// resize is autograd.Resize with PyTorch's error for a negative size
// (which resize_ reports as an overflow of the element count).
func resize(x *tensor.Tensor, shape []int) error {
	for _, n := range shape {
		if n < 0 {
			return lang.Errorf(lang.RuntimeError, "numel: integer multiplication overflow").
				WithHint("size %d in %s is negative: every size must be 0 or more", n, intList(shape))
		}
	}
	return autograd.Resize(x, shape...)
}
