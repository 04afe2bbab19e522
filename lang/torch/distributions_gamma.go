package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Gamma, Chi2, Dirichlet and Beta: samples from ATen's sample_gamma
// (and _sample_dirichlet) (Marsaglia and
// Tsang's method on the default generator's float64 uniforms and
// normals, with the float32 rounding of its constants as ATen's CPU
// kernel has them), and the log-density and entropy through
// torch.lgamma and torch.digamma of the concentration (their autograd
// nodes carry the gradients to the parameters).

// lgammaOf is torch.lgamma(x), recorded.
func lgammaOf(c *chainOps, x *tensor.Tensor) *tensor.Tensor {
	return c.un(autograd.LgammaOp.Apply, x)
}

// digammaOf is torch.digamma(x), recorded.
func digammaOf(c *chainOps, x *tensor.Tensor) *tensor.Tensor {
	return c.un(autograd.DigammaOp.Apply, x)
}

// xlogyOf is torch.xlogy(x, y): x·log y, and 0 where x is 0. As
// PyTorch's derivative, the gradient to x is log y also where x is 0,
// but 0 where x is 0 and y <= 0 (where x·log y is not a number).
func xlogyOf(c *chainOps, x, y *tensor.Tensor) *tensor.Tensor {
	prod := c.bin(autograd.Mul, x, c.un(autograd.Log, y))
	if c.err != nil {
		return nil
	}
	zero := c.bin(tensor.LogicalAnd, c.bin(tensor.Eq, x.Detach(), c.scalar(0, x)), c.bin(tensor.Le, y.Detach(), c.scalar(0, y)))
	return c.do(func() (*tensor.Tensor, error) { return autograd.Where(zero, c.scalar(0, prod), prod) })
}

// standardGamma is ATen's sample_gamma of concentration alpha, computed
// as its CPU kernel computes it for a tensor of dtype f32 (float32) or
// float64: the float literals and float arithmetic of the C++ code kept.
func standardGamma(alpha float64, f32 bool) float64 {
	g := tensor.DefaultGenerator()
	round := func(v float64) float64 {
		if f32 {
			return float64(float32(v))
		}
		return v
	}
	scale := 1.0
	if alpha < 1 {
		if alpha == 0 {
			return 0
		}
		scale *= libm.Pow(1-g.Float64(), round(1/alpha))
		alpha = round(alpha + 1)
	}
	d := round(alpha - float64(float32(1)/float32(3)))
	c := 1 / math.Sqrt(9*d)
	k := float64(float32(0.0331))
	for {
		var x, y float64
		for {
			x = g.NormFloat64()
			y = 1 + c*x
			if y > 0 {
				break
			}
		}
		v := y * y * y
		u := 1 - g.Float64()
		xx := x * x
		if u < 1-k*xx*xx {
			return scale * d * v
		}
		if libm.Log(u) < 0.5*xx+d*(1-v+libm.Log(v)) {
			return scale * d * v
		}
	}
}

// gammaDraw is _standard_gamma(concentration expanded to shape) / rate,
// clamped below at the dtype's tiny as Gamma.rsample clamps it.
func gammaDraw(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
	conc, rate := d.params["concentration"], d.params["rate"]
	if autograd.IsGradEnabled() && conc.RequiresGrad() {
		c.err = lang.Errorf(NotImplementedError, "Gamma.rsample: the gradient with respect to concentration (PyTorch's _standard_gamma_grad) is not in kael yet; sample() draws the same values without it")
		return nil
	}
	f32 := conc.DType() != tensor.Float64
	_, tiny := finfo(conc)
	std := c.do(func() (*tensor.Tensor, error) {
		e, err := conc.Detach().Expand(shape...)
		if err != nil {
			return nil, err
		}
		vals, err := e.Float64s()
		if err != nil {
			return nil, err
		}
		for i, a := range vals {
			vals[i] = math.Max(tiny, round32(standardGamma(a, f32), f32))
		}
		t, err := tensor.FromValue(vals, conc.DType())
		if err != nil {
			return nil, err
		}
		return t.Reshape(shape...)
	})
	out := c.bin(autograd.Div, std, c.do(func() (*tensor.Tensor, error) { return autograd.Expand(rate, shape...) }))
	if c.err != nil {
		return nil
	}
	// value.detach().clamp_(min=tiny): in place, on the values only.
	vals, err := out.Detach().Float64s()
	if err != nil {
		c.err = err
		return nil
	}
	for _, v := range vals {
		if v < tiny {
			clamped := c.do(func() (*tensor.Tensor, error) {
				return autograd.Clamp(out, c.scalar(tiny, out), nil)
			})
			return clamped
		}
	}
	return out
}

