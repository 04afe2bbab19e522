package numpy

import (
	"math"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.polyfit: a least-squares polynomial fit, as NumPy 1.24's
// numpy/lib/polynomial.py computes it.

func defPolyfit(m map[string]lang.Value) {
	m["polyfit"] = lang.NewBuiltin(lang.AsValue, "polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False)",
		"The coefficients (highest power first) of the degree-deg polynomial fitting the points (x, y) in the least-squares sense, y 1-d or one column per data set; w weights the points; full=True also returns the residuals, the rank, the singular values and rcond; cov=True (or 'unscaled') the coefficients' covariance matrix.",
		polyfit)
}

// polyfit solves vander(x, deg+1) @ c = y with the Vandermonde matrix's
// columns scaled to unit norm (NumPy's conditioning), then unscales c.
func polyfit(a *lang.Args) (lang.Value, error) {
	deg := a.Int("deg")
	if err := a.Err(); err != nil {
		return nil, err
	}
	order := deg + 1
	x, err := arrayFrom(a.Value("x"), tensor.Float64, true)
	if err != nil {
		return nil, err
	}
	y, err := arrayFrom(a.Value("y"), tensor.Float64, true)
	if err != nil {
		return nil, err
	}
	switch {
	case deg < 0:
		return nil, lang.Errorf(lang.ValueError, "expected deg >= 0")
	case x.Dim() != 1:
		return nil, lang.Errorf(lang.TypeError, "expected 1D vector for x")
	case x.Numel() == 0:
		return nil, lang.Errorf(lang.TypeError, "expected non-empty vector for x")
	case y.Dim() < 1 || y.Dim() > 2:
		return nil, lang.Errorf(lang.TypeError, "expected 1D or 2D array for y")
	case x.Shape()[0] != y.Shape()[0]:
		return nil, lang.Errorf(lang.TypeError, "expected x and y to have same length")
	}
	n := x.Shape()[0]
	rcond := float64(n) * 2.220446049250313e-16
	if !a.IsNone("rcond") {
		rcond = a.Float("rcond")
		if err := a.Err(); err != nil {
			return nil, err
		}
	}
	xs, err := floatValues(x)
	if err != nil {
		return nil, err
	}
	ys, err := floatValues(y)
	if err != nil {
		return nil, err
	}
	cols := 1
	if y.Dim() == 2 {
		cols = y.Shape()[1]
	}
	// np.vander(x, order): x**(order-1) ... x**0, each power the running
	// product of the one below.
	lhs := make([]float64, n*order)
	for i, xv := range xs {
		p := 1.0
		for j := order - 1; j >= 0; j-- {
			lhs[i*order+j] = p
			p *= xv
		}
	}
	if !a.IsNone("w") {
		w, err := arrayFrom(a.Value("w"), tensor.Float64, true)
		if err != nil {
			return nil, err
		}
		if w.Dim() != 1 {
			return nil, lang.Errorf(lang.TypeError, "expected a 1-d array for weights")
		}
		if w.Shape()[0] != n {
			return nil, lang.Errorf(lang.TypeError, "expected w and y to have the same length")
		}
		ws, err := floatValues(w)
		if err != nil {
			return nil, err
		}
		for i, wv := range ws {
			for j := 0; j < order; j++ {
				lhs[i*order+j] *= wv
			}
			for j := 0; j < cols; j++ {
				ys[i*cols+j] *= wv
			}
		}
	}
	// scale = sqrt((lhs*lhs).sum(axis=0)), summed row after row.
	scale := make([]float64, order)
	for i := 0; i < n; i++ {
		for j := 0; j < order; j++ {
			v := lhs[i*order+j]
			scale[j] += v * v
		}
	}
	for j := range scale {
		scale[j] = math.Sqrt(scale[j])
	}
	for i := 0; i < n; i++ {
		for j := 0; j < order; j++ {
			lhs[i*order+j] /= scale[j]
		}
	}
	lt, err := fromValues(lhs, []int{n, order})
	if err != nil {
		return nil, err
	}
	rt, err := fromValues(ys, y.Shape())
	if err != nil {
		return nil, err
	}
	sol, resid, rank, s, err := lstsqSolve(lt, rt, rcond)
	if err != nil {
		return nil, err
	}
	cs, err := floatValues(sol)
	if err != nil {
		return nil, err
	}
	for i := 0; i < order; i++ {
		for j := 0; j < cols; j++ {
			cs[i*cols+j] /= scale[i]
		}
	}
	c, err := fromValues(cs, sol.Shape())
	if err != nil {
		return nil, err
	}
	if a.Bool("full") {
		return lang.Tuple{wrapArray(c), wrapArray(resid), int64(rank), wrapArray(s), rcond}, nil
	}
	covArg := a.Value("cov")
	unscaled := false
	if str, ok := covArg.(string); ok {
		unscaled = str == "unscaled"
	}
	want, err := lang.Truth(covArg)
	if err != nil {
		return nil, err
	}
	if !want {
		return wrapArray(c), nil
	}
	return polyfitCov(lt, scale, c, resid, y.Dim(), n, order, unscaled)
}

// polyfitCov is polyfit's cov=: inv(lhs.T @ lhs) / outer(scale, scale),
// times the residuals over the degrees of freedom unless unscaled.
func polyfitCov(lhs *tensor.Tensor, scale []float64, c, resid *tensor.Tensor, ydim, n, order int, unscaled bool) (lang.Value, error) {
	gram, err := tensor.Matmul(lhs.T(), lhs)
	if err != nil {
		return nil, err
	}
	vbase, err := tensor.Inv(gram)
	if err != nil {
		return nil, linalgError(err)
	}
	vs, err := floatValues(vbase)
	if err != nil {
		return nil, err
	}
	for i := 0; i < order; i++ {
		for j := 0; j < order; j++ {
			vs[i*order+j] /= scale[i] * scale[j]
		}
	}
	if unscaled {
		v, err := fromValues(vs, []int{order, order})
		return lang.Tuple{wrapArray(c), wrapArray(v)}, err
	}
	if n <= order {
		return nil, lang.Errorf(lang.ValueError, "the number of data points must exceed order to scale the covariance matrix")
	}
	fac, err := floatValues(resid)
	if err != nil {
		return nil, err
	}
	k := len(fac)
	if ydim == 1 && k != 1 {
		return nil, lang.Errorf(lang.ValueError, "operands could not be broadcast together with shapes (%d,%d) (%d,) ", order, order, k)
	}
	var out []float64
	shape := []int{order, order}
	if ydim == 1 {
		f := fac[0] / float64(n-order)
		out = make([]float64, len(vs))
		for i, v := range vs {
			out[i] = v * f
		}
	} else {
		shape = append(shape, k)
		out = make([]float64, len(vs)*k)
		for i, v := range vs {
			for j := 0; j < k; j++ {
				out[i*k+j] = v * (fac[j] / float64(n-order))
			}
		}
	}
	v, err := fromValues(out, shape)
	if err != nil {
		return nil, err
	}
	return lang.Tuple{wrapArray(c), wrapArray(v)}, nil
}
