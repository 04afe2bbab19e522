// Package cmath is Python's cmath module for kael: the functions of a
// complex number (sqrt, exp, log, the trigonometric and hyperbolic
// functions and their inverses), phase, polar and rect, the tests isnan,
// isinf, isfinite and isclose, and the constants. The values come from
// Go's math/cmplx; CPython's errors hold (cmath.log(0) is a ValueError,
// cmath.exp(1000) an OverflowError).
package cmath

import (
	"math"
	"math/cmplx"

	"github.com/kael-dev/kael/lang"
)

// cmathFuncs are the functions of one complex number.
var cmathFuncs = map[string]func(complex128) complex128{
	"sqrt": cmplx.Sqrt, "exp": cmplx.Exp, "log10": cmplx.Log10,
	"sin": cmplx.Sin, "cos": cmplx.Cos, "tan": cmplx.Tan,
	"asin": cmplx.Asin, "acos": cmplx.Acos, "atan": cmplx.Atan,
	"sinh": cmplx.Sinh, "cosh": cmplx.Cosh, "tanh": cmplx.Tanh,
	"asinh": cmplx.Asinh, "acosh": cmplx.Acosh, "atanh": cmplx.Atanh,
}

// complexArg reads a number argument, with CPython's error for others.
func complexArg(v lang.Value) (complex128, error) {
	c, ok := lang.AsComplex(v)
	if !ok {
		if lang.IsInt(v) {
			return 0, lang.Errorf(lang.OverflowError, "int too large to convert to float")
		}
		return 0, lang.Errorf(lang.TypeError, "must be real number, not %s", lang.TypeName(v))
	}
	return c, nil
}

func finite(c complex128) bool {
	return !math.IsInf(real(c), 0) && !math.IsInf(imag(c), 0) && !math.IsNaN(real(c)) && !math.IsNaN(imag(c))
}

// cmathResult is f(x), or CPython's range error where a finite x gives
// an infinite result, and its domain error where it gives a NaN.
func cmathResult(x, r complex128) (lang.Value, error) {
	if finite(x) && !finite(r) {
		if cmplx.IsNaN(r) {
			return nil, lang.Errorf(lang.ValueError, "math domain error")
		}
		return nil, lang.Errorf(lang.OverflowError, "math range error")
	}
	return lang.Complex(r), nil
}

func cmathModule() *lang.Module {
	m := &lang.Module{Name: "cmath", Attrs: map[string]lang.Value{
		"pi": math.Pi, "e": math.E, "tau": 2 * math.Pi, "inf": math.Inf(1), "nan": math.NaN(),
		"infj": lang.Complex(complex(0, math.Inf(1))), "nanj": lang.Complex(complex(0, math.NaN())),
	}}
	add := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		m.Attrs[b.Name] = b
	}
	for name, f := range cmathFuncs {
		add(name+"(z)", "cmath."+name+" of a number, a complex.", func(a *lang.Args) (lang.Value, error) {
			z, err := complexArg(a.Value("z"))
			if err != nil {
				return nil, err
			}
			if name == "log10" && z == 0 {
				return nil, lang.Errorf(lang.ValueError, "math domain error")
			}
			return cmathResult(z, f(z))
		})
	}
	add("log(x, base=None)", "The natural logarithm of x, a complex, or its logarithm to base; log(0) is CPython's ValueError.", func(a *lang.Args) (lang.Value, error) {
		x, err := complexArg(a.Value("x"))
		if err != nil {
			return nil, err
		}
		if x == 0 {
			return nil, lang.Errorf(lang.ValueError, "math domain error")
		}
		r := cmplx.Log(x)
		if !a.IsNone("base") {
			b, err := complexArg(a.Value("base"))
			if err != nil {
				return nil, err
			}
			if b == 0 {
				return nil, lang.Errorf(lang.ValueError, "math domain error")
			}
			lb := cmplx.Log(b)
			if lb == 0 {
				return nil, lang.Errorf(lang.ZeroDivisionError, "complex division by zero")
			}
			r /= lb
		}
		return lang.Complex(r), nil
	})
	add("phase(z)", "The argument of z, a float in [-pi, pi]: cmath.phase(-1) is pi.", func(a *lang.Args) (lang.Value, error) {
		z, err := complexArg(a.Value("z"))
		if err != nil {
			return nil, err
		}
		return cmplx.Phase(z), nil
	})
	add("polar(z)", "The pair (abs(z), phase(z)).", func(a *lang.Args) (lang.Value, error) {
		z, err := complexArg(a.Value("z"))
		if err != nil {
			return nil, err
		}
		r := math.Hypot(real(z), imag(z))
		if math.IsInf(r, 0) && finite(z) {
			return nil, lang.Errorf(lang.OverflowError, "math range error")
		}
		return lang.Tuple{r, cmplx.Phase(z)}, nil
	})
	add("rect(r, phi)", "The complex number of modulus r and argument phi: r * (cos(phi) + sin(phi)*1j).", func(a *lang.Args) (lang.Value, error) {
		r, phi := a.Float("r"), a.Float("phi")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.Complex(cmplx.Rect(r, phi)), nil
	})
	for name, f := range map[string]func(complex128) bool{
		"isnan": cmplx.IsNaN, "isinf": cmplx.IsInf, "isfinite": finite,
	} {
		add(name+"(z)", "cmath."+name+" of a number: of either part.", func(a *lang.Args) (lang.Value, error) {
			z, err := complexArg(a.Value("z"))
			if err != nil {
				return nil, err
			}
			return f(z), nil
		})
	}
	add("isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0)", "Whether a and b are close: abs(a-b) <= max(rel_tol * max(abs(a), abs(b)), abs_tol), as CPython's cmath.isclose.", func(a *lang.Args) (lang.Value, error) {
		x, err := complexArg(a.Value("a"))
		if err != nil {
			return nil, err
		}
		y, err := complexArg(a.Value("b"))
		if err != nil {
			return nil, err
		}
		rel, abs := a.Float("rel_tol"), a.Float("abs_tol")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if rel < 0 || abs < 0 {
			return nil, lang.Errorf(lang.ValueError, "tolerances must be non-negative")
		}
		if x == y {
			return true, nil
		}
		if cmplx.IsInf(x) || cmplx.IsInf(y) {
			return false, nil
		}
		diff := cmplx.Abs(x - y)
		return diff <= rel*cmplx.Abs(y) || diff <= rel*cmplx.Abs(x) || diff <= abs, nil
	})
	return m
}

func init() {
	lang.RegisterModule("cmath", "Python's cmath module: sqrt, exp, log (with a base), log10, the trigonometric and hyperbolic functions and their inverses, phase, polar, rect, isnan, isinf, isfinite, isclose and the constants pi, e, tau, inf, infj, nan and nanj. The values come from Go's math/cmplx and can differ from CPython's in the last digit; log(0) is CPython's ValueError, a finite argument with an infinite result (exp(1000)) its OverflowError.", cmathModule)
}
