package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// index_put and index_put_: input[indices] = values (the store of
// x[i, j] = v through index tensors), or with accumulate=True
// input[indices] += values with repeated positions adding up, which the
// indexed store cannot express: it is a scatter_add over the flattened
// leading dimensions, recorded as IndexPutBackward0.

// indexPutArgs reads input, indices (a tuple or list of int64 or bool
// tensors), values and accumulate, and checks them as PyTorch does.
func indexPutArgs(a *lang.Args) (x *tensor.Tensor, idx []*tensor.Tensor, values *tensor.Tensor, acc bool, err error) {
	x, acc = tensorArg(a, "input"), a.Bool("accumulate")
	if err := a.Err(); err != nil {
		return nil, nil, nil, false, err
	}
	values = a.Tensor("values")
	var elems []lang.Value
	switch v := a.Value("indices").(type) {
	case lang.Tuple:
		elems = v
	case *lang.List:
		elems = v.Elems
	default:
		if a.Err() == nil {
			return nil, nil, nil, false, lang.Errorf(lang.TypeError, "index_put(): argument 'indices' (position 1) must be tuple of Tensors, not %s", lang.TypeName(v))
		}
	}
	if err := a.Err(); err != nil {
		return nil, nil, nil, false, err
	}
	for i, e := range elems {
		t, ok := e.(*tensor.Tensor)
		if !ok {
			return nil, nil, nil, false, lang.Errorf(lang.TypeError, "expected Tensor as element %d in argument 0, but got %s", i, lang.TypeName(e))
		}
		idx = append(idx, t)
	}
	if values.DType() != x.DType() {
		return nil, nil, nil, false, lang.Errorf(lang.RuntimeError, "Index put requires the source and destination dtypes match, got %s for the destination and %s for the source.", x.DType().ScalarTypeName(), values.DType().ScalarTypeName())
	}
	return x, idx, values, acc, nil
}

// putIndices are idx as the indexed store takes them.
func putIndices(idx []*tensor.Tensor) []tensor.Index {
	out := make([]tensor.Index, len(idx))
	for i, t := range idx {
		out[i] = tensor.IndexTensor(t)
	}
	return out
}

// checkMaskShape refuses a bool mask whose shape is not that of the
// indexed dimensions it covers, from dimension dim of xShape on, with
// PyTorch's IndexError.
func checkMaskShape(mask *tensor.Tensor, xShape []int, dim int) error {
	ms := mask.Shape()
	if dim+len(ms) > len(xShape) {
		return lang.Errorf(lang.IndexError, "too many indices for tensor of dimension %d (got %d)", len(xShape), dim+len(ms))
	}
	for i, n := range ms {
		if n != xShape[dim+i] {
			return lang.Errorf(lang.IndexError, "The shape of the mask %s at index %d does not match the shape of the indexed tensor %s at index %d", tensor.FormatShape(ms), i, tensor.FormatShape(xShape), dim+i)
		}
	}
	return nil
}

// accumulatePut returns x with values added at x[idx...], repeated
// positions adding up.
func accumulatePut(x, values *tensor.Tensor, idx []*tensor.Tensor) (*tensor.Tensor, error) {
	// One int64 tensor per indexed dimension (a bool mask gives one per
	// dimension it covers), broadcast together.
	var longs []*tensor.Tensor
	for _, t := range idx {
		d := t.DType()
		if d == tensor.Bool || d == tensor.Uint8 {
			if err := checkMaskShape(t, x.Shape(), len(longs)); err != nil {
				return nil, err
			}
			parts, err := tensor.NonzeroTuple(t)
			if err != nil {
				return nil, err
			}
			longs = append(longs, parts...)
			continue
		}
		if d != tensor.Int64 && d != tensor.Int32 {
			return nil, lang.Errorf(lang.IndexError, "tensors used as indices must be long, int, byte or bool tensors")
		}
		longs = append(longs, t)
	}
	shape := x.Shape()
	k := len(longs)
	if k > len(shape) {
		return nil, lang.Errorf(lang.IndexError, "too many indices for tensor of dimension %d (got %d)", len(shape), k)
	}
	shapes := make([][]int, k)
	for i, t := range longs {
		shapes[i] = t.Shape()
	}
	b, err := tensor.BroadcastShapes(shapes...)
	if err != nil {
		return nil, lang.Errorf(lang.IndexError, "shape mismatch: indexing tensors could not be broadcast together")
	}
	count := 1
	for _, s := range b {
		count *= s
	}
	lin := make([]int64, count)
	for d, t := range longs {
		e, err := t.Expand(b...)
		if err == nil {
			e, err = e.To(tensor.Int64)
		}
		if err != nil {
			return nil, err
		}
		vals, err := tensor.Values[int64](e)
		if err != nil {
			return nil, err
		}
		for p, v := range vals {
			if v < -int64(shape[d]) || v >= int64(shape[d]) {
				return nil, lang.Errorf(lang.IndexError, "index %d is out of bounds for dimension %d with size %d", v, d, shape[d])
			}
			if v < 0 {
				v += int64(shape[d])
			}
			lin[p] = lin[p]*int64(shape[d]) + v
		}
	}
	lead, rest := 1, 1
	for _, s := range shape[:k] {
		lead *= s
	}
	for _, s := range shape[k:] {
		rest *= s
	}
	linT, err := tensor.FromSlice(lin, count, 1)
	if err == nil {
		linT, err = linT.Expand(count, rest)
	}
	if err != nil {
		return nil, err
	}
	target := append(append([]int(nil), b...), shape[k:]...)
	return autograd.Composite("IndexPutBackward0", []*tensor.Tensor{x, values}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		v, err := autograd.Expand(in[1], target...)
		if err != nil {
			return nil, lang.Errorf(lang.RuntimeError, "shape mismatch: value tensor of shape %s cannot be broadcast to indexing result of shape %s", sizeList(values.Shape()), sizeList(target))
		}
		if v, err = autograd.Reshape(v, count, rest); err != nil {
			return nil, err
		}
		flat, err := autograd.Reshape(in[0], lead, rest)
		if err != nil {
			return nil, err
		}
		if flat, err = autograd.ScatterAdd(flat, 0, linT, v); err != nil {
			return nil, err
		}
		return autograd.Reshape(flat, shape...)
	})
}

func defIndexPut() {
	sig := "(input, indices, values, accumulate=False)"
	lang.NewBuiltin(lang.AsBoth, "index_put"+sig, "A copy of input with values written at input[indices] (indices a tuple of int64 or bool tensors, one per leading dimension); with accumulate=True, added there instead, repeated positions adding up.", func(a *lang.Args) (lang.Value, error) {
		x, idx, values, acc, err := indexPutArgs(a)
		if err != nil {
			return nil, err
		}
		if acc {
			return result(accumulatePut(x, values, idx))
		}
		out, err := autograd.Clone(x)
		if err == nil {
			err = autograd.IndexPut(out, putIndices(idx), values)
		}
		return result(out, err)
	})
	lang.NewBuiltin(lang.AsBoth, "index_put_"+sig, "In place: input[indices] = values (added, repeated positions adding up, with accumulate=True); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, idx, values, acc, err := indexPutArgs(a)
		if err != nil {
			return nil, err
		}
		if acc {
			return inPlace(x, autograd.Rewrite(x, "index_put_", func(t *tensor.Tensor) (*tensor.Tensor, error) {
				return accumulatePut(t, values, idx)
			}, values))
		}
		if err := checkOverwrite(x, "index_put_"); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.IndexPut(x, putIndices(idx), values))
	})
}
