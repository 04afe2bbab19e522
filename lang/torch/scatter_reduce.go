package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// scatter_reduce and index_reduce (and their in-place forms): scatter
// with a reduction, autograd.ScatterReduce and autograd.IndexReduce.

func defScatterReduce() {
	sig := "(input, dim, index, src, reduce, *, include_self=True)"
	build := func(a *lang.Args) (x *tensor.Tensor, apply func(t *tensor.Tensor) (*tensor.Tensor, error), others []*tensor.Tensor, err error) {
		x, dim, index, src, reduce, self := tensorArg(a, "input"), a.Int("dim"), a.Tensor("index"), a.Tensor("src"), a.Str("reduce"), a.Bool("include_self")
		if err := a.Err(); err != nil {
			return nil, nil, nil, err
		}
		return x, func(t *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.ScatterReduce(t, dim, index, src, reduce, self)
		}, []*tensor.Tensor{src}, nil
	}
	lang.NewBuiltin(lang.AsBoth, "scatter_reduce"+sig, "A copy of input with src's elements reduced into the positions index names along dim: reduce is 'sum', 'prod', 'mean', 'amax' or 'amin'; with include_self=False input's own value takes no part where something is scattered. An integer mean rounds down.", func(a *lang.Args) (lang.Value, error) {
		x, apply, _, err := build(a)
		if err != nil {
			return nil, err
		}
		return result(apply(x))
	})
	lang.NewBuiltin(lang.AsMethod, "scatter_reduce_"+sig, "In place: input = scatter_reduce(input, ...); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, apply, others, err := build(a)
		if err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Rewrite(x, "scatter_reduce_", apply, others...))
	})
	defIndexAlong("index_reduce", "(input, dim, index, source, reduce, *, include_self=True)", "input with the slices of source reduced into the slices along dim at the positions of the 1-D index: reduce is 'prod', 'mean', 'amax' or 'amin'; with include_self=False input's own slice takes no part where something is reduced into it.", func(a *lang.Args, x *tensor.Tensor) (func(*tensor.Tensor) (*tensor.Tensor, error), []*tensor.Tensor, error) {
		dim, index, source, reduce, self := a.Int("dim"), a.Tensor("index"), a.Tensor("source"), a.Str("reduce"), a.Bool("include_self")
		if err := a.Err(); err != nil {
			return nil, nil, err
		}
		switch reduce {
		case "prod", "mean", "amax", "amin":
		default:
			return nil, nil, lang.Errorf(lang.RuntimeError, "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got %s.", reduce)
		}
		dim, err := normDim("index_reduce", dim, x.Dim())
		if err != nil {
			return nil, nil, err
		}
		if index, err = longIndex("index_reduce", index); err != nil {
			return nil, nil, err
		}
		idx, err := alongIndex("index_reduce", x, dim, index, source.Shape())
		if err != nil {
			return nil, nil, err
		}
		src, err := vectorSource(x, source)
		if err != nil {
			return nil, nil, err
		}
		size := 1
		if x.Dim() > 0 {
			size = x.Shape()[dim]
		}
		if vals, err := tensor.Values[int64](index); err == nil {
			for _, i := range vals {
				if i < 0 || i >= int64(size) {
					return nil, nil, lang.Errorf(lang.IndexError, "index out of range in self")
				}
			}
		}
		return func(t *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.IndexReduce(t, dim, idx, src, reduce, self)
		}, []*tensor.Tensor{src}, nil
	})
}
