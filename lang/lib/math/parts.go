package math

import (
	"math"
	"math/big"

	"github.com/kael-dev/kael/lang"
)

// The functions of math that take a float apart or step along the floats
// (frexp, ldexp, modf, ulp), as CPython 3.11's mathmodule.c writes them.

// addFloatParts adds frexp, ldexp, modf and ulp to the module through add.
func addFloatParts(add func(sig, doc string, fn func(a *lang.Args) (lang.Value, error))) {
	add("frexp(x)", "The mantissa and exponent of x, (m, e) with x == m * 2**e and 0.5 <= abs(m) < 1; (x, 0) for zero, the infinities and NaN.", func(a *lang.Args) (lang.Value, error) {
		x, err := mathReal(a.Value("x"))
		if err != nil {
			return nil, err
		}
		if x == 0 || !isFinite(x) {
			return lang.Tuple{x, int64(0)}, nil
		}
		m, e := math.Frexp(x)
		return lang.Tuple{m, int64(e)}, nil
	})
	add("ldexp(x, i)", "x * 2**i, exact but for the rounding of a subnormal result; an int i only (a TypeError otherwise), an OverflowError (math range error) beyond the floats.", func(a *lang.Args) (lang.Value, error) {
		x, err := mathReal(a.Value("x"))
		if err != nil {
			return nil, err
		}
		i := a.Value("i")
		z, ok := lang.BigOf(i)
		if !ok || !lang.IsInt(i) {
			return nil, lang.Errorf(lang.TypeError, "Expected an int as second argument to ldexp.")
		}
		switch {
		case x == 0 || !isFinite(x):
			return x, nil
		case z.Cmp(bigIntMax) > 0:
			return nil, mathRangeError()
		case z.Cmp(bigIntMin) < 0:
			return math.Copysign(0, x), nil
		}
		r := math.Ldexp(x, int(z.Int64()))
		if math.IsInf(r, 0) {
			return nil, mathRangeError()
		}
		return r, nil
	})
	add("modf(x)", "The fractional and integer parts of x, both floats with x's sign: modf(-2.5) is (-0.5, -2.0).", func(a *lang.Args) (lang.Value, error) {
		x, err := mathReal(a.Value("x"))
		if err != nil {
			return nil, err
		}
		switch {
		case math.IsInf(x, 0):
			return lang.Tuple{math.Copysign(0, x), x}, nil
		case math.IsNaN(x):
			return lang.Tuple{x, x}, nil
		}
		ip, frac := math.Modf(x)
		return lang.Tuple{math.Copysign(frac, x), ip}, nil
	})
	add("ulp(x)", "The value of the least significant bit of the float x: ulp(1.0) is 2**-52; inf for the infinities, NaN for NaN.", func(a *lang.Args) (lang.Value, error) {
		x, err := mathReal(a.Value("x"))
		if err != nil {
			return nil, err
		}
		return mathUlp(x), nil
	})
}

// bigIntMax and bigIntMin are C's int bounds, ldexp's exponent's.
var (
	bigIntMax = big.NewInt(math.MaxInt32)
	bigIntMin = big.NewInt(math.MinInt32)
)

// mathUlp is CPython's math.ulp.
func mathUlp(x float64) float64 {
	if math.IsNaN(x) {
		return x
	}
	x = math.Abs(x)
	if math.IsInf(x, 0) {
		return x
	}
	x2 := math.Nextafter(x, math.Inf(1))
	if math.IsInf(x2, 0) { // the largest float: the step below it
		return x - math.Nextafter(x, math.Inf(-1))
	}
	return x2 - x
}

// mathErrno reports r and the errno CPython's own functions set as its
// math_1a does: EDOM a ValueError, ERANGE an OverflowError unless r is
// below 1.5 in magnitude (an underflow).
func mathErrno(r float64, errno int) (lang.Value, error) {
	switch {
	case errno == errDomain:
		return nil, mathDomainError()
	case errno == errRange && math.Abs(r) >= 1.5:
		return nil, mathRangeError()
	}
	return r, nil
}
