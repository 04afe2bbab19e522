package torch

import (
	"math"
	"slices"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// MultivariateNormal, as PyTorch 1.13's: one of covariance_matrix,
// precision_matrix or scale_tril gives the unbroadcasted Cholesky factor
// L (kept as _unbroadcasted_scale_tril) from which everything is
// computed: rsample is loc + L ε with ε from normal_() of shape
// sample_shape + batch_shape + event_shape (so a seed gives PyTorch's
// ε), log_prob solves L y = value - loc, and the other two matrices are
// lazy properties, shown by the repr once computed.

// mvnL is the parameter name of the unbroadcasted Cholesky factor.
const mvnL = "_unbroadcasted_scale_tril"

// mvnMatrices are MultivariateNormal's matrix parameters in PyTorch's
// arg_constraints order.
var mvnMatrices = []string{"covariance_matrix", "precision_matrix", "scale_tril"}

var (
	// positiveDefiniteConstraint: each matrix symmetric (isclose to its
	// transpose with atol 1e-6) and with a Cholesky factor.
	positiveDefiniteConstraint = constraint{"PositiveDefinite()", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		vt := c.do(func() (*tensor.Tensor, error) { return v.Transpose(-2, -1) })
		close := c.do(func() (*tensor.Tensor, error) { return tensor.Isclose(v, vt, 1e-5, 1e-6, false) })
		sym := c.do(func() (*tensor.Tensor, error) { return tensor.All(close, []int{-2, -1}, false) })
		if c.err != nil {
			return nil
		}
		return c.do(func() (*tensor.Tensor, error) { return choleskyOK(v, sym) })
	}}
	// lowerCholeskyConstraint: each matrix lower triangular with a
	// positive diagonal.
	lowerCholeskyConstraint = constraint{"LowerCholesky()", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		tril := c.do(func() (*tensor.Tensor, error) { return tensor.Tril(v, 0) })
		lower := c.do(func() (*tensor.Tensor, error) { return tensor.All(c.bin(tensor.Eq, tril, v), []int{-2, -1}, false) })
		diag := c.do(func() (*tensor.Tensor, error) { return tensor.Diagonal(v, 0, -2, -1) })
		pos := c.do(func() (*tensor.Tensor, error) {
			return tensor.All(c.bin(tensor.Gt, diag, c.scalar(0, diag)), []int{-1}, false)
		})
		return c.bin(tensor.LogicalAnd, lower, pos)
	}}
)

// choleskyOK is sym and, for each matrix of v (a batch), whether its
// Cholesky factorisation succeeds, as cholesky_ex(v).info == 0: one
// factorisation of the whole batch, and one per matrix only if it fails.
func choleskyOK(v, sym *tensor.Tensor) (*tensor.Tensor, error) {
	if _, err := tensor.Cholesky(v, false); err == nil {
		return sym, nil
	}
	n := v.Shape()[v.Dim()-1]
	flat, err := v.Reshape(-1, n, n)
	if err != nil {
		return nil, err
	}
	ok := make([]bool, flat.Shape()[0])
	for i := range ok {
		m, err := flat.Select(0, i)
		if err != nil {
			return nil, err
		}
		_, err = tensor.Cholesky(m, false)
		ok[i] = err == nil
	}
	okT, err := tensor.FromValue(ok, tensor.Bool)
	if err != nil {
		return nil, err
	}
	if okT, err = okT.Reshape(sym.Shape()...); err != nil {
		return nil, err
	}
	return tensor.LogicalAnd(okT, sym)
}

// newMultivariateNormal is MultivariateNormal(loc, covariance_matrix=None,
// precision_matrix=None, scale_tril=None).
func newMultivariateNormal(a *lang.Args) (*Distribution, error) {
	loc, err := distTensor(a.Value("loc"), nil)
	if err != nil {
		return nil, err
	}
	if loc.Dim() < 1 {
		return nil, lang.Errorf(lang.ValueError, "loc must be at least one-dimensional.")
	}
	var name string
	given := 0
	for _, m := range mvnMatrices {
		if !a.IsNone(m) {
			name, given = m, given+1
		}
	}
	if given != 1 {
		return nil, lang.Errorf(lang.ValueError, "Exactly one of covariance_matrix or precision_matrix or scale_tril may be specified.")
	}
	m, err := distTensor(a.Value(name), loc)
	if err != nil {
		return nil, err
	}
	if m.Dim() < 2 {
		what := name
		if name == "scale_tril" {
			what = "scale_tril matrix"
		}
		return nil, lang.Errorf(lang.ValueError, "%s must be at least two-dimensional, with optional leading batch dimensions", what)
	}
	batch, err := tensor.BroadcastShapes(m.Shape()[:m.Dim()-2], loc.Shape()[:loc.Dim()-1])
	if err != nil {
		return nil, lang.Errorf(lang.RuntimeError, "Shape mismatch: objects cannot be broadcast to a single shape")
	}
	d := &Distribution{kind: "MultivariateNormal", params: map[string]*tensor.Tensor{}, batch: batch}
	c := &chainOps{}
	d.params[name] = c.do(func() (*tensor.Tensor, error) {
		return autograd.Expand(m, slices.Concat(batch, m.Shape()[m.Dim()-2:])...)
	})
	d.params["loc"] = c.do(func() (*tensor.Tensor, error) {
		return autograd.Expand(loc, slices.Concat(batch, loc.Shape()[loc.Dim()-1:])...)
	})
	d.params[mvnL] = m // until finishMultivariateNormal factors it
	return d, c.err
}

