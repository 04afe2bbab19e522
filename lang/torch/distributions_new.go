package torch

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// HalfCauchy, Pareto, Weibull, Kumaraswamy and Binomial, with PyTorch
// 1.13's formulas. The first four are TransformedDistributions in
// PyTorch: their samples are its base's draws (Cauchy's, Exponential's,
// Uniform's) passed through its transforms, the same numbers for a seed,
// and their log_prob is the transformed density written out.

func defNewKinds() {
	sq := func(c *chainOps, x *tensor.Tensor) *tensor.Tensor { return c.bin(autograd.Pow, x, c.scalar(2, x)) }
	full := func(c *chainOps, d *Distribution, like *tensor.Tensor, v float64) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return tensor.Full(v, like.DType(), d.batch...) })
	}
	exponentialDraw := func(c *chainOps, like *tensor.Tensor, shape []int) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) {
			t, err := tensor.Empty(like.DType(), shape...)
			if err != nil {
				return nil, err
			}
			return t, tensor.FillExponential(t, 1, nil)
		})
	}
	cauchy := distKinds["Cauchy"]
	positive := map[string]constraint{"scale": positiveConstraint}
	for name, k := range map[string]*distKind{
		"HalfCauchy": {
			module: "half_cauchy", sig: "HalfCauchy(scale, validate_args=None)",
			doc:    "The half-Cauchy distribution: |X| for X Cauchy of median 0 and scale scale; its mean and variance are inf.",
			params: []string{"scale"}, constraints: positive, support: nonNegativeConstraint, rsample: true,
			mean:     func(d *Distribution, c *chainOps) *tensor.Tensor { return full(c, d, d.params["scale"], math.Inf(1)) },
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor { return full(c, d, d.params["scale"], math.Inf(1)) },
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				s := d.params["scale"]
				lp := c.bin(autograd.Add, cauchy.logProb(d.cauchyBase(c), c, v), c.scalar(math.Log(2), s))
				return c.do(func() (*tensor.Tensor, error) {
					return autograd.Where(c.bin(tensor.Ge, v, c.scalar(0, v)), lp, c.scalar(math.Inf(-1), lp))
				})
			},
			entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
				return c.bin(autograd.Sub, cauchy.entropy(d.cauchyBase(c), c), c.scalar(math.Log(2), d.params["scale"]))
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				return c.un(autograd.Abs, cauchy.draw(d.cauchyBase(c), c, shape))
			},
		},
		"Pareto": {
			module: "pareto", sig: "Pareto(scale, alpha, validate_args=None)",
			doc:    "The Pareto (type I) distribution of scale scale and shape alpha: scale·exp(E) for E exponential of rate alpha.",
			params: []string{"scale", "alpha"}, shown: []string{"alpha", "scale"},
			constraints: map[string]constraint{"alpha": positiveConstraint, "scale": positiveConstraint}, rsample: true,
			mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s, a := d.params["scale"], d.params["alpha"]
				a = c.do(func() (*tensor.Tensor, error) { return autograd.Clamp(a, c.scalar(1, a), nil) })
				return c.bin(autograd.Div, c.bin(autograd.Mul, a, s), c.bin(autograd.Sub, a, c.scalar(1, a)))
			},
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s, a := d.params["scale"], d.params["alpha"]
				a = c.do(func() (*tensor.Tensor, error) { return autograd.Clamp(a, c.scalar(2, a), nil) })
				num := c.bin(autograd.Mul, sq(c, s), a)
				den := c.bin(autograd.Mul, sq(c, c.bin(autograd.Sub, a, c.scalar(1, a))), c.bin(autograd.Sub, a, c.scalar(2, a)))
				return c.bin(autograd.Div, num, den)
			},
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				// x = log(v / scale), exponential of rate alpha; log|dv/dx| = x + log scale
				s, a := d.params["scale"], d.params["alpha"]
				x := c.un(autograd.Log, c.bin(autograd.Div, v, s))
				lp := c.bin(autograd.Sub, c.un(autograd.Log, a), c.bin(autograd.Mul, a, x))
				return c.bin(autograd.Sub, c.bin(autograd.Sub, lp, x), c.un(autograd.Log, s))
			},
			entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s, a := d.params["scale"], d.params["alpha"]
				return c.bin(autograd.Add, c.un(autograd.Log, c.bin(autograd.Div, s, a)), c.bin(autograd.Add, c.scalar(1, a), c.un(autograd.Reciprocal, a)))
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				s, a := d.params["scale"], d.params["alpha"]
				x := c.bin(autograd.Div, exponentialDraw(c, a, shape), a)
				return c.bin(autograd.Add, c.scalar(0, s), c.bin(autograd.Mul, s, c.un(autograd.Exp, x)))
			},
		},
		"Weibull": {
			module: "weibull", sig: "Weibull(scale, concentration, validate_args=None)",
			doc:    "The two-parameter Weibull distribution: scale·E^(1/concentration) for E exponential of rate 1.",
			params: []string{"scale", "concentration"}, shown: []string{"scale", "concentration"},
			constraints: map[string]constraint{"scale": positiveConstraint, "concentration": positiveConstraint}, support: positiveConstraint, rsample: true,
			mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s, k := d.params["scale"], d.params["concentration"]
				return c.bin(autograd.Mul, s, c.un(autograd.Exp, lgammaOf(c, c.bin(autograd.Add, c.scalar(1, k), c.un(autograd.Reciprocal, k)))))
			},
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s, k := d.params["scale"], d.params["concentration"]
				g2 := c.un(autograd.Exp, lgammaOf(c, c.bin(autograd.Add, c.scalar(1, k), c.bin(autograd.Div, c.scalar(2, k), k))))
				g1 := c.un(autograd.Exp, c.bin(autograd.Mul, c.scalar(2, k), lgammaOf(c, c.bin(autograd.Add, c.scalar(1, k), c.un(autograd.Reciprocal, k)))))
				return c.bin(autograd.Mul, sq(c, s), c.bin(autograd.Sub, g2, g1))
			},
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				// x = (v / scale)^k, exponential of rate 1; v = scale·x^(1/k)
				s, k := d.params["scale"], d.params["concentration"]
				x := c.bin(autograd.Pow, c.bin(autograd.Div, v, s), k)
				e := c.un(autograd.Reciprocal, k)
				logDet := c.bin(autograd.Add, c.un(autograd.Log, c.un(autograd.Abs, e)), c.bin(autograd.Mul, c.bin(autograd.Sub, e, c.scalar(1, e)), c.un(autograd.Log, x)))
				return c.bin(autograd.Sub, c.bin(autograd.Sub, c.un(autograd.Neg, x), logDet), c.un(autograd.Log, s))
			},
			entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s, k := d.params["scale"], d.params["concentration"]
				t := c.bin(autograd.Mul, c.scalar(eulerGamma, k), c.bin(autograd.Sub, c.scalar(1, k), c.un(autograd.Reciprocal, k)))
				return c.bin(autograd.Add, c.bin(autograd.Add, t, c.un(autograd.Log, c.bin(autograd.Div, s, k))), c.scalar(1, k))
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				s, k := d.params["scale"], d.params["concentration"]
				x := exponentialDraw(c, s, shape)
				return c.bin(autograd.Add, c.scalar(0, s), c.bin(autograd.Mul, s, c.bin(autograd.Pow, x, c.un(autograd.Reciprocal, k))))
			},
		},
		"Kumaraswamy": {
			module: "kumaraswamy", sig: "Kumaraswamy(concentration1, concentration0, validate_args=None)",
			doc:    "The Kumaraswamy distribution on (0, 1), of density a·b·x^(a-1)·(1 - x^a)^(b-1) for a = concentration1, b = concentration0.",
			params: []string{"concentration1", "concentration0"}, shown: []string{"concentration1", "concentration0"},
			constraints: map[string]constraint{"concentration1": positiveConstraint, "concentration0": positiveConstraint}, support: unitIntervalConstraint, rsample: true,
			mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
				return kumaraswamyMoment(c, d.params["concentration1"], d.params["concentration0"], 1)
			},
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
				a, b := d.params["concentration1"], d.params["concentration0"]
				return c.bin(autograd.Sub, kumaraswamyMoment(c, a, b, 2), sq(c, kumaraswamyMoment(c, a, b, 1)))
			},
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				// u = (1 - v^a)^b is uniform: log p = log a + log b + (a-1)log v + (b-1)log(1 - v^a)
				a, b := d.params["concentration1"], d.params["concentration0"]
				one := c.scalar(1, a)
				t := c.bin(autograd.Add, c.un(autograd.Log, a), c.un(autograd.Log, b))
				t = c.bin(autograd.Add, t, c.bin(autograd.Mul, c.bin(autograd.Sub, a, one), c.un(autograd.Log, v)))
				return c.bin(autograd.Add, t, c.bin(autograd.Mul, c.bin(autograd.Sub, b, one), c.un(autograd.Log1p, c.un(autograd.Neg, c.bin(autograd.Pow, v, a)))))
			},
			entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
				a, b := d.params["concentration1"], d.params["concentration0"]
				t1 := c.bin(autograd.Sub, c.scalar(1, a), c.un(autograd.Reciprocal, a))
				t0 := c.bin(autograd.Sub, c.scalar(1, b), c.un(autograd.Reciprocal, b))
				h0 := c.bin(autograd.Add, digammaOf(c, c.bin(autograd.Add, b, c.scalar(1, b))), c.scalar(eulerGamma, b))
				out := c.bin(autograd.Add, t0, c.bin(autograd.Mul, t1, h0))
				return c.bin(autograd.Sub, c.bin(autograd.Sub, out, c.un(autograd.Log, a)), c.un(autograd.Log, b))
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				a, b := d.params["concentration1"], d.params["concentration0"]
				u := uniformNoise(c, a, shape, 0, 1)
				// Uniform(0, 1)'s rsample is low + rand·(high - low)
				u = c.bin(autograd.Add, c.scalar(0, a), c.bin(autograd.Mul, u, c.scalar(1, a)))
				y := c.bin(autograd.Pow, u, c.un(autograd.Reciprocal, b))
				y = c.bin(autograd.Add, c.scalar(1, a), c.bin(autograd.Mul, c.scalar(-1, a), y))
				return c.bin(autograd.Pow, y, c.un(autograd.Reciprocal, a))
			},
		},
		"Binomial": {
			module: "binomial", sig: "Binomial(total_count=1, probs=None, logits=None, validate_args=None)",
			doc:         "The binomial distribution: successes in total_count trials of success probability probs (or sigmoid(logits)); samples are torch.binomial's.",
			params:      []string{"total_count", "probs", "logits"},
			constraints: map[string]constraint{"total_count": nonNegativeIntegerConstraint, "probs": unitIntervalConstraint, "logits": realConstraint},
			construct:   func(a *lang.Args) (*Distribution, error) { return newCountDist("Binomial", a) },
			mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
				return c.bin(autograd.Mul, d.params["total_count"], d.param(c, "probs"))
			},
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
				p := d.param(c, "probs")
				return c.bin(autograd.Mul, c.bin(autograd.Mul, d.params["total_count"], p), c.bin(autograd.Sub, c.scalar(1, p), p))
			},
			logProb: binomialLogProb,
			entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
				values, err := d.binomialSupport(false)
				if err != nil {
					c.err = err
					return nil
				}
				lp := binomialLogProb(d, c, values)
				plogp := c.bin(autograd.Mul, c.un(autograd.Exp, lp), lp)
				return c.un(autograd.Neg, c.do(func() (*tensor.Tensor, error) { return autograd.Sum(plogp, []int{0}, false) }))
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				n := c.do(func() (*tensor.Tensor, error) { return d.params["total_count"].Detach().Expand(shape...) })
				p := c.do(func() (*tensor.Tensor, error) { return d.param(c, "probs").Detach().Expand(shape...) })
				return c.do(func() (*tensor.Tensor, error) {
					out, _, err := binomialSample(n, p, nil)
					return out, err
				})
			},
		},
	} {
		distKinds[name] = k
	}
}

