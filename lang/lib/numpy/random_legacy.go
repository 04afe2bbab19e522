package numpy

import (
	"math"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The rest of RandomState's distributions (issue 29): NumPy 1.24's
// legacy-distributions.c where it keeps NumPy 1.16's algorithms (on the
// polar normal with its cached second value and the exponential as
// -log(1 - U)), distributions.c where mtrand calls it (gumbel, zipf,
// poisson), with mtrand.pyx's checks and messages; and the one-liners
// (bytes, random_integers, np.random.ranf and sample) and
// np.random.BitGenerator.

// legacyChisquare is legacy_chisquare.
func legacyChisquare(p distSource, df float64) float64 { return 2 * standardGamma(p, df/2) }

// legacyNoncentralChisquare is legacy_noncentral_chisquare: its NaN
// guard comes after the draws, so that a NaN nonc draws as NumPy 1.16 did.
func legacyNoncentralChisquare(p distSource, df, nonc float64) float64 {
	if nonc == 0 {
		return legacyChisquare(p, df)
	}
	if 1 < df {
		chi2 := legacyChisquare(p, df-1)
		n := p.standardNormal() + math.Sqrt(nonc)
		return chi2 + n*n
	}
	i := poisson(p, nonc/2)
	out := legacyChisquare(p, df+float64(2*i))
	if math.IsNaN(nonc) {
		return math.NaN()
	}
	return out
}

// legacyWald is legacy_wald, on the polar normal.
func legacyWald(p distSource, mean, scale float64) float64 {
	mu2l := mean / (2 * scale)
	y := p.standardNormal()
	y = mean * y * y
	x := mean + float64(mu2l*(y-math.Sqrt(float64(4*scale*y)+y*y)))
	if u := p.double(); u <= mean/(mean+x) {
		return x
	}
	return mean * mean / x
}

// gumbel is random_gumbel: U == 0 (1 - U == 1) is drawn again.
func gumbel(p distSource, loc, scale float64) float64 {
	for {
		if u := 1 - p.double(); u < 1 {
			return loc - float64(scale*libm.Log(-libm.Log(u)))
		}
	}
}

// legacyLogseries is legacy_logseries: log(1 - p) and 1 - exp(r·U),
// where Generator's takes log1p and expm1.
func legacyLogseries(p distSource, prob float64) int64 {
	r := libm.Log(1 - prob)
	for {
		v := p.double()
		if v >= prob {
			return 1
		}
		u := p.double()
		q := 1 - libm.Exp(r*u)
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

// boundedCheck is a bounded rule of one parameter (boundedRule) as a
// paramRule's check is run: bad values refused with msg.
func boundedCheck(bad func(float64) bool, msg string) func(floatParams) error {
	return func(p floatParams) error { return boundedRule(p, 0, bad, msg) }
}

// legacyIntDraws reads the parameters names, checks them in order
// (each over every draw) and draws integers (a Python int without size
// for numbers, else an int64 array).
func legacyIntDraws(a *lang.Args, names []string, checks []func(floatParams) error, draw func(f []float64) int64) (lang.Value, error) {
	p, err := readFloatParams(a, names...)
	if err != nil {
		return nil, err
	}
	for _, c := range checks {
		if err := c(p); err != nil {
			return nil, err
		}
	}
	return p.drawInt(a.Value("size"), draw)
}

var legacyMoreDistributions = []randomFunc{
	{"bytes", "length", "length random bytes: 32-bit draws, little-endian, as NumPy's.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			n, err := lengthArg(a)
			if err != nil {
				return nil, err
			}
			// (length - 1) // 4 + 1 words, divided as C divides, sliced
			// as Python slices: [:length]
			words := (n-1)/4 + 1
			if words < 0 {
				return nil, lang.Errorf(lang.ValueError, "negative dimensions are not allowed")
			}
			if words > lang.MaxCollect {
				return nil, lang.Errorf(lang.MemoryError, "kael's np.random draws at most %d numbers at once", lang.MaxCollect)
			}
			out := make([]byte, 0, 4*words)
			for range words {
				w := r.uint32()
				out = append(out, byte(w), byte(w>>8), byte(w>>16), byte(w>>24))
			}
			if n < 0 {
				n = max(0, len(out)+n)
			}
			return lang.NewBytes(out[:min(n, len(out))]), nil
		}},
	{"random_integers", "low, high=None, size=None", "Integers uniform in [low, high] ([1, low] without high); deprecated in NumPy for randint(low, high + 1).",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			lowV, highV := a.Value("low"), a.Value("high")
			var msg string
			if a.IsNone("high") {
				msg = "This function is deprecated. Please call randint(1, " + lang.Str(lowV) + " + 1) instead"
				lowV, highV = int64(1), lowV
			} else {
				msg = "This function is deprecated. Please call randint(" + lang.Str(lowV) + ", " + lang.Str(highV) + " + 1) instead"
			}
			if err := warnCategory(a, msg, "DeprecationWarning"); err != nil {
				return nil, err
			}
			// int(high) + 1 first, as NumPy computes it, then low
			hi, err := intOf(highV, "high")
			if err != nil {
				return nil, err
			}
			if b, ok := lowV.(lang.BigInt); ok && b.Big().Sign() > 0 {
				return nil, lang.Errorf(lang.ValueError, "low >= high") // above int64, below no high
			}
			lo, err := intOf(lowV, "low")
			if err != nil {
				return nil, err
			}
			if lo > hi {
				return nil, lang.Errorf(lang.ValueError, "low >= high")
			}
			rng := uint64(hi) - uint64(lo)
			return drawArray(a.Value("size"), tensor.Int64, func() int64 { return lo + int64(r.bounded(rng)) })
		}},
	{"standard_cauchy", "size=None", "Floats from the standard Cauchy distribution: a normal draw over another.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, nil, func([]float64) float64 { return r.gaussian() / r.gaussian() })
		}},
	{"pareto", "a, size=None", "Floats from the Pareto II (Lomax) distribution of shape a.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"a", positive}}, func(f []float64) float64 {
				return libm.Exp(r.standardExponential()/f[0]) - 1
			})
		}},
	{"weibull", "a, size=None", "Floats from the Weibull distribution of shape a.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"a", nonNegative}}, func(f []float64) float64 {
				if f[0] == 0 {
					return 0
				}
				return libm.Pow(r.standardExponential(), 1/f[0])
			})
		}},
	{"power", "a, size=None", "Floats in [0, 1] from the power distribution of exponent a - 1.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"a", positive}}, func(f []float64) float64 {
				return libm.Pow(1-libm.Exp(-r.standardExponential()), 1/f[0])
			})
		}},
	{"rayleigh", "scale=1.0, size=None", "Floats from the Rayleigh distribution of the given scale.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"scale", nonNegative}}, func(f []float64) float64 {
				return f[0] * math.Sqrt(-2*libm.Log1p(-r.double()))
			})
		}},
	{"gumbel", "loc=0.0, scale=1.0, size=None", "Floats from the Gumbel distribution of the given loc and scale.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"loc", anyValue}, {"scale", nonNegative}}, func(f []float64) float64 { return gumbel(r, f[0], f[1]) })
		}},
	{"wald", "mean, scale, size=None", "Floats from the Wald (inverse Gaussian) distribution of the given mean and scale.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"mean", positive}, {"scale", positive}}, func(f []float64) float64 { return legacyWald(r, f[0], f[1]) })
		}},
	{"chisquare", "df, size=None", "Floats from the chi-square distribution of df degrees of freedom.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"df", positive}}, func(f []float64) float64 { return legacyChisquare(r, f[0]) })
		}},
	{"f", "dfnum, dfden, size=None", "Floats from the F distribution of dfnum and dfden degrees of freedom.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"dfnum", positive}, {"dfden", positive}}, func(f []float64) float64 {
				num := legacyChisquare(r, f[0]) * f[1]
				return num / (legacyChisquare(r, f[1]) * f[0])
			})
		}},
	{"noncentral_chisquare", "df, nonc, size=None", "Floats from the noncentral chi-square distribution of df degrees of freedom and noncentrality nonc.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"df", positive}, {"nonc", nonNegative}}, func(f []float64) float64 {
				return legacyNoncentralChisquare(r, f[0], f[1])
			})
		}},
	{"noncentral_f", "dfnum, dfden, nonc, size=None", "Floats from the noncentral F distribution.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return paramDraws(a, []paramRule{{"dfnum", positive}, {"dfden", positive}, {"nonc", nonNegative}}, func(f []float64) float64 {
				t := legacyNoncentralChisquare(r, f[0], f[2]) * f[1]
				return t / (legacyChisquare(r, f[1]) * f[0])
			})
		}},
	{"negative_binomial", "n, p, size=None", "Integers from the negative binomial distribution: failures before n successes of probability p (a Poisson of a gamma draw).",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return legacyIntDraws(a, []string{"n", "p"}, []func(floatParams) error{
				func(p floatParams) error { return p.each(func(f []float64) error { return positive(f[0], "n") }) },
				func(p floatParams) error {
					nan := "is NaN"
					if p.arrays != nil {
						nan = "contains NaNs"
					}
					return p.each(func(f []float64) error {
						if !(f[1] >= 0) || !(f[1] <= 1) {
							return lang.Errorf(lang.ValueError, "p < 0, p > 1 or p %s", nan)
						}
						return nil
					})
				},
			}, func(f []float64) int64 {
				y := (1 - f[1]) / f[1] * standardGamma(r, f[0])
				return poisson(r, y)
			})
		}},
	{"zipf", "a, size=None", "Integers from the Zipf distribution of exponent a > 1.",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return legacyIntDraws(a, []string{"a"}, []func(floatParams) error{
				boundedCheck(func(v float64) bool { return !(v > 1) }, "a <= 1 or a"),
			}, func(f []float64) int64 { return genZipf(r, f[0]) })
		}},
	{"logseries", "p, size=None", "Integers from the logarithmic series distribution of parameter p in [0, 1).",
		func(r *randomState, a *lang.Args) (lang.Value, error) {
			return legacyIntDraws(a, []string{"p"}, []func(floatParams) error{
				boundedCheck(func(v float64) bool { return !(v >= 0) || !(v < 1) }, "p < 0, p >= 1 or p"),
			}, func(f []float64) int64 { return legacyLogseries(r, f[0]) })
		}},
}

