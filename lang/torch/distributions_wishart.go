package torch

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Wishart, as PyTorch 1.13's (torch/distributions/wishart.py): df and
// one of covariance_matrix, precision_matrix or scale_tril, from which
// the unbroadcasted Cholesky factor L is kept (as MultivariateNormal
// keeps it, under the same name, with the same lazy matrices). rsample
// is the Bartlett decomposition drawn in PyTorch's order — the chi-square
// draws of the diagonal, then torch.randn for the lower triangle — so a
// seed gives PyTorch's samples, and so is 1.13's correction loop: it
// redraws the samples its support check calls valid (1.13 tests
// is_singular without negating it), up to ten times, until none is.

// wishartChi2 is the Chi2 of the Bartlett diagonal: df - i for i in
// 0..p-1 along a last dimension, batch_shape + (p,).
func (d *Distribution) wishartChi2(c *chainOps) *Distribution {
	df := d.params["df"]
	p := d.eventShape()[0]
	ar := c.do(func() (*tensor.Tensor, error) { return tensor.Arange(0, float64(p), 1, df.DType()) })
	col := c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(df, -1) })
	dfs := c.bin(autograd.Sub, col, ar)
	if c.err != nil {
		return nil
	}
	half := c.bin(autograd.Mul, c.scalar(0.5, dfs), dfs)
	return &Distribution{kind: "Chi2", params: map[string]*tensor.Tensor{"concentration": half, "rate": c.scalar(0.5, dfs)}, batch: dfs.Shape()[:dfs.Dim()-1]}
}

// wishartBartlett is PyTorch's _bartlett_sampling of sample_shape shape:
// L A (L A)ᵀ with A lower triangular, its diagonal the square roots of
// the chi-square draws (clamped above eps), below it standard normals.
// shape is sample_shape + batch_shape.
func wishartBartlett(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
	p := d.eventShape()[0]
	l := d.params[mvnL]
	chi2 := d.wishartChi2(c)
	if c.err != nil {
		return nil
	}
	full := shape
	z := gammaDraw(chi2, c, slices.Concat(full, []int{p}))
	if c.err != nil {
		return nil
	}
	eps, _ := finfo(z)
	diag := c.do(func() (*tensor.Tensor, error) { return autograd.Clamp(c.un(autograd.Sqrt, z), c.scalar(eps, z), nil) })
	noise := c.do(func() (*tensor.Tensor, error) { return autograd.DiagEmbed(diag, 0, -2, -1) })
	if c.err != nil {
		return nil
	}
	if n := p * (p - 1) / 2; n > 0 {
		var rows, cols []int64
		for i := 1; i < p; i++ {
			for j := 0; j < i; j++ {
				rows, cols = append(rows, int64(i)), append(cols, int64(j))
			}
		}
		ri := c.do(func() (*tensor.Tensor, error) { return tensor.FromValue(rows, tensor.Int64) })
		ci := c.do(func() (*tensor.Tensor, error) { return tensor.FromValue(cols, tensor.Int64) })
		below := normalNoise(c, z, slices.Concat(full, []int{n}))
		if c.err != nil {
			return nil
		}
		c.err = autograd.IndexPut(noise, []tensor.Index{tensor.IndexEllipsis(), tensor.IndexTensor(ri), tensor.IndexTensor(ci)}, below)
	}
	chol := c.bin(autograd.Matmul, l, noise)
	cholT := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(chol, -2, -1) })
	return c.bin(autograd.Matmul, chol, cholT)
}

// wishartValid is the support check of sample (positive definite), any
// over the batch dimensions: one flag per sample, in order.
func wishartValid(d *Distribution, c *chainOps, sample *tensor.Tensor) []bool {
	ok := positiveDefiniteConstraint.check(c, sample)
	if c.err != nil {
		return nil
	}
	if nb := len(d.batch); nb > 0 {
		dims := make([]int, nb)
		for i := range dims {
			dims[i] = -(i + 1)
		}
		ok = c.do(func() (*tensor.Tensor, error) { return tensor.Any(ok, dims, false) })
	}
	if c.err != nil {
		return nil
	}
	vals, err := ok.Float64s()
	if err != nil {
		c.err = err
		return nil
	}
	out := make([]bool, len(vals))
	for i, v := range vals {
		out[i] = v != 0
	}
	return out
}

// wishartDraw is Wishart.rsample of shape sample_shape + batch_shape
// (1.13's, with its correction loop of at most ten redraws).
func wishartDraw(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
	sampleShape := shape[:len(shape)-len(d.batch)]
	sample := wishartBartlett(d, c, shape)
	if c.err != nil {
		return nil
	}
	flags := wishartValid(d, c, sample)
	count := func() int {
		n := 0
		for _, f := range flags {
			if f {
				n++
			}
		}
		return n
	}
	if c.err != nil || count() == 0 {
		return sample
	}
	c.warnings = append(c.warnings, wishartSingularWarning)
	for try := 0; try < 10; try++ {
		fresh := wishartBartlett(d, c, slices.Concat([]int{count()}, d.batch))
		mask := c.do(func() (*tensor.Tensor, error) {
			m, err := tensor.FromValue(flags, tensor.Bool)
			if err != nil {
				return nil, err
			}
			return m.Reshape(sampleShape...)
		})
		if c.err != nil {
			return nil
		}
		if c.err = autograd.IndexPut(sample, []tensor.Index{tensor.IndexTensor(mask)}, fresh); c.err != nil {
			return nil
		}
		bad := wishartValid(d, c, fresh)
		if c.err != nil {
			return nil
		}
		j := 0
		for i, f := range flags {
			if f {
				flags[i] = !bad[j]
				j++
			}
		}
		if count() == 0 {
			break
		}
	}
	return sample
}

