package autograd

import (
	"math"

	"github.com/kael-dev/kael/tensor"
)

// The op table's entries for the functions of torch.special that torch
// lacks (tensor/special_functions.go, tensor/special_binary.go), with
// PyTorch 1.13's derivatives (tools/autograd/derivatives.yaml) and node
// names. The Bessel functions other than i0e, i1 and i1e, and the
// orthogonal polynomials, have none in PyTorch 1.13: their results do
// not require grad.
var (
	EntrOp = defUnaryOp(&UnaryOp{Spec: tensor.EntrSpec, Expose: Special, Doc: "-input * log(input), 0 at 0, -inf below 0, element-wise (integers give float32).",
		grad: &unaryGrad{"SpecialEntrBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			return c.mul(g, c.neg(c.add(c.log(x), num(1))))
		}}})
	NdtriOp = defUnaryOp(&UnaryOp{Spec: tensor.NdtriSpec, Expose: Special, Doc: "The inverse of ndtr, the standard normal distribution function: -inf at 0, inf at 1, NaN outside [0, 1] (integers give float32).",
		grad: &unaryGrad{"SpecialNdtriBackward0", readsOutput, func(c *calc, g, y *tensor.Tensor) *tensor.Tensor {
			return c.mul(g, c.mul(c.exp(c.div(c.mul(y, y), num(2))), num(math.Sqrt(2*math.Pi))))
		}}})
	LogNdtrOp = defUnaryOp(&UnaryOp{Spec: tensor.LogNdtrSpec, Expose: Special, Doc: "log(ndtr(input)), accurate far in the lower tail (integers give float32).",
		grad: &unaryGrad{"SpecialLogNdtrBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			// grad / sqrt(2 pi) * exp(-(result + x² / 2))
			y := c.unary(tensor.LogNdtrSpec.Apply, x)
			return c.mul(c.div(g, num(math.Sqrt(2*math.Pi))), c.exp(c.neg(c.add(y, c.div(c.mul(x, x), num(2))))))
		}}})
	ErfcxOp = defUnaryOp(&UnaryOp{Spec: tensor.ErfcxSpec, Expose: Special, Doc: "The scaled complementary error function exp(input²) * erfc(input), element-wise (integers give float32).",
		grad: &unaryGrad{"SpecialErfcxBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			// (2 x result - 2/sqrt(pi)) * grad
			y := c.unary(tensor.ErfcxSpec.Apply, x)
			return c.mul(c.sub(c.mul(c.mul(x, y), num(2)), num(2/math.Sqrt(math.Pi))), g)
		}}})
	I0eOp = defUnaryOp(&UnaryOp{Spec: tensor.I0eSpec, Expose: Special, Doc: "exp(-|input|) * i0(input), the exponentially scaled modified Bessel function of order 0 (integers give float32).",
		grad: &unaryGrad{"SpecialI0EBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			// grad * (i1e(x) - sgn(x) * result)
			y := c.unary(tensor.I0eSpec.Apply, x)
			return c.mul(g, c.sub(c.unary(tensor.I1eSpec.Apply, x), c.mul(c.sign(x), y)))
		}}})
	I1Op = defUnaryOp(&UnaryOp{Spec: tensor.I1Spec, Expose: Special, Doc: "The modified Bessel function of the first kind of order 1, element-wise (integers give float32).",
		grad: &unaryGrad{"SpecialI1Backward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			// i1_backward: grad * (i0(x) - result / x), 0.5 at 0
			y := c.unary(tensor.I1Spec.Apply, x)
			d := c.sub(c.unary(tensor.I0Spec.Apply, x), c.div(y, x))
			return c.mul(g, c.where(c.eq(x, num(0)), num(0.5), d))
		}}})
	I1eOp = defUnaryOp(&UnaryOp{Spec: tensor.I1eSpec, Expose: Special, Doc: "exp(-|input|) * i1(input), the exponentially scaled modified Bessel function of order 1 (integers give float32).",
		grad: &unaryGrad{"SpecialI1EBackward0", readsInput, func(c *calc, g, x *tensor.Tensor) *tensor.Tensor {
			// i1e_backward: grad * (i0e(x) - result * (sgn(x) + 1/x)), 0.5 at 0
			y := c.unary(tensor.I1eSpec.Apply, x)
			d := c.sub(c.unary(tensor.I0eSpec.Apply, x), c.mul(y, c.add(c.sign(x), c.div(num(1), x))))
			return c.mul(g, c.where(c.eq(x, num(0)), num(0.5), d))
		}}})

	BesselJ0Op    = specialNoGrad(tensor.BesselJ0Spec, "The Bessel function of the first kind of order 0, element-wise (integers give float32).")
	BesselJ1Op    = specialNoGrad(tensor.BesselJ1Spec, "The Bessel function of the first kind of order 1, element-wise (integers give float32).")
	BesselY0Op    = specialNoGrad(tensor.BesselY0Spec, "The Bessel function of the second kind of order 0: -inf at 0, NaN below (integers give float32).")
	BesselY1Op    = specialNoGrad(tensor.BesselY1Spec, "The Bessel function of the second kind of order 1: -inf at 0, NaN below (integers give float32).")
	BesselI0Op    = specialNoGrad(tensor.BesselI0Spec, "The modified Bessel function of the first kind of order 0, as i0, without a gradient (integers give float32).")
	BesselI1Op    = specialNoGrad(tensor.BesselI1Spec, "The modified Bessel function of the first kind of order 1, as special.i1, without a gradient (integers give float32).")
	BesselK0Op    = specialNoGrad(tensor.BesselK0Spec, "The modified Bessel function of the second kind of order 0: inf at 0, NaN below (integers give float32).")
	BesselK1Op    = specialNoGrad(tensor.BesselK1Spec, "The modified Bessel function of the second kind of order 1: inf at 0, NaN below (integers give float32).")
	BesselK0eOp   = specialNoGrad(tensor.BesselK0eSpec, "exp(input) * modified_bessel_k0(input), without overflow or underflow (integers give float32).")
	BesselK1eOp   = specialNoGrad(tensor.BesselK1eSpec, "exp(input) * modified_bessel_k1(input), without overflow or underflow (integers give float32).")
	AiryAiOp      = specialNoGrad(tensor.AiryAiSpec, "The Airy function Ai, element-wise: NaN at ±inf, 0 beyond 103.892 as in PyTorch (integers give float32).")
	SphericalJ0Op = specialNoGrad(tensor.SphericalJ0Spec, "The spherical Bessel function of the first kind of order 0, sin(input) / input, 1 at 0 (integers give float32).")

	// Xlog1pyOp: d/da = xlog1py(g, b), 0 where a is 0 and b <= -1;
	// d/db = g a / (b + 1).
	Xlog1pyOp = defBinaryOp(&BinaryOp{Spec: tensor.Xlog1pySpec, Expose: Special,
		Doc: "input * log1p(other), 0 where input is 0 (unless other is NaN), element-wise (integers give float32).",
		grad: &binaryGrad{node: "SpecialXlog1PyBackward0", nodeOf: specialScalarNode("SpecialXlog1PyBackward"), saves: savesInputs,
			da: func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor {
				d := c.binary(tensor.Xlog1pySpec.Apply, g, b)
				zero := c.logicalAnd(c.eq(a, num(0)), c.binary(tensor.Le, b, num(-1)))
				return c.where(zero, c.zeros(d.DType(), nil), d)
			},
			db: func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor { return c.div(c.mul(g, a), c.add(b, num(1))) }}})
	// ZetaOp: no derivative in input (PyTorch: not implemented); d/dother
	// = -input * zeta(input + 1, other).
	ZetaOp = defBinaryOp(&BinaryOp{Spec: tensor.ZetaSpec, Expose: Special,
		Doc: "The Hurwitz zeta function: the sum over k >= 0 of (other + k) ** -input, element-wise (integers give float32).",
		grad: &binaryGrad{node: "SpecialZetaBackward0", nodeOf: specialScalarNode("SpecialZetaBackward"), saves: savesInputs,
			da: func(c *calc, _, _, _, _ *tensor.Tensor) *tensor.Tensor {
				return c.keep(nil, tensor.Errorf(tensor.NotImplementedError, "the derivative for 'zeta' is not implemented."))
			},
			db: func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor {
				return c.mul(g, c.neg(c.mul(a, c.binary(tensor.ZetaSpec.Apply, c.add(a, num(1)), b))))
			}}})

	// IgammaOp and IgammacOp: no derivative in input (PyTorch: not
	// implemented); d/dother = ±exp((input - 1)·log(other) - other -
	// lgamma(input)).
	IgammaOp = defBinaryOp(&BinaryOp{Spec: tensor.IgammaSpec, Expose: FunctionAndMethod,
		Doc:        "The regularized lower incomplete gamma function P(input, other) = γ(input, other) / Γ(input), element-wise, for floating tensors (torch.special.gammainc).",
		InPlaceDoc: "In place: input = igamma(input, other); returns input.",
		grad:       &binaryGrad{node: "IgammaBackward0", saves: savesInputs, da: gradNotImplemented("igamma: input"), db: igammaGrad(1)}})
	IgammacOp = defBinaryOp(&BinaryOp{Spec: tensor.IgammacSpec, Expose: FunctionAndMethod,
		Doc:        "The regularized upper incomplete gamma function Q(input, other) = 1 - P(input, other), element-wise, for floating tensors (torch.special.gammaincc).",
		InPlaceDoc: "In place: input = igammac(input, other); returns input.",
		grad:       &binaryGrad{node: "IgammacBackward0", saves: savesInputs, da: gradNotImplemented("igammac: input"), db: igammaGrad(-1)}})

	ChebyshevTOp        = polynomialOp(tensor.ChebyshevTSpec, "The Chebyshev polynomial of the first kind T_n(input)")
	ChebyshevUOp        = polynomialOp(tensor.ChebyshevUSpec, "The Chebyshev polynomial of the second kind U_n(input)")
	ChebyshevVOp        = polynomialOp(tensor.ChebyshevVSpec, "The Chebyshev polynomial of the third kind V_n(input)")
	ChebyshevWOp        = polynomialOp(tensor.ChebyshevWSpec, "The Chebyshev polynomial of the fourth kind W_n(input)")
	ShiftedChebyshevTOp = polynomialOp(tensor.ShiftedChebyshevTSpec, "The shifted Chebyshev polynomial of the first kind T_n(2 input - 1)")
	ShiftedChebyshevUOp = polynomialOp(tensor.ShiftedChebyshevUSpec, "The shifted Chebyshev polynomial of the second kind U_n(2 input - 1)")
	ShiftedChebyshevVOp = polynomialOp(tensor.ShiftedChebyshevVSpec, "The shifted Chebyshev polynomial of the third kind V_n(2 input - 1)")
	ShiftedChebyshevWOp = polynomialOp(tensor.ShiftedChebyshevWSpec, "The shifted Chebyshev polynomial of the fourth kind W_n(2 input - 1)")
	HermiteHOp          = polynomialOp(tensor.HermiteHSpec, "The physicists' Hermite polynomial H_n(input)")
	HermiteHeOp         = polynomialOp(tensor.HermiteHeSpec, "The probabilists' Hermite polynomial He_n(input)")
	LaguerreLOp         = polynomialOp(tensor.LaguerreLSpec, "The Laguerre polynomial L_n(input)")
	LegendrePOp         = polynomialOp(tensor.LegendrePSpec, "The Legendre polynomial P_n(input)")
)

