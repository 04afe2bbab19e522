package autograd

import (
	"math"

	"github.com/kael-dev/kael/tensor"
)

// The derivatives of the element-wise functions of tensor/unary_math.go and
// tensor/binary_math.go, with PyTorch's node names.

// oneMinusSquare returns 1 - x².
func (c *calc) oneMinusSquare(x *tensor.Tensor) *tensor.Tensor { return c.sub(num(1), c.mul(x, x)) }

// Tan returns tan x; its derivative is 1 + tan²x.
func Tan(x *tensor.Tensor) (*tensor.Tensor, error) { return TanOp.Apply(x) }

// Asin returns arcsin x; its derivative is 1/√(1 - x²).
func Asin(x *tensor.Tensor) (*tensor.Tensor, error) { return AsinOp.Apply(x) }

// Acos returns arccos x; its derivative is -1/√(1 - x²).
func Acos(x *tensor.Tensor) (*tensor.Tensor, error) { return AcosOp.Apply(x) }

// Atan returns arctan x; its derivative is 1/(1 + x²).
func Atan(x *tensor.Tensor) (*tensor.Tensor, error) { return AtanOp.Apply(x) }

// Sinh returns sinh x; its derivative is cosh x.
func Sinh(x *tensor.Tensor) (*tensor.Tensor, error) { return SinhOp.Apply(x) }

// Cosh returns cosh x; its derivative is sinh x.
func Cosh(x *tensor.Tensor) (*tensor.Tensor, error) { return CoshOp.Apply(x) }

// Asinh returns arsinh x; its derivative is 1/√(x² + 1).
func Asinh(x *tensor.Tensor) (*tensor.Tensor, error) { return AsinhOp.Apply(x) }

// Acosh returns arcosh x; its derivative is 1/√(x² - 1).
func Acosh(x *tensor.Tensor) (*tensor.Tensor, error) { return AcoshOp.Apply(x) }

// Atanh returns artanh x; its derivative is 1/(1 - x²).
func Atanh(x *tensor.Tensor) (*tensor.Tensor, error) { return AtanhOp.Apply(x) }

// Log2 returns log₂ x; its derivative is 1/(x ln 2).
func Log2(x *tensor.Tensor) (*tensor.Tensor, error) { return Log2Op.Apply(x) }

// Log10 returns log₁₀ x; its derivative is 1/(x ln 10).
func Log10(x *tensor.Tensor) (*tensor.Tensor, error) { return Log10Op.Apply(x) }

// Log1p returns ln(1 + x); its derivative is 1/(1 + x).
func Log1p(x *tensor.Tensor) (*tensor.Tensor, error) { return Log1pOp.Apply(x) }

// Expm1 returns e**x - 1; its derivative is e**x, the output plus 1.
func Expm1(x *tensor.Tensor) (*tensor.Tensor, error) { return Expm1Op.Apply(x) }

// gaussDensity returns 2/√π · e**(-x²), the derivative of erf.
func (c *calc) gaussDensity(x *tensor.Tensor) *tensor.Tensor {
	return c.mul(c.exp(c.neg(c.mul(x, x))), num(2/math.Sqrt(math.Pi)))
}

// Erf returns the error function; its derivative is 2/√π · e**(-x²).
func Erf(x *tensor.Tensor) (*tensor.Tensor, error) { return ErfOp.Apply(x) }

// Erfc returns 1 - erf x; its derivative is -2/√π · e**(-x²).
func Erfc(x *tensor.Tensor) (*tensor.Tensor, error) { return ErfcOp.Apply(x) }

// Rsqrt returns 1/√x; its derivative is -y³/2 with y the output.
func Rsqrt(x *tensor.Tensor) (*tensor.Tensor, error) { return RsqrtOp.Apply(x) }

// Reciprocal returns 1/x; its derivative is -y² with y the output.
func Reciprocal(x *tensor.Tensor) (*tensor.Tensor, error) { return ReciprocalOp.Apply(x) }

// Trunc rounds toward zero; its derivative is zero.
func Trunc(x *tensor.Tensor) (*tensor.Tensor, error) { return TruncOp.Apply(x) }

// Frac returns x - trunc(x); its derivative is 1.
func Frac(x *tensor.Tensor) (*tensor.Tensor, error) { return FracOp.Apply(x) }

// NanToNum replaces NaN and infinities (see tensor.NanToNum); the gradient
// passes where x is finite and is 0 elsewhere, as PyTorch's.
func NanToNum(x *tensor.Tensor, nan float64, posinf, neginf *float64) (*tensor.Tensor, error) {
	out, err := tensor.NanToNum(x, nan, posinf, neginf)
	if err != nil || !track(out, x) {
		return out, err
	}
	return nanToNumGrad.record(x, out), nil
}

