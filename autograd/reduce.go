package autograd

import (
	"math"

	"github.com/kael-dev/kael/tensor"
)

// reduceName returns PyTorch's node name for a reduction: ...Backward0 over
// all dimensions, ...Backward1 over chosen ones.
func reduceName(op string, dims []int) string {
	if len(dims) == 0 {
		return op + "Backward0"
	}
	return op + "Backward1"
}

// Sum returns the sum of x over dims (all when empty). Every element
// contributes with weight 1, so the gradient is g broadcast back over the
// reduced dimensions.
func Sum(x *tensor.Tensor, dims []int, keepdim bool) (*tensor.Tensor, error) {
	out, err := tensor.Sum(x, dims, keepdim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode(reduceName("Sum", dims), x)
	n.recordable = true
	xs := x.Shape()
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{c.expandBack(g, xs, dims, keepdim)}
	}
	return n.attach(out), nil
}

// Nansum returns the sum of x over dims counting NaNs as zero (complex x
// is refused, as by PyTorch). Its
// gradient is g times a mask of the elements that are not NaN, a
// product as in PyTorch's NansumBackward0 (so an infinite g gives NaN
// there, as nanmean of an all-NaN slice does).
func Nansum(x *tensor.Tensor, dims []int, keepdim bool) (*tensor.Tensor, error) {
	if x.DType().IsComplex() {
		return nil, tensor.Errorf(tensor.RuntimeError, "nansum does not support complex inputs")
	}
	filled := x
	if x.DType().IsFloating() {
		isnan, err := tensor.Isnan(x)
		if err != nil {
			return nil, err
		}
		if filled, err = tensor.MaskedFill(x, isnan, tensor.MustScalar(0.0)); err != nil {
			return nil, err
		}
	}
	out, err := tensor.Sum(filled, dims, keepdim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("NansumBackward0", x)
	n.save(x)
	xs := x.Shape()
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		keep := c.to(c.unary(tensor.LogicalNot, c.unary(tensor.Isnan, x)), g.DType())
		return []*tensor.Tensor{c.mul(c.expandBack(g, xs, dims, keepdim), keep)}
	}
	return n.attach(out), nil
}

// Mean returns the mean of x over dims: the gradient of a sum divided by
// the number of elements each result averages. The division is done on g,
// before it is broadcast back, so the gradient stays a broadcast view.
func Mean(x *tensor.Tensor, dims []int, keepdim bool) (*tensor.Tensor, error) {
	out, err := tensor.Mean(x, dims, keepdim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode(reduceName("Mean", dims), x)
	n.recordable = true
	if len(dims) > 0 {
		n.save(x) // unread, but PyTorch's MeanBackward1 saves self: a second backward fails
	}
	xs := x.Shape()
	count := float64(reducedCount(xs, dims))
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{c.expandBack(c.div(g, num(count)), xs, dims, keepdim)}
	}
	return n.attach(out), nil
}

// Prod returns the product of x over dims. The derivative with respect to
// one element is the product of the others, computed directly (not as
// prod/x, which fails at zeros).
func Prod(x *tensor.Tensor, dims []int, keepdim bool) (*tensor.Tensor, error) {
	out, err := tensor.Prod(x, dims, keepdim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode(reduceName("Prod", dims), x)
	n.save(x)
	n.recordable = true
	xs := x.Shape()
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		others := c.do(func() (*tensor.Tensor, error) {
			if c.rec {
				return productOfOthersRecorded(x, normDims(dims, x.Dim())) // reduce_double.go
			}
			return productOfOthers(x, normDims(dims, x.Dim()))
		})
		return []*tensor.Tensor{c.mul(c.expandBack(g, xs, dims, keepdim), others)}
	}
	return n.attach(out), nil
}

