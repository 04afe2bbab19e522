package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// ContinuousBernoulli (Loaiza-Ganem and Cunningham, 2019), with PyTorch
// 1.13's formulas: the density C(λ) λ^x (1-λ)^(1-x) on [0, 1], its
// normalising constant, moments, cdf and icdf computed in closed form
// outside lims (by default 0.499 < λ <= 0.501) and from Taylor expansions
// around λ = 1/2 inside, where the closed forms divide by zero. probs is
// clamped to [eps, 1 - eps] as PyTorch's is; sample and rsample are the
// icdf of torch.rand, so a seed gives PyTorch's draws.

// cbDefaultLims are ContinuousBernoulli's default lims.
var cbDefaultLims = [2]float64{0.499, 0.501}

// cbOutside is PyTorch's _outside_unstable_region: probs <= lims[0] or
// probs > lims[1].
func (d *Distribution) cbOutside(c *chainOps, p *tensor.Tensor) *tensor.Tensor {
	pd := p.Detach()
	return c.bin(tensor.LogicalOr, c.bin(tensor.Le, pd, c.scalar(d.lims[0], p)), c.bin(tensor.Gt, pd, c.scalar(d.lims[1], p)))
}

// cbWhere is torch.where(cond, a, b), recorded.
func cbWhere(c *chainOps, cond, a, b *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return autograd.Where(cond, a, b) })
}

// cbCut is PyTorch's _cut_probs: probs outside the unstable region,
// lims[0] inside it.
func (d *Distribution) cbCut(c *chainOps) (p, cut, outside *tensor.Tensor) {
	p = d.param(c, "probs")
	if c.err != nil {
		return nil, nil, nil
	}
	outside = d.cbOutside(c, p)
	return p, cbWhere(c, outside, p, c.scalar(d.lims[0], p)), outside
}

// cbLogNorm is PyTorch's _cont_bern_log_norm: log C(λ).
func (d *Distribution) cbLogNorm(c *chainOps) *tensor.Tensor {
	p, cut, outside := d.cbCut(c)
	if c.err != nil {
		return nil
	}
	le := c.bin(tensor.Le, cut.Detach(), c.scalar(0.5, cut))
	below := cbWhere(c, le, cut, c.scalar(0, cut))
	above := cbWhere(c, c.bin(tensor.Ge, cut.Detach(), c.scalar(0.5, cut)), cut, c.scalar(1, cut))
	logit := c.bin(autograd.Sub, c.un(autograd.Log1p, c.un(autograd.Neg, cut)), c.un(autograd.Log, cut))
	side := cbWhere(c, le,
		c.un(autograd.Log1p, c.bin(autograd.Mul, c.scalar(-2, cut), below)),
		c.un(autograd.Log, c.bin(autograd.Sub, c.bin(autograd.Mul, c.scalar(2, above), above), c.scalar(1, above))))
	logNorm := c.bin(autograd.Sub, c.un(autograd.Log, c.un(autograd.Abs, logit)), side)
	half := c.bin(autograd.Sub, p, c.scalar(0.5, p))
	x := c.bin(autograd.Pow, half, c.scalar(2, half))
	taylor := c.bin(autograd.Add, c.scalar(math.Log(2), x),
		c.bin(autograd.Mul, c.bin(autograd.Add, c.scalar(4.0/3.0, x), c.bin(autograd.Mul, c.scalar(104.0/45.0, x), x)), x))
	return cbWhere(c, outside, logNorm, taylor)
}

// cbIcdf is icdf(value).
func (d *Distribution) cbIcdf(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
	_, cut, outside := d.cbCut(c)
	if c.err != nil {
		return nil
	}
	l1 := c.un(autograd.Log1p, c.un(autograd.Neg, cut))
	twoCut := c.bin(autograd.Sub, c.bin(autograd.Mul, c.scalar(2, cut), cut), c.scalar(1, cut))
	num := c.bin(autograd.Sub, c.un(autograd.Log1p, c.bin(autograd.Add, c.un(autograd.Neg, cut), c.bin(autograd.Mul, v, twoCut))), l1)
	closed := c.bin(autograd.Div, num, c.bin(autograd.Sub, c.un(autograd.Log, cut), l1))
	shape, err := tensor.BroadcastShapes(closed.Shape(), v.Shape())
	if err != nil {
		c.err = err
		return nil
	}
	out := c.do(func() (*tensor.Tensor, error) { return autograd.Expand(outside, shape...) })
	return cbWhere(c, out, closed, v)
}