// wishartSingularWarning is what 1.13's rsample warns each time it
// redraws (which, testing is_singular without negating it, is every
// draw with a valid sample).
const wishartSingularWarning = "Singular sample detected."

// newWishart is Wishart(df, covariance_matrix=None,
// precision_matrix=None, scale_tril=None).
func newWishart(a *lang.Args) (*Distribution, error) {
	var name string
	given := 0
	for _, m := range mvnMatrices {
		if !a.IsNone(m) {
			name, given = m, given+1
		}
	}
	if given != 1 {
		return nil, lang.Errorf(lang.AssertionError, "Exactly one of covariance_matrix or precision_matrix or scale_tril may be specified.")
	}
	m, ok := a.Value(name).(*tensor.Tensor)
	if !ok {
		return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'dim'", lang.TypeName(a.Value(name)))
	}
	if m.Dim() < 2 {
		return nil, lang.Errorf(lang.ValueError, "scale_tril must be at least two-dimensional, with optional leading batch dimensions")
	}
	dfArg := a.Value("df")
	batch := m.Shape()[:m.Dim()-2]
	c := &chainOps{}
	var df *tensor.Tensor
	if t, ok := dfArg.(*tensor.Tensor); ok {
		b, err := tensor.BroadcastShapes(batch, t.Shape())
		if err != nil {
			return nil, lang.Errorf(lang.RuntimeError, "Shape mismatch: objects cannot be broadcast to a single shape")
		}
		batch = b
		df = c.do(func() (*tensor.Tensor, error) { return autograd.Expand(t, batch...) })
	} else {
		f, ok := lang.AsFloat(dfArg)
		if !ok {
			return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'shape'", lang.TypeName(dfArg))
		}
		df = c.do(func() (*tensor.Tensor, error) { return tensor.Full(f, m.DType()) })
	}
	if c.err != nil {
		return nil, c.err
	}
	p := m.Shape()[m.Dim()-1]
	vals, err := df.Detach().Float64s()
	if err != nil {
		return nil, err
	}
	low := false
	for _, v := range vals {
		if v <= float64(p-1) {
			return nil, lang.Errorf(lang.ValueError, "Value of df=%s expected to be greater than ndim - 1 = %d.", lang.Str(dfArg), p-1)
		}
		low = low || v < float64(p)
	}
	if low {
		if err := warnUser(a, "Low df values detected. Singular samples are highly likely to occur for ndim - 1 < df < ndim."); err != nil {
			return nil, err
		}
	}
	d := &Distribution{kind: "Wishart", params: map[string]*tensor.Tensor{"df": df}, batch: slices.Clone(batch)}
	d.params[name] = c.do(func() (*tensor.Tensor, error) {
		return autograd.Expand(m, slices.Concat(batch, m.Shape()[m.Dim()-2:])...)
	})
	d.params[mvnL] = m // until finishMultivariateNormal factors it
	return d, c.err
}

// wishartLogDet is log |det value|: slogdet's, or, for a value that
// needs a gradient, log |det| through torch.det's derivative.
func wishartLogDet(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
	if v.RequiresGrad() && autograd.IsGradEnabled() {
		return c.un(autograd.Log, c.un(autograd.Abs, c.un(autograd.Det, v)))
	}
	return c.do(func() (*tensor.Tensor, error) {
		_, l, err := tensor.Slogdet(v)
		return l, err
	})
}

// wishartMvdigamma is PyTorch's _mvdigamma(x, p): Σᵢ digamma(x - i/2).
func wishartMvdigamma(c *chainOps, x *tensor.Tensor, p int) *tensor.Tensor {
	ar := c.do(func() (*tensor.Tensor, error) { return tensor.Arange(0, float64(p), 1, x.DType()) })
	ar = c.bin(autograd.Div, ar, c.scalar(2, ar))
	col := c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(x, -1) })
	g := digammaOf(c, c.bin(autograd.Sub, col, ar))
	return c.do(func() (*tensor.Tensor, error) { return autograd.Sum(g, []int{-1}, false) })
}

// wishartDfView is df viewed as batch_shape + (1, 1).
func wishartDfView(d *Distribution, c *chainOps) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		return autograd.Reshape(d.params["df"], slices.Concat(d.batch, []int{1, 1})...)
	})
}

