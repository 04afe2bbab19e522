package autograd

import (
	"math"

	"github.com/kael-dev/kael/tensor"
)

// Sorting and selection: the values are read from the input at the
// positions the operation returns, so their gradient is g added back at
// those positions (recordGather), as PyTorch's SortBackward0 & co.

// alongIndices returns the read of values at indices along dim; keepdim
// false means the indices lack dim.
func alongIndices(dim int, keepdim bool, indices *tensor.Tensor) func(t *tensor.Tensor) (*tensor.Tensor, error) {
	return func(t *tensor.Tensor) (*tensor.Tensor, error) {
		if t.Dim() == 0 {
			return t.Clone()
		}
		idx := indices
		if !keepdim {
			var err error
			if idx, err = indices.Unsqueeze(dim); err != nil {
				return nil, err
			}
		}
		out, err := tensor.Gather(t, dim, idx)
		if err != nil || keepdim {
			return out, err
		}
		return out.Squeeze(dim)
	}
}

// recordSelection records values, read from x at indices along dim.
func recordSelection(name string, x, values, indices *tensor.Tensor, dim int, keepdim bool) (*tensor.Tensor, *tensor.Tensor) {
	if !track(values, x) {
		return values, indices
	}
	return recordGather(name, x, values, alongIndices(dim, keepdim, indices), indices), indices
}

func selection(name string, x *tensor.Tensor, dim int, keepdim bool, values, indices *tensor.Tensor, err error) (*tensor.Tensor, *tensor.Tensor, error) {
	if err != nil {
		return nil, nil, err
	}
	values, indices = recordSelection(name, x, values, indices, dim, keepdim)
	return values, indices, nil
}

// Sort returns x sorted along dim and the positions of the sorted elements.
func Sort(x *tensor.Tensor, dim int, descending bool) (values, indices *tensor.Tensor, err error) {
	values, indices, err = tensor.Sort(x, dim, descending)
	return selection("SortBackward0", x, dim, true, values, indices, err)
}

// Topk returns the k largest (or smallest) elements along dim and their
// positions.
func Topk(x *tensor.Tensor, k, dim int, largest bool) (values, indices *tensor.Tensor, err error) {
	values, indices, err = tensor.Topk(x, k, dim, largest)
	return selection("TopkBackward0", x, dim, true, values, indices, err)
}

// Kthvalue returns the k-th smallest element along dim and its position.
func Kthvalue(x *tensor.Tensor, k, dim int, keepdim bool) (values, indices *tensor.Tensor, err error) {
	values, indices, err = tensor.Kthvalue(x, k, dim, keepdim)
	return selection("KthvalueBackward0", x, dim, keepdim, values, indices, err)
}

// MedianDim returns the lower median along dim and its position.
func MedianDim(x *tensor.Tensor, dim int, keepdim bool) (values, indices *tensor.Tensor, err error) {
	values, indices, err = tensor.MedianDim(x, dim, keepdim)
	return selection("MedianBackward1", x, dim, keepdim, values, indices, err)
}

// Mode returns the most frequent value along dim and its last position.
func Mode(x *tensor.Tensor, dim int, keepdim bool) (values, indices *tensor.Tensor, err error) {
	values, indices, err = tensor.Mode(x, dim, keepdim)
	return selection("ModeBackward0", x, dim, keepdim, values, indices, err)
}

// NanmedianDim returns the lower median of the non-NaN elements along dim
// and its position.
func NanmedianDim(x *tensor.Tensor, dim int, keepdim bool) (values, indices *tensor.Tensor, err error) {
	values, indices, err = tensor.NanmedianDim(x, dim, keepdim)
	return selection("NanmedianBackward1", x, dim, keepdim, values, indices, err)
}

// Median returns the lower median of all elements as a 0-d tensor; its
// gradient is shared evenly by the elements equal to it (by the NaNs when
// it is NaN), PyTorch's evenly_distribute_backward.
func Median(x *tensor.Tensor) (*tensor.Tensor, error) {
	value, _, err := tensor.Median(x)
	return evenlyDistributed("MedianBackward0", x, value, err)
}

// Nanmedian returns the lower median of the non-NaN elements as a 0-d
// tensor, with Median's gradient.
func Nanmedian(x *tensor.Tensor) (*tensor.Tensor, error) {
	value, _, err := tensor.Nanmedian(x)
	return evenlyDistributed("NanmedianBackward0", x, value, err)
}

// evenlyDistributed records value, a 0-d element of x, as name: the
// gradient goes in equal shares to the elements of x equal to value, or
// to its NaNs when value is NaN.
func evenlyDistributed(name string, x, value *tensor.Tensor, err error) (*tensor.Tensor, error) {
	if err != nil || !track(value, x) {
		return value, err
	}
	n := newNode(name, x)
	n.save(x, value)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		v, err := value.Float64s()
		if err != nil {
			return []*tensor.Tensor{c.keep(nil, err)}
		}
		var hit *tensor.Tensor
		if math.IsNaN(v[0]) {
			hit = c.keep(tensor.Isnan(x))
		} else {
			hit = c.eq(x, value)
		}
		hit = c.to(hit, g.DType())
		return []*tensor.Tensor{c.mul(hit, c.div(g, c.sum(hit, nil, false)))}
	}
	return n.attach(value), nil
}