var nanToNumGrad = &unaryGrad{"NanToNumBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
	return c.where(c.unary(tensor.Isfinite, x), g, c.zeros(g.DType(), nil))
}}

// Atan2 returns atan2(a, b).
func Atan2(a, b *tensor.Tensor) (*tensor.Tensor, error) { return Atan2Op.Apply(a, b) }

// Hypot returns √(a² + b²).
func Hypot(a, b *tensor.Tensor) (*tensor.Tensor, error) { return HypotOp.Apply(a, b) }

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

// The operations of this file in the op table (see ops.go).
var (
	TanOp = defUnaryOp(&UnaryOp{Spec: tensor.TanSpec, Expose: FunctionAndMethod, Doc: "The tangent, element-wise (integers give float32).",
		grad: &unaryGrad{"TanBackward0", readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
			return c.mul(g, c.add(num(1), c.mul(y, y)))
		}}})
	AsinOp = defUnaryOp(&UnaryOp{Spec: tensor.AsinSpec, Expose: FunctionAndMethod, Doc: "The arcsine, element-wise (integers give float32); NaN outside [-1, 1].",
		grad: &unaryGrad{"AsinBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.div(g, c.sqrt(c.oneMinusSquare(x)))
		}}})
	AcosOp = defUnaryOp(&UnaryOp{Spec: tensor.AcosSpec, Expose: FunctionAndMethod, Doc: "The arccosine, element-wise (integers give float32); NaN outside [-1, 1].",
		grad: &unaryGrad{"AcosBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.neg(c.div(g, c.sqrt(c.oneMinusSquare(x))))
		}}})
	AtanOp = defUnaryOp(&UnaryOp{Spec: tensor.AtanSpec, Expose: FunctionAndMethod, Doc: "The arctangent, element-wise (integers give float32).",
		grad: &unaryGrad{"AtanBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.div(g, c.add(num(1), c.mul(x, x)))
		}}})
	SinhOp = defUnaryOp(&UnaryOp{Spec: tensor.SinhSpec, Expose: FunctionAndMethod, Doc: "The hyperbolic sine, element-wise (integers give float32).",
		grad: &unaryGrad{"SinhBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.mul(g, c.cosh(x))
		}}})
	CoshOp = defUnaryOp(&UnaryOp{Spec: tensor.CoshSpec, Expose: FunctionAndMethod, Doc: "The hyperbolic cosine, element-wise (integers give float32).",
		grad: &unaryGrad{"CoshBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.mul(g, c.sinh(x))
		}}})
	AsinhOp = defUnaryOp(&UnaryOp{Spec: tensor.AsinhSpec, Expose: FunctionAndMethod, Doc: "The inverse hyperbolic sine, element-wise (integers give float32).",
		grad: &unaryGrad{"AsinhBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			// PyTorch's formula, step by step: grad * (x.pow(2) + 1).rsqrt()
			return c.mul(g, c.rsqrt(c.add(c.pow(x, num(2)), num(1))))
		}}})
	AcoshOp = defUnaryOp(&UnaryOp{Spec: tensor.AcoshSpec, Expose: FunctionAndMethod, Doc: "The inverse hyperbolic cosine, element-wise (integers give float32); NaN below 1.",
		grad: &unaryGrad{"AcoshBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			// PyTorch's formula, step by step: grad * (x.pow(2) - 1).rsqrt()
			return c.mul(g, c.rsqrt(c.sub(c.pow(x, num(2)), num(1))))
		}}})
	AtanhOp = defUnaryOp(&UnaryOp{Spec: tensor.AtanhSpec, Expose: FunctionAndMethod, Doc: "The inverse hyperbolic tangent, element-wise (integers give float32); ±inf at ±1.",
		grad: &unaryGrad{"AtanhBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.div(g, c.oneMinusSquare(x))
		}}})
	Log2Op = defUnaryOp(&UnaryOp{Spec: tensor.Log2Spec, Expose: FunctionAndMethod, Doc: "The base-2 logarithm, element-wise (integers give float32).",
		grad: &unaryGrad{"Log2Backward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.div(g, c.mul(x, num(math.Ln2)))
		}}})
	Log10Op = defUnaryOp(&UnaryOp{Spec: tensor.Log10Spec, Expose: FunctionAndMethod, Doc: "The base-10 logarithm, element-wise (integers give float32).",
		grad: &unaryGrad{"Log10Backward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.div(g, c.mul(x, num(math.Ln10)))
		}}})
	Log1pOp = defUnaryOp(&UnaryOp{Spec: tensor.Log1pSpec, Expose: FunctionAndMethod, Doc: "log(1 + input), accurate for small input (integers give float32).",
		grad: &unaryGrad{"Log1PBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.div(g, c.add(x, num(1)))
		}}})
	Expm1Op = defUnaryOp(&UnaryOp{Spec: tensor.Expm1Spec, Expose: FunctionAndMethod, Doc: "e ** input - 1, accurate for small input (integers give float32).",
		grad: &unaryGrad{"Expm1Backward0", readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
			return c.mul(g, c.add(y, num(1)))
		}}})
	ErfOp = defUnaryOp(&UnaryOp{Spec: tensor.ErfSpec, Expose: FunctionAndMethod, Doc: "The error function, element-wise (integers give float32).",
		grad: &unaryGrad{"ErfBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.mul(g, c.gaussDensity(x))
		}}})
	ErfcOp = defUnaryOp(&UnaryOp{Spec: tensor.ErfcSpec, Expose: FunctionAndMethod, Doc: "1 - erf(input), accurate where erf is near 1 (integers give float32).",
		grad: &unaryGrad{"ErfcBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.neg(c.mul(g, c.gaussDensity(x)))
		}}})
	RsqrtOp = defUnaryOp(&UnaryOp{Spec: tensor.RsqrtSpec, Expose: FunctionAndMethod, Doc: "1 / sqrt(input), element-wise (integers give float32).",
		grad: &unaryGrad{"RsqrtBackward0", readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
			return c.mul(g, c.mul(c.mul(y, c.mul(y, y)), num(-0.5)))
		}}})
	ReciprocalOp = defUnaryOp(&UnaryOp{Spec: tensor.ReciprocalSpec, Expose: FunctionAndMethod, Doc: "1 / input, element-wise (integers give float32).",
		grad: &unaryGrad{"ReciprocalBackward0", readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
			return c.neg(c.mul(g, c.mul(y, y)))
		}}})
	TruncOp = defUnaryOp(&UnaryOp{Spec: tensor.TruncSpec, Expose: FunctionAndMethod, Doc: "Each element rounded toward zero; integers come back unchanged; its gradient is zero.",
		grad: &unaryGrad{"TruncBackward0", readsNothing, zeroDerivative}})
	FracOp = defUnaryOp(&UnaryOp{Spec: tensor.FracSpec, Expose: FunctionAndMethod, Doc: "input - trunc(input), the fractional part with input's sign; floating tensors only.",
		grad: &unaryGrad{"FracBackward0", readsNothing, func(_ *calc, g, _ *tensor.Tensor) *tensor.Tensor {
			return g
		}}})
	IsnanOp = defUnaryOp(&UnaryOp{Spec: tensor.IsnanSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "Whether each element is NaN, as a bool tensor."})
	IsinfOp = defUnaryOp(&UnaryOp{Spec: tensor.IsinfSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "Whether each element is +inf or -inf, as a bool tensor."})
	IsposinfOp = defUnaryOp(&UnaryOp{Spec: tensor.IsposinfSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "Whether each element is +inf, as a bool tensor."})
	IsneginfOp = defUnaryOp(&UnaryOp{Spec: tensor.IsneginfSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "Whether each element is -inf, as a bool tensor."})
	IsfiniteOp = defUnaryOp(&UnaryOp{Spec: tensor.IsfiniteSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "Whether each element is neither infinite nor NaN, as a bool tensor."})
	// Atan2Op: d/da = b/(a² + b²), d/db = -a/(a² + b²).
	Atan2Op = defBinaryOp(&BinaryOp{Spec: tensor.Atan2Spec, Expose: FunctionAndMethod,
		Doc:        "The angle of the point (other, input) in radians, in [-pi, pi] (integers give float32).",
		InPlaceDoc: "In place: input = atan2(input, other); returns input.",
		grad: &binaryGrad{node: "Atan2Backward0", saves: savesInputs,
			da: func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor {
				return c.mul(c.div(g, c.add(c.mul(a, a), c.mul(b, b))), b)
			},
			db: func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor {
				return c.neg(c.mul(c.div(g, c.add(c.mul(a, a), c.mul(b, b))), a))
			}}})
	// HypotOp: d/da = a/y, d/db = b/y.
	HypotOp = defBinaryOp(&BinaryOp{Spec: tensor.HypotSpec, Expose: FunctionAndMethod,
		Doc:        "sqrt(input ** 2 + other ** 2) without overflow, element-wise; floating tensors only.",
		InPlaceDoc: "In place: input = hypot(input, other); returns input.",
		grad: &binaryGrad{node: "HypotBackward0", saves: savesAll,
			da: func(c *calc, g, a, _, out *tensor.Tensor) *tensor.Tensor { return c.mul(c.div(g, out), a) },
			db: func(c *calc, g, _, b, out *tensor.Tensor) *tensor.Tensor { return c.mul(c.div(g, out), b) }}})
)

