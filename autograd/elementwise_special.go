package autograd

import (
	"math"

	"github.com/kael-dev/kael/tensor"
)

// The op table's entries for the special functions of
// tensor/unary_special.go and tensor/binary_special.go, with PyTorch's
// derivatives (tools/autograd/derivatives.yaml) and node names.

// keepWhere returns g where cond holds and 0 elsewhere.
func (c *calc) keepWhere(cond, g *tensor.Tensor) *tensor.Tensor {
	return c.where(cond, g, c.zeros(g.DType(), nil))
}

// The operations of this file in the op table (see ops.go).
var (
	Exp2Op = defUnaryOp(&UnaryOp{Spec: tensor.Exp2Spec, Expose: FunctionAndMethod, Doc: "2 ** input, element-wise (integers give float32).",
		grad: &unaryGrad{"Exp2Backward0", readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
			return c.mul(g, c.mul(y, num(math.Ln2)))
		}}})
	ErfinvOp = defUnaryOp(&UnaryOp{Spec: tensor.ErfinvSpec, Expose: FunctionAndMethod, Doc: "The inverse error function, element-wise (integers give float32); ±inf at ±1, NaN outside [-1, 1].",
		grad: &unaryGrad{"ErfinvBackward0", readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
			return c.mul(g, c.mul(c.exp(c.mul(y, y)), num(math.Sqrt(math.Pi)/2)))
		}}})
	LgammaOp = defUnaryOp(&UnaryOp{Spec: tensor.LgammaSpec, Expose: FunctionAndMethod, Doc: "ln |Γ(input)|, element-wise (integers give float32); +inf at 0 and the negative integers.",
		grad: &unaryGrad{"LgammaBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.mul(g, c.unary(tensor.DigammaSpec.Apply, x))
		}}})
	DigammaOp = defUnaryOp(&UnaryOp{Spec: tensor.DigammaSpec, Expose: FunctionAndMethod, Doc: "ψ(input), the derivative of lgamma, element-wise (integers give float32); -inf at 0, NaN at the negative integers.",
		grad: &unaryGrad{"DigammaBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.mul(g, c.unary(tensor.TrigammaSpec.Apply, x))
		}}})
	SincOp = defUnaryOp(&UnaryOp{Spec: tensor.SincSpec, Expose: FunctionAndMethod, Doc: "sin(pi * input) / (pi * input), 1 at 0, element-wise (integers give float32).",
		grad: &unaryGrad{"SincBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			// PyTorch: (pi x cos(pi x) - sin(pi x)) / (pi x²), 0 where x is 0.
			px := c.mul(x, num(math.Pi))
			d := c.div(c.sub(c.mul(px, c.cos(px)), c.sin(px)), c.mul(px, x))
			return c.mul(g, c.keepWhere(c.ne(x, num(0)), d))
		}}})
	I0Op = defUnaryOp(&UnaryOp{Spec: tensor.I0Spec, Expose: FunctionAndMethod, Doc: "The modified Bessel function of the first kind of order 0, element-wise (integers give float32).",
		grad: &unaryGrad{"I0Backward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.mul(g, c.unary(tensor.I1Spec.Apply, x))
		}}})
	SignbitOp = defUnaryOp(&UnaryOp{Spec: tensor.SignbitSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "Whether the sign bit of each element is set (negative numbers and -0.0), as a bool tensor."})

	// CopysignOp: d/da = out/a (0 where a is 0); other gets a zero gradient.
	CopysignOp = defBinaryOp(&BinaryOp{Spec: tensor.CopysignSpec, Expose: FunctionAndMethod,
		Doc:        "|input| with the sign of other, element-wise (integers give float32).",
		InPlaceDoc: "In place: input = copysign(input, other); returns input.",
		grad: &binaryGrad{node: "CopysignBackward0", nodeOf: scalarOtherNode("CopysignBackward1", "CopysignBackward0"), saves: savesAll,
			da: func(c *calc, g, a, _, out *tensor.Tensor) *tensor.Tensor {
				return c.mul(g, c.keepWhere(c.ne(a, num(0)), c.div(out, a)))
			},
			db: zeroBinaryDerivative}})
	// FmodOp: d/da = 1, d/db = -trunc(a/b).
	FmodOp = defBinaryOp(&BinaryOp{Spec: tensor.FmodSpec, Expose: FunctionAndMethod,
		Doc:        "C's fmod: the remainder of input / other with the sign of input; an integer division by zero is an error.",
		InPlaceDoc: "In place: input = fmod(input, other); returns input.",
		grad: &binaryGrad{node: "FmodBackward1", nodeOf: scalarOtherNode("FmodBackward0", "FmodBackward1"), saves: savesInputs,
			savesOf: savesUnlessNumberOther, da: passGrad,
			db: func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor {
				return c.neg(c.mul(g, c.unary(tensor.TruncSpec.Apply, c.div(a, b))))
			}}})
	// FmaxOp and FminOp pass the gradient to the operand they return.
	FmaxOp = defBinaryOp(&BinaryOp{Spec: tensor.FmaxSpec, Expose: FunctionAndMethod, TensorOther: true,
		Doc:  "The larger of input and other, element-wise, ignoring a NaN (NaN only where both are).",
		grad: fminmaxGrad("FmaxBackward0", tensor.Ge)})
	FminOp = defBinaryOp(&BinaryOp{Spec: tensor.FminSpec, Expose: FunctionAndMethod, TensorOther: true,
		Doc:  "The smaller of input and other, element-wise, ignoring a NaN (NaN only where both are).",
		grad: fminmaxGrad("FminBackward0", tensor.Le)})
	// LogaddexpOp: d/da = 1/(1 + e**(b - a)), d/db = 1/(1 + e**(a - b)).
	LogaddexpOp = defBinaryOp(&BinaryOp{Spec: tensor.LogaddexpSpec, Expose: FunctionAndMethod, TensorOther: true,
		Doc:  "log(exp(input) + exp(other)) without overflow, element-wise; floating tensors only.",
		grad: logaddexpGrad("LogaddexpBackward0", (*calc).exp)})
	// Logaddexp2Op: d/da = 1/(1 + 2**(b - a)), d/db = 1/(1 + 2**(a - b)).
	Logaddexp2Op = defBinaryOp(&BinaryOp{Spec: tensor.Logaddexp2Spec, Expose: FunctionAndMethod, TensorOther: true,
		Doc: "log2(2 ** input + 2 ** other) without overflow, element-wise; floating tensors only.",
		grad: logaddexpGrad("Logaddexp2Backward0", func(c *calc, x *tensor.Tensor) *tensor.Tensor {
			return c.unary(tensor.Exp2Spec.Apply, x)
		})})
	// XlogyOp: d/da = xlogy(g, b), 0 where a is 0 and b <= 0; d/db = g a / b.
	XlogyOp = defBinaryOp(&BinaryOp{Spec: tensor.XlogySpec, Expose: FunctionAndMethod,
		Doc:        "input * log(other), 0 where input is 0 (unless other is NaN), element-wise (integers give float32).",
		InPlaceDoc: "In place: input = xlogy(input, other); returns input.",
		grad: &binaryGrad{node: "XlogyBackward0", nodeOf: xlogyNode, saves: savesInputs,
			da: func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor {
				d := c.binary(tensor.XlogySpec.Apply, g, b)
				zero := c.logicalAnd(c.eq(a, num(0)), c.binary(tensor.Le, b, num(0)))
				return c.where(zero, c.zeros(d.DType(), nil), d)
			},
			db: func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor { return c.div(c.mul(g, a), b) }}})
	NextafterOp = defBinaryOp(&BinaryOp{Spec: tensor.NextafterSpec, Expose: FunctionAndMethod, TensorOther: true,
		Doc:        "The next float after input toward other, element-wise; floating tensors only.",
		InPlaceDoc: "In place: input = nextafter(input, other); returns input.",
		NoGrad:     "PyTorch does not implement its derivative", Unimplemented: "NextafterBackward0"})
	HeavisideOp = defBinaryOp(&BinaryOp{Spec: tensor.HeavisideSpec, Expose: FunctionAndMethod, TensorOther: true, Other: "values",
		Doc:        "The step function: 0 where input < 0, values where input is 0, 1 where input > 0; both of one dtype.",
		InPlaceDoc: "In place: input = heaviside(input, values); returns input.",
		NoGrad:     "PyTorch does not implement its derivative", Unimplemented: "NotImplemented"})
	GcdOp = defBinaryOp(&BinaryOp{Spec: tensor.GcdSpec, Expose: FunctionAndMethod, TensorOther: true,
		Doc:        "The greatest common divisor of input and other, element-wise (non-negative); integers only.",
		InPlaceDoc: "In place: input = gcd(input, other); returns input.",
		NoGrad:     "it takes integers only"})
	LcmOp = defBinaryOp(&BinaryOp{Spec: tensor.LcmSpec, Expose: FunctionAndMethod, TensorOther: true,
		Doc:        "The least common multiple of input and other, element-wise (non-negative); integers only.",
		InPlaceDoc: "In place: input = lcm(input, other); returns input.",
		NoGrad:     "it takes integers only"})
)

