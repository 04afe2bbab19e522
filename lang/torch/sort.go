package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Sorting, selection and counting: sort, argsort, topk, kthvalue, median,
// mode, unique, nonzero, bincount, histc. Those returning values and
// indices give PyTorch's named tuple (values, indices) (see NamedTuple).

func defSort() {
	lang.NewBuiltin(lang.AsBoth, "sort(input, dim=-1, descending=False, stable=False)", "A named tuple (values, indices): input sorted along dim, and where each value was. NaN sorts above every number; equal values keep their order (every sort is stable).", func(a *lang.Args) (lang.Value, error) {
		x, dim, desc := tensorArg(a, "input"), a.Int("dim"), a.Bool("descending")
		a.Bool("stable")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return pairOf(returnSort)(autograd.Sort(x, dim, desc))
	})
	lang.NewBuiltin(lang.AsBoth, "argsort(input, dim=-1, descending=False, stable=False)", "The int64 positions that sort input along dim (sort's indices).", func(a *lang.Args) (lang.Value, error) {
		x, dim, desc := tensorArg(a, "input"), a.Int("dim"), a.Bool("descending")
		a.Bool("stable")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(tensor.Argsort(x, dim, desc))
	})
	lang.NewBuiltin(lang.AsBoth, "topk(input, k, dim=-1, largest=True, sorted=True)", "A named tuple (values, indices) of the k largest elements along dim (smallest with largest=False), largest first.", func(a *lang.Args) (lang.Value, error) {
		x, k, dim, largest := tensorArg(a, "input"), a.Int("k"), a.Int("dim"), a.Bool("largest")
		a.Bool("sorted")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return pairOf(returnTopk)(autograd.Topk(x, k, dim, largest))
	})
	lang.NewBuiltin(lang.AsBoth, "kthvalue(input, k, dim=-1, keepdim=False)", "A named tuple (values, indices) of the k-th smallest element along dim (k counts from 1).", func(a *lang.Args) (lang.Value, error) {
		x, k, dim, keep := tensorArg(a, "input"), a.Int("k"), a.Int("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return pairOf(returnKthvalue)(autograd.Kthvalue(x, k, dim, keep))
	})
	lang.NewBuiltin(lang.AsBoth, "median(input, dim=None, keepdim=False)", "The lower median of all elements as a 0-d tensor, its gradient shared by the elements equal to it; with dim, a named tuple (values, indices) along dim. NaN wins.", func(a *lang.Args) (lang.Value, error) {
		x, dim, keep := tensorArg(a, "input"), a.OptInt("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if dim == nil {
			return result(autograd.Median(x))
		}
		return pairOf(returnMedian)(autograd.MedianDim(x, *dim, keep))
	})
	lang.NewBuiltin(lang.AsBoth, "nanmedian(input, dim=None, keepdim=False)", "median ignoring NaNs: the lower median of the non-NaN elements as a 0-d tensor (NaN when all are NaN), its gradient shared by the elements equal to it; with dim, a named tuple (values, indices) along dim. A line of NaNs only gives NaN at its first NaN's position (PyTorch's position there is not defined by the data).", func(a *lang.Args) (lang.Value, error) {
		x, dim, keep := tensorArg(a, "input"), a.OptInt("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if dim == nil {
			return result(autograd.Nanmedian(x))
		}
		return pairOf(returnNanmedian)(autograd.NanmedianDim(x, *dim, keep))
	})
	lang.NewBuiltin(lang.AsBoth, "mode(input, dim=-1, keepdim=False)", "A named tuple (values, indices): the most frequent value along dim (the smallest of equally frequent ones) and its last position.", func(a *lang.Args) (lang.Value, error) {
		x, dim, keep := tensorArg(a, "input"), a.Int("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return pairOf(returnMode)(autograd.Mode(x, dim, keep))
	})
	lang.NewBuiltin(lang.AsBoth, "unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None)", "The distinct elements of input, sorted (the distinct slices along dim when given); with return_inverse and return_counts, a tuple adding each element's position among them and how often each occurs.", func(a *lang.Args) (lang.Value, error) {
		x, inv, counts, dim := tensorArg(a, "input"), a.Bool("return_inverse"), a.Bool("return_counts"), a.OptInt("dim")
		a.Bool("sorted")
		if err := a.Err(); err != nil {
			return nil, err
		}
		var values, inverse, count *tensor.Tensor
		var err error
		if dim == nil {
			values, inverse, count, err = tensor.Unique(x, inv, counts)
			values = autograd.NoDerivative("Unique2Backward0", "_unique2", x, values)
		} else {
			values, inverse, count, err = tensor.UniqueDim(x, *dim, inv, counts)
			values = autograd.NoDerivative("UniqueDimBackward0", "unique_dim", x, values)
		}
		return uniqueTuple(values, inverse, count, err)
	})
	lang.NewBuiltin(lang.AsBoth, "unique_consecutive(input, return_inverse=False, return_counts=False, dim=None)", "input with each run of equal consecutive elements kept once (of equal consecutive slices along dim when given): unique_consecutive(tensor([1, 1, 2, 1])) is tensor([1, 2, 1]). With return_inverse and return_counts, a tuple adding each element's position among them and each run's length.", func(a *lang.Args) (lang.Value, error) {
		x, inv, counts, dim := tensorArg(a, "input"), a.Bool("return_inverse"), a.Bool("return_counts"), a.OptInt("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		values, inverse, count, err := tensor.UniqueConsecutive(x, dim, inv, counts)
		values = autograd.NoDerivative("UniqueConsecutiveBackward0", "unique_consecutive", x, values)
		return uniqueTuple(values, inverse, count, err)
	})
	lang.NewBuiltin(lang.AsBoth, "nonzero(input, *, as_tuple=False)", "The coordinates of the non-zero elements as an int64 tensor [count, input.ndim]; with as_tuple=True, a tuple of one vector per dimension (usable as an index).", func(a *lang.Args) (lang.Value, error) {
		x, asTuple := tensorArg(a, "input"), a.Bool("as_tuple")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if asTuple {
			return tensorTuple(tensor.NonzeroTuple(x))
		}
		return result(tensor.Nonzero(x))
	})
	lang.NewBuiltin(lang.AsBoth, "bincount(input, weights=None, minlength=0)", "How often each value occurs in the 1-D non-negative int64 input (max(input)+1 entries, at least minlength); with weights, the sum of their weights.", func(a *lang.Args) (lang.Value, error) {
		x, w, minlength := tensorArg(a, "input"), a.OptTensor("weights"), a.Int("minlength")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(tensor.Bincount(x, w, minlength))
	})
	lang.NewBuiltin(lang.AsBoth, "histc(input, bins=100, min=0, max=0)", "A histogram of the floating input: counts in bins equal bins over [min, max] (the range of input's elements when both are 0); elements outside are left out.", func(a *lang.Args) (lang.Value, error) {
		x, bins, lo, hi := tensorArg(a, "input"), a.Int("bins"), a.Float("min"), a.Float("max")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(tensor.Histc(x, bins, lo, hi))
	})
}

// uniqueTuple is what unique and unique_consecutive return: the values
// alone, or a tuple adding the inverse and the counts that were asked for
// (non-nil).
func uniqueTuple(values, inverse, counts *tensor.Tensor, err error) (lang.Value, error) {
	if err != nil {
		return nil, err
	}
	if inverse == nil && counts == nil {
		return values, nil
	}
	out := lang.Tuple{values}
	if inverse != nil {
		out = append(out, inverse)
	}
	if counts != nil {
		out = append(out, counts)
	}
	return out, nil
}
