package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The distributions beyond Normal, Uniform, Bernoulli and Categorical:
// Exponential, Laplace, Cauchy, Gumbel, HalfNormal, LogNormal, Geometric,
// Poisson, OneHotCategorical and Independent, each described by a distKind (its parameters and
// constraints, its support, and its formulas, PyTorch 1.13's). Samples
// draw from the default generator as PyTorch's samplers do: exponential_
// and cauchy_ transform float64 uniforms, as ATen's CPU kernels do, and
// the others transform uniform_ or normal draws of the parameters' dtype;
// Poisson runs ATen's sample_poisson, OneHotCategorical Categorical's
// multinomial draw.

// eulerGamma is the Euler-Mascheroni constant, as PyTorch's Gumbel has it.
const eulerGamma = 0.57721566490153286060

// distKind is one distribution family of this file.
type distKind struct {
	module string   // the submodule of torch.distributions: log_normal
	sig    string   // the constructor's signature
	doc    string   // its documentation
	params []string // the parameters, in the signature's order
	// shown are the parameters the repr shows (PyTorch's shows those kept
	// on the object itself: none for a TransformedDistribution).
	shown       []string
	constraints map[string]constraint
	support     constraint
	rsample     bool
	mean        func(d *Distribution, c *chainOps) *tensor.Tensor
	variance    func(d *Distribution, c *chainOps) *tensor.Tensor
	logProb     func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor
	entropy     func(d *Distribution, c *chainOps) *tensor.Tensor
	// hidden families are the bases of others (LogitRelaxedBernoulli),
	// not classes of torch.distributions.
	hidden bool
	// draw returns a sample of the given shape, recorded when the
	// caller has gradients on (rsample).
	draw func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor
	// construct, where set, makes the distribution from the
	// constructor's arguments (else they broadcast together).
	construct func(a *lang.Args) (*Distribution, error)
	// finish, where set, completes the distribution once its arguments
	// are validated (PyTorch's __init__ after Distribution.__init__).
	finish func(d *Distribution) error
}

var (
	nonNegativeConstraint = constraint{"GreaterThanEq(lower_bound=0.0)", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		return c.bin(tensor.Ge, v, c.scalar(0, v))
	}}
	nonNegativeIntegerConstraint = constraint{"IntegerGreaterThan(lower_bound=0)", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		whole := c.bin(tensor.Eq, c.bin(tensor.Remainder, v, c.scalar(1, v)), c.scalar(0, v))
		return c.bin(tensor.LogicalAnd, whole, c.bin(tensor.Ge, v, c.scalar(0, v)))
	}}
)

// oneHotConstraint is OneHot(): each last-dimension row of zeros and
// ones with exactly one one.
var oneHotConstraint = constraint{"OneHot()", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
	binary := c.do(func() (*tensor.Tensor, error) {
		return tensor.All(c.bin(tensor.LogicalOr, c.bin(tensor.Eq, v, c.scalar(0, v)), c.bin(tensor.Eq, v, c.scalar(1, v))), []int{-1}, false)
	})
	sum := c.do(func() (*tensor.Tensor, error) { return tensor.Sum(v, []int{-1}, false) })
	return c.bin(tensor.LogicalAnd, binary, c.bin(tensor.Eq, sum, c.scalar(1, sum)))
}}

// distKinds are the families of this file (and distributions_gamma.go)
// by class name.
var distKinds = map[string]*distKind{}

// uniformNoise is a tensor like x of the given shape filled by uniform_(lo, hi).
func uniformNoise(c *chainOps, like *tensor.Tensor, shape []int, lo, hi float64) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		t, err := tensor.Zeros(like.DType(), shape...)
		if err != nil {
			return nil, err
		}
		return t, tensor.FillUniform(t, lo, hi, nil)
	})
}

// normalNoise is a tensor like x of the given shape filled by normal_().
func normalNoise(c *chainOps, like *tensor.Tensor, shape []int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		t, err := tensor.Zeros(like.DType(), shape...)
		if err != nil {
			return nil, err
		}
		return t, tensor.FillNormal(t, 0, 1, nil)
	})
}

// doubleNoise is ATen's cauchy_ (f = tan(π(u - ½))) of a tensor like x:
// each element f of a float64 uniform from the generator, rounded to x's
// dtype. (exponential_ is tensor.FillExponential.)
func doubleNoise(c *chainOps, like *tensor.Tensor, shape []int, f func(u float64) float64) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		u, err := tensor.Zeros(tensor.Float64, shape...)
		if err != nil {
			return nil, err
		}
		if err := tensor.FillUniform(u, 0, 1, nil); err != nil {
			return nil, err
		}
		vals, err := u.Float64s()
		if err != nil {
			return nil, err
		}
		for i, v := range vals {
			vals[i] = f(v)
		}
		t, err := tensor.FromValue(vals, like.DType())
		if err != nil {
			return nil, err
		}
		return t.Reshape(shape...)
	})
}

// finfo returns the eps and tiny of x's dtype.
func finfo(x *tensor.Tensor) (eps, tiny float64) {
	if x.DType() == tensor.Float64 {
		return math.Nextafter(1, 2) - 1, 0x1p-1022
	}
	return float64(math.Nextafter32(1, 2) - 1), 0x1p-126
}

