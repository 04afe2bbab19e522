package autograd

import (
	"math"

	"github.com/kael-dev/kael/tensor"
)

// The derivatives of the element-wise functions of tensor/unary_math.go and
// tensor/binary_math.go, with PyTorch's node names.

func init() {
	for spec, f := range map[*tensor.UnarySpec]func(*tensor.Tensor) (*tensor.Tensor, error){
		tensor.TanSpec: Tan, tensor.AsinSpec: Asin, tensor.AcosSpec: Acos, tensor.AtanSpec: Atan,
		tensor.SinhSpec: Sinh, tensor.CoshSpec: Cosh, tensor.AsinhSpec: Asinh, tensor.AcoshSpec: Acosh,
		tensor.AtanhSpec: Atanh, tensor.Log2Spec: Log2, tensor.Log10Spec: Log10, tensor.Log1pSpec: Log1p,
		tensor.Expm1Spec: Expm1, tensor.ErfSpec: Erf, tensor.ErfcSpec: Erfc, tensor.RsqrtSpec: Rsqrt,
		tensor.ReciprocalSpec: Reciprocal, tensor.TruncSpec: Trunc, tensor.FracSpec: Frac,
	} {
		unaryFuncs[spec] = f
	}
	binaryFuncs[tensor.Atan2Spec] = Atan2
	binaryFuncs[tensor.HypotSpec] = Hypot
}

// oneMinusSquare returns 1 - x².
func (c *calc) oneMinusSquare(x *tensor.Tensor) *tensor.Tensor { return c.sub(num(1), c.mul(x, x)) }

// Tan returns tan x; its derivative is 1 + tan²x.
func Tan(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("TanBackward0", tensor.TanSpec.Apply, x, readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
		return c.mul(g, c.add(num(1), c.mul(y, y)))
	})
}

// Asin returns arcsin x; its derivative is 1/√(1 - x²).
func Asin(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("AsinBackward0", tensor.AsinSpec.Apply, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.div(g, c.sqrt(c.oneMinusSquare(x)))
	})
}

// Acos returns arccos x; its derivative is -1/√(1 - x²).
func Acos(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("AcosBackward0", tensor.AcosSpec.Apply, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.neg(c.div(g, c.sqrt(c.oneMinusSquare(x))))
	})
}

// Atan returns arctan x; its derivative is 1/(1 + x²).
func Atan(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("AtanBackward0", tensor.AtanSpec.Apply, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.div(g, c.add(num(1), c.mul(x, x)))
	})
}

// Sinh returns sinh x; its derivative is cosh x.
func Sinh(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("SinhBackward0", tensor.SinhSpec.Apply, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.mul(g, c.unary(tensor.CoshSpec.Apply, x))
	})
}

// Cosh returns cosh x; its derivative is sinh x.
func Cosh(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("CoshBackward0", tensor.CoshSpec.Apply, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.mul(g, c.unary(tensor.SinhSpec.Apply, x))
	})
}

// Asinh returns arsinh x; its derivative is 1/√(x² + 1).
func Asinh(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("AsinhBackward0", tensor.AsinhSpec.Apply, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.div(g, c.sqrt(c.add(c.mul(x, x), num(1))))
	})
}

// Acosh returns arcosh x; its derivative is 1/√(x² - 1).
func Acosh(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("AcoshBackward0", tensor.AcoshSpec.Apply, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.div(g, c.sqrt(c.sub(c.mul(x, x), num(1))))
	})
}

// Atanh returns artanh x; its derivative is 1/(1 - x²).
func Atanh(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("AtanhBackward0", tensor.AtanhSpec.Apply, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.div(g, c.oneMinusSquare(x))
	})
}

// Log2 returns log₂ x; its derivative is 1/(x ln 2).
func Log2(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("Log2Backward0", tensor.Log2Spec.Apply, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.div(g, c.mul(x, num(math.Ln2)))
	})
}

// Log10 returns log₁₀ x; its derivative is 1/(x ln 10).
func Log10(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("Log10Backward0", tensor.Log10Spec.Apply, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.div(g, c.mul(x, num(math.Ln10)))
	})
}

// Log1p returns ln(1 + x); its derivative is 1/(1 + x).
func Log1p(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("Log1PBackward0", tensor.Log1pSpec.Apply, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.div(g, c.add(x, num(1)))
	})
}

// Expm1 returns e**x - 1; its derivative is e**x, the output plus 1.
func Expm1(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("Expm1Backward0", tensor.Expm1Spec.Apply, x, readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
		return c.mul(g, c.add(y, num(1)))
	})
}

