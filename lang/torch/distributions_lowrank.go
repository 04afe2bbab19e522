package torch

import (
	"math"
	"slices"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// LowRankMultivariateNormal, as PyTorch 1.13's: the covariance W Wᵀ +
// diag(D) of a cov_factor W (n × m) and a cov_diag D, computed through
// the Cholesky factor of the m × m capacitance matrix I + Wᵀ D⁻¹ W
// (Woodbury's identity and the matrix determinant lemma) rather than the
// n × n covariance. rsample draws ε_W (sample + batch + (m,)) then ε_D
// (sample + batch + event) from normal_(), as PyTorch does, so a seed
// gives its draws.

// The parameters kept unbroadcast, under PyTorch's attribute names.
const (
	lrW   = "_unbroadcasted_cov_factor"
	lrD   = "_unbroadcasted_cov_diag"
	lrCap = "_capacitance_tril"
)

var (
	// realMatrixConstraint is IndependentConstraint(Real(), 2).
	realMatrixConstraint = constraint{"IndependentConstraint(Real(), 2)", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return tensor.All(c.bin(tensor.Eq, v, v), []int{-2, -1}, false) })
	}}
	// positiveVectorConstraint is IndependentConstraint(GreaterThan(0.0), 1).
	positiveVectorConstraint = constraint{"IndependentConstraint(GreaterThan(lower_bound=0.0), 1)", func(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) {
			return tensor.All(c.bin(tensor.Gt, v, c.scalar(0, v)), []int{-1}, false)
		})
	}}
)

// lrWtDinv is Wᵀ / D.unsqueeze(-2).
func lrWtDinv(c *chainOps, w, d *tensor.Tensor) *tensor.Tensor {
	wt := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(w, -2, -1) })
	return c.bin(autograd.Div, wt, c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(d, -2) }))
}

// lrPlusEye is k + I for a batch of square matrices k.
func lrPlusEye(c *chainOps, k *tensor.Tensor) *tensor.Tensor {
	n := k.Shape()[k.Dim()-1]
	eye := c.do(func() (*tensor.Tensor, error) { return tensor.Eye(n, n, k.DType()) })
	return c.bin(autograd.Add, k, eye)
}

// lrCapacitance is PyTorch's _batch_capacitance_tril: the Cholesky factor
// of I + Wᵀ D⁻¹ W.
func lrCapacitance(c *chainOps, w, d *tensor.Tensor) *tensor.Tensor {
	k := c.bin(autograd.Matmul, lrWtDinv(c, w, d), w)
	if c.err != nil {
		return nil
	}
	return c.do(func() (*tensor.Tensor, error) { return autograd.Cholesky(lrPlusEye(c, k), false) })
}

// lrLogDet is PyTorch's _batch_lowrank_logdet: log det(W Wᵀ + D).
func lrLogDet(c *chainOps, d, capTril *tensor.Tensor) *tensor.Tensor {
	half := mvnHalfLogDet(c, capTril)
	logD := c.do(func() (*tensor.Tensor, error) { return autograd.Sum(c.un(autograd.Log, d), []int{-1}, false) })
	return c.bin(autograd.Add, c.bin(autograd.Mul, c.scalar(2, half), half), logD)
}

// lrBatchMv is matmul(m, v.unsqueeze(-1)).squeeze(-1).
func lrBatchMv(c *chainOps, m, v *tensor.Tensor) *tensor.Tensor {
	col := c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(v, -1) })
	return c.do(func() (*tensor.Tensor, error) { return autograd.Squeeze(c.bin(autograd.Matmul, m, col), -1) })
}

// lrMahalanobis is PyTorch's _batch_lowrank_mahalanobis: xᵀ (W Wᵀ + D)⁻¹ x.
func lrMahalanobis(c *chainOps, w, d, x, capTril *tensor.Tensor) *tensor.Tensor {
	wtDinvX := lrBatchMv(c, lrWtDinv(c, w, d), x)
	t1 := c.do(func() (*tensor.Tensor, error) {
		return autograd.Sum(c.bin(autograd.Div, c.bin(autograd.Pow, x, c.scalar(2, x)), d), []int{-1}, false)
	})
	return c.bin(autograd.Sub, t1, mvnMahalanobis(c, capTril, wtDinvX))
}