// defDistKinds fills distKinds with the families of this file.
func defDistKinds() {
	locScale := map[string]constraint{"loc": realConstraint, "scale": positiveConstraint}
	normalLogProb := func(c *chainOps, v, loc, scale *tensor.Tensor) *tensor.Tensor {
		varc := c.bin(autograd.Mul, c.bin(autograd.Pow, scale, c.scalar(2, scale)), c.scalar(2, scale))
		diff := c.bin(autograd.Pow, c.bin(autograd.Sub, v, loc), c.scalar(2, scale))
		return c.bin(autograd.Sub, c.bin(autograd.Sub, c.bin(autograd.Div, c.un(autograd.Neg, diff), varc), c.un(autograd.Log, scale)),
			c.scalar(math.Log(math.Sqrt(2*math.Pi)), scale))
	}
	normalEntropy := func(c *chainOps, scale *tensor.Tensor) *tensor.Tensor {
		return c.bin(autograd.Add, c.scalar(0.5+0.5*math.Log(2*math.Pi), scale), c.un(autograd.Log, scale))
	}
	sq := func(c *chainOps, x *tensor.Tensor) *tensor.Tensor { return c.bin(autograd.Pow, x, c.scalar(2, x)) }
	full := func(c *chainOps, d *Distribution, like *tensor.Tensor, v float64) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return tensor.Full(v, like.DType(), d.batch...) })
	}
	for name, k := range map[string]*distKind{
		"Exponential": {
			module: "exponential", sig: "Exponential(rate, validate_args=None)",
			doc:    "The exponential distribution of rate rate (mean 1/rate).",
			params: []string{"rate"}, shown: []string{"rate"},
			constraints: map[string]constraint{"rate": positiveConstraint}, support: nonNegativeConstraint, rsample: true,
			mean: func(d *Distribution, c *chainOps) *tensor.Tensor { return c.un(autograd.Reciprocal, d.params["rate"]) },
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
				r := d.params["rate"]
				return c.bin(autograd.Pow, r, c.scalar(-2, r))
			},
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				r := d.params["rate"]
				return c.bin(autograd.Sub, c.un(autograd.Log, r), c.bin(autograd.Mul, r, v))
			},
			entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
				r := d.params["rate"]
				return c.bin(autograd.Sub, c.scalar(1, r), c.un(autograd.Log, r))
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				r := d.params["rate"]
				e := c.do(func() (*tensor.Tensor, error) {
					t, err := tensor.Empty(r.DType(), shape...)
					if err != nil {
						return nil, err
					}
					return t, tensor.FillExponential(t, 1, nil)
				})
				return c.bin(autograd.Div, e, r)
			},
		},
		"Laplace": {
			module: "laplace", sig: "Laplace(loc, scale, validate_args=None)",
			doc:    "The Laplace distribution of location loc and scale scale (density exp(-|x - loc| / scale) / 2scale).",
			params: []string{"loc", "scale"}, shown: []string{"loc", "scale"},
			constraints: locScale, support: realConstraint, rsample: true,
			mean: func(d *Distribution, c *chainOps) *tensor.Tensor { return d.params["loc"] },
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s := d.params["scale"]
				return c.bin(autograd.Mul, c.scalar(2, s), sq(c, s))
			},
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				loc, s := d.params["loc"], d.params["scale"]
				t1 := c.un(autograd.Neg, c.un(autograd.Log, c.bin(autograd.Mul, c.scalar(2, s), s)))
				return c.bin(autograd.Sub, t1, c.bin(autograd.Div, c.un(autograd.Abs, c.bin(autograd.Sub, v, loc)), s))
			},
			entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s := d.params["scale"]
				return c.bin(autograd.Add, c.scalar(1, s), c.un(autograd.Log, c.bin(autograd.Mul, c.scalar(2, s), s)))
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				loc, s := d.params["loc"], d.params["scale"]
				eps, _ := finfo(loc)
				u := uniformNoise(c, loc, shape, eps-1, 1)
				t := c.bin(autograd.Mul, c.bin(autograd.Mul, s, c.un(autograd.Sign, u)), c.un(autograd.Log1p, c.un(autograd.Neg, c.un(autograd.Abs, u))))
				return c.bin(autograd.Sub, loc, t)
			},
		},
		"Cauchy": {
			module: "cauchy", sig: "Cauchy(loc, scale, validate_args=None)",
			doc:    "The Cauchy (Lorentz) distribution of median loc and half width scale; its mean and variance are undefined (nan and inf).",
			params: []string{"loc", "scale"}, shown: []string{"loc", "scale"},
			constraints: locScale, support: realConstraint, rsample: true,
			mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
				return full(c, d, d.params["loc"], math.NaN())
			},
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
				return full(c, d, d.params["loc"], math.Inf(1))
			},
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				loc, s := d.params["loc"], d.params["scale"]
				z := c.bin(autograd.Div, c.bin(autograd.Sub, v, loc), s)
				t := c.bin(autograd.Sub, c.scalar(-math.Log(math.Pi), s), c.un(autograd.Log, s))
				return c.bin(autograd.Sub, t, c.un(autograd.Log1p, sq(c, z)))
			},
			entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s := d.params["scale"]
				return c.bin(autograd.Add, c.scalar(math.Log(4*math.Pi), s), c.un(autograd.Log, s))
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				loc, s := d.params["loc"], d.params["scale"]
				e := doubleNoise(c, loc, shape, func(u float64) float64 { return math.Tan(math.Pi * (u - 0.5)) })
				return c.bin(autograd.Add, loc, c.bin(autograd.Mul, e, s))
			},
		},
		"Gumbel": {
			module: "gumbel", sig: "Gumbel(loc, scale, validate_args=None)",
			doc:    "The Gumbel (type-I extreme value) distribution of location loc and scale scale.",
			params: []string{"loc", "scale"}, shown: []string{"loc", "scale"},
			constraints: locScale, support: realConstraint, rsample: true,
			mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
				loc, s := d.params["loc"], d.params["scale"]
				return c.bin(autograd.Add, loc, c.bin(autograd.Mul, s, c.scalar(eulerGamma, s)))
			},
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s := d.params["scale"]
				return sq(c, c.bin(autograd.Mul, c.scalar(math.Pi/math.Sqrt(6), s), s))
			},
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				loc, s := d.params["loc"], d.params["scale"]
				z := c.bin(autograd.Div, c.bin(autograd.Sub, loc, v), s)
				return c.bin(autograd.Sub, c.bin(autograd.Add, c.un(autograd.Neg, c.un(autograd.Log, s)), z), c.un(autograd.Exp, z))
			},
			entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s := d.params["scale"]
				return c.bin(autograd.Add, c.un(autograd.Log, s), c.scalar(1+eulerGamma, s))
			},
			// Uniform(tiny, 1 - eps) through x ↦ log x, -x, log x, loc - scale·x.
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				loc, s := d.params["loc"], d.params["scale"]
				eps, tiny := finfo(loc)
				lo := c.do(func() (*tensor.Tensor, error) { return tensor.Full(tiny, loc.DType(), d.batch...) })
				hi := c.do(func() (*tensor.Tensor, error) { return tensor.Full(1-eps, loc.DType(), d.batch...) })
				u := uniformNoise(c, loc, shape, 0, 1)
				x := c.bin(tensor.Add, lo, c.bin(tensor.Mul, u, c.bin(tensor.Sub, hi, lo)))
				y := c.un(autograd.Log, c.un(autograd.Neg, c.un(autograd.Log, x)))
				return c.bin(autograd.Add, loc, c.bin(autograd.Mul, c.un(autograd.Neg, s), y))
			},
		},
		"HalfNormal": {
			module: "half_normal", sig: "HalfNormal(scale, validate_args=None)",
			doc:    "The half-normal distribution: |X| for X normal of mean 0 and standard deviation scale.",
			params: []string{"scale"}, constraints: map[string]constraint{"scale": positiveConstraint}, support: nonNegativeConstraint, rsample: true,
			mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s := d.params["scale"]
				return c.bin(autograd.Mul, s, c.scalar(math.Sqrt(2/math.Pi), s))
			},
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s := d.params["scale"]
				return c.bin(autograd.Mul, sq(c, s), c.scalar(1-2/math.Pi, s))
			},
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				s := d.params["scale"]
				zero := c.scalar(0, s)
				lp := c.bin(autograd.Add, normalLogProb(c, v, zero, s), c.scalar(math.Log(2), s))
				return c.do(func() (*tensor.Tensor, error) {
					return autograd.Where(c.bin(tensor.Ge, v, c.scalar(0, v)), lp, c.scalar(math.Inf(-1), s))
				})
			},
			entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
				s := d.params["scale"]
				return c.bin(autograd.Sub, normalEntropy(c, s), c.scalar(math.Log(2), s))
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				s := d.params["scale"]
				return c.un(autograd.Abs, c.bin(autograd.Mul, normalNoise(c, s, shape), s))
			},
		},
		"LogNormal": {
			module: "log_normal", sig: "LogNormal(loc, scale, validate_args=None)",
			doc:    "The log-normal distribution: exp(X) for X normal of mean loc and standard deviation scale.",
			params: []string{"loc", "scale"}, constraints: locScale, support: positiveConstraint, rsample: true,
			mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
				loc, s := d.params["loc"], d.params["scale"]
				return c.un(autograd.Exp, c.bin(autograd.Add, loc, c.bin(autograd.Div, sq(c, s), c.scalar(2, s))))
			},
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
				loc, s := d.params["loc"], d.params["scale"]
				s2 := sq(c, s)
				return c.bin(autograd.Mul, c.un(autograd.Expm1, s2), c.un(autograd.Exp, c.bin(autograd.Add, c.bin(autograd.Mul, c.scalar(2, loc), loc), s2)))
			},
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				loc, s := d.params["loc"], d.params["scale"]
				x := c.un(autograd.Log, v)
				return c.bin(autograd.Sub, normalLogProb(c, x, loc, s), x)
			},
			entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
				return c.bin(autograd.Add, normalEntropy(c, d.params["scale"]), d.params["loc"])
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				loc, s := d.params["loc"], d.params["scale"]
				return c.un(autograd.Exp, c.bin(autograd.Add, loc, c.bin(autograd.Mul, normalNoise(c, loc, shape), s)))
			},
		},
		"Poisson": {
			module: "poisson", sig: "Poisson(rate, validate_args=None)",
			doc:    "The Poisson distribution of rate rate: counts of events of mean rate. Samples are PyTorch's (torch.poisson's algorithm on the default generator); it has no entropy, as PyTorch's has not.",
			params: []string{"rate"}, shown: []string{"rate"},
			constraints: map[string]constraint{"rate": nonNegativeConstraint}, support: nonNegativeIntegerConstraint,
			mean:     func(d *Distribution, c *chainOps) *tensor.Tensor { return d.params["rate"] },
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor { return d.params["rate"] },
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				r := d.params["rate"]
				shape, err := tensor.BroadcastShapes(r.Shape(), v.Shape())
				if err != nil {
					c.err = err
					return nil
				}
				rb := c.do(func() (*tensor.Tensor, error) { return autograd.Expand(r, shape...) })
				vb := c.do(func() (*tensor.Tensor, error) { return v.Expand(shape...) })
				vb = c.do(func() (*tensor.Tensor, error) { return vb.To(r.DType()) })
				// value.xlogy(rate): 0 where value is 0.
				xlogy := c.do(func() (*tensor.Tensor, error) {
					return autograd.Where(c.bin(tensor.Eq, vb, c.scalar(0, vb)), c.scalar(0, rb), c.bin(autograd.Mul, vb, c.un(autograd.Log, rb)))
				})
				// lgamma(value + 1), of the value alone: no gradient.
				lg := c.do(func() (*tensor.Tensor, error) {
					vals, err := vb.Float64s()
					if err != nil {
						return nil, err
					}
					for i, x := range vals {
						vals[i], _ = math.Lgamma(x + 1)
					}
					t, err := tensor.FromValue(vals, r.DType())
					if err != nil {
						return nil, err
					}
					return t.Reshape(shape...)
				})
				return c.bin(autograd.Sub, c.bin(autograd.Sub, xlogy, rb), lg)
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				r := d.params["rate"]
				return c.do(func() (*tensor.Tensor, error) {
					e, err := r.Detach().Expand(shape...)
					if err != nil {
						return nil, err
					}
					return poissonSample(e, nil)
				})
			},
		},
		"OneHotCategorical": {
			module: "one_hot_categorical", sig: "OneHotCategorical(probs=None, logits=None, validate_args=None)",
			doc:         "The categorical distribution over the last dimension of probs or logits, its samples one-hot vectors of that length (the event shape).",
			params:      []string{"probs", "logits"},
			constraints: map[string]constraint{"probs": simplexConstraint, "logits": realVectorConstraint}, support: oneHotConstraint,
			mean: func(d *Distribution, c *chainOps) *tensor.Tensor { return d.param(c, "probs") },
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
				p := d.param(c, "probs")
				return c.bin(autograd.Mul, p, c.bin(autograd.Sub, c.scalar(1, p), p))
			},
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				idx := c.do(func() (*tensor.Tensor, error) { return tensor.Argmax(v, -1, false) })
				if c.err != nil {
					return nil
				}
				lp, err := d.categoricalOf().logProb(idx)
				c.err = err
				return lp
			},
			entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
				e, err := d.categoricalOf().entropy()
				c.err = err
				return e
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				probs := d.param(c, "probs")
				if c.err != nil {
					return nil
				}
				k := probs.Shape()[probs.Dim()-1]
				idx := categoricalDraw(c, probs, shape, prod(shape)/max(1, prod(d.batch)))
				idx = c.do(func() (*tensor.Tensor, error) { return idx.Unsqueeze(-1) })
				ar := c.do(func() (*tensor.Tensor, error) { return tensor.Arange(0, float64(k), 1, tensor.Int64) })
				hot := c.bin(tensor.Eq, idx, ar)
				return c.do(func() (*tensor.Tensor, error) { return hot.To(probs.DType()) })
			},
		},
		"LogitRelaxedBernoulli": {
			module: "relaxed_bernoulli", hidden: true, params: []string{"probs", "logits"}, rsample: true,
			constraints: map[string]constraint{"probs": unitIntervalConstraint, "logits": realConstraint}, support: realConstraint,
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				temp, logits := d.params["temperature"], d.param(c, "logits")
				diff := c.bin(autograd.Sub, logits, c.bin(autograd.Mul, v, temp))
				t := c.bin(autograd.Add, c.un(autograd.Log, temp), diff)
				return c.bin(autograd.Sub, t, c.bin(autograd.Mul, c.scalar(2, diff), c.un(autograd.Log1p, c.un(autograd.Exp, diff))))
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				temp, probs := d.params["temperature"], d.param(c, "probs")
				u := c.clampProbs(uniformNoise(c, probs, shape, 0, 1))
				lu := c.bin(autograd.Sub, c.un(autograd.Log, u), c.un(autograd.Log1p, c.un(autograd.Neg, u)))
				lp := c.bin(autograd.Sub, c.un(autograd.Log, probs), c.un(autograd.Log1p, c.un(autograd.Neg, probs)))
				return c.bin(autograd.Div, c.bin(autograd.Add, lu, lp), temp)
			},
		},
		"ExpRelaxedCategorical": {
			module: "relaxed_categorical", hidden: true, params: []string{"probs", "logits"}, rsample: true,
			constraints: map[string]constraint{"probs": simplexConstraint, "logits": realVectorConstraint}, support: realVectorConstraint,
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				temp, logits := d.params["temperature"], d.param(c, "logits")
				k := float64(logits.Shape()[logits.Dim()-1])
				lgk, _ := math.Lgamma(k)
				logScale := c.bin(autograd.Add, c.scalar(lgk, temp), c.bin(autograd.Mul, c.un(autograd.Log, temp), c.scalar(k-1, temp)))
				score := c.bin(autograd.Sub, logits, c.bin(autograd.Mul, v, temp))
				lse := c.do(func() (*tensor.Tensor, error) { return autograd.Logsumexp(score, []int{-1}, true) })
				sum := c.do(func() (*tensor.Tensor, error) { return autograd.Sum(c.bin(autograd.Sub, score, lse), []int{-1}, false) })
				return c.bin(autograd.Add, sum, logScale)
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				temp, logits := d.params["temperature"], d.param(c, "logits")
				if c.err != nil {
					return nil
				}
				full := append(append([]int{}, shape...), logits.Shape()[logits.Dim()-1])
				u := c.clampProbs(uniformNoise(c, logits, full, 0, 1))
				g := c.un(autograd.Neg, c.un(autograd.Log, c.un(autograd.Neg, c.un(autograd.Log, u))))
				scores := c.bin(autograd.Div, c.bin(autograd.Add, logits, g), temp)
				lse := c.do(func() (*tensor.Tensor, error) { return autograd.Logsumexp(scores, []int{-1}, true) })
				return c.bin(autograd.Sub, scores, lse)
			},
		},
		"Geometric": {
			module: "geometric", sig: "Geometric(probs=None, logits=None, validate_args=None)",
			doc:         "The geometric distribution: the number of failures before the first success of Bernoulli trials of success probability probs (or sigmoid(logits)).",
			params:      []string{"probs", "logits"},
			constraints: map[string]constraint{"probs": unitIntervalConstraint, "logits": realConstraint}, support: nonNegativeIntegerConstraint,
			mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
				p := d.param(c, "probs")
				return c.bin(autograd.Sub, c.un(autograd.Reciprocal, p), c.scalar(1, p))
			},
			variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
				p := d.param(c, "probs")
				return c.bin(autograd.Div, c.bin(autograd.Sub, c.un(autograd.Reciprocal, p), c.scalar(1, p)), p)
			},
			logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
				p := d.param(c, "probs")
				// probs where probs == 1 and value == 0 count as 0 in
				// log1p(-probs), as PyTorch masks them.
				mask := c.bin(tensor.LogicalAnd, c.bin(tensor.Eq, p, c.scalar(1, p)), c.bin(tensor.Eq, v, c.scalar(0, v)))
				pm := c.do(func() (*tensor.Tensor, error) { return autograd.Where(mask, c.scalar(0, p), p) })
				return c.bin(autograd.Add, c.bin(autograd.Mul, v, c.un(autograd.Log1p, c.un(autograd.Neg, pm))), c.un(autograd.Log, p))
			},
			entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
				bce := c.do(func() (*tensor.Tensor, error) {
					return autograd.BinaryCrossEntropyWithLogits(d.param(c, "logits"), d.param(c, "probs"), nil, nil, "none")
				})
				return c.bin(autograd.Div, bce, d.param(c, "probs"))
			},
			draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
				p := d.param(c, "probs").Detach()
				_, tiny := finfo(p)
				u := uniformNoise(c, p, shape, tiny, 1)
				return c.un(autograd.Floor, c.bin(autograd.Div, c.un(autograd.Log, u), c.un(autograd.Log1p, c.un(autograd.Neg, p))))
			},
		},
	} {
		distKinds[name] = k
	}
}