// fminmaxGrad is the derivative of fmax (cmp Ge) or fmin (cmp Le): g
// goes to a where fmax or fmin returns it, where a cmp b holds or b is NaN,
// and to b elsewhere.
func fminmaxGrad(node string, cmp func(a, b *tensor.Tensor) (*tensor.Tensor, error)) *binaryGrad {
	first := func(c *calc, a, b *tensor.Tensor) *tensor.Tensor {
		return c.binary(tensor.LogicalOr, c.binary(cmp, a, b), c.unary(tensor.Isnan, b))
	}
	return &binaryGrad{node: node, saves: savesInputs,
		da: func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor { return c.keepWhere(first(c, a, b), g) },
		db: func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor {
			return c.where(first(c, a, b), c.zeros(g.DType(), nil), g)
		}}
}

// logaddexpGrad is the derivative of logaddexp (pow: e**x) or logaddexp2
// (2**x): d/da = 1/(1 + pow(b - a)), and d/db the same with a and b
// swapped.
func logaddexpGrad(node string, pow func(c *calc, x *tensor.Tensor) *tensor.Tensor) *binaryGrad {
	share := func(c *calc, g, x, other *tensor.Tensor) *tensor.Tensor {
		return c.div(g, c.add(pow(c, c.sub(other, x)), num(1)))
	}
	return &binaryGrad{node: node, saves: savesInputs,
		da: func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor { return share(c, g, a, b) },
		db: func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor { return share(c, g, b, a) }}
}

