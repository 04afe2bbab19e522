package torch

import (
	"errors"
	"math"
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The methods every distribution has from PyTorch's Distribution: cdf and
// icdf (with the closed forms of Normal, Uniform, Exponential, Laplace and
// Cauchy, NotImplementedError for the others, as in PyTorch), perplexity,
// sample_n, enumerate_support (Bernoulli, Categorical, OneHotCategorical)
// and expand.

// cdf is cdf(value), or false when kind has none.
func (d *Distribution) cdf(c *chainOps, v *tensor.Tensor) (*tensor.Tensor, bool) {
	p := d.params
	switch d.kind {
	case "MixtureSameFamily":
		x := c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(v, -1-d.mixtureEventDims()) })
		if c.err != nil {
			return nil, true
		}
		cx, ok := d.base.cdf(c, x)
		if !ok {
			return nil, false
		}
		return c.do(func() (*tensor.Tensor, error) {
			return autograd.Sum(c.bin(autograd.Mul, cx, d.mixture.param(c, "probs")), []int{-1}, false)
		}), true
	case "Normal":
		z := c.bin(autograd.Div, c.bin(autograd.Mul, c.bin(autograd.Sub, v, p["loc"]), c.un(autograd.Reciprocal, p["scale"])), c.scalar(math.Sqrt2, v))
		return c.bin(autograd.Mul, c.scalar(0.5, v), c.bin(autograd.Add, c.scalar(1, v), c.un(autograd.Erf, z))), true
	case "Uniform":
		r := c.bin(autograd.Div, c.bin(autograd.Sub, v, p["low"]), c.bin(autograd.Sub, p["high"], p["low"]))
		return c.do(func() (*tensor.Tensor, error) { return autograd.Clamp(r, c.scalar(0, r), c.scalar(1, r)) }), true
	case "Exponential":
		return c.bin(autograd.Sub, c.scalar(1, v), c.un(autograd.Exp, c.bin(autograd.Mul, c.un(autograd.Neg, p["rate"]), v))), true
	case "Laplace":
		diff := c.bin(autograd.Sub, v, p["loc"])
		e := c.un(autograd.Expm1, c.bin(autograd.Div, c.un(autograd.Neg, c.un(autograd.Abs, diff)), p["scale"]))
		return c.bin(autograd.Sub, c.scalar(0.5, v), c.bin(autograd.Mul, c.bin(autograd.Mul, c.scalar(0.5, v), c.un(autograd.Sign, diff)), e)), true
	case "ContinuousBernoulli":
		return d.cbCdf(c, v), true
	case "Cauchy":
		a := c.un(autograd.Atan, c.bin(autograd.Div, c.bin(autograd.Sub, v, p["loc"]), p["scale"]))
		return c.bin(autograd.Add, c.bin(autograd.Div, a, c.scalar(math.Pi, v)), c.scalar(0.5, v)), true
	}
	return nil, false
}

// icdf is icdf(value), or false when kind has none.
func (d *Distribution) icdf(c *chainOps, v *tensor.Tensor) (*tensor.Tensor, bool) {
	p := d.params
	switch d.kind {
	case "Normal":
		e := c.un(autograd.ErfinvOp.Apply, c.bin(autograd.Sub, c.bin(autograd.Mul, c.scalar(2, v), v), c.scalar(1, v)))
		return c.bin(autograd.Add, p["loc"], c.bin(autograd.Mul, c.bin(autograd.Mul, p["scale"], e), c.scalar(math.Sqrt2, v))), true
	case "Uniform":
		return c.bin(autograd.Add, c.bin(autograd.Mul, v, c.bin(autograd.Sub, p["high"], p["low"])), p["low"]), true
	case "Exponential":
		return c.bin(autograd.Div, c.un(autograd.Neg, c.un(autograd.Log1p, c.un(autograd.Neg, v))), p["rate"]), true
	case "Laplace":
		term := c.bin(autograd.Sub, v, c.scalar(0.5, v))
		l := c.un(autograd.Log1p, c.bin(autograd.Mul, c.scalar(-2, v), c.un(autograd.Abs, term)))
		return c.bin(autograd.Sub, p["loc"], c.bin(autograd.Mul, c.bin(autograd.Mul, p["scale"], c.un(autograd.Sign, term)), l)), true
	case "ContinuousBernoulli":
		return d.cbIcdf(c, v), true
	case "Cauchy":
		t := c.un(autograd.Tan, c.bin(autograd.Mul, c.scalar(math.Pi, v), c.bin(autograd.Sub, v, c.scalar(0.5, v))))
		return c.bin(autograd.Add, c.bin(autograd.Mul, t, p["scale"]), p["loc"]), true
	}
	return nil, false
}

// enumerateSupport is enumerate_support(expand), or false when kind has none.
func (d *Distribution) enumerateSupport(expand bool) (*tensor.Tensor, bool, error) {
	var values *tensor.Tensor
	var err error
	ones := func(n int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = 1
		}
		return s
	}
	var event []int
	switch d.kind {
	case "Binomial":
		v, err := d.binomialSupport(expand)
		return v, true, err
	case "Bernoulli", "Categorical", "OneHotCategorical":
		c := &chainOps{}
		probs := d.param(c, "probs")
		if c.err != nil {
			return nil, true, c.err
		}
		switch d.kind {
		case "Bernoulli":
			values, err = tensor.Arange(0, 2, 1, probs.DType())
		case "Categorical":
			values, err = tensor.Arange(0, float64(probs.Shape()[probs.Dim()-1]), 1, tensor.Int64)
		default:
			n := probs.Shape()[probs.Dim()-1]
			values, err = tensor.Eye(n, n, probs.DType())
			event = []int{n}
		}
	default:
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	n := values.Shape()[0]
	if values, err = values.Reshape(slices.Concat([]int{n}, ones(len(d.batch)), event)...); err != nil {
		return nil, true, err
	}
	if expand {
		values, err = values.Expand(slices.Concat([]int{n}, d.batch, event)...)
	}
	return values, true, err
}

