package autograd

import (
	"math"

	"github.com/kael-dev/kael/tensor"
)

// Add returns a + b.
func Add(a, b *tensor.Tensor) (*tensor.Tensor, error) { return AddOp.Apply(a, b) }

// Sub returns a - b.
func Sub(a, b *tensor.Tensor) (*tensor.Tensor, error) { return SubOp.Apply(a, b) }

// Mul returns a * b.
func Mul(a, b *tensor.Tensor) (*tensor.Tensor, error) { return MulOp.Apply(a, b) }

// Div returns a / b.
func Div(a, b *tensor.Tensor) (*tensor.Tensor, error) { return DivOp.Apply(a, b) }

// Pow returns a ** b.
func Pow(a, b *tensor.Tensor) (*tensor.Tensor, error) { return PowOp.Apply(a, b) }

// Maximum returns the element-wise maximum.
func Maximum(a, b *tensor.Tensor) (*tensor.Tensor, error) { return MaximumOp.Apply(a, b) }

// Minimum returns the element-wise minimum.
func Minimum(a, b *tensor.Tensor) (*tensor.Tensor, error) { return MinimumOp.Apply(a, b) }

// divGrad: d/da = 1/b, d/db = -a/b² (div and true_divide). Like every
// derivative here, for complex operands the gradient is multiplied by the
// derivative's conjugate (calc.conj), which is PyTorch's convention.
var divGrad = &binaryGrad{node: "DivBackward0", saves: savesInputs, da: divGradA, db: divGradB}

func divGradA(c *calc, g, _, b, _ *tensor.Tensor) *tensor.Tensor { return c.div(g, c.conj(b)) }