// noGradSpecial is why the Bessel functions and the polynomials of
// torch.special record no gradient.
const noGradSpecial = "PyTorch 1.13 defines no derivative for it: its result does not require grad"

// specialNoGrad is the descriptor of a torch.special function of one
// tensor without a derivative.
func specialNoGrad(spec *tensor.UnarySpec, doc string) *UnaryOp {
	return defUnaryOp(&UnaryOp{Spec: spec, Expose: Special, Doc: doc, NoGrad: noGradSpecial})
}

// polynomialOp is the descriptor of an orthogonal polynomial of
// torch.special: input and the degree n, a tensor or a number truncated
// to an integer; 0 for a negative n.
func polynomialOp(spec *tensor.BinarySpec, what string) *BinaryOp {
	return defBinaryOp(&BinaryOp{Spec: spec, Expose: Special, Other: "n", NoGrad: noGradSpecial,
		Doc: what + ", element-wise; n is truncated to an integer, and a negative n gives 0 (integers give float32)."})
}

// specialScalarNode names the node of a torch.special function of two
// operands as PyTorch's overloads: prefix+"0" for two tensors, "1" for a
// plain-number input (self_scalar), "2" for a plain-number other.
func specialScalarNode(prefix string) func(a, b *tensor.Tensor) string {
	return func(a, b *tensor.Tensor) string {
		switch {
		case a.IsWrappedNumber():
			return prefix + "1"
		case b.IsWrappedNumber():
			return prefix + "2"
		}
		return prefix + "0"
	}
}

// gradNotImplemented is the derivative of an operand PyTorch 1.13 has none
// for: backward through it is its NotImplementedError.
func gradNotImplemented(what string) func(c *calc, _, _, _, _ *tensor.Tensor) *tensor.Tensor {
	return func(c *calc, _, _, _, _ *tensor.Tensor) *tensor.Tensor {
		return c.keep(nil, tensor.Errorf(tensor.NotImplementedError, "the derivative for '%s' is not implemented.", what))
	}
}

// igammaGrad is d/dother of igamma (sign 1) or igammac (sign -1):
// sign · g · exp((a - 1)·log(x) - x - lgamma(a)).
func igammaGrad(sign float64) func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor {
	return func(c *calc, g, a, b, _ *tensor.Tensor) *tensor.Tensor {
		e := c.sub(c.sub(c.mul(c.sub(a, num(1)), c.log(b)), b), c.unary(tensor.LgammaSpec.Apply, a))
		return c.mul(c.mul(g, c.exp(e)), num(sign))
	}
}