// distModule is the submodule of torch.distributions that defines kind.
func distModule(kind string) string {
	if k := distKinds[kind]; k != nil {
		return k.module
	}
	return map[string]string{"Independent": "independent", "TransformedDistribution": "transformed_distribution",
		"RelaxedBernoulli": "relaxed_bernoulli", "RelaxedOneHotCategorical": "relaxed_categorical", "MixtureSameFamily": "mixture_same_family"}[kind]
}

// categoricalOf is the Categorical a OneHotCategorical draws indices
// from: the same parameters (computed ones are shared).
func (d *Distribution) categoricalOf() *Distribution {
	return &Distribution{kind: "Categorical", params: d.params, batch: d.batch}
}

// poissonSample is torch.poisson(rates, generator=g): one draw of
// poissonDraw per element, in order, as an int64 count cast to rates'
// dtype (float32, float64 or bfloat16, as ATen's poisson_cpu).
func poissonSample(rates *tensor.Tensor, g *tensor.Generator) (*tensor.Tensor, error) {
	if d := rates.DType(); !d.IsFloating() || d == tensor.Float16 {
		return nil, tensor.NotImplementedFor("poisson_cpu", d)
	}
	vals, err := rates.Float64s()
	if err != nil {
		return nil, err
	}
	for i, l := range vals {
		if !(l >= 0) {
			return nil, lang.Errorf(lang.RuntimeError, "invalid Poisson rate, expected rate to be non-negative")
		}
		k := poissonDraw(g, l)
		if !(k < math.MaxInt64) { // static_cast<int64_t> of an infinite count
			k = math.MinInt64
		}
		vals[i] = k
	}
	t, err := tensor.FromValue(vals, rates.DType())
	if err != nil {
		return nil, err
	}
	return t.Reshape(rates.Shape()...)
}