// productOfOthers returns, for every element of x, the product of the other
// elements of its group (the elements a reduction over dims combines): the
// product of those before it times the product of those after it.
func productOfOthers(x *tensor.Tensor, dims []int) (*tensor.Tensor, error) {
	// Move the reduced dimensions last so that each group is one row.
	var perm []int
	reduced := make([]bool, x.Dim())
	for _, d := range dims {
		reduced[d] = true
	}
	xs := x.Shape()
	rowLen := 1
	for d := range x.Dim() {
		if !reduced[d] {
			perm = append(perm, d)
		}
	}
	for _, d := range dims {
		perm = append(perm, d)
		rowLen *= xs[d]
	}
	p, err := x.Permute(perm...)
	if err != nil {
		return nil, err
	}
	v, err := p.Float64s()
	if err != nil {
		return nil, err
	}
	out := make([]float64, len(v))
	for start := 0; start+rowLen <= len(v) && rowLen > 0; start += rowLen {
		row, dst := v[start:start+rowLen], out[start:start+rowLen]
		before := 1.0
		for i := range row {
			dst[i] = before
			before *= row[i]
		}
		after := 1.0
		for i := len(row) - 1; i >= 0; i-- {
			dst[i] *= after
			after *= row[i]
		}
	}
	res, err := fromFloat64s(out, p.Shape(), x.DType())
	if err != nil {
		return nil, err
	}
	inverse := make([]int, len(perm))
	for i, d := range perm {
		inverse[d] = i
	}
	return res.Permute(inverse...)
}

// extremum records amax or amin: the gradient is shared evenly by the
// elements equal to the result, as PyTorch does.
func extremum(name string, f func(*tensor.Tensor, []int, bool) (*tensor.Tensor, error), x *tensor.Tensor, dims []int, keepdim bool) (*tensor.Tensor, error) {
	out, err := f(x, dims, keepdim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode(name, x)
	n.save(x, out)
	n.recordable = true // the positions of the extremum are constants
	xs := x.Shape()
	kept := keptShape(xs, dims)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		hit := c.to(c.eq(x, c.expandBack(out, xs, dims, keepdim)), g.DType())
		share := c.div(c.reshape(g, kept), c.sum(hit, dims, true)) // each hit's share of g
		return []*tensor.Tensor{c.mul(c.expand(share, xs), hit)}
	}
	return n.attach(out), nil
}

// Amax returns the maximum of x over dims.
func Amax(x *tensor.Tensor, dims []int, keepdim bool) (*tensor.Tensor, error) {
	return extremum("AmaxBackward0", tensor.Amax, x, dims, keepdim)
}

// Amin returns the minimum of x over dims.
func Amin(x *tensor.Tensor, dims []int, keepdim bool) (*tensor.Tensor, error) {
	return extremum("AminBackward0", tensor.Amin, x, dims, keepdim)
}

// MaxAll returns the largest element of x as a 0-d tensor, x.max(): Amax
// over every dimension, recorded as PyTorch's MaxBackward1.
func MaxAll(x *tensor.Tensor) (*tensor.Tensor, error) {
	if x.DType().IsComplex() {
		return nil, tensor.NotImplementedFor("max_all", x.DType())
	}
	return extremum("MaxBackward1", tensor.Amax, x, nil, false)
}

// MinAll returns the smallest element of x as a 0-d tensor, x.min(),
// recorded as PyTorch's MinBackward1.
func MinAll(x *tensor.Tensor) (*tensor.Tensor, error) {
	if x.DType().IsComplex() {
		return nil, tensor.NotImplementedFor("min_all", x.DType())
	}
	return extremum("MinBackward1", tensor.Amin, x, nil, false)
}

// Aminmax returns the minimum and maximum of x over dims (all when empty),
// torch.aminmax. PyTorch 1.13 has no derivative for it: its outputs have a
// grad_fn named NotImplemented, and a backward pass that reaches it fails
// with "derivative for aten::aminmax is not implemented"; kael does the
// same (amin and amax have derivatives).
func Aminmax(x *tensor.Tensor, dims []int, keepdim bool) (lo, hi *tensor.Tensor, err error) {
	if lo, err = tensor.Amin(x, dims, keepdim); err != nil {
		return nil, nil, err
	}
	if hi, err = tensor.Amax(x, dims, keepdim); err != nil {
		return nil, nil, err
	}
	if track(lo, x) {
		notImplemented("NotImplemented", "aminmax", []*tensor.Tensor{x}, lo, hi)
	}
	return lo, hi, nil
}

