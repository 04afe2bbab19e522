package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// Put returns a copy of x, laid out as x is, with source's elements
// written at the positions index of x counted in row-major order
// (PyTorch's put), or added there, repeated positions adding up, when
// accumulate is set. index holds int64 positions in range. It is recorded
// as PutBackward0: x's gradient is g, without the written positions when
// they were overwritten; source's is g at the positions.
func Put(x, index, source *tensor.Tensor, accumulate bool) (*tensor.Tensor, error) {
	out, err := putFlat(x, index, source, accumulate)
	if err != nil || !track(out, x, source) {
		return out, err
	}
	n := newNode("PutBackward0", x, source)
	n.save(index)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		var gx, gs *tensor.Tensor
		if n.needs(0) {
			gx = g
			if !accumulate {
				gx = c.do(func() (*tensor.Tensor, error) {
					return putFlat(g, index, c.zeros(g.DType(), source.Shape()), false)
				})
			}
		}
		if n.needs(1) {
			gs = n.toInput(c, 1, c.do(func() (*tensor.Tensor, error) {
				flat, err := g.Reshape(-1)
				if err != nil {
					return nil, err
				}
				idx, err := index.Reshape(-1)
				if err != nil {
					return nil, err
				}
				taken, err := flat.Index(tensor.IndexTensor(idx))
				if err != nil {
					return nil, err
				}
				return taken.Reshape(source.Shape()...)
			}))
		}
		return []*tensor.Tensor{gx, gs}
	}
	return n.attach(out), nil
}

// putFlat computes put without recording it: one scatter into a copy of
// the flattened x (Scatter copies), given x's layout when x is not
// contiguous.
func putFlat(x, index, source *tensor.Tensor, accumulate bool) (*tensor.Tensor, error) {
	flat, err := x.Reshape(-1) // a view of a contiguous x
	if err != nil {
		return nil, err
	}
	idx, err := index.Reshape(-1)
	if err != nil {
		return nil, err
	}
	src, err := source.Reshape(-1)
	if err != nil {
		return nil, err
	}
	if src, err = src.To(x.DType()); err != nil {
		return nil, err
	}
	write := tensor.Scatter
	if accumulate {
		write = tensor.ScatterAdd
	}
	r, err := write(flat, 0, idx, src)
	if err != nil {
		return nil, err
	}
	rs, err := r.View(x.Shape()...)
	if err != nil || x.IsContiguous() {
		return rs, err
	}
	out, err := x.ClonePreservingLayout()
	if err != nil {
		return nil, err
	}
	return out, out.CopyFrom(rs)
}