// newLowRankMVN is LowRankMultivariateNormal(loc, cov_factor, cov_diag).
func newLowRankMVN(a *lang.Args) (*Distribution, error) {
	var ts [3]*tensor.Tensor
	for i, name := range []string{"loc", "cov_factor", "cov_diag"} {
		t, ok := a.Value(name).(*tensor.Tensor)
		if !ok {
			return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'dim'", lang.TypeName(a.Value(name)))
		}
		ts[i] = t
	}
	loc, w, d := ts[0], ts[1], ts[2]
	if loc.Dim() < 1 {
		return nil, lang.Errorf(lang.ValueError, "loc must be at least one-dimensional.")
	}
	n := loc.Shape()[loc.Dim()-1]
	if w.Dim() < 2 {
		return nil, lang.Errorf(lang.ValueError, "cov_factor must be at least two-dimensional, with optional leading batch dimensions")
	}
	if w.Shape()[w.Dim()-2] != n {
		return nil, lang.Errorf(lang.ValueError, "cov_factor must be a batch of matrices with shape %d x m", n)
	}
	if d.Dim() < 1 || d.Shape()[d.Dim()-1] != n {
		return nil, lang.Errorf(lang.ValueError, "cov_diag must be a batch of vectors with shape %s", lang.Repr(lang.NewSize([]int{n})))
	}
	m := w.Shape()[w.Dim()-1]
	batch, err := tensor.BroadcastShapes(loc.Shape()[:loc.Dim()-1], w.Shape()[:w.Dim()-2], d.Shape()[:d.Dim()-1])
	if err != nil {
		return nil, lang.Errorf(lang.ValueError, "Incompatible batch shapes: loc %s, cov_factor %s, cov_diag %s",
			lang.Repr(lang.NewSize(loc.Shape())), lang.Repr(lang.NewSize(w.Shape())), lang.Repr(lang.NewSize(d.Shape())))
	}
	c := &chainOps{}
	expand := func(t *tensor.Tensor, tail ...int) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return autograd.Expand(t, slices.Concat(batch, tail)...) })
	}
	dist := &Distribution{kind: "LowRankMultivariateNormal", batch: batch, params: map[string]*tensor.Tensor{
		"loc": expand(loc, n), "cov_factor": expand(w, n, m), "cov_diag": expand(d, n),
		lrW: w, lrD: d,
	}}
	dist.params[lrCap] = lrCapacitance(c, w, d)
	return dist, c.err
}

// lrMatrix is the lazy property name (scale_tril, covariance_matrix or
// precision_matrix), expanded to batch_shape + event_shape + event_shape.
func (d *Distribution) lrMatrix(c *chainOps, name string) *tensor.Tensor {
	if t, ok := d.params[name]; ok {
		return t
	}
	w, dg := d.params[lrW], d.params[lrD]
	var m *tensor.Tensor
	switch name {
	case "scale_tril":
		sq := c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(c.un(autograd.Sqrt, dg), -1) })
		dw := c.bin(autograd.Div, w, sq)
		k := c.bin(autograd.Matmul, dw, c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(dw, -2, -1) }))
		if c.err != nil {
			return nil
		}
		m = c.bin(autograd.Mul, sq, c.do(func() (*tensor.Tensor, error) { return autograd.Cholesky(lrPlusEye(c, k), false) }))
	case "covariance_matrix":
		wwt := c.bin(autograd.Matmul, w, c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(w, -2, -1) }))
		m = c.bin(autograd.Add, wwt, c.do(func() (*tensor.Tensor, error) { return autograd.DiagEmbed(dg, 0, -2, -1) }))
	default:
		a := c.bin(solveLower, d.params[lrCap], lrWtDinv(c, w, dg))
		ata := c.bin(autograd.Matmul, c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(a, -2, -1) }), a)
		inv := c.do(func() (*tensor.Tensor, error) { return autograd.DiagEmbed(c.un(autograd.Reciprocal, dg), 0, -2, -1) })
		m = c.bin(autograd.Sub, inv, ata)
	}
	n := d.eventShape()[0]
	m = c.do(func() (*tensor.Tensor, error) { return autograd.Expand(m, slices.Concat(d.batch, []int{n, n})...) })
	if c.err == nil {
		d.params[name] = m
	}
	return m
}

// lrExpand is expand(batch_shape): the broadcast parameters expanded, the
// unbroadcast ones and the capacitance shared.
func (d *Distribution) lrExpand(batch []int) (*Distribution, error) {
	out := *d
	out.batch = slices.Clone(batch)
	out.params = map[string]*tensor.Tensor{}
	for _, name := range []string{lrW, lrD, lrCap} {
		out.params[name] = d.params[name]
	}
	for _, name := range []string{"loc", "cov_factor", "cov_diag"} {
		t := d.params[name]
		e, err := autograd.Expand(t, slices.Concat(batch, t.Shape()[len(d.batch):])...)
		if err != nil {
			return nil, lang.Errorf(lang.RuntimeError, "%s", err.Error())
		}
		out.params[name] = e
	}
	return &out, nil
}