// round32 rounds v to float32 when f32.
func round32(v float64, f32 bool) float64 {
	if f32 {
		return float64(float32(v))
	}
	return v
}

// defGammaKinds adds Gamma and Chi2 to distKinds.
func defGammaKinds() {
	gammaMean := func(d *Distribution, c *chainOps) *tensor.Tensor {
		return c.bin(autograd.Div, d.params["concentration"], d.params["rate"])
	}
	gammaVariance := func(d *Distribution, c *chainOps) *tensor.Tensor {
		r := d.params["rate"]
		return c.bin(autograd.Div, d.params["concentration"], c.bin(autograd.Pow, r, c.scalar(2, r)))
	}
	gammaLogProb := func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		conc, rate := d.params["concentration"], d.params["rate"]
		v = c.do(func() (*tensor.Tensor, error) { return v.To(rate.DType()) })
		t := c.bin(autograd.Add, xlogyOf(c, conc, rate), xlogyOf(c, c.bin(autograd.Sub, conc, c.scalar(1, conc)), v))
		t = c.bin(autograd.Sub, t, c.bin(autograd.Mul, rate, v))
		return c.bin(autograd.Sub, t, lgammaOf(c, conc))
	}
	gammaEntropy := func(d *Distribution, c *chainOps) *tensor.Tensor {
		conc, rate := d.params["concentration"], d.params["rate"]
		t := c.bin(autograd.Add, c.bin(autograd.Sub, conc, c.un(autograd.Log, rate)), lgammaOf(c, conc))
		return c.bin(autograd.Add, t, c.bin(autograd.Mul, c.bin(autograd.Sub, c.scalar(1, conc), conc), digammaOf(c, conc)))
	}
	distKinds["Gamma"] = &distKind{
		module: "gamma", sig: "Gamma(concentration, rate, validate_args=None)",
		doc:    "The gamma distribution of shape concentration and rate rate (mean concentration / rate). Samples are PyTorch's (ATen's sample_gamma on the default generator); rsample's gradient reaches rate, not yet concentration.",
		params: []string{"concentration", "rate"}, shown: []string{"concentration", "rate"},
		constraints: map[string]constraint{"concentration": positiveConstraint, "rate": positiveConstraint}, support: nonNegativeConstraint, rsample: true,
		mean: gammaMean, variance: gammaVariance, logProb: gammaLogProb, entropy: gammaEntropy, draw: gammaDraw,
	}
	distKinds["Chi2"] = &distKind{
		module: "chi2", sig: "Chi2(df, validate_args=None)",
		doc:    "The chi-squared distribution of df degrees of freedom: Gamma(df / 2, 1 / 2).",
		params: []string{"df"}, constraints: map[string]constraint{"df": positiveConstraint}, support: nonNegativeConstraint, rsample: true,
		construct: func(a *lang.Args) (*Distribution, error) { return newChi2(a.Value("df")) },
		mean:      gammaMean, variance: gammaVariance, logProb: gammaLogProb, entropy: gammaEntropy, draw: gammaDraw,
	}
}

// dirichletDraw is ATen's _sample_dirichlet of concentration expanded to
// shape (the event dimension last): float64 gamma draws, each row
// divided by its sum, clamped to [tiny, the float below 1] in the
// dtype.
func dirichletDraw(c *chainOps, conc *tensor.Tensor, shape []int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		e, err := conc.Detach().Expand(shape...)
		if err != nil {
			return nil, err
		}
		vals, err := e.Float64s()
		if err != nil {
			return nil, err
		}
		for i, a := range vals {
			vals[i] = math.Max(0x1p-1022, standardGamma(a, false))
		}
		k := shape[len(shape)-1]
		f32 := conc.DType() != tensor.Float64
		_, tiny := finfo(conc)
		top := math.Nextafter(1, 0)
		if f32 {
			top = float64(math.Nextafter32(1, 0))
		}
		for row := 0; row+k <= len(vals); row += k {
			sum := 0.0
			for _, v := range vals[row : row+k] {
				sum += v
			}
			for j := row; j < row+k; j++ {
				vals[j] = math.Min(top, math.Max(tiny, round32(vals[j]/sum, f32)))
			}
		}
		t, err := tensor.FromValue(vals, conc.DType())
		if err != nil {
			return nil, err
		}
		return t.Reshape(shape...)
	})
}

