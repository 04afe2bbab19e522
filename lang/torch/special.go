package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.special: PyTorch 1.13's special functions. Those torch has under
// another name are copies of its builtins (specialAliases); those it
// lacks are the op table's descriptors exposed as autograd.Special
// (autograd/elementwise_torch_special.go); ndtr is composed as PyTorch
// composes it; polygamma and multigammaln are torch.polygamma and
// torch.mvlgamma (special_gamma.go).

// specialAliases maps each torch.special name to the torch builtin it
// is, as in PyTorch 1.13's torch/special/__init__.py.
var specialAliases = []struct{ name, of string }{
	{"expit", "sigmoid"}, {"erf", "erf"}, {"erfc", "erfc"}, {"erfinv", "erfinv"},
	{"exp2", "exp2"}, {"expm1", "expm1"}, {"log1p", "log1p"}, {"logit", "logit"},
	{"gammaln", "lgamma"}, {"digamma", "digamma"}, {"psi", "digamma"},
	{"i0", "i0"}, {"sinc", "sinc"}, {"round", "round"},
	{"softmax", "softmax"}, {"log_softmax", "log_softmax"}, {"logsumexp", "logsumexp"},
	{"gammainc", "igamma"}, {"gammaincc", "igammac"},
}

// specialBinaryAliases are the torch.special names of torch functions
// of two operands that take a number first there (xlogy(2, t)).
var specialBinaryAliases = []struct {
	name string
	op   *autograd.BinaryOp
}{{"xlogy", autograd.XlogyOp}}

func defSpecial() {
	lang.RegisterModule("torch.special", "PyTorch's special functions: expit, entr, ndtr, ndtri, log_ndtr, erfcx, xlog1py, zeta, i0e, i1, i1e, the Bessel functions (bessel_j0, modified_bessel_k1, ...), the Airy function airy_ai, the orthogonal polynomials (chebyshev_polynomial_t, hermite_polynomial_h, ...), and torch's own under their special names (gammaln, psi, erfinv, logsumexp, ...).", func() *lang.Module {
		m := &lang.Module{Name: "torch.special", Attrs: map[string]lang.Value{"Tensor": torchMembers["Tensor"]}}
		for _, al := range specialAliases {
			b, ok := torchFormOf(al.of) // torch.round, not Python's round
			if !ok {
				b, ok = lang.LookupBuiltin(al.of)
			}
			if !ok {
				panic("torch.special." + al.name + " names a missing builtin " + al.of)
			}
			c := b.Alias(lang.AsValue, al.name, b.Doc)
			if !c.HasParam("out") && !c.HasParam("dtype") {
				withOut(c)
			}
			m.Attrs[al.name] = c
		}
		for _, op := range autograd.UnaryOps() {
			if op.Expose == autograd.Special {
				m.Attrs[op.Name] = specialUnary(op.Name, op.Doc, op.Apply)
			}
		}
		for _, op := range autograd.BinaryOps() {
			if op.Expose == autograd.Special {
				m.Attrs[op.Name] = specialBinary(op.Name, op.Other, op.Doc, op)
			}
		}
		for _, al := range specialBinaryAliases {
			m.Attrs[al.name] = specialBinary(al.name, al.op.Other, al.op.Doc, al.op)
		}
		specialGammaAttrs(m)
		m.Attrs["ndtr"] = specialUnary("ndtr", "The standard normal distribution function, (1 + erf(input / sqrt(2))) / 2, as PyTorch composes it (integers give float32).", ndtr)
		return m
	})
}

// ndtr is (1 + erf(x / √2)) · 0.5, recorded step by step as PyTorch's
// special_ndtr.
func ndtr(x *tensor.Tensor) (*tensor.Tensor, error) {
	t, err := autograd.MulScalar(x, math.Sqrt2/2)
	if err != nil {
		return nil, err
	}
	if t, err = autograd.Erf(t); err != nil {
		return nil, err
	}
	if t, err = autograd.Add(t, tensor.MustScalar(1.0)); err != nil {
		return nil, err
	}
	return autograd.MulScalar(t, 0.5)
}

// specialUnary is a torch.special function of one tensor, with out=.
func specialUnary(name, doc string, f func(x *tensor.Tensor) (*tensor.Tensor, error)) *lang.Builtin {
	b := lang.NewBuiltin(lang.AsValue, name+"(input)", doc, func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(f(x))
	})
	withOut(b)
	return b
}

// specialBinary is a torch.special function of two operands, with out=:
// either may be a plain number (PyTorch's self_scalar and other_scalar
// overloads), not both.
func specialBinary(name, other, doc string, op *autograd.BinaryOp) *lang.Builtin {
	b := lang.NewBuiltin(lang.AsValue, name+"(input, "+other+")", doc, func(a *lang.Args) (lang.Value, error) {
		x, xt := specialOperand(a, "input")
		y, yt := specialOperand(a, other)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !xt && !yt {
			return nil, lang.Errorf(lang.TypeError, "special_%s() received an invalid combination of arguments - got (%s, %s), but expected one of:\n"+
				" * (Tensor input, Tensor %s, *, Tensor out)\n * (Number self, Tensor %s, *, Tensor out)\n * (Tensor input, Number %s, *, Tensor out)\n",
				name, lang.TypeName(a.Value("input")), lang.TypeName(a.Value(other)), other, other, other).
				WithHint("make one of them a tensor: torch.special.%s(torch.tensor(x), y)", name)
		}
		return result(op.Apply(x, y))
	})
	withOut(b)
	return b
}

// specialOperand reads an operand of specialBinary: a tensor (isTensor)
// or a plain number, a weak operand in promotion.
func specialOperand(a *lang.Args, name string) (t *tensor.Tensor, isTensor bool) {
	v := a.Value(name)
	if t, ok := v.(*tensor.Tensor); ok {
		return t, true
	}
	if isPythonNumber(v) {
		return a.TensorLike(name), false
	}
	a.Fail(a.WrongType(name, "Tensor or Number", v))
	return nil, false
}