// poissonDraw is ATen's sample_poisson of rate lambda, drawing float64
// uniforms from g (nil for the default generator): Hörmann's transformed
// rejection for lambda >= 10, the product of uniforms below.
func poissonDraw(g *tensor.Generator, lambda float64) float64 {
	if g == nil {
		g = tensor.DefaultGenerator()
	}
	switch {
	case lambda >= 10:
		slam := math.Sqrt(lambda)
		loglam := libm.Log(lambda)
		b := 0.931 + 2.53*slam
		a := -0.059 + 0.02483*b
		invalpha := 1.1239 + 1.1328/(b-3.4)
		vr := 0.9277 - 3.6224/(b-2)
		for {
			u := g.Float64() - 0.5
			v := g.Float64()
			us := 0.5 - math.Abs(u)
			k := math.Floor((2*a/us+b)*u + lambda + 0.43)
			if us >= 0.07 && v <= vr {
				return k
			}
			if k < 0 || (us < 0.013 && v > us) {
				continue
			}
			lg, _ := math.Lgamma(k + 1)
			if libm.Log(v)+libm.Log(invalpha)-libm.Log(a/(us*us)+b) <= -lambda+k*loglam-lg {
				return k
			}
		}
	case lambda == 0:
		return 0
	case math.IsNaN(lambda):
		return math.NaN()
	}
	enlam := math.Exp(-lambda)
	x, prod := 0.0, 1.0
	for {
		prod *= g.Float64()
		if prod <= enlam {
			return x
		}
		x++
	}
}