// dirichletLogProb is Dirichlet's log_prob of value, for concentration
// conc (the event dimension last).
func dirichletLogProb(c *chainOps, conc, v *tensor.Tensor) *tensor.Tensor {
	sum := func(t *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return autograd.Sum(t, []int{-1}, false) })
	}
	shape, err := tensor.BroadcastShapes(conc.Shape(), v.Shape())
	if err != nil {
		c.err = err
		return nil
	}
	cm1 := c.do(func() (*tensor.Tensor, error) {
		return autograd.Expand(c.bin(autograd.Sub, conc, c.scalar(1, conc)), shape...)
	})
	vb := c.do(func() (*tensor.Tensor, error) { return v.Expand(shape...) })
	t := c.bin(autograd.Add, sum(xlogyOf(c, cm1, vb)), lgammaOf(c, sum(conc)))
	return c.bin(autograd.Sub, t, sum(lgammaOf(c, conc)))
}

// dirichletEntropy is Dirichlet's entropy.
func dirichletEntropy(c *chainOps, conc *tensor.Tensor) *tensor.Tensor {
	sum := func(t *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return autograd.Sum(t, []int{-1}, false) })
	}
	k := float64(conc.Shape()[conc.Dim()-1])
	a0 := sum(conc)
	t := c.bin(autograd.Sub, sum(lgammaOf(c, conc)), lgammaOf(c, a0))
	t = c.bin(autograd.Sub, t, c.bin(autograd.Mul, c.bin(autograd.Sub, c.scalar(k, a0), a0), digammaOf(c, a0)))
	return c.bin(autograd.Sub, t, sum(c.bin(autograd.Mul, c.bin(autograd.Sub, conc, c.scalar(1, conc)), digammaOf(c, conc))))
}

// refuseConcentrationGrad is rsample's error when the gradient would
// need PyTorch's _dirichlet_grad.
func refuseConcentrationGrad(c *chainOps, kind string, conc *tensor.Tensor) bool {
	if autograd.IsGradEnabled() && conc.RequiresGrad() {
		c.err = lang.Errorf(NotImplementedError, "%s.rsample: the gradient with respect to the concentration (PyTorch's _dirichlet_grad) is not in kael yet; sample() draws the same values without it", kind)
		return true
	}
	return false
}

// betaStack is Beta's concentration for its Dirichlet: [c1, c0] along a
// new last dimension.
func betaStack(c *chainOps, d *Distribution) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		return autograd.Stack([]*tensor.Tensor{d.params["concentration1"], d.params["concentration0"]}, -1)
	})
}

