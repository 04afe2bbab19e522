package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// gatherGrad returns the gradient of an operation that reads its input (of
// the given shape) by index, given take, the same read applied to another
// tensor: applied to the input's element positions it says where each
// output element came from, and g is added back there.
func gatherGrad(shape []int, d tensor.DType, g *tensor.Tensor, take func(pos *tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	pos, err := positions(shape)
	if err != nil {
		return nil, err
	}
	from, err := take(pos)
	if err != nil {
		return nil, err
	}
	return scatterAdd(shape, d, from, g)
}

// recordGather records out, computed from x by take (a read by index).
func recordGather(name string, x, out *tensor.Tensor, take func(t *tensor.Tensor) (*tensor.Tensor, error), saved ...*tensor.Tensor) *tensor.Tensor {
	n := newNode(name, x)
	n.save(saved...)
	shape, dtype := x.Shape(), x.DType()
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return gatherGrad(shape, dtype, g, take) })}
	}
	return n.attach(out)
}

// gatherOp computes take(x) and records it.
func gatherOp(name string, x *tensor.Tensor, take func(t *tensor.Tensor) (*tensor.Tensor, error), saved ...*tensor.Tensor) (*tensor.Tensor, error) {
	out, err := take(x)
	if err != nil || !track(out, x) {
		return out, err
	}
	return recordGather(name, x, out, take, saved...), nil
}

// Index returns x[idx...] with PyTorch's indexing rules. Basic indexing
// (integers, slices, None, ...) gives a view whose gradient is g written
// into a zero tensor at the same place; advanced indexing (int64 or bool
// tensors) copies, and repeated indices add their gradients up.
func Index(x *tensor.Tensor, idx ...tensor.Index) (*tensor.Tensor, error) {
	take := func(t *tensor.Tensor) (*tensor.Tensor, error) { return t.Index(idx...) }
	out, err := take(x)
	if err != nil || !track(out, x) {
		return out, err
	}
	if out.SharesStorage(x) {
		return viewOp("IndexBackward0", x, out, regionGrad(x, take)), nil
	}
	return recordGather("IndexBackward0", x, out, take), nil
}

// Gather returns the elements of x at index along dim.
func Gather(x *tensor.Tensor, dim int, index *tensor.Tensor) (*tensor.Tensor, error) {
	return gatherOp("GatherBackward0", x, func(t *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Gather(t, dim, index) }, index)
}

// IndexSelect returns the entries of x at the positions index along dim.
func IndexSelect(x *tensor.Tensor, dim int, index *tensor.Tensor) (*tensor.Tensor, error) {
	return gatherOp("IndexSelectBackward0", x, func(t *tensor.Tensor) (*tensor.Tensor, error) { return tensor.IndexSelect(t, dim, index) }, index)
}