// finishMultivariateNormal sets the Cholesky factor once the arguments
// are validated, as PyTorch computes it after Distribution.__init__.
func finishMultivariateNormal(d *Distribution) error {
	m := d.params[mvnL]
	c := &chainOps{}
	switch {
	case d.params["covariance_matrix"] != nil:
		d.params[mvnL] = c.do(func() (*tensor.Tensor, error) { return autograd.Cholesky(m, false) })
	case d.params["precision_matrix"] != nil:
		d.params[mvnL] = precisionToScaleTril(c, m)
	}
	return c.err
}

// mvnMahalanobis is PyTorch's _batch_mahalanobis: |L⁻¹ x|² over the last
// dimension of x, L's batch broadcast with x's. Only L's lower triangle
// is read (and given a gradient), as solve_triangular's.
func mvnMahalanobis(c *chainOps, l, x *tensor.Tensor) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	shape, err := tensor.BroadcastShapes(l.Shape()[:l.Dim()-2], x.Shape()[:x.Dim()-1])
	if err != nil {
		c.err = err
		return nil
	}
	k := l.Shape()[l.Dim()-1]
	col := c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(x, -1) })
	lb := c.do(func() (*tensor.Tensor, error) {
		return autograd.Expand(l, slices.Concat(shape, []int{k, k})...)
	})
	y := c.bin(solveLower, lb, c.do(func() (*tensor.Tensor, error) { return autograd.Expand(col, slices.Concat(shape, []int{k, 1})...) }))
	return c.do(func() (*tensor.Tensor, error) {
		return autograd.Sum(c.bin(autograd.Pow, y, c.scalar(2, y)), []int{-2, -1}, false)
	})
}

// mvnKL is kl_divergence of two MultivariateNormals, PyTorch's
// _kl_multivariatenormal_multivariatenormal.
func mvnKL(c *chainOps, p, q *Distribution) *tensor.Tensor {
	if !slices.Equal(p.eventShape(), q.eventShape()) {
		// PyTorch's message, with the spaces of its source's continued line.
		c.err = lang.Errorf(lang.ValueError, "KL-divergence between two Multivariate Normals with%sdifferent event shapes cannot be computed", strings.Repeat(" ", 26))
		return nil
	}
	pl, ql := p.params[mvnL], q.params[mvnL]
	half := c.bin(autograd.Sub, mvnHalfLogDet(c, ql), mvnHalfLogDet(c, pl))
	shape, err := tensor.BroadcastShapes(ql.Shape()[:ql.Dim()-2], pl.Shape()[:pl.Dim()-2])
	if err != nil {
		c.err = err
		return nil
	}
	n := p.eventShape()[0]
	expand := func(t *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return autograd.Expand(t, slices.Concat(shape, []int{n, n})...) })
	}
	// trace(X Xᵀ) for X = solve_triangular(q's L, p's L, upper=False).
	x := c.bin(solveLower, expand(ql), expand(pl))
	term2 := c.do(func() (*tensor.Tensor, error) {
		return autograd.Sum(c.bin(autograd.Pow, x, c.scalar(2, x)), []int{-2, -1}, false)
	})
	term3 := mvnMahalanobis(c, ql, c.bin(autograd.Sub, q.params["loc"], p.params["loc"]))
	sum := c.bin(autograd.Sub, c.bin(autograd.Add, term2, term3), c.scalar(float64(n), term2))
	return c.bin(autograd.Add, half, c.bin(autograd.Mul, c.scalar(0.5, sum), sum))
}

// precisionToScaleTril is PyTorch's _precision_to_scale_tril: L with
// L Lᵀ = P⁻¹, from the Cholesky factor of P flipped.
func precisionToScaleTril(c *chainOps, p *tensor.Tensor) *tensor.Tensor {
	flip := func(t *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return autograd.Flip(t, -2, -1) })
	}
	lf := c.do(func() (*tensor.Tensor, error) { return autograd.Cholesky(flip(p), false) })
	lInv := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(flip(lf), -2, -1) })
	n := p.Shape()[p.Dim()-1]
	eye := c.do(func() (*tensor.Tensor, error) { return tensor.Eye(n, n, p.DType()) })
	return c.bin(solveLower, lInv, eye)
}