// Clamp limits each element of x to [lo, hi]; a nil bound sets no limit.
// It is recorded as PyTorch's one node: ClampBackward1 when the bounds are
// plain numbers, ClampBackward0 when one is a tensor (which then gets a
// gradient where it was used). The gradients are PyTorch's
// (clamp_backward and clamp_backward_min_max in its FunctionsManual.cpp):
// x's where min <= x <= max, so none at a NaN element or beside a NaN
// bound; min's where x < min and min < max; max's where x > max or
// max < min (so that max wins when the bounds cross, as the value does).
func Clamp(x, lo, hi *tensor.Tensor) (*tensor.Tensor, error) {
	out, ok, err := tensor.ClampNumbers(x, lo, hi, false)
	if !ok {
		out, err = clampValue(x, lo, hi)
	}
	if err != nil || !track(out, x, lo, hi) {
		return out, err
	}
	name := "ClampBackward1"
	for _, b := range []*tensor.Tensor{lo, hi} {
		if b != nil && !b.IsWrappedNumber() {
			name = "ClampBackward0"
		}
	}
	n := newNode(name, x, lo, hi)
	n.recordable = true
	n.save(x, lo, hi)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		zero := c.zeros(g.DType(), nil)
		grads := make([]*tensor.Tensor, 3)
		if n.needs(0) {
			var keep *tensor.Tensor
			if lo != nil {
				keep = c.ge(x, lo)
			}
			if hi != nil {
				le := c.ge(hi, x)
				if keep == nil {
					keep = le
				} else {
					keep = c.logicalAnd(keep, le)
				}
			}
			if keep == nil {
				grads[0] = n.toInput(c, 0, g)
			} else {
				grads[0] = n.toInput(c, 0, c.where(keep, g, zero))
			}
		}
		if n.needs(1) {
			used := c.gt(lo, x)
			if hi != nil {
				used = c.logicalAnd(used, c.gt(hi, lo))
			}
			grads[1] = n.toInput(c, 1, c.where(used, g, zero))
		}
		if n.needs(2) {
			used := c.gt(x, hi)
			if lo != nil {
				used = c.logicalOr(used, c.gt(lo, hi))
			}
			grads[2] = n.toInput(c, 2, c.where(used, g, zero))
		}
		return grads
	}
	return n.attach(out), nil
}

