package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// calc evaluates the tensor expressions of backward formulas. It keeps the
// first error; after one, every method returns nil without computing, so a
// formula reads like the math (c.mul(g, c.sub(one, c.mul(y, y)))) and the
// engine checks c.err once at the end.
type calc struct {
	err error
	// sums, in the engine's calc, are the gradient sums it allocated
	// (accumulate) and holds alone until the pass hands them on.
	sums map[*tensor.Tensor]bool
}

// accumulate returns acc + g, the gradient summed so far plus another
// contribution. When acc is a sum this calc allocated (c.sums) and the
// result has its shape and dtype, g is added into it in place, as
// PyTorch's engine accumulates into a buffer it holds alone: the same
// values (one addition per element either way) without a new tensor per
// contribution (a recurrent layer's weight gets one per time step).
func (c *calc) accumulate(acc, g *tensor.Tensor) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	if c.sums[acc] && slices.Equal(acc.Shape(), g.Shape()) && tensor.ResultType(acc, g) == acc.DType() {
		c.inPlace(tensor.AddSpec, acc, g)
		return c.keep(acc, nil)
	}
	s := c.add(acc, g)
	if s != nil && c.sums != nil && s != acc && s != g {
		c.sums[s] = true
	}
	return s
}

// keep records err and returns t.
func (c *calc) keep(t *tensor.Tensor, err error) *tensor.Tensor {
	if err != nil {
		c.err = err
		return nil
	}
	return t
}

// do runs f unless an error happened already.
func (c *calc) do(f func() (*tensor.Tensor, error)) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	return c.keep(f())
}

func (c *calc) binary(f func(a, b *tensor.Tensor) (*tensor.Tensor, error), a, b *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return f(a, b) })
}

func (c *calc) unary(f func(x *tensor.Tensor) (*tensor.Tensor, error), x *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return f(x) })
}

func (c *calc) add(a, b *tensor.Tensor) *tensor.Tensor { return c.binary(tensor.Add, a, b) }
func (c *calc) sub(a, b *tensor.Tensor) *tensor.Tensor { return c.binary(tensor.Sub, a, b) }
func (c *calc) mul(a, b *tensor.Tensor) *tensor.Tensor { return c.binary(tensor.Mul, a, b) }
func (c *calc) div(a, b *tensor.Tensor) *tensor.Tensor { return c.binary(tensor.Div, a, b) }
func (c *calc) pow(a, b *tensor.Tensor) *tensor.Tensor { return c.binary(tensor.Pow, a, b) }
func (c *calc) eq(a, b *tensor.Tensor) *tensor.Tensor  { return c.binary(tensor.Eq, a, b) }
func (c *calc) ne(a, b *tensor.Tensor) *tensor.Tensor  { return c.binary(tensor.Ne, a, b) }
func (c *calc) gt(a, b *tensor.Tensor) *tensor.Tensor  { return c.binary(tensor.Gt, a, b) }
func (c *calc) ge(a, b *tensor.Tensor) *tensor.Tensor  { return c.binary(tensor.Ge, a, b) }
func (c *calc) logicalAnd(a, b *tensor.Tensor) *tensor.Tensor {
	return c.binary(tensor.LogicalAnd, a, b)
}
func (c *calc) neg(x *tensor.Tensor) *tensor.Tensor  { return c.unary(tensor.Neg, x) }
func (c *calc) exp(x *tensor.Tensor) *tensor.Tensor  { return c.unary(tensor.Exp, x) }
func (c *calc) log(x *tensor.Tensor) *tensor.Tensor  { return c.unary(tensor.Log, x) }
func (c *calc) sqrt(x *tensor.Tensor) *tensor.Tensor { return c.unary(tensor.Sqrt, x) }
func (c *calc) sin(x *tensor.Tensor) *tensor.Tensor  { return c.unary(tensor.Sin, x) }
func (c *calc) cos(x *tensor.Tensor) *tensor.Tensor  { return c.unary(tensor.Cos, x) }
func (c *calc) sign(x *tensor.Tensor) *tensor.Tensor { return c.unary(tensor.SignSpec.Apply, x) }

// conj returns the complex conjugate of x, or x itself when it is real.
// Backward formulas multiply the output's gradient by the conjugate of
// the derivative, which is PyTorch's convention for complex tensors
// (the gradient of a real loss L at z = x + iy is dL/dx + i·dL/dy) and the
// plain product for real ones.
func (c *calc) conj(x *tensor.Tensor) *tensor.Tensor {
	if c.err != nil || !x.DType().IsComplex() {
		return x
	}
	return c.unary(tensor.ConjSpec.Apply, x)
}

