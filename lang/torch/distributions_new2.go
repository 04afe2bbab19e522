package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// NegativeBinomial, FisherSnedecor and OneHotCategoricalStraightThrough,
// with PyTorch 1.13's formulas and samplers: NegativeBinomial draws a
// Gamma rate and then its Poisson count, FisherSnedecor the ratio of two
// Gamma draws, both the same numbers as PyTorch for a seed.

// logSigmoidOf is F.logsigmoid(x) = -softplus(-x), recorded.
func logSigmoidOf(c *chainOps, x *tensor.Tensor) *tensor.Tensor {
	return c.un(autograd.Neg, softplusOf(c, c.un(autograd.Neg, x)))
}

// nanWhereLe is x with NaN where x <= bound (PyTorch's
// df2[df2 <= bound] = nan on a clone).
func nanWhereLe(c *chainOps, x *tensor.Tensor, bound float64) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		return autograd.Where(c.bin(tensor.Le, x.Detach(), c.scalar(bound, x)), c.scalar(math.NaN(), x), x)
	})
}

func defNewKinds2() {
	oneHot := distKinds["OneHotCategorical"]
	st := *oneHot
	st.module = "one_hot_categorical"
	st.sig = "OneHotCategoricalStraightThrough(probs=None, logits=None, validate_args=None)"
	st.doc = "OneHotCategorical with a straight-through gradient: rsample is the one-hot sample plus probs - probs.detach(), so gradients reach probs."
	st.rsample = true
	st.draw = func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
		p := d.param(c, "probs") // computed with gradient, before the draw
		prev := autograd.IsGradEnabled()
		autograd.SetGradEnabled(false)
		s := oneHot.draw(d, c, shape)
		autograd.SetGradEnabled(prev)
		if c.err != nil || !prev {
			return s
		}
		return c.bin(autograd.Add, s, c.bin(autograd.Sub, p, p.Detach()))
	}
	distKinds["OneHotCategoricalStraightThrough"] = &st

	distKinds["NegativeBinomial"] = &distKind{
		module: "negative_binomial", sig: "NegativeBinomial(total_count, probs=None, logits=None, validate_args=None)",
		doc:    "The negative binomial distribution: successes before total_count failures, each trial a success with probability probs (or sigmoid(logits)). It has no entropy, as PyTorch's has not.",
		params: []string{"total_count", "probs", "logits"},
		constraints: map[string]constraint{
			"total_count": greaterThanEq(int64(0)).constraint,
			"probs":       halfOpenInterval(0.0, 1.0).constraint,
			"logits":      realConstraint,
		},
		support:   nonNegativeIntegerConstraint,
		construct: func(a *lang.Args) (*Distribution, error) { return newCountDist("NegativeBinomial", a) },
		mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
			return c.bin(autograd.Mul, d.params["total_count"], c.un(autograd.Exp, d.param(c, "logits")))
		},
		variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
			l := d.param(c, "logits")
			mean := c.bin(autograd.Mul, d.params["total_count"], c.un(autograd.Exp, l))
			return c.bin(autograd.Div, mean, c.un(autograd.Sigmoid, c.un(autograd.Neg, l)))
		},
		logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
			n, l := d.params["total_count"], d.param(c, "logits")
			if c.err != nil {
				return nil
			}
			un := c.bin(autograd.Add, c.bin(autograd.Mul, n, logSigmoidOf(c, c.un(autograd.Neg, l))), c.bin(autograd.Mul, v, logSigmoidOf(c, l)))
			norm := c.bin(autograd.Add, c.un(autograd.Neg, lgammaOf(c, c.bin(autograd.Add, n, v))), lgammaOf(c, c.bin(autograd.Add, c.scalar(1, v), v)))
			norm = c.bin(autograd.Add, norm, lgammaOf(c, n))
			zero := c.bin(tensor.Eq, c.bin(tensor.Add, n.Detach(), v.Detach()), c.scalar(0, v))
			norm = c.do(func() (*tensor.Tensor, error) { return autograd.Where(zero, c.scalar(0, norm), norm) })
			return c.bin(autograd.Sub, un, norm)
		},
		draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
			rate := c.un(autograd.Exp, c.un(autograd.Neg, d.param(c, "logits")))
			if c.err != nil {
				return nil
			}
			n := c.do(func() (*tensor.Tensor, error) { return autograd.Expand(d.params["total_count"], d.batch...) })
			g := &Distribution{kind: "Gamma", params: map[string]*tensor.Tensor{"concentration": n, "rate": rate}, batch: d.batch}
			prev := autograd.IsGradEnabled()
			autograd.SetGradEnabled(false)
			defer autograd.SetGradEnabled(prev)
			r := gammaDraw(g, c, shape)
			if c.err != nil {
				return nil
			}
			return c.do(func() (*tensor.Tensor, error) { return poissonSample(r, nil) })
		},
	}

	distKinds["FisherSnedecor"] = &distKind{
		module: "fishersnedecor", sig: "FisherSnedecor(df1, df2, validate_args=None)",
		doc:    "The Fisher-Snedecor (F) distribution of df1 and df2 degrees of freedom: the ratio of two scaled chi-squared draws. It has no entropy, as PyTorch's has not.",
		params: []string{"df1", "df2"}, shown: []string{"df1", "df2"},
		constraints: map[string]constraint{"df1": positiveConstraint, "df2": positiveConstraint}, support: positiveConstraint, rsample: true,
		mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
			df2 := nanWhereLe(c, d.params["df2"], 2)
			return c.bin(autograd.Div, df2, c.bin(autograd.Sub, df2, c.scalar(2, df2)))
		},
		variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
			df1, df2 := d.params["df1"], nanWhereLe(c, d.params["df2"], 4)
			two := c.scalar(2, df2)
			num := c.bin(autograd.Mul, c.bin(autograd.Mul, two, c.bin(autograd.Pow, df2, two)), c.bin(autograd.Sub, c.bin(autograd.Add, df1, df2), two))
			den := c.bin(autograd.Mul, c.bin(autograd.Mul, df1, c.bin(autograd.Pow, c.bin(autograd.Sub, df2, two), two)), c.bin(autograd.Sub, df2, c.scalar(4, df2)))
			return c.bin(autograd.Div, num, den)
		},
		logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
			df1, df2 := d.params["df1"], d.params["df2"]
			ct1 := c.bin(autograd.Mul, df1, c.scalar(0.5, df1))
			ct2 := c.bin(autograd.Mul, df2, c.scalar(0.5, df2))
			ct3 := c.bin(autograd.Div, df1, df2)
			t1 := c.bin(autograd.Sub, c.bin(autograd.Sub, lgammaOf(c, c.bin(autograd.Add, ct1, ct2)), lgammaOf(c, ct1)), lgammaOf(c, ct2))
			t2 := c.bin(autograd.Add, c.bin(autograd.Mul, ct1, c.un(autograd.Log, ct3)), c.bin(autograd.Mul, c.bin(autograd.Sub, ct1, c.scalar(1, ct1)), c.un(autograd.Log, v)))
			t3 := c.bin(autograd.Mul, c.bin(autograd.Add, ct1, ct2), c.un(autograd.Log1p, c.bin(autograd.Mul, ct3, v)))
			return c.bin(autograd.Sub, c.bin(autograd.Add, t1, t2), t3)
		},
		draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
			gamma := func(df *tensor.Tensor) *Distribution {
				half := c.bin(autograd.Mul, df, c.scalar(0.5, df))
				return &Distribution{kind: "Gamma", params: map[string]*tensor.Tensor{"concentration": half, "rate": df}, batch: d.batch}
			}
			x1 := gammaDraw(gamma(d.params["df1"]), c, shape)
			x2 := gammaDraw(gamma(d.params["df2"]), c, shape)
			if c.err != nil {
				return nil
			}
			_, tiny := finfo(x2)
			x2 = c.do(func() (*tensor.Tensor, error) { return autograd.Clamp(x2, c.scalar(tiny, x2), nil) })
			y := c.bin(autograd.Div, x1, x2)
			return c.do(func() (*tensor.Tensor, error) { return autograd.Clamp(y, c.scalar(tiny, y), nil) })
		},
	}
}

// newCountDist is Binomial's or NegativeBinomial's constructor: the
// count broadcast with probs or logits, in their dtype.
func newCountDist(kind string, a *lang.Args) (*Distribution, error) {
	probs, logits := a.Value("probs"), a.Value("logits")
	if (probs == lang.None) == (logits == lang.None) {
		return nil, lang.Errorf(lang.ValueError, "Either `probs` or `logits` must be specified, but not both.")
	}
	name, v := "probs", probs
	if probs == lang.None {
		name, v = "logits", logits
	}
	ts, shape, err := broadcastAll([]lang.Value{a.Value("total_count"), v})
	if err != nil {
		return nil, err
	}
	n, err := ts[0].To(ts[1].DType())
	if err != nil {
		return nil, err
	}
	return &Distribution{kind: kind, params: map[string]*tensor.Tensor{"total_count": n, name: ts[1]}, batch: shape}, nil
}
