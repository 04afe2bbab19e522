package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// Add returns a + b. Both inputs get the output's gradient, summed back to
// their own shapes.
func Add(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Add(a, b)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	n := newNode("AddBackward0", a, b)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{n.toInput(c, 0, g), n.toInput(c, 1, g)}
	}
	return n.attach(out), nil
}

// Sub returns a - b: d/da = 1, d/db = -1.
func Sub(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Sub(a, b)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	n := newNode("SubBackward0", a, b)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		var gb *tensor.Tensor
		if n.needs(1) {
			gb = n.toInput(c, 1, c.neg(g))
		}
		return []*tensor.Tensor{n.toInput(c, 0, g), gb}
	}
	return n.attach(out), nil
}

// Mul returns a * b: d/da = b, d/db = a.
func Mul(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Mul(a, b)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	n := newNode("MulBackward0", a, b)
	n.save(a, b)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		var ga, gb *tensor.Tensor
		if n.needs(0) {
			ga = n.toInput(c, 0, c.mul(g, b))
		}
		if n.needs(1) {
			gb = n.toInput(c, 1, c.mul(g, a))
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n.attach(out), nil
}

// Div returns a / b: d/da = 1/b, d/db = -a/b².
func Div(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Div(a, b)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	n := newNode("DivBackward0", a, b)
	n.save(a, b)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		var ga, gb *tensor.Tensor
		if n.needs(0) {
			ga = n.toInput(c, 0, c.div(g, b))
		}
		if n.needs(1) {
			gb = n.toInput(c, 1, c.neg(c.div(c.mul(g, a), c.mul(b, b))))
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n.attach(out), nil
}

// Pow returns a ** b: d/da = b·a^(b-1) (0 where b is 0), d/db = a^b·ln a (0
// where a is 0 and b ≥ 0). A plain-number exponent (x ** 2) records
// PowBackward0, a plain-number base (2 ** x) PowBackward2, two tensors
// PowBackward1, as PyTorch does.
func Pow(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Pow(a, b)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	name := "PowBackward1"
	switch {
	case b.IsWrappedNumber():
		name = "PowBackward0"
	case a.IsWrappedNumber():
		name = "PowBackward2"
	}
	n := newNode(name, a, b)
	n.save(a, b, out)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		var ga, gb *tensor.Tensor
		if n.needs(0) {
			bm1 := c.sub(b, num(1))
			if b.IsWrappedNumber() { // keep the exponent a plain number, exact in a's dtype
				bm1 = c.do(func() (*tensor.Tensor, error) { return scalarMinusOne(b) })
			}
			d := c.mul(g, c.mul(b, c.pow(a, bm1)))
			if !nonzeroNumber(b) { // a plain nonzero exponent (x ** 2) needs no mask
				d = c.where(c.eq(b, num(0)), c.zeros(d.DType(), nil), d)
			}
			ga = n.toInput(c, 0, d)
		}
		if n.needs(1) {
			d := c.mul(g, c.mul(out, c.log(a)))
			zero := c.logicalAnd(c.eq(a, num(0)), c.ge(b, num(0)))
			gb = n.toInput(c, 1, c.where(zero, c.zeros(d.DType(), nil), d))
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n.attach(out), nil
}

// nonzeroNumber reports whether b is a plain number (a wrapped scalar)
// other than 0.
func nonzeroNumber(b *tensor.Tensor) bool {
	if !b.IsWrappedNumber() {
		return false
	}
	v, err := b.Float64s()
	return err == nil && v[0] != 0
}

// scalarMinusOne returns b - 1 for a wrapped number b, still wrapped.
func scalarMinusOne(b *tensor.Tensor) (*tensor.Tensor, error) {
	v, err := b.Item()
	if err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case int64:
		return tensor.Scalar(x - 1)
	case float64:
		return tensor.Scalar(x - 1)
	case bool:
		if x {
			return tensor.Scalar(0)
		}
	}
	return tensor.Scalar(-1)
}

// Maximum returns the element-wise maximum. The gradient goes to the larger
// input; ties split it evenly.
func Maximum(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	return minmax("MaximumBackward0", tensor.Maximum, a, b)
}

// Minimum returns the element-wise minimum. The gradient goes to the smaller
// input; ties split it evenly.
func Minimum(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	return minmax("MinimumBackward0", tensor.Minimum, a, b)
}

func minmax(name string, f func(a, b *tensor.Tensor) (*tensor.Tensor, error), a, b *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := f(a, b)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	n := newNode(name, a, b)
	n.save(a, b, out)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		// weight(x) is 1 where x alone is the result, 1/2 on ties, 0 elsewhere.
		weight := func(x, other *tensor.Tensor) *tensor.Tensor {
			won := c.to(c.logicalAnd(c.eq(x, out), c.ne(other, out)), g.DType())
			tie := c.to(c.eq(a, b), g.DType())
			return c.add(won, c.mul(tie, num(0.5)))
		}
		var ga, gb *tensor.Tensor
		if n.needs(0) {
			ga = n.toInput(c, 0, c.mul(g, weight(a, b)))
		}
		if n.needs(1) {
			gb = n.toInput(c, 1, c.mul(g, weight(b, a)))
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n.attach(out), nil
}

// unaryReads says which tensor a unary derivative reads besides the
// gradient: none, the input x or the output y. Only that one is saved, so a
// later in-place change of the other neither keeps it alive nor makes
// Backward refuse (y = -x; y += 1 is fine, as in PyTorch).
type unaryReads int

const (
	readsNothing unaryReads = iota
	readsInput
	readsOutput
)

// unaryOp records a one-input operation whose gradient is g times a local
// derivative; deriv gets the tensor reads names (nil for readsNothing).
func unaryOp(name string, f func(*tensor.Tensor) (*tensor.Tensor, error), x *tensor.Tensor,
	reads unaryReads, deriv func(c *calc, g, s *tensor.Tensor) *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := f(x)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode(name, x)
	var s *tensor.Tensor
	switch reads {
	case readsInput:
		s = x
	case readsOutput:
		s = out
	}
	n.save(s)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{deriv(c, g, s)}
	}
	return n.attach(out), nil
}

// Neg returns -x.
func Neg(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("NegBackward0", tensor.Neg, x, readsNothing, func(c *calc, g, _ *tensor.Tensor) *tensor.Tensor {
		return c.neg(g)
	})
}

// Abs returns |x|; its derivative is sign(x) (0 at 0).
func Abs(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("AbsBackward0", tensor.Abs, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.mul(g, c.sign(x))
	})
}

// Exp returns e**x, which is its own derivative.
func Exp(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("ExpBackward0", tensor.Exp, x, readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
		return c.mul(g, y)
	})
}

