package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// multinomial and dirichlet of either generator: one vector of draws per
// element of size=, with NumPy's checks (gen: the Generator's, which
// words a scalar pvals otherwise and has its own algorithm for small
// alphas).

// multinomialDraws is multinomial(n, pvals, size) of an int n and a 1-d
// pvals.
func multinomialDraws(src distSource, a *lang.Args, gen bool) (lang.Value, error) {
	if gen {
		if t, ok := a.Value("n").(*Array); ok && t.store.Dim() > 0 {
			return nil, lang.Errorf(notImplementedError, "kael's Generator.multinomial takes an int n, not an array")
		}
		if _, isList := a.Value("n").(*lang.List); isList {
			return nil, lang.Errorf(notImplementedError, "kael's Generator.multinomial takes an int n, not an array")
		}
	}
	n := a.Int64("n")
	if err := a.Err(); err != nil {
		return nil, err
	}
	pt, err := arrayFrom(a.Value("pvals"), tensor.Float64, true)
	if err != nil {
		return nil, err
	}
	if pt.Dim() == 0 {
		if gen {
			return nil, lang.Errorf(lang.ValueError, "pvals must have at least 1 dimension and the last dimension of pvals must be greater than 0.")
		}
		return nil, lang.Errorf(lang.TypeError, "pvals must be a 1-d sequence")
	}
	if pt.Dim() != 1 {
		if gen {
			return nil, lang.Errorf(notImplementedError, "kael's Generator.multinomial takes a 1-d pvals")
		}
		return nil, lang.Errorf(lang.ValueError, "object too deep for desired array")
	}
	pix, err := floatValues(pt)
	if err != nil {
		return nil, err
	}
	sum, comp := 0.0, 0.0 // kahan_sum of all but the last
	for i, x := range pix {
		if !(x >= 0) || !(x <= 1) {
			return nil, lang.Errorf(lang.ValueError, "pvals < 0, pvals > 1 or pvals contains NaNs")
		}
		if i < len(pix)-1 {
			y := x - comp
			t := sum + y
			comp = (t - sum) - y
			sum = t
		}
	}
	if len(pix) > 0 && sum > 1+1e-12 {
		return nil, lang.Errorf(lang.ValueError, "sum(pvals[:-1]) > 1.0")
	}
	if n < 0 {
		return nil, lang.Errorf(lang.ValueError, "n < 0")
	}
	return vectorDraws(a.Value("size"), len(pix), tensor.Int64, func(out []int64) { multinomial(src, n, pix, out) })
}

// dirichletDraws is dirichlet(alpha, size): gammas normalised to sum 1.
func dirichletDraws(src distSource, a *lang.Args, gen bool) (lang.Value, error) {
	at, err := arrayFrom(a.Value("alpha"), tensor.Float64, true)
	if err != nil {
		return nil, err
	}
	switch {
	case at.Dim() == 0:
		return nil, lang.Errorf(lang.TypeError, "object of type '%s' has no len()", lang.TypeName(a.Value("alpha")))
	case at.Dim() > 1:
		return nil, lang.Errorf(lang.ValueError, "object too deep for desired array")
	}
	alpha, err := floatValues(at)
	if err != nil {
		return nil, err
	}
	most := 0.0
	for i, x := range alpha {
		if x <= 0 {
			return nil, lang.Errorf(lang.ValueError, "alpha <= 0")
		}
		if i == 0 || x > most {
			most = x
		}
	}
	if gen && len(alpha) > 0 && most < 0.1 {
		return nil, lang.Errorf(notImplementedError, "kael's Generator.dirichlet takes alphas of which one is at least 0.1 (NumPy breaks a stick with beta draws below)")
	}
	return vectorDraws(a.Value("size"), len(alpha), tensor.Float64, func(out []float64) {
		acc := 0.0
		for j, x := range alpha {
			out[j] = standardGamma(src, x)
			acc += out[j]
		}
		inv := 1 / acc
		for j := range out {
			out[j] *= inv
		}
	})
}
