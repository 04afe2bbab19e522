package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// The derivatives of tensor/shape_ops.go and scatter.go. roll, repeat and
// repeat_interleave only read their input by position, so they are
// recorded with gatherOp: g goes back to where each element came from.

// Roll returns x rolled by shifts along dims.
func Roll(x *tensor.Tensor, shifts, dims []int) (*tensor.Tensor, error) {
	return gatherOp("RollBackward0", x, func(t *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Roll(t, shifts, dims) })
}

// Repeat returns x tiled sizes times; repeated copies add their gradients.
func Repeat(x *tensor.Tensor, sizes ...int) (*tensor.Tensor, error) {
	return gatherOp("RepeatBackward0", x, func(t *tensor.Tensor) (*tensor.Tensor, error) { return tensor.Repeat(t, sizes...) })
}

// RepeatInterleave repeats each element (slice along dim) of x. PyTorch
// computes it with index_select, and so records IndexSelectBackward0.
func RepeatInterleave(x, repeats *tensor.Tensor, dim *int) (*tensor.Tensor, error) {
	return gatherOp("IndexSelectBackward0", x, func(t *tensor.Tensor) (*tensor.Tensor, error) {
		return tensor.RepeatInterleave(t, repeats, dim)
	}, repeats)
}

// diagonalInto returns zeros of the given shape and dtype with g written on
// their diagonal offset in the plane (d1, d2): the adjoint of Diagonal.
func diagonalInto(shape []int, d tensor.DType, g *tensor.Tensor, offset, d1, d2 int) (*tensor.Tensor, error) {
	out, err := tensor.Zeros(d, shape...)
	if err != nil {
		return nil, err
	}
	diag, err := tensor.Diagonal(out, offset, d1, d2)
	if err != nil {
		return nil, err
	}
	return out, diag.CopyFrom(g)
}

// Diagonal returns the view of x's diagonal offset in the plane (d1, d2).
func Diagonal(x *tensor.Tensor, offset, d1, d2 int) (*tensor.Tensor, error) {
	out, err := tensor.Diagonal(x, offset, d1, d2)
	if err != nil || !trackView(out, x) {
		return out, err
	}
	shape := x.Shape()
	return viewOp("DiagonalBackward0", x, out, func(c *calc, g *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return diagonalInto(shape, g.DType(), g, offset, d1, d2) })
	}), nil
}

// Diag builds a diagonal matrix from a vector, or copies a matrix's
// diagonal: each gradient is the other operation on g.
func Diag(x *tensor.Tensor, diagonal int) (*tensor.Tensor, error) {
	out, err := tensor.Diag(x, diagonal)
	if err != nil || !track(out, x) {
		return out, err
	}
	shape := x.Shape()
	n := newNode("DiagBackward0", x)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if len(shape) == 1 {
			return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) {
				d, err := tensor.Diagonal(g, diagonal, 0, 1)
				if err != nil {
					return nil, err
				}
				return d.Clone()
			})}
		}
		return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return diagonalInto(shape, g.DType(), g, diagonal, 0, 1) })}
	}
	return n.attach(out), nil
}

// Trace returns the sum of the main diagonal; its gradient is g on the
// diagonal and 0 elsewhere.
func Trace(x *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Trace(x)
	if err != nil || !track(out, x) {
		return out, err
	}
	shape := x.Shape()
	n := newNode("TraceBackward0", x)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		k := min(shape[0], shape[1])
		return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) {
			gk, err := g.Expand(k)
			if err != nil {
				return nil, err
			}
			return diagonalInto(shape, g.DType(), gk, 0, 0, 1)
		})}
	}
	return n.attach(out), nil
}

// Cross returns the cross product a × b along dim: d/da = b × g, d/db =
// g × a.
func Cross(a, b *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	out, err := tensor.Cross(a, b, dim)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	n := newNode("LinalgCrossBackward0", a, b)
	n.save(a, b)
	n.recordable = true
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		cross := func(p, q *tensor.Tensor) *tensor.Tensor {
			if c.rec { // the same products, recorded
				return c.do(func() (*tensor.Tensor, error) { return Cross(p, q, dim) })
			}
			return c.do(func() (*tensor.Tensor, error) { return tensor.Cross(p, q, dim) })
		}
		var ga, gb *tensor.Tensor
		if n.needs(0) {
			ga = n.toInput(c, 0, cross(b, g))
		}
		if n.needs(1) {
			gb = n.toInput(c, 1, cross(g, a))
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n.attach(out), nil
}

// Scatter returns x with src written at index along dim. x's gradient is g
// with the overwritten places zeroed; src's is g read at index (Gather).
// A plain-number src records ScatterBackward1, as PyTorch does.
func Scatter(x *tensor.Tensor, dim int, index, src *tensor.Tensor) (*tensor.Tensor, error) {
	return scatterOp(x, dim, index, src, false)
}

// ScatterAdd returns x with src added at index along dim: x's gradient is
// g, src's g read at index.
func ScatterAdd(x *tensor.Tensor, dim int, index, src *tensor.Tensor) (*tensor.Tensor, error) {
	return scatterOp(x, dim, index, src, true)
}

func scatterOp(x *tensor.Tensor, dim int, index, src *tensor.Tensor, add bool) (*tensor.Tensor, error) {
	f, name := tensor.Scatter, "ScatterBackward0"
	switch {
	case add:
		f, name = tensor.ScatterAdd, "ScatterAddBackward0"
	case src.IsWrappedNumber():
		name = "ScatterBackward1"
	}
	out, err := f(x, dim, index, src)
	if err != nil || !track(out, x, src) {
		return out, err
	}
	n := newNode(name, x, src)
	n.save(index)
	n.recordable = true
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec {
			return scatterGradsRecorded(c, n, g, dim, index, src.Shape(), add) // index_double.go
		}
		var gx, gs *tensor.Tensor
		if n.needs(0) {
			gx = g
			if !add {
				gx = c.do(func() (*tensor.Tensor, error) { return tensor.Scatter(g, dim, index, tensor.MustScalar(0)) })
			}
		}
		if n.needs(1) {
			srcShape := src.Shape()
			gs = c.do(func() (*tensor.Tensor, error) {
				read, err := tensor.Gather(g, dim, index)
				if err != nil {
					return nil, err
				}
				return padTo(read, srcShape)
			})
		}
		return []*tensor.Tensor{gx, gs}
	}
	return n.attach(out), nil
}

// padTo returns g placed at the start of a zero tensor of the larger shape
// (g itself when the shapes are equal): the gradient of a src that scatter
// read only in part.
func padTo(g *tensor.Tensor, shape []int) (*tensor.Tensor, error) {
	gs := g.Shape()
	if slices.Equal(gs, shape) {
		return g, nil
	}
	out, err := tensor.Zeros(g.DType(), shape...)
	if err != nil {
		return nil, err
	}
	region := out
	for d, n := range gs {
		if region, err = region.Narrow(d, 0, n); err != nil {
			return nil, err
		}
	}
	return out, region.CopyFrom(g)
}