// sgn is sign(x) for real x and x/|x| (0 at 0) for complex x: PyTorch's
// sgn, the derivative pattern of abs.
func (c *calc) sgn(x *tensor.Tensor) *tensor.Tensor {
	if c.err != nil || !x.DType().IsComplex() {
		return c.sign(x)
	}
	a := c.unary(tensor.AbsSpec.Apply, x)
	zero := c.eq(a, num(0))
	q := c.div(x, c.add(a, c.to(zero, a.DType()))) // |x| + 1 where x is 0: no 0/0
	return c.where(zero, c.zeros(x.DType(), nil), q)
}

// inPlace computes a op b into a (a must own its storage: optimizer state).
func (c *calc) inPlace(spec *tensor.BinarySpec, a, b *tensor.Tensor) {
	if c.err == nil {
		c.err = spec.ApplyInPlace(a, b)
	}
}

// to casts x to dtype d (a bool mask becomes 0s and 1s).
func (c *calc) to(x *tensor.Tensor, d tensor.DType) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return x.To(d) })
}

// reshape returns x with the given shape.
func (c *calc) reshape(x *tensor.Tensor, shape []int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return x.Reshape(shape...) })
}

// expand broadcasts x to shape without copying.
func (c *calc) expand(x *tensor.Tensor, shape []int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return x.Expand(shape...) })
}

// where picks a where cond is true and b elsewhere.
func (c *calc) where(cond, a, b *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.Where(cond, a, b) })
}

// zeros returns a zero tensor of dtype d and the given shape.
func (c *calc) zeros(d tensor.DType, shape []int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.Zeros(d, shape...) })
}

// sum adds x over dims (all of them when dims is empty).
func (c *calc) sum(x *tensor.Tensor, dims []int, keepdim bool) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.Sum(x, dims, keepdim) })
}

// sumTo sums g over the dimensions broadcasting added or stretched, so that
// it gets shape: the adjoint of broadcasting an input of that shape.
func (c *calc) sumTo(g *tensor.Tensor, shape []int) *tensor.Tensor {
	if c.err != nil || slices.Equal(g.Shape(), shape) {
		return g
	}
	gs := g.Shape()
	lead := len(gs) - len(shape)
	var dims []int
	for i := range gs {
		if i < lead || (shape[i-lead] == 1 && gs[i] != 1) {
			dims = append(dims, i)
		}
	}
	if len(dims) > 0 {
		g = c.sum(g, dims, true)
	}
	return c.reshape(g, shape)
}

// expandBack undoes a reduction of a tensor of shape over dims: it puts the
// reduced dimensions back (when keepdim was false) and broadcasts g over
// them. It is the gradient of a sum.
func (c *calc) expandBack(g *tensor.Tensor, shape, dims []int, keepdim bool) *tensor.Tensor {
	if !keepdim {
		g = c.reshape(g, keptShape(shape, dims))
	}
	return c.expand(g, shape)
}

// num returns a plain number as a tensor. It is a wrapped scalar, so it
// does not change the dtype of what it is combined with.
func num(v float64) *tensor.Tensor { return tensor.MustScalar(v) }

// matmul returns a @ b.
func (c *calc) matmul(a, b *tensor.Tensor) *tensor.Tensor { return c.binary(tensor.Matmul, a, b) }

// mT swaps the last two dimensions of x (the transpose of each matrix).
func (c *calc) mT(x *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return x.Transpose(-2, -1) })
}

// fused returns deriv computed as PyTorch's fused backward kernels
// (tanh_backward, sigmoid_backward) compute it: for float16 and bfloat16
// operands in float32, rounded once to their dtype at the end, instead of
// rounding after every step.
func fused(deriv func(c *calc, g, s *tensor.Tensor) *tensor.Tensor) func(c *calc, g, s *tensor.Tensor) *tensor.Tensor {
	return func(c *calc, g, s *tensor.Tensor) *tensor.Tensor {
		d := g.DType()
		if d.ComputeIn() == d {
			return deriv(c, g, s)
		}
		return c.to(deriv(c, c.to(g, d.ComputeIn()), c.to(s, d.ComputeIn())), d)
	}
}
