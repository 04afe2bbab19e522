package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// polygamma and mvlgamma (torch.special's polygamma and multigammaln),
// each recorded as PyTorch's one node (PolygammaBackward0,
// MvlgammaBackward0) over the operations that compute it, so gradients
// of every order follow.

// polygamma is ψ⁽ⁿ⁾(x), the n-th derivative of digamma: digamma for n = 0,
// else (-1)ⁿ⁺¹ n! ζ(n + 1, x), as PyTorch's calc_polygamma (for n = 1 its
// values are calc_trigamma's, which PyTorch takes there); the gradient,
// ψ⁽ⁿ⁺¹⁾(x), is that of the zeta form. Integers and bools give the
// default float dtype.
func polygamma(n int, x *tensor.Tensor) (*tensor.Tensor, error) {
	if n < 0 {
		return nil, lang.Errorf(lang.RuntimeError, "polygamma(n, x) does not support negative n.")
	}
	x, err := floatInput(x)
	if err != nil {
		return nil, err
	}
	return autograd.Composite("PolygammaBackward0", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		if n == 0 {
			return autograd.DigammaOp.Apply(in[0])
		}
		s, err := tensor.Full(float64(n+1), in[0].DType())
		if err != nil {
			return nil, err
		}
		z, err := autograd.ZetaOp.Apply(s, in[0])
		if err != nil {
			return nil, err
		}
		lgammaN1, _ := math.Lgamma(float64(n) + 1)
		factor := math.Exp(lgammaN1)
		if n%2 == 0 {
			factor = -factor
		}
		// PyTorch multiplies the zeta of x's dtype by the factor in double
		// and rounds the product once.
		wide, err := autograd.To(z, tensor.Float64)
		if err != nil {
			return nil, err
		}
		if wide, err = autograd.MulScalar(wide, factor); err != nil {
			return nil, err
		}
		out, err := autograd.To(wide, z.DType())
		if err != nil || n != 1 {
			return out, err
		}
		return withTrigammaValues(in[0], out)
	})
}

// withTrigammaValues is out, polygamma(1, x) in the zeta form, with
// calc_trigamma's values, as PyTorch computes polygamma(1, x): where both
// are finite, out shifted by a constant (its gradient stays the zeta
// form's); elsewhere (poles, ±inf) trigamma's value without a gradient.
func withTrigammaValues(x, out *tensor.Tensor) (*tensor.Tensor, error) {
	tri, err := tensor.TrigammaSpec.Apply(x.Detach())
	if err != nil {
		return nil, err
	}
	shift, err := tensor.Sub(tri, out.Detach())
	if err != nil {
		return nil, err
	}
	ok, err := tensor.Isfinite(shift)
	if err != nil {
		return nil, err
	}
	if shift, err = tensor.Where(ok, shift, tensor.MustScalar(0.0)); err != nil {
		return nil, err
	}
	shifted, err := autograd.Add(out, shift)
	if err != nil {
		return nil, err
	}
	return autograd.Where(ok, shifted, tri)
}

// mvlgamma is the multivariate log-gamma function of dimension p,
// Σᵢ lgamma(x - i/2) + p(p-1)/4 · log π, computed as PyTorch's mvlgamma:
// x + arange(-(p-1)/2, 1/2, 1/2) along a new last dim, lgamma, summed.
func mvlgamma(x *tensor.Tensor, p int) (*tensor.Tensor, error) {
	if x.DType() == tensor.Bool {
		return nil, lang.Errorf(lang.RuntimeError, "The input tensor may not be a boolean tensor.")
	}
	if p < 1 {
		return nil, lang.Errorf(lang.RuntimeError, "p has to be greater than or equal to 1")
	}
	x, err := floatInput(x)
	if err != nil {
		return nil, err
	}
	return autograd.Composite("MvlgammaBackward0", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		args, err := tensor.Arange(-float64(p)*0.5+0.5, 0.5, 0.5, in[0].DType())
		if err != nil {
			return nil, err
		}
		col, err := autograd.Unsqueeze(in[0], -1)
		if err != nil {
			return nil, err
		}
		sum, err := autograd.Add(args, col)
		if err != nil {
			return nil, err
		}
		if sum, err = autograd.LgammaOp.Apply(sum); err != nil {
			return nil, err
		}
		if sum, err = autograd.Sum(sum, []int{-1}, false); err != nil {
			return nil, err
		}
		return autograd.Add(sum, tensor.MustScalar(float64(p*(p-1))*math.Log(math.Pi)*0.25))
	})
}

