package autograd

import (
	"math"

	"github.com/kael-dev/kael/tensor"
)

// normDim makes a possibly negative dimension index non-negative for a
// tensor with ndim dimensions (the forward operation validated it).
func normDim(dim, ndim int) int {
	if dim < 0 {
		return dim + max(ndim, 1)
	}
	return dim
}

// Cat concatenates ts along dim. Each input's gradient is its slice of g,
// cast back to the input's dtype when Cat promoted it.
func Cat(ts []*tensor.Tensor, dim int) (*tensor.Tensor, error) {
	out, err := tensor.Cat(ts, dim)
	if err != nil || !track(out, ts...) {
		return out, err
	}
	n := newNode("CatBackward0", ts...)
	n.recordable = true
	d := normDim(dim, out.Dim())
	// Each input's extent along d, taken now so that the node does not keep
	// the inputs alive; -1 marks a legacy empty [0] input that Cat skipped.
	sizes := make([]int, len(ts))
	for i, t := range ts {
		if t.Dim() == 1 && t.Numel() == 0 && out.Dim() != 1 {
			sizes[i] = -1
		} else {
			sizes[i] = t.Shape()[d]
		}
	}
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		grads := make([]*tensor.Tensor, len(sizes))
		pos := 0
		for i, size := range sizes {
			if size < 0 {
				continue
			}
			if n.needs(i) {
				part := c.narrow(g, d, pos, size)
				grads[i] = n.toInput(c, i, part)
			}
			pos += size
		}
		return grads
	}
	return n.attach(out), nil
}

// Stack joins equally shaped tensors along a new dimension dim. Each
// input's gradient is its index of g along that dimension.
func Stack(ts []*tensor.Tensor, dim int) (*tensor.Tensor, error) {
	out, err := tensor.Stack(ts, dim)
	if err != nil || !track(out, ts...) {
		return out, err
	}
	n := newNode("StackBackward0", ts...)
	n.recordable = true
	d := normDim(dim, out.Dim())
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		grads := make([]*tensor.Tensor, len(n.next))
		for i := range n.next {
			if n.needs(i) {
				part := c.selectAt(g, d, i)
				grads[i] = n.toInput(c, i, part)
			}
		}
		return grads
	}
	return n.attach(out), nil
}

// splitParts records the parts of a split of x along dim, views of x, as
// the outputs of one node (SplitBackward0, SplitWithSizesBackward0).
func splitParts(name string, x *tensor.Tensor, dim int, parts []*tensor.Tensor, err error) ([]*tensor.Tensor, error) {
	if err != nil {
		return nil, err
	}
	markViews(parts, x)
	if len(parts) == 0 || !track(parts[0], x) {
		return parts, nil
	}
	// As in PyTorch the parts are the outputs of one node, whose backward
	// concatenates their gradients (zeros for a part no gradient reached):
	// one output of x's shape written once, where a node a part wrote its
	// gradient into zeros of x's shape and the engine added them up.
	d := normDim(dim, x.Dim())
	node := newNode(name, x)
	node.view, node.viewOf = true, x
	node.recordable = true
	node.watch(x)
	node.attachOutputs(parts, func(gs []*tensor.Tensor) ([]*tensor.Tensor, error) {
		// Cat records the concatenation in a pass that creates a graph
		// (multiOutput.run calls this with grad mode on only then).
		g, err := Cat(gs, d)
		return []*tensor.Tensor{g}, err
	}, nil)
	return parts, nil
}

// Split splits x along dim into views of size elements each.
func Split(x *tensor.Tensor, size int, dim int) ([]*tensor.Tensor, error) {
	parts, err := tensor.Split(x, size, dim)
	return splitParts("SplitBackward0", x, dim, parts, err)
}

// SplitSizes splits x along dim into views of the given sizes.
func SplitSizes(x *tensor.Tensor, sizes []int, dim int) ([]*tensor.Tensor, error) {
	parts, err := tensor.SplitSizes(x, sizes, dim)
	return splitParts("SplitWithSizesBackward0", x, dim, parts, err)
}

// Chunk splits x along dim into at most chunks views of equal size.
func Chunk(x *tensor.Tensor, chunks, dim int) ([]*tensor.Tensor, error) {
	parts, err := tensor.Chunk(x, chunks, dim)
	return splitParts("SplitBackward0", x, dim, parts, err)
}

// Flip reverses x along dims; so does its gradient.
func Flip(x *tensor.Tensor, dims ...int) (*tensor.Tensor, error) {
	out, err := tensor.Flip(x, dims...)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("FlipBackward0", x)
	n.recordable = true
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec {
			return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return Flip(g, dims...) })}
		}
		return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return tensor.Flip(g, dims...) })}
	}
	return n.attach(out), nil
}

// Tril keeps the lower triangle of x (the matrices in its last two
// dimensions); the gradient is masked the same way.
func Tril(x *tensor.Tensor, diagonal int) (*tensor.Tensor, error) {
	return triangle("TrilBackward0", tensor.Tril, x, diagonal)
}

// Triu keeps the upper triangle of x; the gradient is masked the same way.
func Triu(x *tensor.Tensor, diagonal int) (*tensor.Tensor, error) {
	return triangle("TriuBackward0", tensor.Triu, x, diagonal)
}

