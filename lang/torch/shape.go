package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Shape and index operations that copy: roll, repeat, repeat_interleave,
// scatter, scatter_add, diag, diagonal, trace, cross, and the in-place
// scatter_, scatter_add_ and masked_fill_.

func defShapeOps() {
	lang.NewBuiltin(lang.AsBoth, "roll(input, shifts, dims=None)", "input with its elements shifted by shifts along dims (ints or tuples), wrapping around; without dims, over the flattened input.", func(a *lang.Args) (lang.Value, error) {
		x, shifts, dims := tensorArg(a, "input"), a.Ints("shifts"), a.Ints("dims")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Roll(x, shifts, dims))
	})
	defShaped(lang.AsMethod, "repeat(input, *sizes)", "input tiled sizes[i] times along each dimension (more sizes than dims add leading dimensions): x.repeat(2, 1).", autograd.Repeat)
	lang.NewBuiltin(lang.AsBoth, "repeat_interleave(input, repeats=None, dim=None, *, output_size=None)", "Each element of input (each slice along dim) repeated repeats times (an int, or a tensor of one count per element); without dim over the flattened input. repeat_interleave(counts) alone gives i repeated counts[i] times.", func(a *lang.Args) (lang.Value, error) {
		x, dim := tensorArg(a, "input"), a.OptInt("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if a.IsNone("repeats") {
			return result(tensor.RepeatIndex(x))
		}
		repeats := a.TensorLike("repeats")
		if err := a.Err(); err != nil {
			return nil, err
		}
		out, err := autograd.RepeatInterleave(x, repeats, dim)
		if err != nil {
			return nil, err
		}
		if size := a.OptInt("output_size"); size != nil && (out.Dim() == 0 || *size != out.Shape()[dimOr0(dim, out.Dim())]) {
			return nil, lang.Errorf(lang.RuntimeError, "allocated size does not match required size")
		}
		return out, a.Err()
	})
	for _, op := range []struct {
		name string
		add  bool
		doc  string
	}{
		{"scatter", false, "A copy of input with src's elements (or value) written at the int64 positions index along dim: out[index[i][j]][j] = src[i][j] for dim 0."},
		{"scatter_add", true, "A copy of input with src's elements added at the int64 positions index along dim; repeated positions add up."},
	} {
		sig := op.name + "(input, dim, index, src=None, *, value=None, reduce=None)"
		if op.add {
			sig = op.name + "(input, dim, index, src)"
		}
		f := func(a *lang.Args) (x *tensor.Tensor, apply func(t *tensor.Tensor) (*tensor.Tensor, error), others []*tensor.Tensor, err error) {
			x, dim, index := tensorArg(a, "input"), a.Int("dim"), a.Tensor("index")
			src, err := scatterSource(a, op.add)
			if err != nil {
				return nil, nil, nil, err
			}
			if err := a.Err(); err != nil {
				return nil, nil, nil, err
			}
			return x, func(t *tensor.Tensor) (*tensor.Tensor, error) {
				if op.add {
					return autograd.ScatterAdd(t, dim, index, src)
				}
				return autograd.Scatter(t, dim, index, src)
			}, []*tensor.Tensor{src}, nil
		}
		lang.NewBuiltin(lang.AsBoth, sig, op.doc, func(a *lang.Args) (lang.Value, error) {
			x, apply, _, err := f(a)
			if err != nil {
				return nil, err
			}
			return result(apply(x))
		})
		lang.NewBuiltin(lang.AsMethod, op.name+"_"+sig[len(op.name):], "In place: input = "+op.name+"(input, ...); returns input.", func(a *lang.Args) (lang.Value, error) {
			x, apply, others, err := f(a)
			if err != nil {
				return nil, err
			}
			return inPlace(x, autograd.Rewrite(x, op.name+"_", apply, others...))
		})
	}
	lang.NewBuiltin(lang.AsMethod, "masked_fill_(input, mask, value)", "In place: writes value (a number or a 0-d tensor) wherever the bool mask is true; returns input.", func(a *lang.Args) (lang.Value, error) {
		x, mask, v := tensorArg(a, "input"), a.Tensor("mask"), a.TensorLike("value")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Rewrite(x, "masked_fill_", func(old *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.MaskedFill(old, mask, v)
		}, v))
	})
	lang.NewBuiltin(lang.AsBoth, "diag(input, diagonal=0)", "For a 1-D input, the square matrix with input on its diagonal-th diagonal; for a 2-D input, a copy of that diagonal.", func(a *lang.Args) (lang.Value, error) {
		x, k := tensorArg(a, "input"), a.Int("diagonal")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Diag(x, k))
	})
	lang.NewBuiltin(lang.AsBoth, "diagonal(input, offset=0, dim1=0, dim2=1)", "A view of the diagonal offset of input in the plane (dim1, dim2); those dims are replaced by a last one.", func(a *lang.Args) (lang.Value, error) {
		x, offset, d1, d2 := tensorArg(a, "input"), a.Int("offset"), a.Int("dim1"), a.Int("dim2")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Diagonal(x, offset, d1, d2))
	})
	defUnary(lang.AsBoth, "trace(input)", "The sum of the main diagonal of a matrix, as a 0-d tensor (int64 for integers).", autograd.Trace)
	lang.NewBuiltin(lang.AsBoth, "cross(input, other, dim=None)", "The cross product of the 3-vectors of input and other along dim (by default the first dimension of size 3); they broadcast.", func(a *lang.Args) (lang.Value, error) {
		x, y, dim := tensorArg(a, "input"), tensorArg(a, "other"), a.OptInt("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		d := 0
		if dim != nil {
			d = *dim
		} else {
			var err error
			if d, err = tensor.CrossDim(x, y); err != nil {
				return nil, err
			}
		}
		return result(autograd.Cross(x, y, d))
	})
}

// scatterSource returns the src of scatter: the src tensor or number, or
// value; reduce is refused.
func scatterSource(a *lang.Args, add bool) (*tensor.Tensor, error) {
	if add {
		return a.Tensor("src"), nil
	}
	if !a.IsNone("reduce") {
		return nil, lang.Errorf(lang.RuntimeError, "scatter(): reduce= is not supported by kael").
			WithHint("use scatter_add for sums")
	}
	switch {
	case !a.IsNone("src") && !a.IsNone("value"):
		return nil, lang.Errorf(lang.TypeError, "scatter(): give src or value, not both")
	case !a.IsNone("value"):
		return a.TensorLike("value"), nil
	case !a.IsNone("src"):
		return a.TensorLike("src"), nil
	}
	return nil, lang.Errorf(lang.TypeError, "scatter(): missing argument 'src' (a tensor or a number)")
}

// dimOr0 returns the normalised dim, or 0 for none.
func dimOr0(dim *int, ndim int) int {
	if dim == nil {
		return 0
	}
	d := *dim
	if d < 0 {
		d += ndim
	}
	return d
}
