package torch

import (
	"slices"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// index_add, index_copy and index_fill (and their in-place forms), which
// write along one dimension at the positions of a 1-D index, and
// masked_scatter. They are composed of scatter, scatter_add and indexed
// stores, so their numbers and gradients are PyTorch's; the grad_fn names
// are those of the parts (ScatterAddBackward0 where PyTorch shows
// IndexAddBackward0).

// alongIndex checks index (1-D int64, one position per slice of source
// along dim) and returns it expanded to source's shape: the index tensor
// scatter takes.
func alongIndex(op string, x *tensor.Tensor, dim int, index *tensor.Tensor, shape []int) (*tensor.Tensor, error) {
	if index.Dim() > 1 {
		switch op {
		case "index_add":
			return nil, lang.Errorf(lang.IndexError, "index_add_(): Index is supposed to be a vector, but got dim: %d with type: Long and size: %s", index.Dim(), sizeList(index.Shape()))
		case "index_copy":
			return nil, lang.Errorf(lang.IndexError, "index_copy_(): Index should have dimension 1 or 0 (got %d)", index.Dim())
		case "index_reduce":
			return nil, lang.Errorf(lang.IndexError, "index_reduce_(): Index is supposed to be a vector, but got dim: %d with type: Long and size: %s", index.Dim(), sizeList(index.Shape()))
		}
		return nil, lang.Errorf(lang.RuntimeError, "Index has to be a vector/scalar")
	}
	index, err := longIndex(op, index)
	if err != nil {
		return nil, err
	}
	n := index.Numel()
	if len(shape) != max(x.Dim(), 1) && !(len(shape) == 0 && x.Dim() == 0) {
		return nil, lang.Errorf(lang.IndexError, "%s_(): source and destination must have the same number of dimensions", op)
	}
	if len(shape) == 0 {
		shape = []int{1}
	}
	if shape[dim] != n {
		if op == "index_add" || op == "index_reduce" {
			return nil, lang.Errorf(lang.RuntimeError, "%s_(): Number of indices (%d) should be equal to source.size(dim): (%d), for dim: %d", op, n, shape[dim], dim)
		}
		return nil, lang.Errorf(lang.IndexError, "%s_(): Number of indices (%d) should be equal to source.size(dim) (%d)", op, n, shape[dim])
	}
	for i, s := range shape {
		if xs, _ := x.Size(i); i != dim && s != xs {
			return nil, lang.Errorf(lang.RuntimeError, "%s_(): source and self must have the same size along every dimension but dim %d", op, dim)
		}
	}
	view := slices.Repeat([]int{1}, len(shape))
	view[dim] = n
	idx, err := index.Reshape(view...)
	if err != nil {
		return nil, err
	}
	return idx.Expand(shape...)
}

// longIndex checks the dtype of the index of op as PyTorch does (int64, or
// int32 for index_add and index_reduce) and returns it as int64, the index
// scatter takes.
func longIndex(op string, index *tensor.Tensor) (*tensor.Tensor, error) {
	d := index.DType()
	switch {
	case d == tensor.Int64:
		return index, nil
	case op == "index_copy":
		return nil, lang.Errorf(lang.RuntimeError, "index_copy_(): Expected a long tensor for index, but got %s", legacyScalarName(d))
	case op == "index_fill":
		return nil, lang.Errorf(lang.IndexError, "index_fill_(): Expected dtype int64 for index.")
	case d != tensor.Int32:
		return nil, lang.Errorf(lang.RuntimeError, "%s_(): Expected dtype int32/int64 for index but got: %s", op, legacyScalarName(d))
	}
	return index.To(tensor.Int64)
}

// vectorSource is the source of an operation along an index on x: as
// given, or a 0-d source of a 0-d x as one element, since the operation
// runs on a 0-d x seen as one element (see asVector).
func vectorSource(x, source *tensor.Tensor) (*tensor.Tensor, error) {
	if x.Dim() == 0 && source.Dim() == 0 {
		return autograd.Reshape(source, 1)
	}
	return source, nil
}

// asVector runs apply, written for tensors with dimensions, on a 0-d
// tensor seen as a vector of one element, as PyTorch's index_add and
// relatives do, and gives a 0-d result.
func asVector(apply func(*tensor.Tensor) (*tensor.Tensor, error)) func(*tensor.Tensor) (*tensor.Tensor, error) {
	return func(t *tensor.Tensor) (*tensor.Tensor, error) {
		v, err := autograd.Reshape(t, 1)
		if err != nil {
			return nil, err
		}
		out, err := apply(v)
		if err != nil {
			return nil, err
		}
		return autograd.Reshape(out)
	}
}

// normDim returns dim counted from the front of a tensor of rank dims
// (a 0-d tensor has one).
func normDim(op string, dim, dims int) (int, error) {
	dims = max(dims, 1)
	if dim < -dims || dim >= dims {
		return 0, lang.Errorf(lang.IndexError, "Dimension out of range (expected to be in range of [%d, %d], but got %d)", -dims, dims-1, dim)
	}
	if dim < 0 {
		dim += dims
	}
	return dim, nil
}

// defIndexAlong defines name (out of place, also torch.name) and name_ (in
// place); build reads the arguments after input and returns the
// operation on a tensor and the other tensors it reads.
func defIndexAlong(name, sig, doc string, build func(a *lang.Args, x *tensor.Tensor) (func(t *tensor.Tensor) (*tensor.Tensor, error), []*tensor.Tensor, error)) {
	lang.NewBuiltin(lang.AsBoth, name+sig, doc, func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		apply, _, err := build(a, x)
		if err != nil {
			return nil, err
		}
		if x.Dim() == 0 {
			apply = asVector(apply)
		}
		return result(apply(x))
	})
	lang.NewBuiltin(lang.AsMethod, name+"_"+sig, "In place: input = "+name+"(input, ...); returns input.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		apply, others, err := build(a, x)
		if err != nil {
			return nil, err
		}
		if x.Dim() == 0 {
			apply = asVector(apply)
		}
		return inPlace(x, autograd.Rewrite(x, name+"_", apply, others...))
	})
}

