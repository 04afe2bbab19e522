package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.put and Tensor.put_ (autograd.Put): source's elements written at
// flat positions of input.

func defPut() {
	const sig = "(input, index, source, accumulate=False)"
	lang.NewBuiltin(lang.AsBoth, "put"+sig, "A copy of input with source's elements written at the positions index of input counted in row-major order (negative ones from the end); with accumulate=True they are added there, repeated positions adding up. index and source have as many elements.", func(a *lang.Args) (lang.Value, error) {
		x, index, source, acc, err := putArgs(a)
		if err != nil {
			return nil, err
		}
		return result(autograd.Put(x, index, source, acc))
	})
	lang.NewBuiltin(lang.AsMethod, "put_"+sig, "In place: writes source's elements at the positions index of input counted in row-major order (added, with accumulate=True); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, index, source, acc, err := putArgs(a)
		if err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Rewrite(x, "put_", func(old *tensor.Tensor) (*tensor.Tensor, error) {
			return autograd.Put(old, index, source, acc)
		}, source))
	})
}

// putArgs reads and checks put's arguments as PyTorch does, and returns
// index with its negative positions counted from the end.
func putArgs(a *lang.Args) (x, index, source *tensor.Tensor, acc bool, err error) {
	x, index, source, acc = tensorArg(a, "input"), tensorArg(a, "index"), tensorArg(a, "source"), a.Bool("accumulate")
	if err := a.Err(); err != nil {
		return nil, nil, nil, false, err
	}
	switch {
	case index.DType() != tensor.Int64:
		return nil, nil, nil, false, lang.Errorf(lang.RuntimeError, "put_(): Expected a long tensor for index, but got %s", index.DType().ScalarTypeName())
	case x.DType() != source.DType():
		return nil, nil, nil, false, lang.Errorf(lang.RuntimeError, "put_(): self and source expected to have the same dtype, but got self.dtype = %s and source.dtype = %s", x.DType().ScalarTypeName(), source.DType().ScalarTypeName()).
			WithHint("convert source first: source.to(input.dtype)")
	case index.Numel() != source.Numel():
		return nil, nil, nil, false, lang.Errorf(lang.IndexError, "put_(): Expected source and index to have the same number of elements, but got source.numel() = %d, index.numel() = %d", source.Numel(), index.Numel())
	}
	flat, err := flatPositions(x, index)
	if err != nil {
		return nil, nil, nil, false, err
	}
	index, err = tensor.FromSlice(flat, index.Shape()...)
	return x, index, source, acc, err
}