// sumRightmost sums the last n dimensions of t.
func sumRightmost(c *chainOps, t *tensor.Tensor, n int) *tensor.Tensor {
	if n == 0 || c.err != nil {
		return t
	}
	dims := make([]int, n)
	for i := range dims {
		dims[i] = -1 - i
	}
	return c.do(func() (*tensor.Tensor, error) { return autograd.Sum(t, dims, false) })
}

// newIndependent is Independent(base_distribution, reinterpreted_batch_ndims).
func newIndependent(a *lang.Args) (*Distribution, error) {
	base, ok := a.Value("base_distribution").(*Distribution)
	n := a.Int("reinterpreted_batch_ndims")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if !ok {
		return nil, a.WrongType("base_distribution", "a Distribution", a.Value("base_distribution"))
	}
	if n > len(base.batch) {
		return nil, lang.Errorf(lang.ValueError, "Expected reinterpreted_batch_ndims <= len(base_distribution.batch_shape), actual %d vs %d", n, len(base.batch))
	}
	if n < 0 {
		return nil, lang.Errorf(lang.ValueError, "reinterpreted_batch_ndims must be non-negative, not %d", n)
	}
	cut := len(base.batch) - n
	return &Distribution{kind: "Independent", params: map[string]*tensor.Tensor{}, batch: base.batch[:cut:cut],
		base: base, reinterpreted: n}, nil
}

