package numpy

import (
	"math"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
)

// Generator's wald, logseries and zipf, as NumPy 1.24's distributions.c
// draws them.

// genWald is random_wald.
func genWald(p *bitGen, mean, scale float64) float64 {
	mu2l := mean / (2 * scale)
	y := p.standardNormal()
	y = mean * y * y
	x := mean + mu2l*(y-math.Sqrt(4*scale*y+y*y))
	if u := p.double(); u <= mean/(mean+x) {
		return x
	}
	return mean * mean / x
}

// genLogseries is random_logseries.
func genLogseries(p *bitGen, prob float64) int64 {
	r := libm.Log1p(-prob)
	for {
		v := p.double()
		if v >= prob {
			return 1
		}
		u := p.double()
		q := -math.Expm1(r * u)
		if v <= q*q {
			result := int64(math.Floor(1 + libm.Log(v)/libm.Log(q)))
			if result < 1 || v == 0 {
				continue
			}
			return result
		}
		if v >= q {
			return 1
		}
		return 2
	}
}

// genZipf is random_zipf: rejection from a Pareto draw.
func genZipf(p distSource, a float64) int64 {
	am1 := a - 1
	b := libm.Pow(2, am1)
	for {
		u := 1 - p.double()
		v := p.double()
		x := math.Floor(libm.Pow(u, -1/am1))
		if x > float64(math.MaxInt64) || x < 1 {
			continue
		}
		t := libm.Pow(1+1/x, am1)
		if v*x*(t-1)/(b-1) <= t/b {
			return int64(x)
		}
	}
}

// boundedRule checks one parameter over every draw: bad values are
// refused with msg, which ends "is NaN" for numbers and "contains NaNs"
// for arrays.
func boundedRule(params floatParams, j int, bad func(float64) bool, msg string) error {
	nan := "is NaN"
	if params.arrays != nil {
		nan = "contains NaNs"
	}
	return params.each(func(f []float64) error {
		if bad(f[j]) {
			return lang.Errorf(lang.ValueError, "%s %s", msg, nan)
		}
		return nil
	})
}

var miscDistributionMethods = []genFunc{
	{"vonmises(self, mu, kappa, size=None)", "Angles in [-pi, pi] from the von Mises distribution of mode mu and concentration kappa >= 0.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"mu", anyValue}, {"kappa", nonNegative}}, func(f []float64) float64 { return genVonmises(p, f[0], f[1], false) })
		}},
	{"wald(self, mean, scale, size=None)", "Floats from the Wald (inverse Gaussian) distribution of the given mean and scale.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"mean", positive}, {"scale", positive}}, func(f []float64) float64 { return genWald(p, f[0], f[1]) })
		}},
	{"logseries(self, p, size=None)", "Integers from the logarithmic series distribution of parameter p in [0, 1).",
		func(bg *bitGen, a *lang.Args) (lang.Value, error) {
			params, err := readFloatParams(a, "p")
			if err == nil {
				err = boundedRule(params, 0, func(v float64) bool { return !(v >= 0) || !(v < 1) }, "p < 0, p >= 1 or p")
			}
			if err != nil {
				return nil, err
			}
			return params.drawInt(a.Value("size"), func(f []float64) int64 { return genLogseries(bg, f[0]) })
		}},
	{"zipf(self, a, size=None)", "Integers from the Zipf distribution of exponent a > 1.",
		func(bg *bitGen, a *lang.Args) (lang.Value, error) {
			params, err := readFloatParams(a, "a")
			if err == nil {
				err = boundedRule(params, 0, func(v float64) bool { return !(v > 1) }, "a <= 1 or a")
			}
			if err != nil {
				return nil, err
			}
			return params.drawInt(a.Value("size"), func(f []float64) int64 { return genZipf(bg, f[0]) })
		}},
}

// anyValue is CONS_NONE: every value is accepted.
func anyValue(float64, string) error { return nil }

// genVonmises is NumPy 1.24's random_vonmises (distributions.c): Best and
// Fisher's rejection sampler, a uniform angle for kappa < 1e-8, a wrapped
// normal past kappa = 1e6 (unless legacy: RandomState's legacy_vonmises
// samples every kappa), with C's cos, log and acos.
func genVonmises(p distSource, mu, kappa float64, legacy bool) float64 {
	if math.IsNaN(kappa) {
		return math.NaN()
	}
	if kappa < 1e-8 {
		return math.Pi * (2*p.double() - 1)
	}
	var s float64
	switch {
	case kappa < 1e-5:
		s = 1./kappa + kappa
	case kappa <= 1e6 || legacy:
		r := 1 + math.Sqrt(1+4*kappa*kappa)
		rho := (r - math.Sqrt(2*r)) / (2 * kappa)
		s = (1 + rho*rho) / (2 * rho)
	default:
		result := mu + math.Sqrt(1./kappa)*p.standardNormal()
		if result < -math.Pi {
			result += 2 * math.Pi
		}
		if result > math.Pi {
			result -= 2 * math.Pi
		}
		return result
	}
	var w float64
	for {
		u := p.double()
		_, z := libm.Sincos(math.Pi * u)
		w = (1 + s*z) / (s + z)
		y := kappa * (s - w)
		v := p.double()
		if y*(2-y)-v >= 0 || libm.Log(y/v)+1-y >= 0 {
			break
		}
	}
	u := p.double()
	result := libm.Acos(w)
	if u < 0.5 {
		result = -result
	}
	result += mu
	neg := result < 0
	mod := math.Mod(math.Abs(result)+math.Pi, 2*math.Pi) - math.Pi
	if neg {
		mod = -mod
	}
	return mod
}