// cbCdf is cdf(value).
func (d *Distribution) cbCdf(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
	_, cut, outside := d.cbCut(c)
	if c.err != nil {
		return nil
	}
	one := c.scalar(1, cut)
	pw := c.bin(autograd.Mul, c.bin(autograd.Pow, cut, v), c.bin(autograd.Pow, c.bin(autograd.Sub, one, cut), c.bin(autograd.Sub, c.scalar(1, v), v)))
	cdfs := c.bin(autograd.Div, c.bin(autograd.Sub, c.bin(autograd.Add, pw, cut), one), c.bin(autograd.Sub, c.bin(autograd.Mul, c.scalar(2, cut), cut), one))
	if c.err != nil {
		return nil
	}
	shape, err := tensor.BroadcastShapes(cdfs.Shape(), v.Shape())
	if err != nil {
		c.err = err
		return nil
	}
	vv := c.do(func() (*tensor.Tensor, error) { return autograd.Expand(v, shape...) })
	unbounded := cbWhere(c, c.do(func() (*tensor.Tensor, error) { return autograd.Expand(outside, shape...) }), cdfs, vv)
	vd := vv.Detach()
	inner := cbWhere(c, c.bin(tensor.Ge, vd, c.scalar(1, vd)), c.scalar(1, vd), unbounded)
	return cbWhere(c, c.bin(tensor.Le, vd, c.scalar(0, vd)), c.scalar(0, vd), inner)
}

func defContinuousBernoulli() {
	distKinds["ContinuousBernoulli"] = &distKind{
		module: "continuous_bernoulli", sig: "ContinuousBernoulli(probs=None, logits=None, lims=(0.499, 0.501), validate_args=None)",
		doc:    "The continuous Bernoulli distribution on [0, 1], of density C(probs) probs^x (1-probs)^(1-x) (probs in (0, 1), or sigmoid(logits)); inside lims the normalising constant and moments come from Taylor expansions around 1/2, as PyTorch computes them. rsample is the icdf of a uniform draw.",
		params: []string{"probs", "logits"},
		constraints: map[string]constraint{
			"probs":  unitIntervalConstraint,
			"logits": realConstraint,
		},
		support: unitIntervalConstraint, rsample: true,
		construct: newContinuousBernoulli,
		mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
			p, cut, outside := d.cbCut(c)
			if c.err != nil {
				return nil
			}
			one := c.scalar(1, cut)
			logit := c.bin(autograd.Sub, c.un(autograd.Log1p, c.un(autograd.Neg, cut)), c.un(autograd.Log, cut))
			mus := c.bin(autograd.Add, c.bin(autograd.Div, cut, c.bin(autograd.Sub, c.bin(autograd.Mul, c.scalar(2, cut), cut), one)), c.bin(autograd.Div, one, logit))
			x := c.bin(autograd.Sub, p, c.scalar(0.5, p))
			x2 := c.bin(autograd.Pow, x, c.scalar(2, x))
			taylor := c.bin(autograd.Add, c.scalar(0.5, x), c.bin(autograd.Mul, c.bin(autograd.Add, c.scalar(1.0/3.0, x), c.bin(autograd.Mul, c.scalar(16.0/45.0, x), x2)), x))
			return cbWhere(c, outside, mus, taylor)
		},
		variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
			p, cut, outside := d.cbCut(c)
			if c.err != nil {
				return nil
			}
			one := c.scalar(1, cut)
			two := c.scalar(2, cut)
			logit := c.bin(autograd.Sub, c.un(autograd.Log1p, c.un(autograd.Neg, cut)), c.un(autograd.Log, cut))
			first := c.bin(autograd.Div, c.bin(autograd.Mul, cut, c.bin(autograd.Sub, cut, one)), c.bin(autograd.Pow, c.bin(autograd.Sub, one, c.bin(autograd.Mul, two, cut)), two))
			vars := c.bin(autograd.Add, first, c.bin(autograd.Div, one, c.bin(autograd.Pow, logit, two)))
			half := c.bin(autograd.Sub, p, c.scalar(0.5, p))
			x := c.bin(autograd.Pow, half, c.scalar(2, half))
			taylor := c.bin(autograd.Sub, c.scalar(1.0/12.0, x), c.bin(autograd.Mul, c.bin(autograd.Sub, c.scalar(1.0/15.0, x), c.bin(autograd.Mul, c.scalar(128.0/945.0, x), x)), x))
			return cbWhere(c, outside, vars, taylor)
		},
		logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
			logits := d.param(c, "logits")
			if c.err != nil {
				return nil
			}
			shape, err := tensor.BroadcastShapes(logits.Shape(), v.Shape())
			if err != nil {
				c.err = err
				return nil
			}
			l := c.do(func() (*tensor.Tensor, error) { return autograd.Expand(logits, shape...) })
			vv := c.do(func() (*tensor.Tensor, error) { return autograd.Expand(v, shape...) })
			bce := c.do(func() (*tensor.Tensor, error) { return autograd.BinaryCrossEntropyWithLogits(l, vv, nil, nil, "none") })
			return c.bin(autograd.Add, c.un(autograd.Neg, bce), d.cbLogNorm(c))
		},
		entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
			p := d.param(c, "probs")
			if c.err != nil {
				return nil
			}
			lp0 := c.un(autograd.Log1p, c.un(autograd.Neg, p))
			lp1 := c.un(autograd.Log, p)
			mean := distKinds["ContinuousBernoulli"].mean(d, c)
			return c.bin(autograd.Sub, c.bin(autograd.Sub, c.bin(autograd.Mul, mean, c.bin(autograd.Sub, lp0, lp1)), d.cbLogNorm(c)), lp0)
		},
		draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
			p := d.param(c, "probs")
			if c.err != nil {
				return nil
			}
			return d.cbIcdf(c, uniformNoise(c, p, shape, 0, 1))
		},
	}
}