// notImplemented records outs, computed from inputs by the operation op,
// as the outputs of a node without a derivative, as PyTorch records an
// operation that its derivatives.yaml marks not implemented: the node is
// called name (NotImplemented, or the operation's own such as
// NextafterBackward0) and a backward pass through it fails.
func notImplemented(name, op string, inputs []*tensor.Tensor, outs ...*tensor.Tensor) {
	newNode(name, inputs...).attachOutputs(outs, func([]*tensor.Tensor) ([]*tensor.Tensor, error) {
		return nil, tensor.Errorf(tensor.RuntimeError, "derivative for aten::%s is not implemented", op).
			WithHint("PyTorch 1.13 has no derivative for %s either", op)
	}, nil)
}

// Max returns the maximum of x along dim and its index. The gradient goes
// to the element the index names; the indices are not differentiable.
func Max(x *tensor.Tensor, dim int, keepdim bool) (values, indices *tensor.Tensor, err error) {
	return argExtremum("MaxBackward0", tensor.Max, x, dim, keepdim)
}

// Min returns the minimum of x along dim and its index.
func Min(x *tensor.Tensor, dim int, keepdim bool) (values, indices *tensor.Tensor, err error) {
	return argExtremum("MinBackward0", tensor.Min, x, dim, keepdim)
}

func argExtremum(name string, f func(*tensor.Tensor, int, bool) (*tensor.Tensor, *tensor.Tensor, error), x *tensor.Tensor, dim int, keepdim bool) (*tensor.Tensor, *tensor.Tensor, error) {
	values, indices, err := f(x, dim, keepdim)
	if err != nil || !track(values, x) {
		return values, indices, err
	}
	n := newNode(name, x)
	n.save(indices)
	n.recordable = true
	xs := x.Shape()
	dims := []int{dim}
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		// one-hot along dim: position == index of the extremum
		along := make([]int, len(xs))
		for i := range along {
			along[i] = 1
		}
		size := 1
		if len(xs) > 0 {
			d := normDims(dims, len(xs))[0]
			along[d], size = xs[d], xs[d]
		}
		pos := c.do(func() (*tensor.Tensor, error) { return tensor.Arange(0, float64(size), 1, tensor.Int64) })
		hit := c.to(c.eq(c.reshape(pos, along), c.expandBack(indices, xs, dims, keepdim)), g.DType())
		return []*tensor.Tensor{c.mul(c.expandBack(g, xs, dims, keepdim), hit)}
	}
	return n.attach(values), indices, nil
}

// Var returns the variance of x over dims with the given correction
// (1 = unbiased): its derivative is 2(x - mean)/(N - correction).
func Var(x *tensor.Tensor, dims []int, correction int, keepdim bool) (*tensor.Tensor, error) {
	out, err := tensor.Var(x, dims, correction, keepdim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("VarBackward0", x)
	n.save(x)
	n.recordable = true
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{varGrad(c, c.mul(g, num(2)), x, dims, correction, keepdim)}
	}
	return n.attach(out), nil
}

// varGrad returns g·(x - mean)/(N - correction) with g broadcast back over
// the reduced dimensions. g, the reduced one, is divided first.
func varGrad(c *calc, g, x *tensor.Tensor, dims []int, correction int, keepdim bool) *tensor.Tensor {
	xs := x.Shape()
	mean := c.mean(x, dims)
	dof := float64(reducedCount(xs, dims) - correction)
	return c.mul(c.expandBack(c.div(g, num(dof)), xs, dims, keepdim), c.sub(x, mean))
}

// Std returns the standard deviation of x over dims: the derivative of
// √var is var'/(2·std), 0 where std is 0.
func Std(x *tensor.Tensor, dims []int, correction int, keepdim bool) (*tensor.Tensor, error) {
	out, err := tensor.Std(x, dims, correction, keepdim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("StdBackward0", x)
	n.save(x, out)
	n.recordable = true
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		gv := c.where(c.eq(out, num(0)), c.zeros(g.DType(), nil), c.div(g, out))
		return []*tensor.Tensor{varGrad(c, gv, x, dims, correction, keepdim)}
	}
	return n.attach(out), nil
}