// intOf is Python's int(v) of an int, a float (truncated toward zero)
// or a string of digits, for randint's bound name: one outside int64 is
// NumPy's "name is out of bounds for int64".
func intOf(v lang.Value, name string) (int64, error) {
	bounds := lang.Errorf(lang.ValueError, "%s is out of bounds for int64", name)
	switch x := v.(type) {
	case float64:
		switch {
		case math.IsNaN(x):
			return 0, lang.Errorf(lang.ValueError, "cannot convert float NaN to integer")
		case math.IsInf(x, 0):
			return 0, lang.Errorf(lang.OverflowError, "cannot convert float infinity to integer")
		case x >= 9.223372036854775807e18 || x < -9.223372036854775808e18:
			return 0, bounds
		}
		return int64(x), nil
	case lang.BigInt:
		return 0, bounds
	case string:
		i, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		if err != nil {
			return 0, lang.Errorf(lang.ValueError, "invalid literal for int() with base 10: %s", lang.Repr(x))
		}
		return i, nil
	case *Array:
		if x.store.Dim() == 0 {
			f, err := x.store.Item()
			if err != nil {
				return 0, err
			}
			return intOf(f, name)
		}
	}
	if i, ok := lang.AsInt(v); ok {
		return i, nil
	}
	return 0, lang.Errorf(lang.TypeError, "int() argument must be a string, a bytes-like object or a real number, not '%s'", lang.TypeName(v))
}