func triangle(name string, f func(*tensor.Tensor, int) (*tensor.Tensor, error), x *tensor.Tensor, diagonal int) (*tensor.Tensor, error) {
	out, err := f(x, diagonal)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode(name, x)
	n.recordable = true
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec { // the same mask, recorded
			return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return triangle(name, f, g, diagonal) })}
		}
		return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) { return f(g, diagonal) })}
	}
	return n.attach(out), nil
}

// Cumsum returns the cumulative sum of x along dim. Element i feeds every
// output j ≥ i, so its gradient is the sum of g from i to the end: a
// cumulative sum of g taken backwards.
func Cumsum(x *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	out, err := tensor.Cumsum(x, dim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("CumsumBackward0", x)
	n.recordable = true
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{c.flip(c.cumsum(c.flip(g, dim), dim), dim)}
	}
	return n.attach(out), nil
}

// Cumprod returns the running product of x along dim, recorded as
// CumprodBackward0; tensor.CumprodBackward gives the gradient, zeros of x
// included.
func Cumprod(x *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	out, err := tensor.Cumprod(x, dim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("CumprodBackward0", x)
	n.save(x, out)
	n.recordable = true
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec { // reduce_double.go
			grads := make([]*tensor.Tensor, 1)
			c.err = compositeRecorded(func(in []*tensor.Tensor) (*tensor.Tensor, error) { return cumprodRecorded(in[0], dim) }, []*tensor.Tensor{x}, g, grads)
			return grads
		}
		return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) {
			return tensor.CumprodBackward(c.conj(x), c.conj(out), g, dim)
		})}
	}
	return n.attach(out), nil
}

// Logcumsumexp returns log(cumsum(exp(x))) along dim, recorded as
// LogcumsumexpBackward0. Element i feeds every output j ≥ i with weight
// exp(x_i - out_j), so its gradient is exp(x_i) times the reversed sum
// of g_j·exp(-out_j); as PyTorch, the positive and negative parts of g
// are summed apart as reversed logcumsumexps, which do not overflow.
func Logcumsumexp(x *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	out, err := tensor.Logcumsumexp(x, dim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("LogcumsumexpBackward0", x)
	n.save(x, out)
	n.recordable = true
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if c.rec { // reduce_double.go
			grads := make([]*tensor.Tensor, 1)
			c.err = compositeRecorded(func(in []*tensor.Tensor) (*tensor.Tensor, error) { return logcumsumexpRecorded(in[0], dim) }, []*tensor.Tensor{x}, g, grads)
			return grads
		}
		if g.Dim() == 0 || g.Numel() == 0 {
			return []*tensor.Tensor{g}
		}
		lowest := tensor.MustScalar(-math.MaxFloat32) // the dtype's lowest, as PyTorch
		if g.DType() == tensor.Float64 {
			lowest = tensor.MustScalar(-math.MaxFloat64)
		}
		logAbs := c.log(c.unary(tensor.Abs, g))
		zero := c.zeros(g.DType(), nil)
		part := func(cmp func(a, b *tensor.Tensor) *tensor.Tensor) *tensor.Tensor {
			lg := c.where(cmp(g, zero), logAbs, lowest)
			r := c.do(func() (*tensor.Tensor, error) {
				f, err := tensor.Flip(c.sub(lg, out), dim)
				if err != nil {
					return nil, err
				}
				if f, err = tensor.Logcumsumexp(f, dim); err != nil {
					return nil, err
				}
				return tensor.Flip(f, dim)
			})
			return c.exp(c.add(r, x))
		}
		return []*tensor.Tensor{c.sub(part(c.gt), part(func(a, b *tensor.Tensor) *tensor.Tensor { return c.gt(b, a) }))}
	}
	return n.attach(out), nil
}

// Where returns a where cond is true and b elsewhere. The gradient goes to
// a where cond is true and to b elsewhere; cond has none.
func Where(cond, a, b *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Where(cond, a, b)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	n := newNode("WhereBackward0", a, b)
	n.recordable = true
	n.save(cond)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		zero := c.zeros(g.DType(), nil)
		var ga, gb *tensor.Tensor
		if n.needs(0) {
			ga = n.toInput(c, 0, c.where(cond, g, zero))
		}
		if n.needs(1) {
			gb = n.toInput(c, 1, c.where(cond, zero, g))
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n.attach(out), nil
}

// MaskedFill returns x with value written where mask is true. x's gradient
// is g with the filled places zeroed; a 0-d value that requires grad gets
// the sum of g over them.
func MaskedFill(x, mask, value *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.MaskedFill(x, mask, value)
	if err != nil || !track(out, x, value) {
		return out, err
	}
	n := newNode("MaskedFillBackward0", x, value)
	n.recordable = true
	n.save(mask)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		zero := c.zeros(g.DType(), nil)
		var gx, gv *tensor.Tensor
		if n.needs(0) {
			gx = n.toInput(c, 0, c.where(mask, zero, g))
		}
		if n.needs(1) {
			gv = n.toInput(c, 1, c.sum(c.where(mask, g, zero), nil, false))
		}
		return []*tensor.Tensor{gx, gv}
	}
	return n.attach(out), nil
}
