package numpy

import (
	"math"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
)

// Generator's f, noncentral_chisquare, noncentral_f and geometric, as
// NumPy 1.24's distributions.c draws them.

// genChisquare is random_chisquare.
func genChisquare(p *bitGen, df float64) float64 { return 2 * standardGamma(p, df/2) }

// genNoncentralChisquare is random_noncentral_chisquare.
func genNoncentralChisquare(p *bitGen, df, nonc float64) float64 {
	if math.IsNaN(nonc) {
		return math.NaN()
	}
	if nonc == 0 {
		return genChisquare(p, df)
	}
	if df > 1 {
		chi2 := genChisquare(p, df-1)
		n := p.standardNormal() + math.Sqrt(nonc)
		return chi2 + n*n
	}
	i := poisson(p, nonc/2)
	return genChisquare(p, df+2*float64(i))
}

// genGeometric is random_geometric: a search from p 1/3, else inversion
// of an exponential draw.
func genGeometric(p *bitGen, prob float64) int64 {
	if prob >= 0.333333333333333333333333 {
		x := int64(1)
		sum, prod := prob, prob
		q := 1 - prob
		u := p.double()
		for u > sum {
			prod *= q
			sum += prod
			x++
		}
		return x
	}
	z := math.Ceil(-p.standardExponential() / libm.Log1p(-prob))
	if z >= 9.223372036854776e+18 {
		return math.MaxInt64
	}
	return int64(z)
}

var chiDistributionMethods = []genFunc{
	{"f(self, dfnum, dfden, size=None)", "Floats from the F distribution of dfnum and dfden degrees of freedom.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"dfnum", positive}, {"dfden", positive}}, func(f []float64) float64 {
				return genChisquare(p, f[0]) * f[1] / (genChisquare(p, f[1]) * f[0])
			})
		}},
	{"noncentral_chisquare(self, df, nonc, size=None)", "Floats from the noncentral chi-square distribution of df degrees of freedom and noncentrality nonc.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"df", positive}, {"nonc", nonNegative}}, func(f []float64) float64 {
				return genNoncentralChisquare(p, f[0], f[1])
			})
		}},
	{"noncentral_f(self, dfnum, dfden, nonc, size=None)", "Floats from the noncentral F distribution.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"dfnum", positive}, {"dfden", positive}, {"nonc", nonNegative}}, func(f []float64) float64 {
				t := genNoncentralChisquare(p, f[0], f[2]) * f[1]
				return t / (genChisquare(p, f[1]) * f[0])
			})
		}},
	{"geometric(self, p, size=None)", "Integers from the geometric distribution: the trial of the first success of probability p.",
		func(bg *bitGen, a *lang.Args) (lang.Value, error) {
			params, err := readFloatParams(a, "p")
			if err != nil {
				return nil, err
			}
			if err := params.each(func(f []float64) error {
				if !(f[0] > 0) || !(f[0] <= 1) {
					return lang.Errorf(lang.ValueError, "p <= 0, p > 1 or p contains NaNs")
				}
				return nil
			}); err != nil {
				return nil, err
			}
			return params.drawInt(a.Value("size"), func(f []float64) int64 { return genGeometric(bg, f[0]) })
		}},
	{"negative_binomial(self, n, p, size=None)", "Integers from the negative binomial distribution: failures before n successes of probability p (a Poisson of a gamma draw).",
		func(bg *bitGen, a *lang.Args) (lang.Value, error) {
			params, err := readFloatParams(a, "n", "p")
			if err != nil {
				return nil, err
			}
			if err := params.each(func(f []float64) error {
				if math.IsNaN(f[0]) {
					return lang.Errorf(lang.ValueError, "n must not be NaN")
				}
				return positive(f[0], "n")
			}); err != nil {
				return nil, err
			}
			if err := params.each(func(f []float64) error {
				if !(f[1] > 0) || !(f[1] <= 1) {
					return lang.Errorf(lang.ValueError, "p <= 0, p > 1 or p contains NaNs")
				}
				return nil
			}); err != nil {
				return nil, err
			}
			return params.drawInt(a.Value("size"), func(f []float64) int64 {
				y := (1 - f[1]) / f[1] * standardGamma(bg, f[0])
				return poisson(bg, y)
			})
		}},
	{"multinomial(self, n, pvals, size=None)", "Counts of n trials over the categories of probabilities pvals (the last takes what the others leave), one row per draw.",
		func(bg *bitGen, a *lang.Args) (lang.Value, error) { return multinomialDraws(bg, a, true) }},
	{"dirichlet(self, alpha, size=None)", "Floats from the Dirichlet distribution of parameters alpha: gammas normalised to sum 1, one row per draw.",
		func(bg *bitGen, a *lang.Args) (lang.Value, error) { return dirichletDraws(bg, a, true) }},
}