// eventShape is the event shape: () but for Independent, the base's
// reinterpreted batch dimensions and its event shape.
func (d *Distribution) eventShape() []int {
	if d.kind == "LKJCholesky" {
		return []int{d.lkjDim, d.lkjDim}
	}
	if d.kind == "Wishart" {
		l := d.params[mvnL]
		return append([]int(nil), l.Shape()[l.Dim()-2:]...)
	}
	if d.kind == "Dirichlet" || d.kind == "MultivariateNormal" || d.kind == "LowRankMultivariateNormal" {
		p := d.params["concentration"]
		if p == nil {
			p = d.params["loc"]
		}
		return []int{p.Shape()[p.Dim()-1]}
	}
	if d.kind == "OneHotCategorical" || d.kind == "OneHotCategoricalStraightThrough" || d.kind == "RelaxedOneHotCategorical" || d.kind == "ExpRelaxedCategorical" || d.kind == "Multinomial" {
		p := d.params["probs"]
		if p == nil {
			p = d.params["logits"]
		}
		return []int{p.Shape()[p.Dim()-1]}
	}
	if d.transforms != nil {
		_, event := transformedShapes(d.base, d.transforms)
		return event
	}
	if d.mixture != nil {
		return d.base.eventShape()
	}
	if d.kind != "Independent" {
		return nil
	}
	be := d.base.eventShape()
	return append(append([]int{}, d.base.batch[len(d.base.batch)-d.reinterpreted:]...), be...)
}

// newKind returns the constructor of a family of distKinds.
func newKind(kind string) func(a *lang.Args) (*Distribution, error) {
	k := distKinds[kind]
	return func(a *lang.Args) (*Distribution, error) {
		if k.construct != nil {
			return k.construct(a)
		}
		if k.params[0] == "probs" {
			return discreteDist(kind, a)
		}
		vals := make([]lang.Value, len(k.params))
		for i, p := range k.params {
			vals[i] = a.Value(p)
		}
		if kind == "StudentT" {
			// PyTorch's defaults are Python floats: loc=0.0, scale=1.0.
			if a.IsNone("loc") {
				vals[1] = 0.0
			}
		}
		ts, shape, err := broadcastAll(vals)
		if err != nil {
			return nil, err
		}
		d := &Distribution{kind: kind, params: map[string]*tensor.Tensor{}, batch: shape}
		for i, p := range k.params {
			d.params[p] = ts[i]
		}
		return d, nil
	}
}