// lrKL is PyTorch's _kl_lowrankmultivariatenormal_lowrankmultivariatenormal.
func lrKL(c *chainOps, p, q *Distribution) *tensor.Tensor {
	if !slices.Equal(p.eventShape(), q.eventShape()) {
		c.err = lang.Errorf(lang.ValueError, "KL-divergence between two Low Rank Multivariate Normals with%sdifferent event shapes cannot be computed", strings.Repeat(" ", 26))
		return nil
	}
	pw, pd, qw, qd := p.params[lrW], p.params[lrD], q.params[lrW], q.params[lrD]
	term1 := c.bin(autograd.Sub, lrLogDet(c, qd, q.params[lrCap]), lrLogDet(c, pd, p.params[lrCap]))
	term3 := lrMahalanobis(c, qw, qd, c.bin(autograd.Sub, q.params["loc"], p.params["loc"]), q.params[lrCap])
	a := c.bin(solveLower, q.params[lrCap], lrWtDinv(c, qw, qd))
	traceXXT := func(x *tensor.Tensor) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) {
			return autograd.Sum(c.bin(autograd.Pow, x, c.scalar(2, x)), []int{-2, -1}, false)
		})
	}
	unsq := func(t *tensor.Tensor, dim int) *tensor.Tensor {
		return c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(t, dim) })
	}
	term21 := c.do(func() (*tensor.Tensor, error) { return autograd.Sum(c.bin(autograd.Div, pd, qd), []int{-1}, false) })
	term22 := traceXXT(c.bin(autograd.Mul, pw, unsq(c.un(autograd.Rsqrt, qd), -1)))
	term23 := traceXXT(c.bin(autograd.Mul, a, unsq(c.un(autograd.Sqrt, pd), -2)))
	term24 := traceXXT(c.bin(autograd.Matmul, a, pw))
	term2 := c.bin(autograd.Sub, c.bin(autograd.Sub, c.bin(autograd.Add, term21, term22), term23), term24)
	sum := c.bin(autograd.Add, c.bin(autograd.Add, term1, term2), term3)
	sum = c.bin(autograd.Sub, sum, c.scalar(float64(p.eventShape()[0]), sum))
	return c.bin(autograd.Mul, c.scalar(0.5, sum), sum)
}

func defLowRankMVN() {
	distKinds["LowRankMultivariateNormal"] = &distKind{
		module: "lowrank_multivariate_normal", sig: "LowRankMultivariateNormal(loc, cov_factor, cov_diag, validate_args=None)",
		doc:    "The multivariate normal distribution of mean loc and covariance cov_factor @ cov_factor.mT + diag(cov_diag) (cov_factor n × m, usually m << n), computed through the m × m capacitance matrix as PyTorch does; rsample draws PyTorch's ε for a seed.",
		params: []string{"loc", "cov_factor", "cov_diag"}, shown: []string{"loc", "cov_factor", "cov_diag"},
		constraints: map[string]constraint{"loc": realVectorConstraint, "cov_factor": realMatrixConstraint, "cov_diag": positiveVectorConstraint},
		support:     realVectorConstraint, rsample: true, construct: newLowRankMVN,
		mean: func(d *Distribution, c *chainOps) *tensor.Tensor { return d.params["loc"] },
		variance: func(d *Distribution, c *chainOps) *tensor.Tensor {
			w := d.params[lrW]
			v := c.do(func() (*tensor.Tensor, error) {
				return autograd.Sum(c.bin(autograd.Pow, w, c.scalar(2, w)), []int{-1}, false)
			})
			v = c.bin(autograd.Add, v, d.params[lrD])
			return c.do(func() (*tensor.Tensor, error) { return autograd.Expand(v, d.params["loc"].Shape()...) })
		},
		logProb: func(d *Distribution, c *chainOps, v *tensor.Tensor) *tensor.Tensor {
			w, dg, ct := d.params[lrW], d.params[lrD], d.params[lrCap]
			m := lrMahalanobis(c, w, dg, c.bin(autograd.Sub, v, d.params["loc"]), ct)
			n := float64(d.eventShape()[0])
			t := c.bin(autograd.Add, c.bin(autograd.Add, c.scalar(n*math.Log(2*math.Pi), m), lrLogDet(c, dg, ct)), m)
			return c.bin(autograd.Mul, c.scalar(-0.5, t), t)
		},
		entropy: func(d *Distribution, c *chainOps) *tensor.Tensor {
			ld := lrLogDet(c, d.params[lrD], d.params[lrCap])
			n := float64(d.eventShape()[0])
			h := c.bin(autograd.Mul, c.scalar(0.5, ld), c.bin(autograd.Add, c.scalar(n*(1+math.Log(2*math.Pi)), ld), ld))
			if len(d.batch) == 0 || c.err != nil {
				return h
			}
			return c.do(func() (*tensor.Tensor, error) { return autograd.Expand(h, d.batch...) })
		},
		draw: func(d *Distribution, c *chainOps, shape []int) *tensor.Tensor {
			loc, w, dg := d.params["loc"], d.params[lrW], d.params[lrD]
			n := loc.Shape()[loc.Dim()-1]
			full := slices.Concat(shape, []int{n})
			epsW := normalNoise(c, loc, slices.Concat(shape, w.Shape()[w.Dim()-1:]))
			epsD := normalNoise(c, loc, full)
			out := c.bin(autograd.Add, loc, lrBatchMv(c, w, epsW))
			return c.bin(autograd.Add, out, c.bin(autograd.Mul, c.un(autograd.Sqrt, dg), epsD))
		},
	}
}