// solveLower is solve_triangular(l, b, upper=False): only l's lower
// triangle is read (and given a gradient).
func solveLower(l, b *tensor.Tensor) (*tensor.Tensor, error) {
	return autograd.SolveTriangular(l, b, false, false)
}

// mvnMatrix is the lazy property name of d: scale_tril, covariance_matrix
// (L Lᵀ) or precision_matrix (cholesky_inverse(L)), expanded to
// batch_shape + event_shape + event_shape.
func (d *Distribution) mvnMatrix(c *chainOps, name string) *tensor.Tensor {
	if t, ok := d.params[name]; ok {
		return t
	}
	l := d.params[mvnL]
	var m *tensor.Tensor
	switch name {
	case "scale_tril":
		m = l
	case "covariance_matrix":
		lt := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(l, -2, -1) })
		m = c.bin(autograd.Matmul, l, lt)
	default:
		n := l.Shape()[l.Dim()-1]
		eye := c.do(func() (*tensor.Tensor, error) { return tensor.Eye(n, n, l.DType()) })
		li := c.bin(solveLower, l, eye)
		lit := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(li, -2, -1) })
		m = c.bin(autograd.Matmul, lit, li)
	}
	k := d.eventShape()[0]
	m = c.do(func() (*tensor.Tensor, error) {
		return autograd.Expand(m, append(append([]int{}, d.batch...), k, k)...)
	})
	if c.err == nil {
		d.params[name] = m
	}
	return m
}

// mvnHalfLogDet is log det L = the sum of the logs of L's diagonal.
func mvnHalfLogDet(c *chainOps, l *tensor.Tensor) *tensor.Tensor {
	diag := c.do(func() (*tensor.Tensor, error) { return autograd.Diagonal(l, 0, -2, -1) })
	return c.do(func() (*tensor.Tensor, error) { return autograd.Sum(c.un(autograd.Log, diag), []int{-1}, false) })
}

// defMultivariateNormalKind adds MultivariateNormal to distKinds.
func defMultivariateNormalKind() {
	distKinds["MultivariateNormal"] = &distKind{
		module: "multivariate_normal", sig: "MultivariateNormal(loc, covariance_matrix=None, precision_matrix=None, scale_tril=None, validate_args=None)",
		doc:    "The multivariate normal distribution of mean loc (the last dimension the event) and one of covariance_matrix, precision_matrix or scale_tril (a lower Cholesky factor of the covariance), batches broadcast. rsample is loc + scale_tril @ ε, ε drawn as PyTorch draws it.",
		params: []string{"loc"},
		constraints: map[string]constraint{"loc": realVectorConstraint, "covariance_matrix": positiveDefiniteConstraint,
			"precision_matrix": positiveDefiniteConstraint, "scale_tril": lowerCholeskyConstraint},
		support: realVectorConstraint, rsample: true, construct: newMultivariateNormal, finish: finishMultivariateNormal,
		mean: func(d *Distribution, c *chainOps) *tensor.Tensor { return d.params["loc"] },
		variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
			l := d.params[mvnL]
			sq := c.bin(autograd.Pow, l, c.scalar(2, l))
			v := c.do(func() (*tensor.Tensor, error) { return autograd.Sum(sq, []int{-1}, false) })
			return c.do(func() (*tensor.Tensor, error) { return autograd.Expand(v, d.params["loc"].Shape()...) })
		},
		logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
			loc, l := d.params["loc"], d.params[mvnL]
			k := l.Shape()[l.Dim()-1]
			m := mvnMahalanobis(c, l, c.bin(autograd.Sub, v, loc))
			t := c.bin(autograd.Add, c.scalar(float64(k)*math.Log(2*math.Pi), m), m)
			return c.bin(autograd.Sub, c.bin(autograd.Mul, c.scalar(-0.5, t), t), mvnHalfLogDet(c, l))
		},
		entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
			l := d.params[mvnL]
			k := float64(l.Shape()[l.Dim()-1])
			h := c.bin(autograd.Add, c.scalar(0.5*k*(1+math.Log(2*math.Pi)), l), mvnHalfLogDet(c, l))
			if len(d.batch) == 0 || c.err != nil {
				return h
			}
			return c.do(func() (*tensor.Tensor, error) { return autograd.Expand(h, d.batch...) })
		},
		draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
			loc, l := d.params["loc"], d.params[mvnL]
			eps := normalNoise(c, loc, slices.Concat(shape, loc.Shape()[loc.Dim()-1:]))
			col := c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(eps, -1) })
			lEps := c.do(func() (*tensor.Tensor, error) { return autograd.Squeeze(c.bin(autograd.Matmul, l, col), -1) })
			return c.bin(autograd.Add, loc, lEps)
		},
	}
}