func divGradB(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor {
	return c.neg(c.div(c.mul(g, c.conj(a)), c.conj(c.mul(b, b))))
}

// exactDivGrad is divGrad recorded as PyTorch records div with an explicit
// rounding_mode=None: DivBackward2.
var exactDivGrad = &binaryGrad{node: "DivBackward2", saves: savesInputs, da: divGradA, db: divGradB}

// roundedDivGrad is the derivative of div with rounding_mode 'trunc' or
// 'floor': zero for both inputs, as PyTorch's DivBackward2 records (the
// result is piecewise constant; its jumps are ignored). Like PyTorch's
// node it saves both inputs, so that a second backward finds them freed.
var roundedDivGrad = &binaryGrad{node: "DivBackward2", saves: savesInputs, da: zeroBinaryDerivative, db: zeroBinaryDerivative}

// zeroBinaryDerivative is zeroDerivative for a binary operation: toInput
// sums it to the input's shape and dtype.
func zeroBinaryDerivative(c *calc, g, _, _, _ *tensor.Tensor) *tensor.Tensor {
	return zeroDerivative(c, g, nil)
}

// divRounding are div's descriptors for rounding_mode 'trunc', 'floor'
// and None. They are no builtins of their own, so they stay out of
// BinaryOps; div and divide reach them through Rounded.
var divRounding = &RoundingModes{
	Exact: &BinaryOp{Name: "div", Spec: tensor.DivSpec, Other: "other", grad: exactDivGrad,
		Doc: "input / other, true division (div with rounding_mode=None); integers give float32."},
	Trunc: &BinaryOp{Name: "div", Spec: tensor.DivTruncSpec, Other: "other", grad: roundedDivGrad,
		Doc: "input / other rounded towards zero (div with rounding_mode='trunc'); integers stay integers."},
	Floor: &BinaryOp{Name: "div", Spec: tensor.FloorDivideSpec, Other: "other", grad: roundedDivGrad,
		Doc: "input / other rounded towards -inf (div with rounding_mode='floor'); integers stay integers."},
}

// savesUnlessNumberOther is the savesOf of fmod and remainder: by a plain
// number b the derivative of a is 1 and nothing is saved; by a tensor
// both operands are.
func savesUnlessNumberOther(_, b *tensor.Tensor) binarySaves {
	if b.IsWrappedNumber() {
		return savesNothing
	}
	return savesInputs
}

// passGrad is the derivative of an input that gets the output's gradient
// unchanged (both inputs of add, a of sub).
func passGrad(_ *calc, g, _, _, _ *tensor.Tensor) *tensor.Tensor { return g }

// subNode names sub's node as PyTorch does: RsubBackward1 for a plain
// number minus a tensor (1 - x, which Python runs as x.__rsub__(1)),
// SubBackward0 otherwise.
func subNode(a, b *tensor.Tensor) string {
	if a.IsWrappedNumber() && !b.IsWrappedNumber() {
		return "RsubBackward1"
	}
	return "SubBackward0"
}

// powNode names pow's node as PyTorch does: PowBackward0 for a plain-number
// exponent (x ** 2), PowBackward2 for a plain-number base (2 ** x),
// PowBackward1 for two tensors.
func powNode(a, b *tensor.Tensor) string {
	switch {
	case b.IsWrappedNumber():
		return "PowBackward0"
	case a.IsWrappedNumber():
		return "PowBackward2"
	}
	return "PowBackward1"
}

// powGradA is d/da of a ** b, b·a^(b-1) (0 where b is 0).
func powGradA(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor {
	bm1 := c.sub(b, num(1))
	if b.IsWrappedNumber() { // keep the exponent a plain number, exact in a's dtype
		bm1 = c.do(func() (*tensor.Tensor, error) { return scalarMinusOne(b) })
	}
	d := c.mul(g, c.conj(c.mul(b, c.pow(a, bm1))))
	if !nonzeroNumber(b) { // a plain nonzero exponent (x ** 2) needs no mask
		d = c.where(c.eq(b, num(0)), c.zeros(d.DType(), nil), d)
	}
	return d
}

// powGradB is d/db of a ** b, a^b·ln a (0 where a is 0 and b is real and
// ≥ 0). With a complex result, a is taken as complex first, so that a
// negative real base has a logarithm (PyTorch's pow_backward_exponent).
func powGradB(c *calc, g, a, b, out *tensor.Tensor) *tensor.Tensor {
	if out.DType().IsComplex() {
		a = c.to(a, out.DType())
	}
	d := c.mul(g, c.conj(c.mul(out, c.log(a))))
	var nonnegative *tensor.Tensor
	if b.DType().IsComplex() {
		re, im := c.do(b.RealPart), c.do(b.ImagPart)
		nonnegative = c.logicalAnd(c.eq(im, num(0)), c.ge(re, num(0)))
	} else {
		nonnegative = c.ge(b, num(0))
	}
	zero := c.logicalAnd(c.eq(a, num(0)), nonnegative)
	return c.where(zero, c.zeros(d.DType(), nil), d)
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
	case complex128:
		return tensor.Scalar(x - 1)
	case bool:
		if x {
			return tensor.Scalar(0)
		}
	}
	return tensor.Scalar(-1)
}

// minmaxShare is the derivative of maximum and minimum for the input x
// (other being the other input): the gradient goes to the input that is the
// result; ties split it evenly.
func minmaxShare(c *calc, g, x, other, out *tensor.Tensor) *tensor.Tensor {
	// 1 where x alone is the result, 1/2 on ties, 0 elsewhere.
	won := c.to(c.logicalAnd(c.eq(x, out), c.ne(other, out)), g.DType())
	tie := c.to(c.eq(x, other), g.DType())
	return c.mul(g, c.add(won, c.mul(tie, num(0.5))))
}

func minmaxGradA(c *calc, g, a, b, out *tensor.Tensor) *tensor.Tensor {
	return minmaxShare(c, g, a, b, out)
}

func minmaxGradB(c *calc, g, a, b, out *tensor.Tensor) *tensor.Tensor {
	return minmaxShare(c, g, b, a, out)
}

// Neg returns -x.
func Neg(x *tensor.Tensor) (*tensor.Tensor, error) { return NegOp.Apply(x) }

// Abs returns |x|.
func Abs(x *tensor.Tensor) (*tensor.Tensor, error) { return AbsOp.Apply(x) }

// Exp returns e**x.
func Exp(x *tensor.Tensor) (*tensor.Tensor, error) { return ExpOp.Apply(x) }

// Log returns ln x.
func Log(x *tensor.Tensor) (*tensor.Tensor, error) { return LogOp.Apply(x) }

// Sqrt returns √x.
func Sqrt(x *tensor.Tensor) (*tensor.Tensor, error) { return SqrtOp.Apply(x) }

// Sin returns sin x.
func Sin(x *tensor.Tensor) (*tensor.Tensor, error) { return SinOp.Apply(x) }

// Cos returns cos x.
func Cos(x *tensor.Tensor) (*tensor.Tensor, error) { return CosOp.Apply(x) }

// Tanh returns tanh x.
func Tanh(x *tensor.Tensor) (*tensor.Tensor, error) { return TanhOp.Apply(x) }

// Sigmoid returns σ(x) = 1/(1+e**-x).
func Sigmoid(x *tensor.Tensor) (*tensor.Tensor, error) { return SigmoidOp.Apply(x) }

// Relu returns max(x, 0).
func Relu(x *tensor.Tensor) (*tensor.Tensor, error) { return ReluOp.Apply(x) }

// Floor rounds down.
func Floor(x *tensor.Tensor) (*tensor.Tensor, error) { return FloorOp.Apply(x) }

// Ceil rounds up.
func Ceil(x *tensor.Tensor) (*tensor.Tensor, error) { return CeilOp.Apply(x) }

// Round rounds half to even.
func Round(x *tensor.Tensor) (*tensor.Tensor, error) { return RoundOp.Apply(x) }

// RoundDecimals is round(x, decimals=d) as PyTorch computes it in x's
// dtype: nearbyint(x * 10**d) / 10**d, or for d < 0 nearbyint(x / 10**-d)
// * 10**-d (so that no inexact 0.1 enters); integers and bools are refused
// unless d is 0, which is Round. It is one node, RoundBackward1, as in
// PyTorch: its gradient is zero and it saves nothing.
func RoundDecimals(x *tensor.Tensor, d int) (*tensor.Tensor, error) {
	if d == 0 {
		return Round(x)
	}
	if !x.DType().IsFloating() {
		return nil, tensor.Errorf(tensor.TypeError, "round with decimals only supports floating point dtypes, got %s", x.DType()).
			WithHint("convert the input with .to(float32) first")
	}
	c := &calc{}
	scale := num(math.Pow(10, math.Abs(float64(d))))
	up, down := c.mul, c.div
	if d < 0 {
		up, down = c.div, c.mul
	}
	out := down(c.unary(tensor.RoundSpec.Apply, up(x, scale)), scale)
	if c.err != nil || !track(out, x) {
		return out, c.err
	}
	return roundDecimalsGrad.record(x, out), nil
}

// Sign returns -1, 0 or 1.
func Sign(x *tensor.Tensor) (*tensor.Tensor, error) { return SignOp.Apply(x) }

// zeroDerivative is the gradient of a piecewise constant function: zeros
// of g's dtype and shape (the input's, for these dtype-preserving
// operations). It is one zero broadcast to the shape, allocating nothing
// per element; the leaf that receives it gets its own copy (accumulate).
// Floor, Ceil, Round and Sign have it: as in PyTorch they are recorded, so
// that a result still requires grad, and the jumps are ignored.
func zeroDerivative(c *calc, g, _ *tensor.Tensor) *tensor.Tensor {
	return c.expand(c.zeros(g.DType(), nil), g.Shape())
}

// angleDerivative is the gradient of angle(x): zero for real x, and
// g·i·x/|x|² for complex x (0 where x is 0).
func angleDerivative(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
	if !x.DType().IsComplex() {
		return zeroDerivative(c, g, x)
	}
	a2 := c.unary(tensor.AbsSpec.Apply, x)
	a2 = c.mul(a2, a2)
	zero := c.eq(a2, num(0))
	d := c.mul(c.div(c.mul(g, x), c.add(a2, c.to(zero, a2.DType()))), tensor.MustScalar(complex(0, 1)))
	return c.where(zero, c.zeros(x.DType(), nil), d)
}

// Why the operations without a derivative have none.
const (
	boolResult = "its result is bool, which has no gradient"
	intOnly    = "it is defined for integer and bool tensors only, which have no gradient"
	stepwise   = "it is piecewise constant; PyTorch records a node whose backward is an error (derivative for aten::floor_divide is not implemented), and so does kael"
)

// The binary operations, in the order the language reference lists them.
var (
	AddOp = defBinaryOp(&BinaryOp{Spec: tensor.AddSpec, Expose: FunctionAndMethod, Alpha: true,
		grad: &binaryGrad{node: "AddBackward0", da: passGrad, db: passGrad},
		Doc:  "input + alpha * other, element-wise with broadcasting.", InPlaceDoc: "In place: input += alpha * other; returns input."})
	SubOp = defBinaryOp(&BinaryOp{Spec: tensor.SubSpec, Expose: FunctionAndMethod, Alpha: true,
		grad: &binaryGrad{node: "SubBackward0", nodeOf: subNode, da: passGrad,
			db: func(c *calc, g, _, _, _ *tensor.Tensor) *tensor.Tensor { return c.neg(g) }},
		Doc: "input - alpha * other, element-wise with broadcasting.", InPlaceDoc: "In place: input -= alpha * other; returns input."})
	MulOp = defBinaryOp(&BinaryOp{Spec: tensor.MulSpec, Expose: FunctionAndMethod,
		grad: &binaryGrad{node: "MulBackward0", saves: savesInputs,
			da: func(c *calc, g, _, b, _ *tensor.Tensor) *tensor.Tensor { return c.mul(g, c.conj(b)) },
			db: func(c *calc, g, a, _, _ *tensor.Tensor) *tensor.Tensor { return c.mul(g, c.conj(a)) }},
		Doc: "input * other, element-wise with broadcasting.", InPlaceDoc: "In place: input *= other; returns input."})
	DivOp = defBinaryOp(&BinaryOp{Spec: tensor.DivSpec, Expose: FunctionAndMethod, grad: divGrad, Rounding: divRounding,
		Doc:        "input / other: true division, so integers give float32; rounding_mode='trunc' or 'floor' rounds the quotient and keeps integers.",
		InPlaceDoc: "In place: input /= other (rounded as rounding_mode says); returns input."})
	DivideOp = defBinaryOp(&BinaryOp{Name: "divide", Spec: tensor.DivSpec, Expose: FunctionAndMethod, grad: divGrad, Rounding: divRounding,
		Doc: "The same as div.", InPlaceDoc: "In place: the same as div_."})
	TrueDivideOp = defBinaryOp(&BinaryOp{Name: "true_divide", Spec: tensor.DivSpec, Expose: FunctionAndMethod, grad: divGrad,
		Doc: "input / other, the same as div.", InPlaceDoc: "In place: input /= other; returns input."})
	FloorDivideOp = defBinaryOp(&BinaryOp{Spec: tensor.FloorDivideSpec, Expose: FunctionAndMethod, NoGrad: stepwise, Unimplemented: "NotImplemented",
		Doc: "input // other: the quotient rounded down; integers stay integers.", InPlaceDoc: "In place: input //= other; returns input."})
	// RemainderOp: d/da = 1, d/db = -floor(a/b); PyTorch has no
	// derivative for a plain number's remainder by a tensor (5 % x).
	RemainderOp = defBinaryOp(&BinaryOp{Spec: tensor.RemainderSpec, Expose: FunctionAndMethod,
		grad: &binaryGrad{node: "RemainderBackward1", nodeOf: scalarOtherNode("RemainderBackward0", "RemainderBackward1"), saves: savesInputs,
			savesOf: savesUnlessNumberOther, da: passGrad,
			db: func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor {
				return c.mul(c.neg(g), c.floor(c.div(a, b))) // -grad * floor(a / b), as PyTorch orders it
			}},
		Unimplemented:    "NotImplemented",
		unimplementedFor: func(a, _ *tensor.Tensor) bool { return a.IsWrappedNumber() },
		Doc:              "input % other, with the sign of other as in Python.", InPlaceDoc: "In place: input %= other; returns input."})
	PowOp = defBinaryOp(&BinaryOp{Spec: tensor.PowSpec, Expose: Method, Other: "exponent",
		grad: &binaryGrad{nodeOf: powNode, saves: savesAll, da: powGradA, db: powGradB},
		Doc:  "input ** exponent, element-wise; the exponent may be a number or a tensor.", InPlaceDoc: "In place: input **= exponent; returns input."})
	MaximumOp = defBinaryOp(&BinaryOp{Spec: tensor.MaximumSpec, Expose: FunctionAndMethod,
		grad: &binaryGrad{node: "MaximumBackward0", saves: savesAll, da: minmaxGradA, db: minmaxGradB},
		Doc:  "The larger of input and other, element-wise (NaN wins)."})
	MinimumOp = defBinaryOp(&BinaryOp{Spec: tensor.MinimumSpec, Expose: FunctionAndMethod,
		grad: &binaryGrad{node: "MinimumBackward0", saves: savesAll, da: minmaxGradA, db: minmaxGradB},
		Doc:  "The smaller of input and other, element-wise (NaN wins)."})
	EqOp = defBinaryOp(&BinaryOp{Spec: tensor.EqSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "input == other, element-wise, as a bool tensor."})
	NeOp = defBinaryOp(&BinaryOp{Spec: tensor.NeSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "input != other, element-wise, as a bool tensor."})
	LtOp = defBinaryOp(&BinaryOp{Spec: tensor.LtSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "input < other, element-wise, as a bool tensor."})
	LeOp = defBinaryOp(&BinaryOp{Spec: tensor.LeSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "input <= other, element-wise, as a bool tensor."})
	GtOp = defBinaryOp(&BinaryOp{Spec: tensor.GtSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "input > other, element-wise, as a bool tensor."})
	GeOp = defBinaryOp(&BinaryOp{Spec: tensor.GeSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "input >= other, element-wise, as a bool tensor."})
	LogicalAndOp = defBinaryOp(&BinaryOp{Spec: tensor.LogicalAndSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "Whether both elements are true (non-zero), as a bool tensor."})
	LogicalOrOp = defBinaryOp(&BinaryOp{Spec: tensor.LogicalOrSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "Whether either element is true (non-zero), as a bool tensor."})
	LogicalXorOp = defBinaryOp(&BinaryOp{Spec: tensor.LogicalXorSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "Whether exactly one element is true (non-zero), as a bool tensor."})
	BitwiseAndOp = defBinaryOp(&BinaryOp{Spec: tensor.BitwiseAndSpec, Expose: FunctionAndMethod, NoGrad: intOnly,
		Doc: "input & other for integer and bool tensors.", InPlaceDoc: "In place: input &= other; returns input."})
	BitwiseOrOp = defBinaryOp(&BinaryOp{Spec: tensor.BitwiseOrSpec, Expose: FunctionAndMethod, NoGrad: intOnly,
		Doc: "input | other for integer and bool tensors.", InPlaceDoc: "In place: input |= other; returns input."})
	BitwiseXorOp = defBinaryOp(&BinaryOp{Spec: tensor.BitwiseXorSpec, Expose: FunctionAndMethod, NoGrad: intOnly,
		Doc: "input ^ other for integer and bool tensors.", InPlaceDoc: "In place: input ^= other; returns input."})
	BitwiseLeftShiftOp = defBinaryOp(&BinaryOp{Spec: tensor.BitwiseLeftShiftSpec, Expose: FunctionAndMethod, NoGrad: intOnly,
		Doc: "input << other for integer tensors, as PyTorch's CPU computes it: an int64 shifts by other modulo 64, a narrower integer by other modulo 32 (so 1 << 64 is 1 and an int8 1 << 8 is 0).", InPlaceDoc: "In place: input <<= other; returns input."})
	BitwiseRightShiftOp = defBinaryOp(&BinaryOp{Spec: tensor.BitwiseRightShiftSpec, Expose: FunctionAndMethod, NoGrad: intOnly,
		Doc: "input >> other for integer tensors (arithmetic: signed values keep their sign), the count taken modulo 64 for int64 and modulo 32 for narrower integers, as PyTorch's CPU computes it.", InPlaceDoc: "In place: input >>= other; returns input."})
)

// The unary operations, each with its derivative: g is the output's
// gradient, x the input and y the output.
var (
	NegOp = defUnaryOp(&UnaryOp{Spec: tensor.NegSpec, Expose: FunctionAndMethod, Doc: "-input.",
		grad: &unaryGrad{"NegBackward0", readsNothing, func(c *calc, g, _ *tensor.Tensor) *tensor.Tensor { return c.neg(g) }}})
	// AbsOp: the derivative of |x| is sign(x) (0 at 0); for complex x
	// the gradient is g·x/|x|, PyTorch's sgn.
	AbsOp = defUnaryOp(&UnaryOp{Spec: tensor.AbsSpec, Expose: Method, Doc: "The absolute value, element-wise.",
		grad: &unaryGrad{"AbsBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor { return c.mul(g, c.sgn(x)) }}})
	// ExpOp: e**x is its own derivative.
	ExpOp = defUnaryOp(&UnaryOp{Spec: tensor.ExpSpec, Expose: FunctionAndMethod, Doc: "e ** input, element-wise (integers give float32).",
		grad: &unaryGrad{"ExpBackward0", readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor { return c.mul(g, c.conj(y)) }}})
	// LogOp: the derivative of ln x is 1/x.
	LogOp = defUnaryOp(&UnaryOp{Spec: tensor.LogSpec, Expose: FunctionAndMethod, Doc: "The natural logarithm, element-wise (integers give float32).",
		grad: &unaryGrad{"LogBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor { return c.div(g, c.conj(x)) }}})
	// SqrtOp: the derivative of √x is 1/(2√x).
	SqrtOp = defUnaryOp(&UnaryOp{Spec: tensor.SqrtSpec, Expose: FunctionAndMethod, Doc: "The square root, element-wise (integers give float32).",
		grad: &unaryGrad{"SqrtBackward0", readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor { return c.div(g, c.conj(c.mul(y, num(2)))) }}})
	// SinOp: the derivative of sin x is cos x.
	SinOp = defUnaryOp(&UnaryOp{Spec: tensor.SinSpec, Expose: FunctionAndMethod, Doc: "The sine, element-wise.",
		grad: &unaryGrad{"SinBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor { return c.mul(g, c.conj(c.cos(x))) }}})
	// CosOp: the derivative of cos x is -sin x.
	CosOp = defUnaryOp(&UnaryOp{Spec: tensor.CosSpec, Expose: FunctionAndMethod, Doc: "The cosine, element-wise.",
		grad: &unaryGrad{"CosBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor { return c.neg(c.mul(g, c.conj(c.sin(x)))) }}})
	// TanhOp: the derivative of tanh x is 1 - tanh²x.
	TanhOp = defUnaryOp(&UnaryOp{Spec: tensor.TanhSpec, Expose: FunctionAndMethod, Doc: "The hyperbolic tangent, element-wise.",
		grad: &unaryGrad{"TanhBackward0", readsOutput, tanhGrad}})
	// SigmoidOp: the derivative of σ(x) is σ(x)(1-σ(x)).
	SigmoidOp = defUnaryOp(&UnaryOp{Spec: tensor.SigmoidSpec, Expose: FunctionAndMethod, Doc: "1 / (1 + e ** -input), element-wise.",
		grad: &unaryGrad{"SigmoidBackward0", readsOutput, fused(func(c *calc, g, y *tensor.Tensor) *tensor.Tensor { return c.mul(c.mul(g, c.sub(num(1), y)), y) })}})
	// ReluOp: the derivative is 1 where the output is positive and 0
	// elsewhere (0 at 0, as PyTorch). The gradient is 0 where y <= 0 and
	// g elsewhere (0 also where g is inf or NaN, g where y is NaN, as
	// PyTorch's threshold_backward), in one pass for float32 and float64
	// (tensor.ReluGrad; other dtypes give 0 where y is NaN).
	ReluOp = defUnaryOp(&UnaryOp{Spec: tensor.ReluSpec, Expose: FunctionAndMethod, Doc: "max(input, 0), element-wise.",
		grad: &unaryGrad{"ReluBackward0", readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
			if c.rec {
				return c.thresholdBackward(g, y)
			}
			var handled bool
			if t := c.do(func() (*tensor.Tensor, error) {
				t, ok, err := tensor.ReluGrad(g, y)
				handled = ok
				return t, err
			}); handled {
				return t
			}
			return c.where(c.gt(y, num(0)), g, c.zeros(g.DType(), nil))
		}}})
	FloorOp = defUnaryOp(&UnaryOp{Spec: tensor.FloorSpec, Expose: FunctionAndMethod, Doc: "The largest integer not above each element; its gradient is zero.",
		grad: &unaryGrad{"FloorBackward0", readsNothing, zeroDerivative}})
	CeilOp = defUnaryOp(&UnaryOp{Spec: tensor.CeilSpec, Expose: FunctionAndMethod, Doc: "The smallest integer not below each element; its gradient is zero.",
		grad: &unaryGrad{"CeilBackward0", readsNothing, zeroDerivative}})
	// RoundOp is Custom: the language's round takes decimals.
	RoundOp = defUnaryOp(&UnaryOp{Spec: tensor.RoundSpec, Expose: Custom, Doc: "Each element rounded to the given number of decimals, halves to even; its gradient is zero.",
		grad: &unaryGrad{"RoundBackward0", readsNothing, zeroDerivative}})
	// roundDecimalsGrad is the derivative of RoundDecimals, which is not
	// an op of the table because it takes decimals.
	roundDecimalsGrad = &unaryGrad{"RoundBackward1", readsNothing, zeroDerivative}
	SignOp            = defUnaryOp(&UnaryOp{Spec: tensor.SignSpec, Expose: FunctionAndMethod, Doc: "-1, 0 or 1 by the sign of each element; its gradient is zero.",
		grad: &unaryGrad{"SignBackward0", readsNothing, zeroDerivative}})
	// ConjOp: the gradient of conj(z) is conj(g) (g unchanged for real
	// inputs). ConjOp is Custom: the language's conj returns a real tensor
	// itself, as PyTorch does.
	ConjOp = defUnaryOp(&UnaryOp{Spec: tensor.ConjSpec, Expose: Custom, Doc: "The complex conjugate, element-wise (a copy: PyTorch's conj_physical); a real tensor's values are unchanged.",
		grad: &unaryGrad{"ConjBackward0", readsNothing, func(c *calc, g, _ *tensor.Tensor) *tensor.Tensor { return c.conj(g) }}})
	// AngleOp: the angle of a real number is piecewise constant; that of
	// a complex z = x + iy, atan2(y, x), has the gradient g·i·z/|z|² (0 at
	// 0), PyTorch's angle_backward.
	AngleOp = defUnaryOp(&UnaryOp{Spec: tensor.AngleSpec, Expose: FunctionAndMethod, Doc: "The argument of each element in radians: atan2(imag, real) for complex numbers, 0 or pi for real ones (float32 for integers).",
		grad: &unaryGrad{"AngleBackward0", readsInput, angleDerivative}})
	LogicalNotOp = defUnaryOp(&UnaryOp{Spec: tensor.LogicalNotSpec, Expose: FunctionAndMethod, NoGrad: boolResult,
		Doc: "Whether each element is false (zero), as a bool tensor."})
	BitwiseNotOp = defUnaryOp(&UnaryOp{Spec: tensor.BitwiseNotSpec, Expose: FunctionAndMethod, NoGrad: intOnly,
		Doc: "~input for integer and bool tensors."})
)

// tanhGrad is g·(1 - y²) from tanh's output y: for float32 one pass as
// PyTorch's tanh_backward kernel (tensor.TanhGradFloat32), otherwise (and
// in a recording pass) in tensor operations.
func tanhGrad(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
	if !c.rec {
		var handled bool
		if t := c.do(func() (*tensor.Tensor, error) {
			t, ok, err := tensor.MapGradFloat32(g, y, tensor.TanhGradFloat32)
			handled = ok
			return t, err
		}); handled {
			return t
		}
	}
	return fused(func(c *calc, g, y *tensor.Tensor) *tensor.Tensor { return c.mul(g, c.conj(c.sub(num(1), c.mul(y, y)))) })(c, g, y)
}