// expand is expand(batch_shape): the distribution with its parameters
// expanded to batch_shape (their event dimensions kept).
func (d *Distribution) expand(batch []int) (*Distribution, error) {
	if d.kind == "LowRankMultivariateNormal" {
		return d.lrExpand(batch)
	}
	out := *d
	out.batch = slices.Clone(batch)
	if d.mixture != nil {
		k := d.base.batch[len(d.base.batch)-1]
		base, err := d.base.expand(slices.Concat(batch, []int{k}))
		if err != nil {
			return nil, err
		}
		mix, err := d.mixture.expand(batch)
		if err != nil {
			return nil, err
		}
		out.base, out.mixture = base, mix
		return &out, nil
	}
	out.params = map[string]*tensor.Tensor{}
	if d.base != nil {
		bb := batch
		if d.kind == "Independent" {
			bb = slices.Concat(batch, d.base.batch[len(d.base.batch)-d.reinterpreted:])
		}
		base, err := d.base.expand(bb)
		if err != nil {
			return nil, err
		}
		out.base = base
		if d.kind != "Independent" && d.transforms == nil {
			out.params = base.params
			return &out, nil
		}
	}
	for name, t := range d.params {
		if d.base != nil && out.base.params[name] != nil && d.kind != "Independent" {
			out.params[name] = out.base.params[name]
			continue
		}
		tail := t.Shape()[min(len(d.batch), t.Dim()):]
		e, err := autograd.Expand(t, slices.Concat(batch, tail)...)
		if err != nil {
			// Tensor.expand's error, which PyTorch raises as a RuntimeError
			var te *tensor.Error
			if errors.As(err, &te) {
				return nil, lang.Errorf(lang.RuntimeError, "%s", te.Msg)
			}
			return nil, err
		}
		out.params[name] = e
	}
	return &out, nil
}

func defDistributionCommonMethods() {
	valueMethod := func(sig, doc string, f func(d *Distribution, c *chainOps, v *tensor.Tensor) (*tensor.Tensor, bool)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
			d := a.Value("self").(*Distribution)
			var v *tensor.Tensor
			if d.validate && a.Builtin().Name == "cdf" {
				t, err := d.validateSample(a.Value("value"))
				if err != nil {
					return nil, err
				}
				v = t
			} else {
				v = a.TensorLike("value")
				if err := a.Err(); err != nil {
					return nil, err
				}
			}
			c := &chainOps{}
			r, ok := f(d, c, v)
			if !ok {
				return nil, lang.Errorf(NotImplementedError, "")
			}
			return r, c.err
		})
		distMethods[b.Name] = b
	}
	valueMethod("cdf(self, value)", "The cumulative distribution function at value (Normal, Uniform, Exponential, Laplace, Cauchy; NotImplementedError for the others, as in PyTorch).", (*Distribution).cdf)
	valueMethod("icdf(self, value)", "The inverse cumulative distribution function at value, a probability (Normal, Uniform, Exponential, Laplace, Cauchy).", (*Distribution).icdf)
	distMethods["perplexity"] = lang.NewBuiltin(lang.AsValue, "perplexity(self)", "exp(entropy()).", func(a *lang.Args) (lang.Value, error) {
		e, err := a.Value("self").(*Distribution).entropy()
		if err != nil {
			return nil, err
		}
		return result(autograd.Exp(e))
	})
	distMethods["sample_n"] = lang.NewBuiltin(lang.AsValue, "sample_n(self, n)", "n samples: sample((n,)), with PyTorch's deprecation warning.", func(a *lang.Args) (lang.Value, error) {
		n := a.Int("n")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := warnUser(a, "sample_n will be deprecated. Use .sample((n,)) instead"); err != nil {
			return nil, err
		}
		return a.Call(&lang.BoundMethod{Recv: a.Value("self"), Method: distMethods["sample"]}, lang.NewSize([]int{n}))
	})
	distMethods["enumerate_support"] = lang.NewBuiltin(lang.AsValue, "enumerate_support(self, expand=True)", "The values of the support of a discrete distribution (Bernoulli, Categorical, OneHotCategorical) along dimension 0, expanded over the batch (or with singleton batch dimensions, expand=False).", func(a *lang.Args) (lang.Value, error) {
		expand, err := lang.Truth(a.Value("expand"))
		if err != nil {
			return nil, err
		}
		v, ok, err := a.Value("self").(*Distribution).enumerateSupport(expand)
		if !ok {
			return nil, lang.Errorf(NotImplementedError, "")
		}
		return v, err
	})
	distMethods["expand"] = lang.NewBuiltin(lang.AsValue, "expand(self, batch_shape, _instance=None)", "A distribution of the same family with its parameters expanded (as views) to batch_shape; arguments are not checked again.", func(a *lang.Args) (lang.Value, error) {
		batch, err := shapeArg(a.Value("batch_shape"), "batch_shape")
		if err != nil {
			return nil, err
		}
		return a.Value("self").(*Distribution).expand(batch)
	})
}