// Logsumexp returns log(sum(exp(x))) over dims; its derivative is the
// softmax exp(x - result).
func Logsumexp(x *tensor.Tensor, dims []int, keepdim bool) (*tensor.Tensor, error) {
	out, err := tensor.Logsumexp(x, dims, keepdim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("LogsumexpBackward0", x)
	n.save(x, out)
	n.recordable = true
	xs := x.Shape()
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		softmax := c.exp(c.sub(x, c.expandBack(out, xs, dims, keepdim)))
		return []*tensor.Tensor{c.mul(c.expandBack(g, xs, dims, keepdim), softmax)}
	}
	return n.attach(out), nil
}

// Norm returns the vector p-norm of x over dims, x.norm(p, dim): PyTorch's
// norm.ScalarOpt_dim, whose node is NormBackward1 (with or without dims).
// Its derivative is sign(x)·|x|^(p-1)/norm^(p-1): x/norm for p = 2,
// sign(x) for p = 1, the sign at the largest |x| (shared by ties) for
// p = ±inf, 0 for p = 0. It is taken as 0 where the norm is 0.
func Norm(x *tensor.Tensor, p float64, dims []int, keepdim bool) (*tensor.Tensor, error) {
	return vectorNorm("NormBackward1", x, p, dims, keepdim)
}

// VectorNorm is Norm as torch.linalg.vector_norm (and linalg.norm of
// vectors), whose node is LinalgVectorNormBackward0.
func VectorNorm(x *tensor.Tensor, p float64, dims []int, keepdim bool) (*tensor.Tensor, error) {
	return vectorNorm("LinalgVectorNormBackward0", x, p, dims, keepdim)
}

// vectorNorm computes Norm and VectorNorm, recording a node called name.
func vectorNorm(name string, x *tensor.Tensor, p float64, dims []int, keepdim bool) (*tensor.Tensor, error) {
	out, err := tensor.Norm(x, p, dims, keepdim)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode(name, x)
	n.recordable = true
	n.save(x, out)
	xs := x.Shape()
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		zero := c.zeros(g.DType(), nil)
		gx := c.expandBack(g, xs, dims, keepdim)
		norm := c.expandBack(out, xs, dims, keepdim)
		var d *tensor.Tensor
		switch {
		case p == 0:
			d = c.zeros(g.DType(), xs)
		case p == 1:
			d = c.sign(x)
		case math.IsInf(p, 0):
			abs := c.abs(x)
			hit := c.to(c.eq(abs, norm), g.DType())
			d = c.div(c.mul(c.sign(x), hit), c.sum(hit, dims, true))
		case p == 2:
			d = c.where(c.eq(norm, num(0)), zero, c.div(x, norm))
		default:
			abs := c.abs(x)
			scaled := c.mul(c.sign(x), c.pow(abs, num(p-1)))
			scaled = c.where(c.eq(x, num(0)), zero, scaled)
			d = c.where(c.eq(norm, num(0)), zero, c.div(scaled, c.pow(norm, num(p-1))))
		}
		return []*tensor.Tensor{c.mul(gx, d)}
	}
	return n.attach(out), nil
}

// NoDerivative records out, computed from x by op, under the node name
// PyTorch gives it (Unique2Backward0, UniqueConsecutiveBackward0, ...)
// when x requires grad and grad mode is on, as PyTorch records an
// operation whose derivatives.yaml entry is not_implemented: a backward
// pass through it fails with NotImplementedError, "the derivative for
// 'op' is not implemented.". It returns out.
func NoDerivative(name, op string, x, out *tensor.Tensor) *tensor.Tensor {
	if out == nil || !track(out, x) {
		return out
	}
	newNode(name, x).attachOutputs([]*tensor.Tensor{out}, func([]*tensor.Tensor) ([]*tensor.Tensor, error) {
		return nil, tensor.Errorf(tensor.NotImplementedError, "the derivative for '%s' is not implemented.", op)
	}, nil)
	return out
}