// wishartHalfLogDetTerm is p·log 2 / 2 + Σ log diag L.
func wishartHalfLogDetTerm(d *Distribution, c *chainOps) *tensor.Tensor {
	p := d.eventShape()[0]
	l := d.params[mvnL]
	h := mvnHalfLogDet(c, l)
	if c.err != nil {
		return nil
	}
	return c.bin(autograd.Add, c.scalar(float64(p)*math.Ln2/2, h), h)
}

// wishartShifted is nu - p - 1, subtracted one at a time as PyTorch's.
func wishartShifted(c *chainOps, nu *tensor.Tensor, p int) *tensor.Tensor {
	t := c.bin(autograd.Sub, nu, c.scalar(float64(p), nu))
	return c.bin(autograd.Sub, t, c.scalar(1, t))
}

// wishartMode is df - p - 1 (NaN where it is not positive) times the
// covariance.
func (d *Distribution) wishartMode(c *chainOps) *tensor.Tensor {
	df := d.params["df"]
	p := d.eventShape()[0]
	f := wishartShifted(c, df, p)
	bad := c.bin(tensor.Le, f, c.scalar(0, f))
	f = c.do(func() (*tensor.Tensor, error) { return autograd.Where(bad, c.scalar(math.NaN(), f), f) })
	f = c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(f, slices.Concat(d.batch, []int{1, 1})...) })
	return c.bin(autograd.Mul, f, d.mvnMatrix(c, "covariance_matrix"))
}

// defWishartKind adds Wishart to distKinds.
func defWishartKind() {
	distKinds["Wishart"] = &distKind{
		module: "wishart", sig: "Wishart(df, covariance_matrix=None, precision_matrix=None, scale_tril=None, validate_args=None)",
		doc:    "The Wishart distribution of df degrees of freedom (above the dimension - 1) and scale given by one of covariance_matrix, precision_matrix or scale_tril (its lower Cholesky factor), batches broadcast: the positive-definite matrices X Xᵀ for X the rows of df draws of N(0, covariance). rsample is PyTorch 1.13's Bartlett decomposition, drawn as PyTorch draws it (with its correction loop); log_prob, entropy, mean, mode and variance are PyTorch's closed forms.",
		params: []string{"df"},
		constraints: map[string]constraint{"covariance_matrix": positiveDefiniteConstraint,
			"precision_matrix": positiveDefiniteConstraint, "scale_tril": lowerCholeskyConstraint},
		support: positiveDefiniteConstraint, rsample: true, construct: newWishart, finish: finishMultivariateNormal,
		mean: func(d *Distribution, c *chainOps) *tensor.Tensor {
			return c.bin(autograd.Mul, wishartDfView(d, c), d.mvnMatrix(c, "covariance_matrix"))
		},
		variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
			v := d.mvnMatrix(c, "covariance_matrix")
			diag := c.do(func() (*tensor.Tensor, error) { return autograd.Diagonal(v, 0, -2, -1) })
			outer := c.do(func() (*tensor.Tensor, error) {
				return autograd.Einsum("...i,...j->...ij", []*tensor.Tensor{diag, diag})
			})
			sum := c.bin(autograd.Add, c.bin(autograd.Pow, v, c.scalar(2, v)), outer)
			return c.bin(autograd.Mul, wishartDfView(d, c), sum)
		},
		logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
			nu, l := d.params["df"], d.params[mvnL]
			p := d.eventShape()[0]
			t := c.bin(autograd.Mul, c.un(autograd.Neg, nu), wishartHalfLogDetTerm(d, c))
			half := c.bin(autograd.Div, nu, c.scalar(2, nu))
			t = c.bin(autograd.Sub, t, c.do(func() (*tensor.Tensor, error) { return mvlgamma(half, p) }))
			w := c.bin(autograd.Div, wishartShifted(c, nu, p), c.scalar(2, nu))
			t = c.bin(autograd.Add, t, c.bin(autograd.Mul, w, wishartLogDet(c, v)))
			solved := c.do(func() (*tensor.Tensor, error) { return choleskySolve(v, l, false) })
			tr := c.do(func() (*tensor.Tensor, error) {
				return autograd.Sum(c.do(func() (*tensor.Tensor, error) { return autograd.Diagonal(solved, 0, -2, -1) }), []int{-1}, false)
			})
			return c.bin(autograd.Sub, t, c.bin(autograd.Div, tr, c.scalar(2, tr)))
		},
		entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
			nu := d.params["df"]
			p := d.eventShape()[0]
			t := c.bin(autograd.Mul, c.scalar(float64(p+1), nu), wishartHalfLogDetTerm(d, c))
			half := c.bin(autograd.Div, nu, c.scalar(2, nu))
			t = c.bin(autograd.Add, t, c.do(func() (*tensor.Tensor, error) { return mvlgamma(half, p) }))
			w := c.bin(autograd.Div, wishartShifted(c, nu, p), c.scalar(2, nu))
			t = c.bin(autograd.Sub, t, c.bin(autograd.Mul, w, wishartMvdigamma(c, half, p)))
			np := c.bin(autograd.Div, c.bin(autograd.Mul, nu, c.scalar(float64(p), nu)), c.scalar(2, nu))
			return c.bin(autograd.Add, t, np)
		},
		draw: wishartDraw,
	}
}