// lengthArg reads bytes' length as Cython's npy_intp reads it: an int,
// or a float truncated (a str is "an integer is required").
func lengthArg(a *lang.Args) (int, error) {
	v := a.Value("length")
	if _, isFloat := v.(float64); !isFloat {
		if _, ok := lang.AsInt(v); !ok {
			return 0, lang.Errorf(lang.TypeError, "an integer is required")
		}
	}
	n := truncatedInt(a, "length")
	return int(n), a.Err()
}

func init() {
	defineLater(func() {
		// ranf and sample are np.random's own names for random_sample (no
		// RandomState methods)
		for _, name := range []string{"ranf", "sample"} {
			randomFunctions[name] = lang.NewBuiltin(lang.AsValue, name+"(size=None)", "Floats uniform in [0, 1): random_sample.", func(a *lang.Args) (lang.Value, error) {
				globalRandom.mu.Lock()
				defer globalRandom.mu.Unlock()
				return fill(a.Value("size"), tensor.Float64, globalRandom.double)
			})
		}
		// BitGenerator is the base class of the bit generators: it makes
		// no instance of its own
		base := lang.NewBuiltin(lang.AsValue, "BitGenerator(seed=None)", "The base class of NumPy's bit generators (PCG64, PCG64DXSM, Philox, SFC64, MT19937): isinstance(bg, BitGenerator) holds for each; it makes no instance itself.", func(a *lang.Args) (lang.Value, error) {
			return nil, lang.Errorf(notImplementedError, "BitGenerator is a base class and cannot be instantized")
		})
		const baseName = "numpy.random.bit_generator.BitGenerator"
		lang.RegisterClass(base, baseName)
		for _, sub := range []string{"PCG64", "PCG64DXSM", "Philox", "SFC64"} {
			lang.RegisterSubclass(bitGenModules[sub]+sub, baseName)
		}
		lang.RegisterSubclass("numpy.random._mt19937.MT19937", baseName)
		randomFunctions["BitGenerator"] = base
	})
}