func defIndexAlongOps() {
	defIndexAlong("index_add", "(input, dim, index, source, *, alpha=1)", "input with alpha times the slices of source added along dim at the positions of the 1-D index (repeated positions add up).", func(a *lang.Args, x *tensor.Tensor) (func(*tensor.Tensor) (*tensor.Tensor, error), []*tensor.Tensor, error) {
		dim, index, source, alpha := a.Int("dim"), a.Tensor("index"), a.Tensor("source"), a.TensorLike("alpha")
		if err := a.Err(); err != nil {
			return nil, nil, err
		}
		dim, err := normDim("index_add", dim, x.Dim())
		if err != nil {
			return nil, nil, err
		}
		idx, err := alongIndex("index_add", x, dim, index, source.Shape())
		if err != nil {
			return nil, nil, err
		}
		src, err := vectorSource(x, source)
		if err != nil {
			return nil, nil, err
		}
		if v, _ := alpha.Item(); v != int64(1) && v != float64(1) {
			if src, err = autograd.MulOp.Apply(src, alpha); err != nil {
				return nil, nil, err
			}
		}
		return func(t *tensor.Tensor) (*tensor.Tensor, error) { return autograd.ScatterAdd(t, dim, idx, src) }, []*tensor.Tensor{src}, nil
	})
	defIndexAlong("index_copy", "(input, dim, index, source)", "input with the slices of source written along dim at the positions of the 1-D index.", func(a *lang.Args, x *tensor.Tensor) (func(*tensor.Tensor) (*tensor.Tensor, error), []*tensor.Tensor, error) {
		dim, index, source := a.Int("dim"), a.Tensor("index"), a.Tensor("source")
		if err := a.Err(); err != nil {
			return nil, nil, err
		}
		dim, err := normDim("index_copy", dim, x.Dim())
		if err != nil {
			return nil, nil, err
		}
		idx, err := alongIndex("index_copy", x, dim, index, source.Shape())
		if err != nil {
			return nil, nil, err
		}
		src, err := vectorSource(x, source)
		if err != nil {
			return nil, nil, err
		}
		return func(t *tensor.Tensor) (*tensor.Tensor, error) { return autograd.Scatter(t, dim, idx, src) }, []*tensor.Tensor{src}, nil
	})
	defIndexAlong("index_fill", "(input, dim, index, value)", "input with value (a number or a 0-d tensor) written into the slices along dim at the positions of the 1-D index.", func(a *lang.Args, x *tensor.Tensor) (func(*tensor.Tensor) (*tensor.Tensor, error), []*tensor.Tensor, error) {
		dim, index, value := a.Int("dim"), a.Tensor("index"), a.TensorLike("value")
		if err := a.Err(); err != nil {
			return nil, nil, err
		}
		if value.Dim() != 0 {
			return nil, nil, lang.Errorf(lang.RuntimeError, "index_fill_ only supports a 0-dimensional value tensor, but got tensor with %d dimension(s).", value.Dim())
		}
		dim, err := normDim("index_fill", dim, x.Dim())
		if err != nil {
			return nil, nil, err
		}
		shape := x.Shape()
		if len(shape) > 0 {
			shape[dim] = index.Numel()
		}
		idx, err := alongIndex("index_fill", x, dim, index, shape)
		if err != nil {
			return nil, nil, err
		}
		v, err := autograd.To(value, x.DType())
		if err != nil {
			return nil, nil, err
		}
		src, err := autograd.Expand(v, idx.Shape()...)
		if err != nil {
			return nil, nil, err
		}
		return func(t *tensor.Tensor) (*tensor.Tensor, error) { return autograd.Scatter(t, dim, idx, src) }, []*tensor.Tensor{src}, nil
	})
	defIndexAlong("masked_scatter", "(input, mask, source)", "input with the elements of source, in order, written where the bool mask (broadcast to input) is true.", func(a *lang.Args, x *tensor.Tensor) (func(*tensor.Tensor) (*tensor.Tensor, error), []*tensor.Tensor, error) {
		mask, source := a.Tensor("mask"), a.Tensor("source")
		if err := a.Err(); err != nil {
			return nil, nil, err
		}
		if mask.DType() != tensor.Bool {
			return nil, nil, lang.Errorf(lang.RuntimeError, "masked_scatter_ only supports boolean masks, but got mask with dtype %s", mask.DType())
		}
		if source.DType() != x.DType() {
			return nil, nil, lang.Errorf(lang.RuntimeError, "masked_scatter: expected self and source to have same dtypes but got %s and %s", x.DType(), source.DType())
		}
		m, err := mask.Expand(x.Shape()...)
		if err != nil {
			return nil, nil, lang.Errorf(lang.RuntimeError, "masked_scatter: the mask of shape %s does not broadcast to input's shape %s", sizeList(mask.Shape()), sizeList(x.Shape()))
		}
		count, err := tensor.Sum(m, nil, false)
		if err != nil {
			return nil, nil, err
		}
		nv, _ := count.Item()
		n := int(nv.(int64))
		if n > source.Numel() {
			return nil, nil, lang.Errorf(lang.RuntimeError, "masked_scatter: expected source to have at least %d elements, but got %d", n, source.Numel())
		}
		flat, err := autograd.Reshape(source, -1)
		if err == nil {
			flat, err = autograd.Narrow(flat, 0, 0, n)
		}
		if err != nil {
			return nil, nil, err
		}
		return func(t *tensor.Tensor) (*tensor.Tensor, error) {
			out, err := autograd.Clone(t)
			if err == nil {
				err = autograd.IndexPut(out, []tensor.Index{tensor.IndexTensor(m)}, flat)
			}
			return out, err
		}, []*tensor.Tensor{flat}, nil
	})
}

// sizeList writes a shape as PyTorch's messages do: [1, 1].
func sizeList(shape []int) string {
	return lang.Repr(&lang.List{Elems: intsToValues(shape)})
}

// legacyScalarName is a dtype's name in ATen's messages: Float, Long, ...
func legacyScalarName(d tensor.DType) string {
	name := tensorTypeNames[d]
	name = strings.TrimPrefix(name, "torch.")
	return strings.TrimSuffix(name, "Tensor")
}
