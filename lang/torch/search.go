package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// searchsorted and bucketize: insertion points of values in sorted
// sequences (torch functions only; PyTorch 1.13's Tensor has neither).

func defSearch() {
	lang.NewBuiltin(lang.AsFunc, "searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None)", "For each element of input (a tensor or a number), the index in the innermost dimension of sorted_sequence at which inserting it keeps that dimension sorted: the first such index, the last with right=True or side='right'. sorted_sequence is 1-D or has input's leading dimensions; sorter is the argsort of an unsorted sorted_sequence. int64, or int32 with out_int32=True.", func(a *lang.Args) (lang.Value, error) {
		seq, values, int32Out, right := tensorArg(a, "sorted_sequence"), a.TensorLike("input"), a.Bool("out_int32"), a.Bool("right")
		sorter := a.OptTensor("sorter")
		side := ""
		if !a.IsNone("side") {
			side = a.Str("side")
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		switch {
		case side != "" && side != "left" && side != "right":
			return nil, lang.Errorf(lang.RuntimeError, "torch.searchsorted(): side can only be 'left' or 'right' but got %s", side)
		case side == "left" && right:
			return nil, lang.Errorf(lang.RuntimeError, "torch.searchsorted(): side and right can't be set to opposites, got side of left while right was True")
		}
		return result(tensor.Searchsorted(seq, values, right || side == "right", sorter, int32Out))
	})
	lang.NewBuiltin(lang.AsFunc, "bucketize(input, boundaries, *, out_int32=False, right=False)", "For each element of input (a tensor or a number), the index of its bucket among the sorted 1-D boundaries: i such that boundaries[i-1] < x <= boundaries[i] (boundaries[i-1] <= x < boundaries[i] with right=True). int64, or int32 with out_int32=True.", func(a *lang.Args) (lang.Value, error) {
		values, bounds, int32Out, right := a.TensorLike("input"), tensorArg(a, "boundaries"), a.Bool("out_int32"), a.Bool("right")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(tensor.Bucketize(values, bounds, right, int32Out))
	})
}