// Log returns ln x; its derivative is 1/x.
func Log(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("LogBackward0", tensor.Log, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.div(g, x)
	})
}

// Sqrt returns √x; its derivative is 1/(2√x).
func Sqrt(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("SqrtBackward0", tensor.Sqrt, x, readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
		return c.div(g, c.mul(y, num(2)))
	})
}

// Sin returns sin x; its derivative is cos x.
func Sin(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("SinBackward0", tensor.Sin, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.mul(g, c.cos(x))
	})
}

// Cos returns cos x; its derivative is -sin x.
func Cos(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("CosBackward0", tensor.Cos, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.neg(c.mul(g, c.sin(x)))
	})
}

// Tanh returns tanh x; its derivative is 1 - tanh²x.
func Tanh(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("TanhBackward0", tensor.Tanh, x, readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
		return c.mul(g, c.sub(num(1), c.mul(y, y)))
	})
}

// Sigmoid returns σ(x) = 1/(1+e**-x); its derivative is σ(x)(1-σ(x)).
func Sigmoid(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("SigmoidBackward0", tensor.Sigmoid, x, readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
		return c.mul(g, c.mul(y, c.sub(num(1), y)))
	})
}

// Relu returns max(x, 0); its derivative is 1 where the output is positive
// and 0 elsewhere (0 at 0, as PyTorch). The gradient is g where y > 0 and 0
// elsewhere (also where g is inf or NaN, as PyTorch's threshold_backward).
func Relu(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("ReluBackward0", tensor.Relu, x, readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
		return c.where(c.gt(y, num(0)), g, c.zeros(g.DType(), nil))
	})
}

