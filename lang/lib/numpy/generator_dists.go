package numpy

import (
	"math"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Generator's distributions over scalar parameters, with NumPy's checks
// of them (_common.pyx's check_constraint) and its return types: a Python
// float or int without size=, else an array.

// poissonLamMax is POISSON_LAM_MAX: int64's largest less ten of its
// square roots, as a double.
var poissonLamMax = float64(math.MaxInt64) - math.Sqrt(float64(math.MaxInt64))*10

// nonNegative is CONS_NON_NEGATIVE: a negative value (-0.0 too, not
// NaN) is refused.
func nonNegative(v float64, name string) error {
	if !math.IsNaN(v) && math.Signbit(v) {
		return lang.Errorf(lang.ValueError, "%s < 0", name)
	}
	return nil
}

// positive is CONS_POSITIVE: a value at most 0 is refused (NaN passes).
func positive(v float64, name string) error {
	if v <= 0 {
		return lang.Errorf(lang.ValueError, "%s <= 0", name)
	}
	return nil
}

// fillInt is disc's result: one Python int without size, else an int64
// array of draws.
func fillInt(size lang.Value, draw func() int64) (lang.Value, error) {
	if _, none := size.(lang.NoneType); none || size == nil {
		return draw(), nil
	}
	return drawArray(size, tensor.Int64, draw)
}

// truncatedInt reads an integer parameter as Cython's cast to a C integer
// reads it: an int, or a float truncated toward zero.
func truncatedInt(a *lang.Args, name string) int64 {
	if f, ok := a.Value(name).(float64); ok && !math.IsNaN(f) && !math.IsInf(f, 0) {
		return int64(f)
	}
	return a.Int64(name)
}

// floats reads float parameters by name, stopping at the first error. An
// array of parameters is refused (a one-element one too, which NumPy
// would answer with an array) where the distribution takes numbers only
// (readFloatParams takes arrays).
func floats(a *lang.Args, names ...string) ([]float64, error) {
	out := make([]float64, len(names))
	for i, n := range names {
		if arr, ok := a.Value(n).(*Array); ok && arr.store.Dim() > 0 {
			return nil, lang.Errorf(notImplementedError, "kael's %s takes a number for %s, not an array", a.Builtin().Name, n)
		}
		out[i] = a.Float(n)
	}
	return out, a.Err()
}

var distributionMethods = []genFunc{
	{"standard_exponential(self, size=None, dtype=float, method='zig')", "Floats from the exponential distribution of scale 1: NumPy's ziggurat (method='zig'), or -log(1 - U) (method='inv'); float64 or float32.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			dt, err := floatDType(a.Value("dtype"), "standard_exponential")
			if err != nil {
				return nil, err
			}
			inv := a.Str("method") != "zig"
			if err := a.Err(); err != nil {
				return nil, err
			}
			if dt == tensor.Float32 {
				if inv {
					return fillFloat32(a.Value("size"), func() float32 { return -libm.Log1pf(-p.float()) })
				}
				return fillFloat32(a.Value("size"), p.exponentialFloat)
			}
			if inv {
				return fill(a.Value("size"), tensor.Float64, func() float64 { return -libm.Log1p(-p.double()) })
			}
			return fill(a.Value("size"), tensor.Float64, p.standardExponential)
		}},
	{"exponential(self, scale=1.0, size=None)", "Floats from the exponential distribution of the given scale (NumPy's ziggurat).",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return exponentialDraws(a, p.standardExponential)
		}},
	{"standard_gamma(self, shape, size=None, dtype=float)", "Floats from the gamma distribution of the given shape and scale 1 (Marsaglia and Tsang's method, as NumPy's); float64 or float32.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			dt, err := floatDType(a.Value("dtype"), "standard_gamma")
			if err != nil {
				return nil, err
			}
			shape, _, err := gammaArgs(a)
			if err != nil {
				return nil, err
			}
			if dt == tensor.Float32 {
				shape := float32(shape)
				return fillFloat32(a.Value("size"), func() float32 { return p.standardGammaFloat(shape) })
			}
			return fill(a.Value("size"), tensor.Float64, func() float64 { return standardGamma(p, shape) })
		}},
	{"gamma(self, shape, scale=1.0, size=None)", "Floats from the gamma distribution of the given shape and scale.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return gammaDraws(a, func(shape float64) float64 { return standardGamma(p, shape) })
		}},
	{"beta(self, a, b, size=None)", "Floats from the beta distribution of parameters a and b (Johnk's algorithm for both at most 1, else two gammas).",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return betaDraws(a, func(x, y float64) float64 { return beta(p, x, y, false) })
		}},
	{"poisson(self, lam=1.0, size=None)", "Integers from the Poisson distribution of mean lam (products of uniforms below 10, Hörmann's PTRS from 10).",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return poissonDraws(a, func(lam float64) int64 { return poisson(p, lam) })
		}},
	{"binomial(self, n, p, size=None)", "Integers from the binomial distribution of n trials of probability p (inversion, or BTPE when n·min(p, 1-p) > 30).",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			return binomialDraws(a, func(prob float64, n int64) int64 { return binomial(p, prob, n) })
		}},
	{"bytes(self, length)", "length random bytes: 32-bit draws, little-endian, as NumPy's.",
		func(p *bitGen, a *lang.Args) (lang.Value, error) {
			n := int(truncatedInt(a, "length"))
			if err := a.Err(); err != nil {
				return nil, err
			}
			// NumPy draws (length-1)/4 + 1 words, dividing as C does, and
			// slices their bytes as Python does: [:length].
			words := (n-1)/4 + 1
			if words < 0 {
				return nil, lang.Errorf(lang.ValueError, "negative dimensions are not allowed")
			}
			if words > lang.MaxCollect {
				return nil, lang.Errorf(lang.MemoryError, "kael's np.random draws at most %d numbers at once", lang.MaxCollect)
			}
			out := make([]byte, 0, 4*words)
			for range words {
				w := uint32(p.bounded(math.MaxUint32))
				out = append(out, byte(w), byte(w>>8), byte(w>>16), byte(w>>24))
			}
			if n < 0 {
				n = max(0, len(out)+n)
			}
			return lang.NewBytes(out[:min(n, len(out))]), nil
		}},
}