// floatInput is x, or x as the default float dtype when it holds
// integers or bools (PyTorch's int-to-float promotion of unary functions).
func floatInput(x *tensor.Tensor) (*tensor.Tensor, error) {
	if x.DType().IsFloating() || x.DType().IsComplex() {
		return x, nil
	}
	return x.To(tensor.DefaultFloat)
}

func defSpecialGamma() {
	const polyDoc = "ψ⁽ⁿ⁾(input), the n-th derivative of digamma (n ≥ 0), element-wise (integers give float32); recorded as PolygammaBackward0, whose gradient is polygamma(n + 1, input)."
	const mvlDoc = "The multivariate log-gamma function of dimension p, Σᵢ₌₀ᵖ⁻¹ lgamma(input - i/2) + p(p-1)/4 · log π, element-wise (integers give float32); recorded as MvlgammaBackward0."
	withOut(lang.NewBuiltin(lang.AsFunc, "polygamma(n, input)", polyDoc, func(a *lang.Args) (lang.Value, error) {
		n, x := a.Int("n"), a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(polygamma(n, x))
	}))
	lang.NewBuiltin(lang.AsMethod, "polygamma(input, n)", polyDoc, func(a *lang.Args) (lang.Value, error) {
		x, n := a.Tensor("input"), a.Int("n")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(polygamma(n, x))
	})
	lang.NewBuiltin(lang.AsMethod, "polygamma_(input, n)", "In place: input = polygamma(n, input); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, n := a.Tensor("input"), a.Int("n")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Rewrite(x, "polygamma_", func(old *tensor.Tensor) (*tensor.Tensor, error) { return polygamma(n, old) }))
	})
	withOut(lang.NewBuiltin(lang.AsFunc, "mvlgamma(input, p)", mvlDoc, func(a *lang.Args) (lang.Value, error) {
		x, p := a.Tensor("input"), a.Int("p")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(mvlgamma(x, p))
	}))
	lang.NewBuiltin(lang.AsMethod, "mvlgamma(input, p)", mvlDoc, func(a *lang.Args) (lang.Value, error) {
		x, p := a.Tensor("input"), a.Int("p")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(mvlgamma(x, p))
	})
	lang.NewBuiltin(lang.AsMethod, "mvlgamma_(input, p)", "In place: input = mvlgamma(input, p); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, p := a.Tensor("input"), a.Int("p")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.Rewrite(x, "mvlgamma_", func(old *tensor.Tensor) (*tensor.Tensor, error) { return mvlgamma(old, p) }))
	})
}

// specialGammaAttrs are torch.special's names for polygamma and mvlgamma.
func specialGammaAttrs(m *lang.Module) {
	poly := lang.NewBuiltin(lang.AsValue, "polygamma(n, input)", "ψ⁽ⁿ⁾(input), the n-th derivative of digamma: torch.polygamma.", func(a *lang.Args) (lang.Value, error) {
		n, x := a.Int("n"), a.Tensor("input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(polygamma(n, x))
	})
	withOut(poly)
	m.Attrs["polygamma"] = poly
	mgl := lang.NewBuiltin(lang.AsValue, "multigammaln(input, p)", "The multivariate log-gamma function of dimension p: torch.mvlgamma.", func(a *lang.Args) (lang.Value, error) {
		x, p := a.Tensor("input"), a.Int("p")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(mvlgamma(x, p))
	})
	withOut(mgl)
	m.Attrs["multigammaln"] = mgl
}
