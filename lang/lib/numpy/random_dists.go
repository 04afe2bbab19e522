package numpy

import (
	"math"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// RandomState's distributions (np.random.gamma, ...), as NumPy 1.24's
// mtrand draws them from the Mersenne Twister: legacy-distributions.c's
// where it keeps NumPy 1.16's algorithms, distributions.c's where the two
// share them, over scalar parameters, with mtrand's checks and return
// types (a Python float or int without size=).

// standardNormal is legacy_gauss, RandomState's normal.
func (r *randomState) standardNormal() float64 { return r.gaussian() }

// standardExponential is legacy_standard_exponential: -log(1 - U).
func (r *randomState) standardExponential() float64 { return -libm.Log(1 - r.double()) }

// laplace is random_laplace: U == 0 is drawn again.
func laplace(p distSource, loc, scale float64) float64 {
	for {
		u := p.double()
		if u >= 0.5 {
			return loc - float64(scale*libm.Log(2-u-u))
		}
		if u > 0 {
			return loc + float64(scale*libm.Log(u+u))
		}
	}
}

// logistic is random_logistic: U == 0 is drawn again.
func logistic(p distSource, loc, scale float64) float64 {
	for {
		if u := p.double(); u > 0 {
			return loc + float64(scale*libm.Log(u/(1-u)))
		}
	}
}

// hypergeometricCheck is NumPy's checks of hypergeometric's arguments,
// in its order; nan ends the message of nsample's ("is NaN" for numbers,
// "contains NaNs" for arrays).
func hypergeometricCheck(good, bad, sample int64, nan string) error {
	for rule := range 4 {
		if err := hypergeometricRule(rule, good, bad, sample, nan); err != nil {
			return err
		}
	}
	return nil
}

// hypergeometricRule is the rule-th of hypergeometric's checks.
func hypergeometricRule(rule int, good, bad, sample int64, nan string) error {
	switch {
	case rule == 0 && good+bad < sample:
		return lang.Errorf(lang.ValueError, "ngood + nbad < nsample")
	case rule == 1 && good < 0:
		return lang.Errorf(lang.ValueError, "ngood < 0")
	case rule == 2 && bad < 0:
		return lang.Errorf(lang.ValueError, "nbad < 0")
	case rule == 3 && sample < 1:
		return lang.Errorf(lang.ValueError, "nsample < 1 or nsample %s", nan)
	}
	return nil
}

// triangular is random_triangular.
func triangular(p distSource, left, mode, right float64) float64 {
	base := right - left
	leftbase := mode - left
	ratio := leftbase / base
	leftprod := leftbase * base
	rightprod := (right - mode) * base
	u := p.double()
	if u <= ratio {
		return left + math.Sqrt(u*leftprod)
	}
	return right - math.Sqrt((1-u)*rightprod)
}

// legacyGeometric is legacy_random_geometric: a search from p 1/3, else
// inversion.
func legacyGeometric(p distSource, prob float64) int64 {
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
	return int64(math.Ceil(libm.Log1p(-p.double()) / libm.Log(1-prob)))
}

// hypergeometric is random_hypergeometric_original: HRUA for samples
// above 10, the direct method below.
func hypergeometric(p distSource, good, bad, sample int64) int64 {
	switch {
	case sample > 10:
		return hypergeometricHRUA(p, good, bad, sample)
	case sample > 0:
		d1 := bad + good - sample
		d2 := float64(min(bad, good))
		y, k := d2, sample
		for y > 0 {
			u := p.double()
			y -= float64(int64(math.Floor(u + y/float64(d1+k))))
			k--
			if k == 0 {
				break
			}
		}
		z := int64(d2 - y)
		if good > bad {
			z = sample - z
		}
		return z
	}
	return 0
}

// hypergeometricHRUA is random_hypergeometric_hrua (Stadlober's ratio of
// uniforms, with rv.py's corrections).
func hypergeometricHRUA(p distSource, good, bad, sample int64) int64 {
	const d1c, d2c = 1.7155277699214135, 0.8989161620588988
	mingoodbad := min(good, bad)
	popsize := good + bad
	maxgoodbad := max(good, bad)
	m := min(sample, popsize-sample)
	d4 := float64(mingoodbad) / float64(popsize)
	d5 := 1 - d4
	d6 := float64(float64(m)*d4) + 0.5
	d7 := math.Sqrt(float64(float64(popsize-m)*float64(sample)*d4*d5/float64(popsize-1)) + 0.5)
	d8 := float64(d1c*d7) + d2c
	d9 := int64(math.Floor(float64(m+1) * float64(mingoodbad+1) / float64(popsize+2)))
	d10 := loggam(float64(d9+1)) + loggam(float64(mingoodbad-d9+1)) +
		loggam(float64(m-d9+1)) + loggam(float64(maxgoodbad-m+d9+1))
	d11 := math.Min(float64(min(m, mingoodbad))+1, math.Floor(d6+float64(16*d7)))
	var z int64
	for {
		x := p.double()
		y := p.double()
		w := d6 + d8*(y-0.5)/x
		if w < 0 || w >= d11 {
			continue
		}
		z = int64(math.Floor(w))
		t := d10 - (loggam(float64(z+1)) + loggam(float64(mingoodbad-z+1)) +
			loggam(float64(m-z+1)) + loggam(float64(maxgoodbad-m+z+1)))
		if float64(x*(4-x))-3 <= t {
			break
		}
		if x*(x-t) >= 1 {
			continue
		}
		if 2*libm.Log(x) <= t {
			break
		}
	}
	if good > bad {
		z = m - z
	}
	if m < sample {
		z = good - z
	}
	return z
}

// multinomial is random_multinomial: binomials on what each category
// leaves, the last category the rest.
func multinomial(p distSource, n int64, pix []float64, out []int64) {
	remaining := 1.0
	dn := n
	for j := 0; j < len(pix)-1; j++ {
		out[j] = binomial(p, pix[j]/remaining, dn)
		dn -= out[j]
		if dn <= 0 {
			break
		}
		remaining -= pix[j]
	}
	if dn > 0 {
		out[len(pix)-1] = dn
	}
}

// vectorDraws is multinomial's and dirichlet's result: size draws (or one
// without size) of k values each, in an array of shape size + (k,).
func vectorDraws[T tensor.Element](size lang.Value, k int, dt tensor.DType, draw func(out []T)) (lang.Value, error) {
	shape, n, sized, err := drawShape(size)
	if err != nil {
		return nil, err
	}
	if !sized {
		shape, n = nil, 1
	}
	shape = append(append([]int(nil), shape...), k)
	vals := make([]T, n*k)
	if k > 0 {
		for i := 0; i < n; i++ {
			draw(vals[i*k : (i+1)*k])
		}
	}
	t, err := fromValues(vals, shape)
	if err != nil {
		return nil, err
	}
	if t, err = castTensor(t, dt); err != nil {
		return nil, err
	}
	return wrapArray(t), nil
}

var legacyDistributions = []randomFunc{
	{"standard_exponential", "size=None", "Floats from the exponential distribution of scale 1, as -log(1 - U).",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return fill(a.Value("size"), tensor.Float64, r.standardExponential)
		}},
	{"exponential", "scale=1.0, size=None", "Floats from the exponential distribution of the given scale.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return exponentialDraws(a, r.standardExponential)
		}},
	{"standard_gamma", "shape, size=None", "Floats from the gamma distribution of the given shape and scale 1.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			shape, _, err := gammaArgs(a)
			if err != nil {
				return nil, err
			}
			return fill(a.Value("size"), tensor.Float64, func() float64 { return standardGamma(r, shape) })
		}},
	{"gamma", "shape, scale=1.0, size=None", "Floats from the gamma distribution of the given shape and scale.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return gammaDraws(a, func(shape float64) float64 { return standardGamma(r, shape) })
		}},
	{"beta", "a, b, size=None", "Floats from the beta distribution of parameters a and b.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return betaDraws(a, func(x, y float64) float64 { return beta(r, x, y, true) })
		}},
	{"standard_t", "df, size=None", "Floats from Student's t distribution of df degrees of freedom.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			p, err := readFloatParams(a, "df")
			if err == nil {
				err = p.each(func(f []float64) error { return positive(f[0], "df") })
			}
			if err != nil {
				return nil, err
			}
			return p.draw(a.Value("size"), func(f []float64) float64 {
				df := f[0]
				num := r.gaussian()
				denom := standardGamma(r, df/2)
				return math.Sqrt(df/2) * num / math.Sqrt(denom)
			})
		}},
	{"laplace", "loc=0.0, scale=1.0, size=None", "Floats from the Laplace distribution of the given loc and scale.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return locScaleDraws(a, "loc", "scale", func(f []float64) float64 { return laplace(r, f[0], f[1]) })
		}},
	{"logistic", "loc=0.0, scale=1.0, size=None", "Floats from the logistic distribution of the given loc and scale.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return locScaleDraws(a, "loc", "scale", func(f []float64) float64 { return logistic(r, f[0], f[1]) })
		}},
	{"vonmises", "mu, kappa, size=None", "Angles in [-pi, pi] from the von Mises distribution of mode mu and concentration kappa >= 0.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"mu", anyValue}, {"kappa", nonNegative}}, func(f []float64) float64 { return genVonmises(r, f[0], f[1], true) })
		}},
	{"lognormal", "mean=0.0, sigma=1.0, size=None", "Floats whose logarithm is normal of the given mean and sigma.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return locScaleDraws(a, "mean", "sigma", func(f []float64) float64 { return libm.Exp(f[0] + f[1]*r.gaussian()) })
		}},
	{"triangular", "left, mode, right, size=None", "Floats from the triangular distribution on [left, right] peaking at mode.",
		func(r *randomState, a *lang.Args) (lang.Value, error) { return triangularDraws(a, r) }},
	{"poisson", "lam=1.0, size=None", "Integers from the Poisson distribution of mean lam.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return poissonDraws(a, func(lam float64) int64 { return poisson(r, lam) })
		}},
	{"binomial", "n, p, size=None", "Integers from the binomial distribution of n trials of probability p.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return binomialDraws(a, func(p float64, n int64) int64 { return binomialOriginal(r, p, n) })
		}},
	{"geometric", "p, size=None", "Integers from the geometric distribution: the trial of the first success of probability p.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			p, err := readFloatParams(a, "p")
			if err == nil {
				err = p.each(func(f []float64) error {
					if !(f[0] > 0) || !(f[0] <= 1) {
						return lang.Errorf(lang.ValueError, "p <= 0, p > 1 or p contains NaNs")
					}
					return nil
				})
			}
			if err != nil {
				return nil, err
			}
			return p.drawInt(a.Value("size"), func(f []float64) int64 { return legacyGeometric(r, f[0]) })
		}},
	{"hypergeometric", "ngood, nbad, nsample, size=None", "Integers from the hypergeometric distribution: the good ones among nsample drawn without replacement from ngood good and nbad bad.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			p, err := readFloatParams(a, "ngood", "nbad", "nsample")
			if err != nil {
				return nil, err
			}
			if p.arrays == nil {
				good, bad, sample := truncatedInt(a, "ngood"), truncatedInt(a, "nbad"), truncatedInt(a, "nsample")
				if err := a.Err(); err != nil {
					return nil, err
				}
				if err := hypergeometricCheck(good, bad, sample, "is NaN"); err != nil {
					return nil, err
				}
				return fillInt(a.Value("size"), func() int64 { return hypergeometric(r, good, bad, sample) })
			}
			ints := func(f []float64) (int64, int64, int64) { return int64(f[0]), int64(f[1]), int64(f[2]) }
			// NumPy checks each rule over every draw before the next
			for rule := range 4 {
				if err := p.each(func(f []float64) error {
					g, b, n := ints(f)
					return hypergeometricRule(rule, g, b, n, "contains NaNs")
				}); err != nil {
					return nil, err
				}
			}
			return p.drawInt(a.Value("size"), func(f []float64) int64 {
				g, b, n := ints(f)
				return hypergeometric(r, g, b, n)
			})
		}},
	{"multinomial", "n, pvals, size=None", "Counts of n trials over the categories of probabilities pvals (the last takes what the others leave), one row per draw.",
		func(r *randomState, a *lang.Args) (lang.Value, error) { return multinomialDraws(r, a, false) }},
	{"dirichlet", "alpha, size=None", "Floats from the Dirichlet distribution of parameters alpha: gammas normalised to sum 1, one row per draw.",
		func(r *randomState, a *lang.Args) (lang.Value, error) { return dirichletDraws(r, a, false) }},
}
