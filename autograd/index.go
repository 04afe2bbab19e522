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
	n.recordable = true // linearGrad records the formula
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec {
			return []*tensor.Tensor{c.linearGrad(name, g, func(g *tensor.Tensor) (*tensor.Tensor, error) { return gatherGrad(shape, dtype, g, take) },
				func(gg *tensor.Tensor) (*tensor.Tensor, error) { return gatherOp(name, gg, take, saved...) }, take)}
		}
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
// tensors) copies, saving the index tensors, and repeated indices add
// their gradients up. The node has the name of PyTorch's last node (see
// indexNodeName).
func Index(x *tensor.Tensor, idx ...tensor.Index) (*tensor.Tensor, error) {
	take := func(t *tensor.Tensor) (*tensor.Tensor, error) { return t.Index(idx...) }
	out, err := take(x)
	if err != nil || !trackView(out, x) {
		return out, err
	}
	name, indices := indexNodeName(idx)
	if out.SharesStorage(x) {
		return recordableViewOp(name, x, out, regionGrad(name, x, take)), nil
	}
	return recordGather(name, x, out, take, indices...), nil
}

// indexNodeName returns the name of the node PyTorch records last for
// x[idx...], and the tensors of the advanced indices. PyTorch applies basic
// indices one by one, as views: an integer selects (SelectBackward0), a
// slice slices (SliceBackward0, even a full one), None unsqueezes
// (UnsqueezeBackward0), an ellipsis does nothing, and with no view at all
// the result is an alias (AliasBackward0); tensor indices then gather the
// result (IndexBackward0). kael records one node of that name.
func indexNodeName(idx []tensor.Index) (string, []*tensor.Tensor) {
	name := "AliasBackward0"
	var indices []*tensor.Tensor
	for _, ix := range idx {
		switch {
		case ix.Tensor() != nil:
			indices = append(indices, ix.Tensor())
		case ix.IsInt():
			name = "SelectBackward0"
		case ix.IsSlice():
			name = "SliceBackward0"
		case ix.IsNone():
			name = "UnsqueezeBackward0"
		}
	}
	if len(indices) > 0 {
		name = "IndexBackward0"
	}
	return name, indices
}

// Gather returns the elements of x at index along dim.
func Gather(x *tensor.Tensor, dim int, index *tensor.Tensor) (*tensor.Tensor, error) {
	return gatherOp("GatherBackward0", x, func(t *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Gather(t, dim, index) }, index)
}

// IndexSelect returns the entries of x at the positions index along dim.
func IndexSelect(x *tensor.Tensor, dim int, index *tensor.Tensor) (*tensor.Tensor, error) {
	return gatherOp("IndexSelectBackward0", x, func(t *tensor.Tensor) (*tensor.Tensor, error) { return tensor.IndexSelect(t, dim, index) }, index)
}