// scalarOtherNode names the node by whether the second operand is a plain
// number (PyTorch's .Scalar overload) or a tensor.
func scalarOtherNode(scalar, tensorOther string) func(a, b *tensor.Tensor) string {
	return func(_, b *tensor.Tensor) string {
		if b.IsWrappedNumber() {
			return scalar
		}
		return tensorOther
	}
}

// xlogyNode is XlogyBackward1 for a plain-number input
// (torch.special.xlogy(2, t)), XlogyBackward2 for a plain-number other,
// XlogyBackward0 for two tensors.
var xlogyNode = specialScalarNode("XlogyBackward")

// Deg2Rad returns x converted from degrees to radians (integers and bools
// in float32 first); its node, Deg2RadBackward0, saves nothing.
func Deg2Rad(x *tensor.Tensor) (*tensor.Tensor, error) {
	return scaleRecorded(x, math.Pi/180, deg2radGrad)
}

// Rad2Deg returns x converted from radians to degrees.
func Rad2Deg(x *tensor.Tensor) (*tensor.Tensor, error) {
	return scaleRecorded(x, 180/math.Pi, rad2degGrad)
}

var (
	deg2radGrad = &unaryGrad{"Deg2RadBackward0", readsNothing, func(c *calc, g, _ *tensor.Tensor) *tensor.Tensor { return c.mul(g, num(math.Pi/180)) }}
	rad2degGrad = &unaryGrad{"Rad2DegBackward0", readsNothing, func(c *calc, g, _ *tensor.Tensor) *tensor.Tensor { return c.mul(g, num(180/math.Pi)) }}
)

// scaleRecorded returns x * k, x converted to float32 first when it is
// not floating, recorded with grad.
func scaleRecorded(x *tensor.Tensor, k float64, grad *unaryGrad) (*tensor.Tensor, error) {
	in := x
	if !x.DType().IsFloating() && !x.DType().IsComplex() {
		var err error
		if in, err = x.To(tensor.DefaultFloat); err != nil {
			return nil, err
		}
	}
	out, err := tensor.Mul(in, num(k))
	if err != nil || !track(out, x) {
		return out, err
	}
	return grad.record(x, out), nil
}

// DiagEmbed returns tensor.DiagEmbed(x, offset, d1, d2), recorded as
// DiagEmbedBackward0, whose gradient is the diagonal of the output's.
func DiagEmbed(x *tensor.Tensor, offset, d1, d2 int) (*tensor.Tensor, error) {
	out, err := tensor.DiagEmbed(x, offset, d1, d2)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("DiagEmbedBackward0", x)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{c.do(func() (*tensor.Tensor, error) {
			return tensor.Diagonal(g, offset, d1, d2)
		})}
	}
	return n.attach(out), nil
}

// MulScalar returns x * k for a plain number k, recorded as PyTorch's
// Scalar overload, MulBackward1, which saves nothing (x * tensor(k)
// saves its operands: MulBackward0).
func MulScalar(x *tensor.Tensor, k float64) (*tensor.Tensor, error) {
	out, err := tensor.Mul(x, num(k))
	if err != nil || !track(out, x) {
		return out, err
	}
	return (&unaryGrad{"MulBackward1", readsNothing, func(c *calc, g, _ *tensor.Tensor) *tensor.Tensor { return c.mul(g, num(k)) }}).record(x, out), nil
}

// DivScalar returns x / k for a plain number k, recorded as DivBackward1,
// which saves nothing.
func DivScalar(x *tensor.Tensor, k float64) (*tensor.Tensor, error) {
	out, err := tensor.Div(x, num(k))
	if err != nil || !track(out, x) {
		return out, err
	}
	return (&unaryGrad{"DivBackward1", readsNothing, func(c *calc, g, _ *tensor.Tensor) *tensor.Tensor { return c.div(g, num(k)) }}).record(x, out), nil
}
