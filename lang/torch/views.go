package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The views and copies (autograd/views.go, tensor/views.go): view, reshape,
// permute, transpose, squeeze, contiguous, clone, detach, ...

func defViews() {
	defShaped(lang.AsMethod, "view(input, *size)", "A view of input with a new shape sharing its elements: x.view(2, 3), x.view(-1) (-1 is inferred). Fails when the strides do not allow it; reshape copies then.", autograd.View)
	defShaped(lang.AsBoth, "reshape(input, *shape)", "input with a new shape: a view when possible, else a copy; one size may be -1.", autograd.Reshape)
	defShaped(lang.AsBoth, "permute(input, *dims)", "A view of input with its dimensions in the given order: x.permute(2, 0, 1).", autograd.Permute)
	defShaped(lang.AsMethod, "expand(input, *sizes)", "A view of input with size-1 dimensions repeated to the given sizes, without copying; -1 keeps a size.", autograd.Expand)
	lang.NewBuiltin(lang.AsBoth, "broadcast_to(input, size)", "A view of input broadcast to size, like expand.", func(a *lang.Args) (lang.Value, error) {
		x, shape := tensorArg(a, "input"), a.Ints("size")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.BroadcastTo(x, shape...))
	})
	lang.NewBuiltin(lang.AsBoth, "flatten(input, start_dim=0, end_dim=-1)", "input with dimensions start_dim..end_dim merged into one (a view when possible).", func(a *lang.Args) (lang.Value, error) {
		x, start, end := tensorArg(a, "input"), a.Int("start_dim"), a.Int("end_dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		shape, err := tensor.FlattenShape(x.Shape(), start, end)
		if err != nil || x.Dim() > 0 && len(shape) == x.Dim() {
			return result(x, err) // start_dim == end_dim: x itself, as in PyTorch
		}
		return result(autograd.Reshape(x, shape...))
	})
	lang.NewBuiltin(lang.AsBoth, "squeeze(input, dim=None)", "A view of input without its size-1 dimensions (only those in dim, an int or a tuple, when given).", func(a *lang.Args) (lang.Value, error) {
		x, dims := tensorArg(a, "input"), a.Ints("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Squeeze(x, dims...))
	})
	defWithInt(lang.AsBoth, "unsqueeze(input, dim)", "A view of input with a size-1 dimension inserted at dim.", autograd.Unsqueeze)
	lang.NewBuiltin(lang.AsBoth, "transpose(input, dim0, dim1)", "A view of input with dimensions dim0 and dim1 swapped.", func(a *lang.Args) (lang.Value, error) {
		x, d0, d1 := tensorArg(a, "input"), a.Int("dim0"), a.Int("dim1")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Transpose(x, d0, d1))
	})
	defUnary(lang.AsBoth, "t(input)", "The transpose of a matrix (a view); 0-d and 1-d tensors come back as they are.", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		if x.Dim() > 2 {
			return nil, lang.Errorf(lang.RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is %dD", x.Dim()).
				WithHint("use x.transpose(dim0, dim1) or x.permute(...) for more dimensions")
		}
		return autograd.T(x), nil
	})
	lang.NewBuiltin(lang.AsBoth, "narrow(input, dim, start, length)", "A view of length elements of input along dim, from start.", func(a *lang.Args) (lang.Value, error) {
		x, dim, start, length := tensorArg(a, "input"), a.Int("dim"), a.Int("start"), a.Int("length")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Narrow(x, dim, start, length))
	})
	lang.NewBuiltin(lang.AsBoth, "select(input, dim, index)", "A view of input at index along dim, without that dimension: x.select(0, i) is x[i].", func(a *lang.Args) (lang.Value, error) {
		x, dim, index := tensorArg(a, "input"), a.Int("dim"), a.Int("index")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Select(x, dim, index))
	})
	lang.NewBuiltin(lang.AsMethod, "_is_view(input)", "True when input is a view of another tensor (its _base).", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return x.Base() != nil, nil
	})
	defUnary(lang.AsBoth, "detach(input)", "input cut from the autograd graph: shares its elements and does not require grad.", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		return autograd.Detach(x), nil
	})
}

// defShaped defines a view taking a variadic shape or dimension list, given
// as separate ints or as one tuple or list.
func defShaped(kind lang.BuiltinKind, sig, doc string, f func(x *tensor.Tensor, shape ...int) (*tensor.Tensor, error)) {
	b := lang.NewBuiltin(kind, sig, doc, nil)
	names := b.ParamNames()
	variadic := names[len(names)-1]
	b.SetFn(func(a *lang.Args) (lang.Value, error) {
		x, shape := tensorArg(a, "input"), a.Shape(variadic)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(f(x, shape...))
	})
}