// Floor rounds down. Floor, Ceil, Round and Sign are piecewise constant:
// as in PyTorch they are recorded, so that a result still requires grad,
// and their derivative is zero (the jumps are ignored).
func Floor(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("FloorBackward0", tensor.FloorSpec.Apply, x, readsNothing, zeroDerivative)
}

// Ceil rounds up; its derivative is zero.
func Ceil(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("CeilBackward0", tensor.CeilSpec.Apply, x, readsNothing, zeroDerivative)
}

// Round rounds half to even; its derivative is zero.
func Round(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("RoundBackward0", tensor.RoundSpec.Apply, x, readsNothing, zeroDerivative)
}

// Sign returns -1, 0 or 1; its derivative is zero.
func Sign(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("SignBackward0", tensor.SignSpec.Apply, x, readsNothing, zeroDerivative)
}

// zeroDerivative is the gradient of a piecewise constant function: zeros
// of g's dtype and shape (the input's, for these dtype-preserving
// operations). It is one zero broadcast to the shape, allocating nothing
// per element; the leaf that receives it gets its own copy (accumulate).
func zeroDerivative(c *calc, g, _ *tensor.Tensor) *tensor.Tensor {
	return c.expand(c.zeros(g.DType(), nil), g.Shape())
}

// binaryFuncs maps the differentiable binary operations to their recording
// versions.
var binaryFuncs = map[*tensor.BinarySpec]func(a, b *tensor.Tensor) (*tensor.Tensor, error){
	tensor.AddSpec: Add, tensor.SubSpec: Sub, tensor.MulSpec: Mul, tensor.DivSpec: Div,
	tensor.PowSpec: Pow, tensor.MaximumSpec: Maximum, tensor.MinimumSpec: Minimum,
}

// unaryFuncs maps the differentiable unary operations to their recording
// versions.
var unaryFuncs = map[*tensor.UnarySpec]func(x *tensor.Tensor) (*tensor.Tensor, error){
	tensor.NegSpec: Neg, tensor.AbsSpec: Abs, tensor.ExpSpec: Exp, tensor.LogSpec: Log,
	tensor.SqrtSpec: Sqrt, tensor.SinSpec: Sin, tensor.CosSpec: Cos, tensor.TanhSpec: Tanh,
	tensor.SigmoidSpec: Sigmoid, tensor.ReluSpec: Relu, tensor.FloorSpec: Floor,
	tensor.CeilSpec: Ceil, tensor.RoundSpec: Round, tensor.SignSpec: Sign,
}

// Binary applies a binary operation, recording it when it is differentiable
// (add, sub, mul, div, pow, maximum, minimum). The others (comparisons,
// floor division, bitwise and logical operations) have no gradient and
// return a tensor outside the graph.
func Binary(spec *tensor.BinarySpec, a, b *tensor.Tensor) (*tensor.Tensor, error) {
	if f, ok := binaryFuncs[spec]; ok {
		return f(a, b)
	}
	return spec.Apply(a, b)
}

// Unary applies a unary operation, recording it when it is differentiable;
// the others (logical_not, bitwise_not) return a tensor outside the graph.
func Unary(spec *tensor.UnarySpec, x *tensor.Tensor) (*tensor.Tensor, error) {
	if f, ok := unaryFuncs[spec]; ok {
		return f(x)
	}
	return spec.Apply(x)
}