// klDivergence is kl_divergence(p, q) for the pairs PyTorch 1.13 registers
// among kael's distributions of one family.
func klDivergence(p, q *Distribution) (*tensor.Tensor, error) {
	noKL := noKLError(p, q)
	family := func(k string) string {
		if k == "Chi2" {
			return "Gamma" // a Chi2 is a Gamma, as its class derives from Gamma's
		}
		return k
	}
	if family(p.kind) != family(q.kind) {
		return nil, noKL
	}
	c := &chainOps{}
	pp, qp := p.params, q.params
	inf := func(like *tensor.Tensor) *tensor.Tensor { return c.scalar(math.Inf(1), like) }
	where := func(cond, a, b *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return autograd.Where(cond, a, b) })
	}
	eq := func(x *tensor.Tensor, v float64) *tensor.Tensor { return c.bin(tensor.Eq, x.Detach(), c.scalar(v, x)) }
	// softplus(x) = BCE-with-logits(x, 0); softplus(-x) = BCE(x, 1).
	softplus := func(x *tensor.Tensor, negate bool) *tensor.Tensor {
		target := 0.0
		if negate {
			target = 1
		}
		return c.do(func() (*tensor.Tensor, error) {
			tg, err := tensor.Full(target, x.DType(), x.Shape()...)
			if err != nil {
				return nil, err
			}
			return autograd.BinaryCrossEntropyWithLogits(x, tg, nil, nil, "none")
		})
	}
	var out *tensor.Tensor
	switch family(p.kind) {
	case "Binomial":
		pn, qn := pp["total_count"], qp["total_count"]
		less, err := tensor.Lt(pn, qn)
		if err != nil {
			return nil, err
		}
		if any, err := tensor.Any(less, nil, false); err != nil {
			return nil, err
		} else if v, _ := any.Item(); v == true {
			return nil, lang.Errorf(NotImplementedError, "KL between Binomials where q.total_count > p.total_count is not implemented")
		}
		pprobs := p.param(c, "probs")
		t := c.bin(autograd.Mul, pprobs, c.bin(autograd.Sub, p.param(c, "logits"), q.param(c, "logits")))
		t = c.bin(autograd.Add, t, c.un(autograd.Log1p, c.un(autograd.Neg, pprobs)))
		t = c.bin(autograd.Sub, t, c.un(autograd.Log1p, c.un(autograd.Neg, q.param(c, "probs"))))
		kl := c.bin(autograd.Mul, pn, t)
		out = where(c.bin(tensor.Gt, pn.Detach(), qn.Detach()), inf(kl), kl)
	case "Pareto":
		scaleRatio := c.bin(autograd.Div, pp["scale"], qp["scale"])
		alphaRatio := c.bin(autograd.Div, qp["alpha"], pp["alpha"])
		t1 := c.bin(autograd.Mul, qp["alpha"], c.un(autograd.Log, scaleRatio))
		t2 := c.un(autograd.Neg, c.un(autograd.Log, alphaRatio))
		r := c.bin(autograd.Sub, c.bin(autograd.Add, c.bin(autograd.Add, t1, t2), alphaRatio), c.scalar(1, alphaRatio))
		out = where(c.bin(tensor.Lt, pp["scale"].Detach(), qp["scale"].Detach()), inf(r), r)
	case "Gamma":
		pc, pr, qc, qr := pp["concentration"], pp["rate"], qp["concentration"], qp["rate"]
		t1 := c.bin(autograd.Mul, qc, c.un(autograd.Log, c.bin(autograd.Div, pr, qr)))
		t2 := c.bin(autograd.Sub, lgammaOf(c, qc), lgammaOf(c, pc))
		t3 := c.bin(autograd.Mul, c.bin(autograd.Sub, pc, qc), digammaOf(c, pc))
		t4 := c.bin(autograd.Mul, c.bin(autograd.Sub, qr, pr), c.bin(autograd.Div, pc, pr))
		out = c.bin(autograd.Add, c.bin(autograd.Add, c.bin(autograd.Add, t1, t2), t3), t4)
	case "Normal":
		vr := c.bin(autograd.Pow, c.bin(autograd.Div, pp["scale"], qp["scale"]), c.scalar(2, pp["scale"]))
		t1 := c.bin(autograd.Pow, c.bin(autograd.Div, c.bin(autograd.Sub, pp["loc"], qp["loc"]), qp["scale"]), c.scalar(2, pp["scale"]))
		sum := c.bin(autograd.Sub, c.bin(autograd.Add, vr, t1), c.scalar(1, vr))
		out = c.bin(autograd.Mul, c.scalar(0.5, vr), c.bin(autograd.Sub, sum, c.un(autograd.Log, vr)))
	case "Uniform":
		r := c.un(autograd.Log, c.bin(autograd.Div, c.bin(autograd.Sub, qp["high"], qp["low"]), c.bin(autograd.Sub, pp["high"], pp["low"])))
		outside := c.bin(tensor.LogicalOr, c.bin(tensor.Gt, qp["low"].Detach(), pp["low"].Detach()), c.bin(tensor.Lt, qp["high"].Detach(), pp["high"].Detach()))
		out = where(outside, inf(r), r)
	case "Bernoulli":
		pprobs, qprobs := p.param(c, "probs"), q.param(c, "probs")
		plog, qlog := p.param(c, "logits"), q.param(c, "logits")
		t1 := c.bin(autograd.Mul, pprobs, c.bin(autograd.Sub, softplus(qlog, true), softplus(plog, true)))
		t1 = where(eq(qprobs, 0), inf(t1), t1)
		t1 = where(eq(pprobs, 0), c.scalar(0, t1), t1)
		t2 := c.bin(autograd.Mul, c.bin(autograd.Sub, c.scalar(1, pprobs), pprobs), c.bin(autograd.Sub, softplus(qlog, false), softplus(plog, false)))
		t2 = where(eq(qprobs, 1), inf(t2), t2)
		t2 = where(eq(pprobs, 1), c.scalar(0, t2), t2)
		out = c.bin(autograd.Add, t1, t2)
	case "Categorical":
		pprobs, qprobs := p.param(c, "probs"), q.param(c, "probs")
		t := c.bin(autograd.Mul, pprobs, c.bin(autograd.Sub, p.param(c, "logits"), q.param(c, "logits")))
		if c.err != nil {
			return nil, c.err
		}
		expand := func(m *tensor.Tensor) *tensor.Tensor {
			return c.do(func() (*tensor.Tensor, error) { return m.Expand(t.Shape()...) })
		}
		t = where(expand(eq(qprobs, 0)), inf(t), t)
		t = where(expand(eq(pprobs, 0)), c.scalar(0, t), t)
		out = c.do(func() (*tensor.Tensor, error) { return autograd.Sum(t, []int{-1}, false) })
	case "OneHotCategorical":
		return klDivergence(p.categoricalOf(), q.categoricalOf())
	case "Poisson":
		pr, qr := pp["rate"], qp["rate"]
		t := c.bin(autograd.Mul, pr, c.bin(autograd.Sub, c.un(autograd.Log, pr), c.un(autograd.Log, qr)))
		out = c.bin(autograd.Sub, t, c.bin(autograd.Sub, pr, qr))
	case "Exponential":
		ratio := c.bin(autograd.Div, qp["rate"], pp["rate"])
		out = c.bin(autograd.Sub, c.bin(autograd.Add, c.un(autograd.Neg, c.un(autograd.Log, ratio)), ratio), c.scalar(1, ratio))
	case "Laplace":
		ratio := c.bin(autograd.Div, pp["scale"], qp["scale"])
		diff := c.un(autograd.Abs, c.bin(autograd.Sub, pp["loc"], qp["loc"]))
		t1 := c.un(autograd.Neg, c.un(autograd.Log, ratio))
		t2 := c.bin(autograd.Div, diff, qp["scale"])
		t3 := c.bin(autograd.Mul, ratio, c.un(autograd.Exp, c.bin(autograd.Div, c.un(autograd.Neg, diff), pp["scale"])))
		out = c.bin(autograd.Sub, c.bin(autograd.Add, c.bin(autograd.Add, t1, t2), t3), c.scalar(1, ratio))
	case "HalfNormal", "LogNormal":
		// Both are transforms of a normal distribution by the same map,
		// which leaves the divergence of the normals unchanged.
		np, nq := p.normalBase(), q.normalBase()
		return klDivergence(np, nq)
	case "Geometric":
		ent, err := p.entropy()
		if err != nil {
			return nil, err
		}
		t := c.bin(autograd.Div, c.un(autograd.Log1p, c.un(autograd.Neg, q.param(c, "probs"))), p.param(c, "probs"))
		out = c.bin(autograd.Sub, c.bin(autograd.Sub, c.un(autograd.Neg, ent), t), q.param(c, "logits"))
	case "MultivariateNormal":
		out = mvnKL(c, p, q)
	case "ContinuousBernoulli":
		out = cbKL(c, p, q)
	case "LowRankMultivariateNormal":
		out = lrKL(c, p, q)
	case "Independent":
		if p.reinterpreted != q.reinterpreted {
			return nil, lang.Errorf(NotImplementedError, "")
		}
		r, err := klDivergence(p.base, q.base)
		if err != nil {
			return nil, err
		}
		out = sumRightmost(c, r, p.reinterpreted)
	default:
		return nil, noKL
	}
	return out, c.err
}