// gaussDensity returns 2/√π · e**(-x²), the derivative of erf.
func (c *calc) gaussDensity(x *tensor.Tensor) *tensor.Tensor {
	return c.mul(c.exp(c.neg(c.mul(x, x))), num(2/math.Sqrt(math.Pi)))
}

// Erf returns the error function; its derivative is 2/√π · e**(-x²).
func Erf(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("ErfBackward0", tensor.ErfSpec.Apply, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.mul(g, c.gaussDensity(x))
	})
}

// Erfc returns 1 - erf x; its derivative is -2/√π · e**(-x²).
func Erfc(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("ErfcBackward0", tensor.ErfcSpec.Apply, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.neg(c.mul(g, c.gaussDensity(x)))
	})
}

// Rsqrt returns 1/√x; its derivative is -y³/2 with y the output.
func Rsqrt(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("RsqrtBackward0", tensor.RsqrtSpec.Apply, x, readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
		return c.mul(g, c.mul(c.mul(y, c.mul(y, y)), num(-0.5)))
	})
}

// Reciprocal returns 1/x; its derivative is -y² with y the output.
func Reciprocal(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("ReciprocalBackward0", tensor.ReciprocalSpec.Apply, x, readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
		return c.neg(c.mul(g, c.mul(y, y)))
	})
}

// Trunc rounds toward zero; its derivative is zero.
func Trunc(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("TruncBackward0", tensor.TruncSpec.Apply, x, readsNothing, zeroDerivative)
}

// Frac returns x - trunc(x); its derivative is 1.
func Frac(x *tensor.Tensor) (*tensor.Tensor, error) {
	return unaryOp("FracBackward0", tensor.FracSpec.Apply, x, readsNothing, func(_ *calc, g, _ *tensor.Tensor) *tensor.Tensor {
		return g
	})
}

// NanToNum replaces NaN and infinities (see tensor.NanToNum); the gradient
// passes where x is finite and is 0 elsewhere, as PyTorch's.
func NanToNum(x *tensor.Tensor, nan float64, posinf, neginf *float64) (*tensor.Tensor, error) {
	return unaryOp("NanToNumBackward0", func(x *tensor.Tensor) (*tensor.Tensor, error) {
		return tensor.NanToNum(x, nan, posinf, neginf)
	}, x, readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
		return c.where(c.unary(tensor.Isfinite, x), g, c.zeros(g.DType(), nil))
	})
}

// Atan2 returns atan2(a, b): d/da = b/(a² + b²), d/db = -a/(a² + b²).
func Atan2(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Atan2(a, b)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	n := newNode("Atan2Backward0", a, b)
	n.save(a, b)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		scale := c.div(g, c.add(c.mul(a, a), c.mul(b, b)))
		var ga, gb *tensor.Tensor
		if n.needs(0) {
			ga = n.toInput(c, 0, c.mul(scale, b))
		}
		if n.needs(1) {
			gb = n.toInput(c, 1, c.neg(c.mul(scale, a)))
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n.attach(out), nil
}

// Hypot returns √(a² + b²): d/da = a/y, d/db = b/y.
func Hypot(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Hypot(a, b)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	n := newNode("HypotBackward0", a, b)
	n.save(a, b, out)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		scale := c.div(g, out)
		var ga, gb *tensor.Tensor
		if n.needs(0) {
			ga = n.toInput(c, 0, c.mul(scale, a))
		}
		if n.needs(1) {
			gb = n.toInput(c, 1, c.mul(scale, b))
		}
		return []*tensor.Tensor{ga, gb}
	}
	return n.attach(out), nil
}

// Lerp returns start + weight·(end - start): d/dstart = 1 - weight,
// d/dend = weight, d/dweight = end - start. A plain-number weight records
// LerpBackward0, a tensor weight LerpBackward1, as PyTorch does.
func Lerp(start, end, weight *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Lerp(start, end, weight)
	if err != nil || !track(out, start, end, weight) {
		return out, err
	}
	name := "LerpBackward1"
	if weight.IsWrappedNumber() {
		name = "LerpBackward0"
	}
	n := newNode(name, start, end, weight)
	n.save(start, end, weight)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		grads := make([]*tensor.Tensor, 3)
		gw := c.mul(g, weight) // g first, so that a plain-number weight takes g's precision
		if n.needs(0) {
			grads[0] = n.toInput(c, 0, c.sub(g, gw))
		}
		if n.needs(1) {
			grads[1] = n.toInput(c, 1, gw)
		}
		if n.needs(2) {
			grads[2] = n.toInput(c, 2, c.mul(g, c.sub(end, start)))
		}
		return grads
	}
	return n.attach(out), nil
}