// defDirichletKinds adds Dirichlet and Beta to distKinds.
func defDirichletKinds() {
	posVector := constraint{"IndependentConstraint(GreaterThan(lower_bound=0.0), 1)", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) {
			return tensor.All(c.bin(tensor.Gt, v, c.scalar(0, v)), []int{-1}, false)
		})
	}}
	distKinds["Dirichlet"] = &distKind{
		module: "dirichlet", sig: "Dirichlet(concentration, validate_args=None)",
		doc:    "The Dirichlet distribution of concentration (the last dimension the event): points of the simplex. Samples are PyTorch's (ATen's _sample_dirichlet); rsample's gradient with respect to concentration is not in kael yet.",
		params: []string{"concentration"}, shown: []string{"concentration"},
		constraints: map[string]constraint{"concentration": posVector}, support: simplexConstraint, rsample: true,
		construct: func(a *lang.Args) (*Distribution, error) { return newDirichlet(a.Value("concentration")) },
		mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
			conc := d.params["concentration"]
			return c.bin(autograd.Div, conc, c.do(func() (*tensor.Tensor, error) { return autograd.Sum(conc, []int{-1}, true) }))
		},
		variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
			conc := d.params["concentration"]
			c0 := c.do(func() (*tensor.Tensor, error) { return autograd.Sum(conc, []int{-1}, true) })
			den := c.bin(autograd.Mul, c.bin(autograd.Pow, c0, c.scalar(2, c0)), c.bin(autograd.Add, c0, c.scalar(1, c0)))
			return c.bin(autograd.Div, c.bin(autograd.Mul, conc, c.bin(autograd.Sub, c0, conc)), den)
		},
		logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
			return dirichletLogProb(c, d.params["concentration"], v)
		},
		entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
			return dirichletEntropy(c, d.params["concentration"])
		},
		draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
			conc := d.params["concentration"]
			if refuseConcentrationGrad(c, "Dirichlet", conc) {
				return nil
			}
			return dirichletDraw(c, conc, append(append([]int{}, shape...), conc.Shape()[conc.Dim()-1]))
		},
	}
	distKinds["Beta"] = &distKind{
		module: "beta", sig: "Beta(concentration1, concentration0, validate_args=None)",
		doc:    "The beta distribution on [0, 1] of concentrations concentration1 (α) and concentration0 (β): the first coordinate of a Dirichlet([α, β]). Samples are PyTorch's; rsample's gradient with respect to the concentrations is not in kael yet.",
		params: []string{"concentration1", "concentration0"}, support: unitIntervalConstraint, rsample: true,
		construct: func(a *lang.Args) (*Distribution, error) {
			return newBeta(a.Value("concentration1"), a.Value("concentration0"))
		},
		mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
			c1, c0 := d.params["concentration1"], d.params["concentration0"]
			return c.bin(autograd.Div, c1, c.bin(autograd.Add, c1, c0))
		},
		variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
			c1, c0 := d.params["concentration1"], d.params["concentration0"]
			total := c.bin(autograd.Add, c1, c0)
			den := c.bin(autograd.Mul, c.bin(autograd.Pow, total, c.scalar(2, total)), c.bin(autograd.Add, total, c.scalar(1, total)))
			return c.bin(autograd.Div, c.bin(autograd.Mul, c1, c0), den)
		},
		logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
			ht := c.do(func() (*tensor.Tensor, error) {
				return autograd.Stack([]*tensor.Tensor{v, c.bin(autograd.Sub, c.scalar(1, v), v)}, -1)
			})
			return dirichletLogProb(c, betaStack(c, d), ht)
		},
		entropy: func(d *Distribution, c *chainOps) *tensor.Tensor { return dirichletEntropy(c, betaStack(c, d)) },
		draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
			conc := betaStack(c, d)
			if c.err != nil || refuseConcentrationGrad(c, "Beta", conc) {
				return nil
			}
			s := dirichletDraw(c, conc, append(append([]int{}, shape...), 2))
			return c.do(func() (*tensor.Tensor, error) { return s.Select(-1, 0) })
		},
	}
}

// newDirichlet is Dirichlet(concentration): the last dimension the event.
func newDirichlet(v lang.Value) (*Distribution, error) {
	conc, err := distTensor(v, nil)
	if err != nil {
		return nil, err
	}
	if conc.Dim() < 1 {
		return nil, lang.Errorf(lang.ValueError, "`concentration` parameter must be at least one-dimensional.")
	}
	return &Distribution{kind: "Dirichlet", params: map[string]*tensor.Tensor{"concentration": conc}, batch: conc.Shape()[:conc.Dim()-1]}, nil
}

// newBeta is Beta(concentration1, concentration0), with its Dirichlet
// for validation (PyTorch's messages name the Dirichlet).
func newBeta(c1, c0 lang.Value) (*Distribution, error) {
	ts, shape, err := broadcastAll([]lang.Value{c1, c0})
	if err != nil {
		return nil, err
	}
	d := &Distribution{kind: "Beta", params: map[string]*tensor.Tensor{"concentration1": ts[0], "concentration0": ts[1]}, batch: shape}
	c := &chainOps{}
	stack := betaStack(c, d)
	if c.err != nil {
		return nil, c.err
	}
	d.base = &Distribution{kind: "Dirichlet", params: map[string]*tensor.Tensor{"concentration": stack}, batch: shape}
	return d, nil
}