// normalBase is the normal distribution a HalfNormal or LogNormal
// transforms.
func (d *Distribution) normalBase() *Distribution {
	loc := d.params["loc"]
	if loc == nil {
		loc, _ = tensor.Zeros(d.params["scale"].DType(), d.batch...)
	}
	return &Distribution{kind: "Normal", params: map[string]*tensor.Tensor{"loc": loc, "scale": d.params["scale"]}, batch: d.batch}
}

// defKL defines kl_divergence and register_kl, in torch.distributions and
// its submodule kl, and the submodules that define the classes.
func defKL(mod *lang.Module) {
	// userKL holds the functions register_kl registered, by the pair of
	// classes they take.
	userKL := map[[2]lang.Value]lang.Value{}
	kl := lang.NewBuiltin(lang.AsValue, "kl_divergence(p, q)", "The Kullback-Leibler divergence KL(p ‖ q) of two distributions of one family, for each of their batch: the closed forms PyTorch 1.13 registers for Normal, Uniform, Bernoulli, ContinuousBernoulli, Categorical, OneHotCategorical, Exponential, Gamma (and Chi2), Laplace, HalfNormal, LogNormal, Geometric, Poisson, Binomial, Pareto, LowRankMultivariateNormal and Independent (of equal reinterpreted_batch_ndims), or a function register_kl registered for the pair of classes.", func(a *lang.Args) (lang.Value, error) {
		p, q := a.Value("p"), a.Value("q")
		if fn, ok := userKL[[2]lang.Value{lang.TypeOf(p), lang.TypeOf(q)}]; ok {
			return a.Call(fn, p, q)
		}
		dp, okp := p.(*Distribution)
		dq, okq := q.(*Distribution)
		if !okp || !okq {
			return nil, noKLError(p, q)
		}
		return result(klDivergence(dp, dq))
	})
	register := lang.NewBuiltin(lang.AsValue, "register_kl(type_p, type_q)", "A decorator that registers the function it decorates as kl_divergence(p, q) for p of class type_p and q of class type_q (exactly those classes).", func(a *lang.Args) (lang.Value, error) {
		tp, tq := a.Value("type_p"), a.Value("type_q")
		for _, t := range []lang.Value{tp, tq} {
			switch t.(type) {
			case *lang.Class, *lang.UserClass, *lang.Builtin:
			default:
				return nil, lang.Errorf(lang.TypeError, "Expected type_p and type_q to be subclasses of Distribution but got %s and %s", lang.Repr(tp), lang.Repr(tq))
			}
		}
		return lang.NewBuiltin(lang.AsValue, "decorator(fun)", "Registers fun as the KL divergence of the pair of classes.", func(a *lang.Args) (lang.Value, error) {
			fn := a.Value("fun")
			userKL[[2]lang.Value{tp, tq}] = fn
			return fn, nil
		}), nil
	})
	mod.Attrs["kl_divergence"] = kl
	mod.Attrs["register_kl"] = register
	lang.RegisterModule("torch.distributions.kl", "torch.distributions.kl: kl_divergence and register_kl.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{"kl_divergence": kl, "register_kl": register}}
	})
	modules := map[string]map[string]lang.Value{}
	for name, cls := range distClasses {
		m := distModuleOf(name)
		if modules[m] == nil {
			modules[m] = map[string]lang.Value{}
		}
		modules[m][name] = cls
	}
	for m, attrs := range modules {
		names := sortedKeys(attrs)
		lang.RegisterModule("torch.distributions."+m, "torch.distributions."+m+": "+names[0]+".", func() *lang.Module {
			return &lang.Module{Attrs: attrs}
		})
	}
}

// noKLError is kl_divergence's error for a pair it has no formula for.
func noKLError(p, q lang.Value) error {
	return lang.Errorf(NotImplementedError, "No KL(p || q) is implemented for p type %s and q type %s", lang.TypeName(p), lang.TypeName(q))
}

// newRelaxed is RelaxedBernoulli's or RelaxedOneHotCategorical's
// constructor: the logit (log) relaxed base of probs or logits and
// temperature, through SigmoidTransform (ExpTransform).
func newRelaxed(kind string) func(a *lang.Args) (*Distribution, error) {
	baseKind, transform := "LogitRelaxedBernoulli", "SigmoidTransform"
	if kind == "RelaxedOneHotCategorical" {
		baseKind, transform = "ExpRelaxedCategorical", "ExpTransform"
	}
	return func(a *lang.Args) (*Distribution, error) {
		d, err := discreteDist(kind, a)
		if err != nil {
			return nil, err
		}
		var like *tensor.Tensor
		for _, t := range d.params {
			like = t
		}
		temp, err := distTensor(a.Value("temperature"), like)
		if err != nil {
			return nil, err
		}
		d.params["temperature"] = temp
		d.base = &Distribution{kind: baseKind, params: d.params, batch: d.batch}
		d.transforms = []*Transform{{kind: transform}}
		return d, nil
	}
}

// newChi2 is Chi2(df): Gamma(0.5 * df, 0.5), the product taken as
// PyTorch takes it (a number df stays a number until broadcast).
func newChi2(df lang.Value) (*Distribution, error) {
	var half lang.Value
	if t, ok := df.(*tensor.Tensor); ok {
		h, err := tensor.Full(0.5, t.DType())
		if err != nil {
			return nil, err
		}
		if half, err = autograd.Mul(h, t); err != nil {
			return nil, err
		}
	} else {
		f, ok := lang.AsFloat(df)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "unsupported operand type(s) for *: 'float' and '%s'", lang.TypeName(df))
		}
		half = 0.5 * f
	}
	ts, shape, err := broadcastAll([]lang.Value{half, 0.5})
	if err != nil {
		return nil, err
	}
	return &Distribution{kind: "Chi2", params: map[string]*tensor.Tensor{"concentration": ts[0], "rate": ts[1]}, batch: shape}, nil
}