// newContinuousBernoulli is ContinuousBernoulli's constructor: probs
// (checked against [0, 1] when validate_args is given, as PyTorch checks
// before clamping, then clamped) or logits.
func newContinuousBernoulli(a *lang.Args) (*Distribution, error) {
	probs, logits := a.Value("probs"), a.Value("logits")
	if (probs == lang.None) == (logits == lang.None) {
		return nil, lang.Errorf(lang.ValueError, "Either `probs` or `logits` must be specified, but not both.")
	}
	d := &Distribution{kind: "ContinuousBernoulli", params: map[string]*tensor.Tensor{}, lims: cbDefaultLims}
	if v := a.Value("lims"); v != nil {
		elems, _, ok := lang.Sequence(v)
		if !ok || len(elems) != 2 {
			return nil, a.WrongType("lims", "a pair of numbers", v)
		}
		for i, e := range elems {
			f, ok := lang.AsFloat(e)
			if !ok {
				return nil, a.WrongType("lims", "a pair of numbers", v)
			}
			d.lims[i] = f
		}
	}
	if probs != lang.None {
		t, err := distTensor(probs, nil)
		if err != nil {
			return nil, err
		}
		if a.Value("validate_args") != lang.None {
			c := &chainOps{}
			ok := c.do(func() (*tensor.Tensor, error) {
				return tensor.All(unitIntervalConstraint.check(c, t), nil, false)
			})
			if c.err != nil {
				return nil, c.err
			}
			if item, _ := ok.Item(); item != true {
				return nil, lang.Errorf(lang.ValueError, "The parameter probs has invalid values")
			}
		}
		c := &chainOps{}
		d.params["probs"] = c.clampProbs(t)
		if c.err != nil {
			return nil, c.err
		}
		d.batch = t.Shape()
		return d, nil
	}
	t, err := distTensor(logits, nil)
	if err != nil {
		return nil, err
	}
	d.params["logits"] = t
	d.batch = t.Shape()
	return d, nil
}

// cbKL is kl_divergence of two ContinuousBernoulli: p.mean (p.logits -
// q.logits) + log C(p) + log(1 - p.probs) - log C(q) - log(1 - q.probs).
func cbKL(c *chainOps, p, q *Distribution) *tensor.Tensor {
	t1 := c.bin(autograd.Mul, distKinds["ContinuousBernoulli"].mean(p, c), c.bin(autograd.Sub, p.param(c, "logits"), q.param(c, "logits")))
	t2 := c.bin(autograd.Add, p.cbLogNorm(c), c.un(autograd.Log1p, c.un(autograd.Neg, p.param(c, "probs"))))
	t3 := c.bin(autograd.Sub, c.un(autograd.Neg, q.cbLogNorm(c)), c.un(autograd.Log1p, c.un(autograd.Neg, q.param(c, "probs"))))
	return c.bin(autograd.Add, c.bin(autograd.Add, t1, t2), t3)
}