// defStudentTKind adds StudentT to distKinds.
func defStudentTKind() {
	half := func(c *chainOps, x *tensor.Tensor) *tensor.Tensor { return c.bin(autograd.Mul, c.scalar(0.5, x), x) }
	// where sets the elements of m where cond holds to v (a number).
	where := func(c *chainOps, cond, m *tensor.Tensor, v float64) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return autograd.Where(cond, c.scalar(v, m), m) })
	}
	distKinds["StudentT"] = &distKind{
		module: "studentT", sig: "StudentT(df, loc=0.0, scale=1.0, validate_args=None)",
		doc:    "Student's t distribution of df degrees of freedom, location loc and scale scale. rsample draws a normal and a chi-squared as PyTorch does (its gradient reaches loc and scale, not yet df).",
		params: []string{"df", "loc", "scale"}, shown: []string{"df", "loc", "scale"},
		constraints: map[string]constraint{"df": positiveConstraint, "loc": realConstraint, "scale": positiveConstraint}, support: realConstraint, rsample: true,
		mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
			df := d.params["df"]
			return where(c, c.bin(tensor.Le, df.Detach(), c.scalar(1, df)), d.params["loc"], math.NaN())
		},
		variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
			df, s := d.params["df"], d.params["scale"]
			fin := c.bin(autograd.Div, c.bin(autograd.Mul, c.bin(autograd.Pow, s, c.scalar(2, s)), df), c.bin(autograd.Sub, df, c.scalar(2, df)))
			m := where(c, c.bin(tensor.Le, df.Detach(), c.scalar(2, df)), fin, math.Inf(1))
			return where(c, c.bin(tensor.Le, df.Detach(), c.scalar(1, df)), m, math.NaN())
		},
		logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
			df, loc, s := d.params["df"], d.params["loc"], d.params["scale"]
			y := c.bin(autograd.Div, c.bin(autograd.Sub, v, loc), s)
			z := c.bin(autograd.Add, c.un(autograd.Log, s), half(c, c.un(autograd.Log, df)))
			z = c.bin(autograd.Add, z, c.scalar(0.5*math.Log(math.Pi), df))
			z = c.bin(autograd.Sub, c.bin(autograd.Add, z, lgammaOf(c, half(c, df))), lgammaOf(c, half(c, c.bin(autograd.Add, df, c.scalar(1, df)))))
			t := c.un(autograd.Log1p, c.bin(autograd.Div, c.bin(autograd.Pow, y, c.scalar(2, y)), df))
			t = c.bin(autograd.Mul, c.bin(autograd.Mul, c.scalar(-0.5, df), c.bin(autograd.Add, df, c.scalar(1, df))), t)
			return c.bin(autograd.Sub, t, z)
		},
		entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
			df, s := d.params["df"], d.params["scale"]
			dp1 := c.bin(autograd.Add, df, c.scalar(1, df))
			lg5, _ := math.Lgamma(0.5)
			lbeta := c.bin(autograd.Sub, c.bin(autograd.Add, lgammaOf(c, half(c, df)), c.scalar(lg5, df)), lgammaOf(c, half(c, dp1)))
			dg := c.bin(autograd.Sub, digammaOf(c, half(c, dp1)), digammaOf(c, half(c, df)))
			t := c.bin(autograd.Add, c.un(autograd.Log, s), c.bin(autograd.Mul, half(c, dp1), dg))
			return c.bin(autograd.Add, c.bin(autograd.Add, t, half(c, c.un(autograd.Log, df))), lbeta)
		},
		// X from normal_, then Chi2(df)'s rsample, Y = X / sqrt(Z / df).
		draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
			df, loc, s := d.params["df"], d.params["loc"], d.params["scale"]
			x := normalNoise(c, df, shape)
			if c.err != nil {
				return nil
			}
			chi2 := &Distribution{kind: "Chi2", params: map[string]*tensor.Tensor{"concentration": half(c, df), "rate": c.scalar(0.5, df)}, batch: d.batch}
			if c.err != nil {
				return nil
			}
			z := gammaDraw(chi2, c, shape)
			y := c.bin(autograd.Mul, x, c.un(autograd.Reciprocal, c.un(autograd.Sqrt, c.bin(autograd.Div, z, df))))
			return c.bin(autograd.Add, loc, c.bin(autograd.Mul, s, y))
		},
	}
}

// multinomialConstraint is Multinomial's support: counts that are not
// negative and sum to at most total_count.
func multinomialConstraint(total int) constraint {
	return constraint{"Multinomial()", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		nonNeg := c.do(func() (*tensor.Tensor, error) {
			return tensor.All(c.bin(tensor.Ge, v, c.scalar(0, v)), []int{-1}, false)
		})
		sum := c.do(func() (*tensor.Tensor, error) { return tensor.Sum(v, []int{-1}, false) })
		return c.bin(tensor.LogicalAnd, nonNeg, c.bin(tensor.Le, sum, c.scalar(float64(total), sum)))
	}}
}