// clampValue is clamp's value where tensor.ClampNumbers does not apply (a
// tensor bound, a result dtype other than x's, ...), with nothing recorded.
func clampValue(x, lo, hi *tensor.Tensor) (*tensor.Tensor, error) {
	both := lo != nil && hi != nil
	out, err := clampSide(tensor.Lt, x, lo, both)
	if err != nil {
		return nil, err
	}
	return clampSide(tensor.Gt, out, hi, both)
}

// ClampNumbersInPlace is x.clamp_(lo, hi) for number bounds where
// autograd records nothing, in one pass (tensor.ClampNumbers); ok is false
// where that does not apply, and the caller clamps its general way.
func ClampNumbersInPlace(x, lo, hi *tensor.Tensor) (ok bool, err error) {
	if InPlaceRecorded(x, lo, hi) {
		return false, nil
	}
	_, ok, err = tensor.ClampNumbers(x, lo, hi, true)
	return ok, err
}

// clampSide replaces the elements of x beyond bound (where beyond(x, bound)
// holds) by bound, recording nothing. A nil bound leaves x as
// it is. A NaN bound gives NaN as PyTorch's clamp does: where a tensor
// bound is NaN, and everywhere for a number bound when both bounds are
// given (both); a lone NaN number compares false and keeps x
// (tensor.ClampNumbers).
func clampSide(beyond func(a, b *tensor.Tensor) (*tensor.Tensor, error), x, bound *tensor.Tensor, both bool) (*tensor.Tensor, error) {
	if bound == nil {
		return x, nil
	}
	cond, err := beyond(x, bound)
	if err != nil {
		return nil, err
	}
	nanGives := both || !bound.IsWrappedNumber()
	if nanGives {
		if nanGives, err = tensor.HasNaN(bound); err != nil {
			return nil, err
		}
	}
	if nanGives {
		nan, err := tensor.Ne(bound, bound)
		if err != nil {
			return nil, err
		}
		if cond, err = tensor.LogicalOr(cond, nan); err != nil {
			return nil, err
		}
	}
	return tensor.Where(cond, bound, x)
}