// cauchyBase is HalfCauchy's base: Cauchy(0, scale).
func (d *Distribution) cauchyBase(c *chainOps) *Distribution {
	s := d.params["scale"]
	return &Distribution{kind: "Cauchy", params: map[string]*tensor.Tensor{"loc": c.scalar(0, s), "scale": s}, batch: d.batch}
}

// kumaraswamyMoment is E[X^n] of Kumaraswamy(a, b):
// b·exp(lgamma(1 + n/a) + lgamma(b) - lgamma(1 + n/a + b)).
func kumaraswamyMoment(c *chainOps, a, b *tensor.Tensor, n float64) *tensor.Tensor {
	arg := c.bin(autograd.Add, c.scalar(1, a), c.bin(autograd.Div, c.scalar(n, a), a))
	lv := c.bin(autograd.Sub, c.bin(autograd.Add, lgammaOf(c, arg), lgammaOf(c, b)), lgammaOf(c, c.bin(autograd.Add, arg, b)))
	return c.bin(autograd.Mul, b, c.un(autograd.Exp, lv))
}

// binomialLogProb is Binomial's log_prob, written as PyTorch's to be
// stable for large |logits|.
func binomialLogProb(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
	n, l := d.params["total_count"], d.param(c, "logits")
	if c.err != nil {
		return nil
	}
	one := c.scalar(1, n)
	lfN := lgammaOf(c, c.bin(autograd.Add, n, one))
	lfK := lgammaOf(c, c.bin(autograd.Add, v, c.scalar(1, v)))
	lfNK := lgammaOf(c, c.bin(autograd.Add, c.bin(autograd.Sub, n, v), one))
	// _clamp_by_zero(l) = (l.clamp(min=0) + l - l.clamp(max=0)) / 2
	zero := c.scalar(0, l)
	hi := c.do(func() (*tensor.Tensor, error) { return autograd.Clamp(l, zero, nil) })
	lo := c.do(func() (*tensor.Tensor, error) { return autograd.Clamp(l, nil, zero) })
	clamped := c.bin(autograd.Div, c.bin(autograd.Sub, c.bin(autograd.Add, hi, l), lo), c.scalar(2, l))
	norm := c.bin(autograd.Mul, n, clamped)
	norm = c.bin(autograd.Add, norm, c.bin(autograd.Mul, n, c.un(autograd.Log1p, c.un(autograd.Exp, c.un(autograd.Neg, c.un(autograd.Abs, l))))))
	norm = c.bin(autograd.Sub, norm, lfN)
	out := c.bin(autograd.Sub, c.bin(autograd.Sub, c.bin(autograd.Mul, v, l), lfK), lfNK)
	return c.bin(autograd.Sub, out, norm)
}

// binomialSupport is Binomial's enumerate_support: 0 ... total_count
// along dimension 0, for a count the same across the batch.
func (d *Distribution) binomialSupport(expand bool) (*tensor.Tensor, error) {
	n := d.params["total_count"]
	counts, err := n.Float64s()
	if err != nil {
		return nil, err
	}
	if slices.Min(counts) != slices.Max(counts) {
		return nil, lang.Errorf(NotImplementedError, "Inhomogeneous total count not supported by `enumerate_support`.")
	}
	values, err := tensor.Arange(0, float64(int(counts[0])+1), 1, n.DType())
	if err != nil {
		return nil, err
	}
	shape := []int{values.Shape()[0]}
	for range d.batch {
		shape = append(shape, 1)
	}
	if values, err = values.Reshape(shape...); err != nil {
		return nil, err
	}
	if expand {
		return values.Expand(append([]int{values.Shape()[0]}, d.batch...)...)
	}
	return values, nil
}
