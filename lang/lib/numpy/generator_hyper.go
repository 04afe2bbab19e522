package numpy

import (
	"math"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
)

// Generator.hypergeometric as NumPy 1.24's distributions.c draws it: an
// urn drawn ball by ball for small samples, Stadlober's ratio of
// uniforms (HRUA, over log-factorials) otherwise.

// hyperMaxPop is the largest ngood or nbad NumPy's Generator takes, less
// one.
const hyperMaxPop = 1000000000

// logFactorial is log(k!): exact for small k (as NumPy's table of them),
// Stirling's series beyond.
func logFactorial(k int64) float64 {
	if k < 126 {
		lg, _ := math.Lgamma(float64(k) + 1)
		return lg
	}
	x := float64(k)
	const halfLn2Pi = 0.9189385332046728
	return (x+0.5)*libm.Log(x) - x + (halfLn2Pi + (1/x)*(1/12.0-1/(360*x*x)))
}

// hypergeometricSample is hypergeometric_sample: balls drawn one by one
// from the urn (the smaller of the sample and its complement).
func hypergeometricSample(p *bitGen, good, bad, sample int64) int64 {
	total := good + bad
	computed := sample
	if sample > total/2 {
		computed = total - sample
	}
	remTotal, remGood := total, good
	for computed > 0 && remGood > 0 && remTotal > remGood {
		remTotal--
		if int64(p.interval(uint64(remTotal))) < remGood {
			remGood--
		}
		computed--
	}
	if remTotal == remGood {
		remGood -= computed
	}
	if sample > total/2 {
		return remGood
	}
	return good - remGood
}

// hypergeometricHRUAGen is the Generator's hypergeometric_hrua.
func hypergeometricHRUAGen(p *bitGen, good, bad, sample int64) int64 {
	const d1, d2 = 1.7155277699214135, 0.8989161620588988
	popsize := good + bad
	computed := min(sample, popsize-sample)
	minGB, maxGB := min(good, bad), max(good, bad)
	pp := float64(minGB) / float64(popsize)
	q := float64(maxGB) / float64(popsize)
	mu := float64(computed) * pp
	a := mu + 0.5
	variance := float64(popsize-computed) * float64(computed) * pp * q / float64(popsize-1)
	c := math.Sqrt(variance + 0.5)
	h := d1*c + d2
	m := int64(math.Floor(float64(computed+1) * float64(minGB+1) / float64(popsize+2)))
	g := logFactorial(m) + logFactorial(minGB-m) + logFactorial(computed-m) + logFactorial(maxGB-computed+m)
	b := math.Min(float64(min(computed, minGB)+1), math.Floor(a+16*c))
	var k int64
	for {
		u := p.double()
		v := p.double()
		x := a + h*(v-0.5)/u
		if x < 0 || x >= b {
			continue
		}
		k = int64(math.Floor(x))
		gp := logFactorial(k) + logFactorial(minGB-k) + logFactorial(computed-k) + logFactorial(maxGB-computed+k)
		t := g - gp
		if u*(4-u)-3 <= t {
			break
		}
		if u*(u-t) >= 1 {
			continue
		}
		if 2*libm.Log(u) <= t {
			break
		}
	}
	if good > bad {
		k = computed - k
	}
	if computed < sample {
		k = good - k
	}
	return k
}

// genHypergeometric is random_hypergeometric.
func genHypergeometric(p *bitGen, good, bad, sample int64) int64 {
	if sample >= 10 && sample <= good+bad-10 {
		return hypergeometricHRUAGen(p, good, bad, sample)
	}
	return hypergeometricSample(p, good, bad, sample)
}

// hypergeometricMethod is Generator.hypergeometric, with NumPy's checks
// in its order, each over every draw.
var hypergeometricMethod = genFunc{
	"hypergeometric(self, ngood, nbad, nsample, size=None)", "Integers from the hypergeometric distribution: the good ones among nsample drawn without replacement from ngood good and nbad bad (each below 10**9).",
	func(p *bitGen, a *lang.Args) (lang.Value, error) {
		params, err := readFloatParams(a, "ngood", "nbad", "nsample")
		if err != nil {
			return nil, err
		}
		ints := func(f []float64) (int64, int64, int64) { return int64(f[0]), int64(f[1]), int64(f[2]) }
		for rule := range 5 {
			if err := params.each(func(f []float64) error {
				g, b, n := ints(f)
				switch {
				case rule == 0 && g < 0:
					return lang.Errorf(lang.ValueError, "ngood < 0")
				case rule == 1 && b < 0:
					return lang.Errorf(lang.ValueError, "nbad < 0")
				case rule == 2 && n < 0:
					return lang.Errorf(lang.ValueError, "nsample < 0")
				case rule == 3 && g+b < n:
					return lang.Errorf(lang.ValueError, "ngood + nbad < nsample")
				case rule == 4 && (g >= hyperMaxPop || b >= hyperMaxPop):
					return lang.Errorf(lang.ValueError, "both ngood and nbad must be less than %d", hyperMaxPop)
				}
				return nil
			}); err != nil {
				return nil, err
			}
		}
		return params.drawInt(a.Value("size"), func(f []float64) int64 {
			g, b, n := ints(f)
			return genHypergeometric(p, g, b, n)
		})
	}}
