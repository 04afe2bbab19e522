package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Joining, splitting and masking (autograd/join.go, tensor/join.go,
// tensor/where.go): cat, stack, split, chunk, flip, tril, triu, where,
// masked_fill.

func defJoining() {
	for _, op := range []struct {
		name string
		f    func(x *tensor.Tensor, diagonal int) (*tensor.Tensor, error)
		doc  string
	}{
		{"tril", autograd.Tril, "The lower triangle of the matrices in input (the elements on and below the diagonal-th diagonal), zeros elsewhere."},
		{"triu", autograd.Triu, "The upper triangle of the matrices in input (the elements on and above the diagonal-th diagonal), zeros elsewhere."},
	} {
		defWithInt(lang.AsBoth, op.name+"(input, diagonal=0)", op.doc, op.f)
		lang.NewBuiltin(lang.AsMethod, op.name+"_(input, diagonal=0)", "In place: input = "+op.name+"(input, diagonal); returns input.", func(a *lang.Args) (lang.Value, error) {
			x, diagonal := tensorArg(a, "input"), a.Int("diagonal")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return inPlace(x, autograd.Rewrite(x, op.name+"_", func(old *tensor.Tensor) (*tensor.Tensor, error) {
				return op.f(old, diagonal)
			}))
		})
	}
	lang.NewBuiltin(lang.AsBoth, "masked_fill(input, mask, value)", "input with value (a number or a 0-d tensor) wherever the bool mask is true.", func(a *lang.Args) (lang.Value, error) {
		x, mask, v := tensorArg(a, "input"), a.Tensor("mask"), a.TensorLike("value")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.MaskedFill(x, mask, v))
	})
	lang.NewBuiltin(lang.AsFunc, "where(condition, input, other)", "input where the bool condition is true and other elsewhere, broadcasting all three; input and other may be numbers.", func(a *lang.Args) (lang.Value, error) {
		cond, x, y := a.Tensor("condition"), a.TensorLike("input"), a.TensorLike("other")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Where(cond, x, y))
	})
	for _, op := range []struct {
		name string
		f    func(ts []*tensor.Tensor, dim int) (*tensor.Tensor, error)
		doc  string
	}{
		{"cat", autograd.Cat, "The tensors joined along an existing dimension dim; dtypes are promoted."},
		{"stack", autograd.Stack, "The tensors, all of one shape, joined along a new dimension dim."},
	} {
		lang.NewBuiltin(lang.AsFunc, op.name+"(tensors, dim=0)", op.doc, func(a *lang.Args) (lang.Value, error) {
			ts, dim := tensorList(a, "tensors"), a.Int("dim")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(op.f(ts, dim))
		})
	}
	lang.NewBuiltin(lang.AsBoth, "split(tensor, split_size_or_sections, dim=0)", "A tuple of views of tensor along dim: pieces of split_size_or_sections elements (the last may be shorter), or of the sizes in a list.", func(a *lang.Args) (lang.Value, error) {
		x, dim := tensorArg(a, "tensor"), a.Int("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if sizes, ok := lang.IntSequence(a.Value("split_size_or_sections")); ok {
			return tensorTuple(autograd.SplitSizes(x, sizes, dim))
		}
		size := a.Int("split_size_or_sections")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return tensorTuple(autograd.Split(x, size, dim))
	})
	lang.NewBuiltin(lang.AsBoth, "chunk(input, chunks, dim=0)", "A tuple of at most chunks views of input along dim, of equal size except the last.", func(a *lang.Args) (lang.Value, error) {
		x, chunks, dim := tensorArg(a, "input"), a.Int("chunks"), a.Int("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return tensorTuple(autograd.Chunk(x, chunks, dim))
	})
	lang.NewBuiltin(lang.AsBoth, "flip(input, dims)", "A copy of input with the order of the elements reversed along dims (an int or a tuple).", func(a *lang.Args) (lang.Value, error) {
		x, dims := tensorArg(a, "input"), a.Ints("dims")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Flip(x, dims...))
	})
	lang.NewBuiltin(lang.AsBoth, "unbind(input, dim=0)", "The slices of input along dim, as a tuple of views, recorded for autograd as the outputs of one node (UnbindBackward0).", func(a *lang.Args) (lang.Value, error) {
		x, dim := a.Tensor("input"), a.Int("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		slices, err := autograd.Unbind(x, dim)
		if err != nil {
			return nil, err
		}
		out := make(lang.Tuple, len(slices))
		for i, t := range slices {
			out[i] = t
		}
		return out, nil
	})
}

// tensorList returns an argument that is a list or tuple of tensors.
func tensorList(a *lang.Args, name string) []*tensor.Tensor {
	return tensorListValue(a, name, a.Value(name))
}

// tensorTuple converts the parts of a split to a tuple.
func tensorTuple(parts []*tensor.Tensor, err error) (lang.Value, error) {
	if err != nil {
		return nil, err
	}
	out := make(lang.Tuple, len(parts))
	for i, p := range parts {
		out[i] = p
	}
	return out, nil
}
