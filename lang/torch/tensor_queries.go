package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The questions about a tensor PyTorch asks with functions: is_nonzero,
// is_same_size, isreal, is_conj, is_neg, get_device, and their no-op
// companions resolve_conj and resolve_neg (kael's conj copies, so no
// tensor carries a lazy conjugate or negative bit).

func defTensorQueries() {
	lang.NewBuiltin(lang.AsBoth, "is_nonzero(input)", "Whether the single element of input is non-zero; input must have exactly one element.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		switch x.Numel() {
		case 0:
			return nil, lang.Errorf(lang.RuntimeError, "Boolean value of Tensor with no values is ambiguous")
		case 1:
		default:
			return nil, lang.Errorf(lang.RuntimeError, "Boolean value of Tensor with more than one value is ambiguous")
		}
		nz, err := tensor.Ne(x.Detach(), tensor.MustScalar(int64(0)))
		if err != nil {
			return nil, err
		}
		v, err := nz.Float64s()
		if err != nil {
			return nil, err
		}
		return v[0] != 0, nil
	})
	lang.NewBuiltin(lang.AsBoth, "is_same_size(input, other)", "Whether input and other have the same shape.", func(a *lang.Args) (lang.Value, error) {
		x, y := tensorArg(a, "input"), tensorArg(a, "other")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return slicesEqual(x.Shape(), y.Shape()), nil
	})
	defUnary(lang.AsBoth, "isreal(input)", "Whether each element is real (a complex one with imaginary part 0), as a bool tensor; true everywhere for real dtypes.", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		if !x.DType().IsComplex() {
			return tensor.Full(1, tensor.Bool, x.Shape()...)
		}
		pairs, err := tensor.ViewAsReal(x.Detach())
		if err != nil {
			return nil, err
		}
		im, err := pairs.Select(pairs.Dim()-1, 1)
		if err != nil {
			return nil, err
		}
		return tensor.Eq(im, tensor.MustScalar(0.0))
	})
	for _, q := range []string{"is_conj", "is_neg"} {
		lang.NewBuiltin(lang.AsBoth, q+"(input)", "False: kael's conj and neg compute new values, so no tensor carries PyTorch's lazy "+map[string]string{"is_conj": "conjugate", "is_neg": "negative"}[q]+" bit.", func(a *lang.Args) (lang.Value, error) {
			tensorArg(a, "input")
			return false, a.Err()
		})
	}
	for _, r := range []string{"resolve_conj", "resolve_neg"} {
		defUnary(lang.AsBoth, r+"(input)", "input itself: no kael tensor has a lazy bit to resolve (see is_conj and is_neg).", func(x *tensor.Tensor) (*tensor.Tensor, error) {
			return x, nil
		})
	}
	lang.NewBuiltin(lang.AsBoth, "get_device(input)", "The index of input's device: -1 for the CPU, where kael's tensors live.", func(a *lang.Args) (lang.Value, error) {
		tensorArg(a, "input")
		return int64(-1), a.Err()
	})
	lang.NewBuiltin(lang.AsMethod, "sum_to_size(input, *size)", "input summed down to size, a shape input broadcasts to (the dimensions broadcast from 1 are summed, keeping size 1; leading ones are summed away).", func(a *lang.Args) (lang.Value, error) {
		x, size := tensorArg(a, "input"), a.Shape("size")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(sumToSize(x, size))
	})
	lang.NewBuiltin(lang.AsMethod, "where(input, condition, other)", "torch.where(condition, input, other): input where condition is true, other (a tensor, as in PyTorch 1.13) elsewhere.", func(a *lang.Args) (lang.Value, error) {
		x, cond, y := tensorArg(a, "input"), a.Tensor("condition"), a.Tensor("other")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Where(cond, x, y))
	})
}

// slicesEqual reports whether two shapes are equal.
func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sumToSize sums x down to size, as PyTorch's sum_to_size.
func sumToSize(x *tensor.Tensor, size []int) (*tensor.Tensor, error) {
	xs := x.Shape()
	if len(size) > len(xs) {
		return nil, lang.Errorf(lang.RuntimeError, "size {%s} is not expandable to size {%s}.", joinInts(size), joinInts(xs))
	}
	lead := len(xs) - len(size)
	var dims []int
	for i := range xs {
		if i < lead {
			dims = append(dims, i)
			continue
		}
		s := size[i-lead]
		switch {
		case s == xs[i]:
		case s == 1:
			dims = append(dims, i)
		default:
			return nil, lang.Errorf(lang.RuntimeError, "size {%s} is not expandable to size {%s}.", joinInts(size), joinInts(xs))
		}
	}
	if len(dims) == 0 {
		return x, nil
	}
	s, err := autograd.Sum(x, dims, true)
	if err != nil {
		return nil, err
	}
	return autograd.View(s, size...)
}

// joinInts writes ints as PyTorch's size messages do: 2, 3.
func joinInts(xs []int) string {
	t := listText(xs)
	return t[1 : len(t)-1]
}