// lgammaValues is lgamma of each element of v, of v's dtype, computed
// on the values (a count's lgamma needs no gradient).
func lgammaValues(v *tensor.Tensor, d tensor.DType) (*tensor.Tensor, error) {
	vals, err := v.Detach().Float64s()
	if err != nil {
		return nil, err
	}
	for i, x := range vals {
		vals[i], _ = math.Lgamma(x)
	}
	t, err := tensor.FromValue(vals, d)
	if err != nil {
		return nil, err
	}
	return t.Reshape(v.Shape()...)
}

// defMultinomialKind adds Multinomial to distKinds.
func defMultinomialKind() {
	distKinds["Multinomial"] = &distKind{
		module: "multinomial", sig: "Multinomial(total_count=1, probs=None, logits=None, validate_args=None)",
		doc:         "The multinomial distribution: the counts in each category of the last dimension of probs (or logits) after total_count categorical draws, drawn as PyTorch draws them. It has no entropy in kael yet.",
		params:      []string{"probs", "logits"},
		constraints: map[string]constraint{"probs": simplexConstraint, "logits": realVectorConstraint}, construct: newMultinomial,
		mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
			p := d.param(c, "probs")
			return c.bin(autograd.Mul, p, c.scalar(float64(d.totalCount), p))
		},
		variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
			p := d.param(c, "probs")
			return c.bin(autograd.Mul, c.bin(autograd.Mul, c.scalar(float64(d.totalCount), p), p), c.bin(autograd.Sub, c.scalar(1, p), p))
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
			vb := c.do(func() (*tensor.Tensor, error) { return v.Expand(shape...) })
			vb = c.do(func() (*tensor.Tensor, error) { return vb.To(logits.DType()) })
			if c.err != nil {
				return nil
			}
			n := c.do(func() (*tensor.Tensor, error) {
				s, err := tensor.Sum(vb, []int{-1}, false)
				if err != nil {
					return nil, err
				}
				return tensor.Add(s, c.scalar(1, s))
			})
			lfn := c.do(func() (*tensor.Tensor, error) { return lgammaValues(n, logits.DType()) })
			lfx := c.do(func() (*tensor.Tensor, error) {
				p1, err := tensor.Add(vb, c.scalar(1, vb))
				if err != nil {
					return nil, err
				}
				g, err := lgammaValues(p1, logits.DType())
				if err != nil {
					return nil, err
				}
				return tensor.Sum(g, []int{-1}, false)
			})
			// logits of -inf where the count is 0 count as 0.
			mask := c.bin(tensor.LogicalAnd, c.bin(tensor.Eq, vb, c.scalar(0, vb)), c.bin(tensor.Eq, l.Detach(), c.scalar(math.Inf(-1), l)))
			lm := c.do(func() (*tensor.Tensor, error) { return autograd.Where(mask, c.scalar(0, l), l) })
			powers := c.do(func() (*tensor.Tensor, error) { return autograd.Sum(c.bin(autograd.Mul, lm, vb), []int{-1}, false) })
			return c.bin(autograd.Add, c.bin(autograd.Sub, lfn, lfx), powers)
		},
		draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
			probs := d.param(c, "probs")
			if c.err != nil {
				return nil
			}
			k := probs.Shape()[probs.Dim()-1]
			n := d.totalCount
			// total_count categorical draws of shape (n,) + shape, moved
			// to the end and counted per category.
			idx := categoricalDraw(c, probs, append([]int{n}, shape...), n*prod(shape)/max(1, prod(d.batch)))
			if c.err != nil {
				return nil
			}
			return c.do(func() (*tensor.Tensor, error) {
				vals, err := idx.Float64s()
				if err != nil {
					return nil, err
				}
				cells := prod(shape)
				counts := make([]float64, cells*k)
				for draw := 0; draw < n; draw++ {
					for cell := 0; cell < cells; cell++ {
						counts[cell*k+int(vals[draw*cells+cell])]++
					}
				}
				t, err := tensor.FromValue(counts, probs.DType())
				if err != nil {
					return nil, err
				}
				return t.Reshape(append(append([]int{}, shape...), k)...)
			})
		},
	}
}

// newMultinomial is Multinomial(total_count, probs=None, logits=None).
func newMultinomial(a *lang.Args) (*Distribution, error) {
	tc := a.Value("total_count")
	n, ok := tc.(int64)
	if !ok {
		return nil, lang.Errorf(NotImplementedError, "inhomogeneous total_count is not supported")
	}
	d, err := discreteDist("Multinomial", a)
	if err != nil {
		return nil, err
	}
	d.totalCount = int(n)
	return d, nil
}
