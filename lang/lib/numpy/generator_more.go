package numpy

import (
	"math"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
)

// More of Generator's distributions, each a transform of its uniform,
// normal, exponential or gamma draws as NumPy 1.24's distributions.c
// computes it, over numbers or arrays of parameters (broadcast with each
// other and size=), each parameter checked over every draw before the
// next, as _generator.pyx checks them.

// paramRule is a check of one parameter: nonNegative or positive.
type paramRule struct {
	name  string
	check func(v float64, name string) error
}

// paramDraws reads the parameters of rules, checks them and draws.
func paramDraws(a *lang.Args, rules []paramRule, draw func(f []float64) float64) (lang.Value, error) {
	names := make([]string, len(rules))
	for i, r := range rules {
		names[i] = r.name
	}
	p, err := readFloatParams(a, names...)
	if err != nil {
		return nil, err
	}
	for j, r := range rules {
		if r.check == nil {
			continue
		}
		if err := p.each(func(f []float64) error { return r.check(f[j], r.name) }); err != nil {
			return nil, err
		}
	}
	return p.draw(a.Value("size"), draw)
}

// triangularDraws is triangular(left, mode, right, size) of either
// generator: NumPy checks left > mode, then mode > right, then left ==
// right, each over every draw.
func triangularDraws(a *lang.Args, src distSource) (lang.Value, error) {
	p, err := readFloatParams(a, "left", "mode", "right")
	if err != nil {
		return nil, err
	}
	for _, rule := range []struct {
		bad func(f []float64) bool
		msg string
	}{
		{func(f []float64) bool { return f[0] > f[1] }, "left > mode"},
		{func(f []float64) bool { return f[1] > f[2] }, "mode > right"},
		{func(f []float64) bool { return f[0] == f[2] }, "left == right"},
	} {
		if err := p.each(func(f []float64) error {
			if rule.bad(f) {
				return lang.Errorf(lang.ValueError, "%s", rule.msg)
			}
			return nil
		}); err != nil {
			return nil, err
		}
	}
	return p.draw(a.Value("size"), func(f []float64) float64 { return triangular(src, f[0], f[1], f[2]) })
}

var moreDistributionMethods = []genFunc{
	hypergeometricMethod,
	{"triangular(self, left, mode, right, size=None)", "Floats from the triangular distribution on [left, right] peaking at mode.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) { return triangularDraws(a, p) }},
	{"laplace(self, loc=0.0, scale=1.0, size=None)", "Floats from the Laplace distribution of the given loc and scale.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return locScaleDraws(a, "loc", "scale", func(f []float64) float64 { return laplace(p, f[0], f[1]) })
		}},
	{"logistic(self, loc=0.0, scale=1.0, size=None)", "Floats from the logistic distribution of the given loc and scale.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return locScaleDraws(a, "loc", "scale", func(f []float64) float64 { return logistic(p, f[0], f[1]) })
		}},
	{"lognormal(self, mean=0.0, sigma=1.0, size=None)", "Floats whose logarithm is normal of the given mean and sigma.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return locScaleDraws(a, "mean", "sigma", func(f []float64) float64 { return libm.Exp(f[0] + f[1]*p.standardNormal()) })
		}},
	{"gumbel(self, loc=0.0, scale=1.0, size=None)", "Floats from the Gumbel distribution of the given loc and scale.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return locScaleDraws(a, "loc", "scale", func(f []float64) float64 { return gumbel(p, f[0], f[1]) })
		}},
	{"standard_cauchy(self, size=None)", "Floats from the standard Cauchy distribution: a normal draw over another.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, nil, func([]float64) float64 { return p.standardNormal() / p.standardNormal() })
		}},
	{"standard_t(self, df, size=None)", "Floats from Student's t distribution of df degrees of freedom.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"df", positive}}, func(f []float64) float64 {
				num := p.standardNormal()
				denom := standardGamma(p, f[0]/2)
				return math.Sqrt(f[0]/2) * num / math.Sqrt(denom)
			})
		}},
	{"chisquare(self, df, size=None)", "Floats from the chi-square distribution of df degrees of freedom.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"df", positive}}, func(f []float64) float64 { return 2 * standardGamma(p, f[0]/2) })
		}},
	{"rayleigh(self, scale=1.0, size=None)", "Floats from the Rayleigh distribution of the given scale.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"scale", nonNegative}}, func(f []float64) float64 {
				return f[0] * math.Sqrt(2*p.standardExponential())
			})
		}},
	{"weibull(self, a, size=None)", "Floats from the Weibull distribution of shape a.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"a", nonNegative}}, func(f []float64) float64 {
				if f[0] == 0 {
					return 0
				}
				return libm.Pow(p.standardExponential(), 1/f[0])
			})
		}},
	{"pareto(self, a, size=None)", "Floats from the Pareto II (Lomax) distribution of shape a.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"a", positive}}, func(f []float64) float64 {
				return math.Expm1(p.standardExponential() / f[0])
			})
		}},
	{"power(self, a, size=None)", "Floats in [0, 1] from the power distribution of exponent a - 1.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"a", positive}}, func(f []float64) float64 {
				return libm.Pow(-math.Expm1(-p.standardExponential()), 1/f[0])
			})
		}},
}
