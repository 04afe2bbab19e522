package math

import (
	"math"

	"github.com/kael-dev/kael/internal/libm"
)

// CPython's own gamma, lgamma and remainder (Modules/mathmodule.c's
// m_tgamma, m_lgamma and m_remainder), which do not call the C library's:
// the Lanczos approximation with Boost's N=13, g=6.0246..., and the
// reflection formula for negative x, evaluated in the same order with the
// C library's exp, pow, log, sin and cos, so that the values are CPython's
// bit for bit.

// errDomain and errRange are the errno values m_tgamma and m_lgamma set:
// math_1a turns them into ValueError and OverflowError.
const (
	errNone = iota
	errDomain
	errRange
)

const (
	lanczosG             = 6.024680040776729583740234375
	lanczosGMinusHalf    = 5.524680040776729583740234375
	logPi                = 1.144729885849400174143427351353058711647
	gammaIntegralEntries = 23
)

var lanczosNum = [...]float64{
	23531376880.410759688572007674451636754734846804940,
	42919803642.649098768957899047001988850926355848959,
	35711959237.355668049440185451547166705960488635843,
	17921034426.037209699919755754458931112671403265390,
	6039542586.3520280050642916443072979210699388420708,
	1439720407.3117216736632230727949123939715485786772,
	248874557.86205415651146038641322942321632125127801,
	31426415.585400194380614231628318205362874684987640,
	2876370.6289353724412254090516208496135991145378768,
	186056.26539522349504029498971604569928220784236328,
	8071.6720023658162106380029022722506138218516325024,
	210.82427775157934587250973392071336271166969580291,
	2.5066282746310002701649081771338373386264310793408,
}

// lanczosDen is x*(x+1)*...*(x+11)'s coefficients.
var lanczosDen = [...]float64{
	0.0, 39916800.0, 120543840.0, 150917976.0, 105258076.0, 45995730.0,
	13339535.0, 2637558.0, 357423.0, 32670.0, 1925.0, 66.0, 1.0,
}

// gammaIntegral are (n-1)! for n = 1 ... 23, exact in a double.
var gammaIntegral = [gammaIntegralEntries]float64{
	1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0, 5040.0, 40320.0, 362880.0,
	3628800.0, 39916800.0, 479001600.0, 6227020800.0, 87178291200.0,
	1307674368000.0, 20922789888000.0, 355687428096000.0,
	6402373705728000.0, 121645100408832000.0, 2432902008176640000.0,
	51090942171709440000.0, 1124000727777607680000.0,
}

// lanczosSum is Lanczos' sum L_g(x) for x > 0, as a rational function
// (in 1/x from 5 on, against overflow).
func lanczosSum(x float64) float64 {
	num, den := 0.0, 0.0
	if x < 5.0 {
		for i := len(lanczosNum) - 1; i >= 0; i-- {
			num = num*x + lanczosNum[i]
			den = den*x + lanczosDen[i]
		}
	} else {
		for i := range lanczosNum {
			num = num/x + lanczosNum[i]
			den = den/x + lanczosDen[i]
		}
	}
	return num / den
}

// sinPi is sin(pi*x) for finite x, exact at the integers and
// half-integers (CPython's m_sinpi).
func sinPi(x float64) float64 {
	y := math.Mod(math.Abs(x), 2.0)
	var r float64
	switch int(math.Round(2.0 * y)) {
	case 0:
		r = libm.Sin(math.Pi * y)
	case 1:
		r = libm.Cos(math.Pi * (y - 0.5))
	case 2:
		// -sin(pi*(y-1.0)) would give -0.0 at y == 1
		r = libm.Sin(math.Pi * (1.0 - y))
	case 3:
		r = -libm.Cos(math.Pi * (y - 1.5))
	default: // 4
		r = libm.Sin(math.Pi * (y - 2.0))
	}
	return math.Copysign(1.0, x) * r
}

// tgamma is CPython's m_tgamma: Gamma(x) and the errno it sets.
func tgamma(x float64) (float64, int) {
	if math.IsNaN(x) || math.IsInf(x, 1) {
		return x, errNone
	}
	if math.IsInf(x, -1) {
		return math.NaN(), errDomain
	}
	if x == 0 {
		return math.Copysign(math.Inf(1), x), errDomain
	}
	if x == math.Floor(x) {
		if x < 0 {
			return math.NaN(), errDomain
		}
		if x <= gammaIntegralEntries {
			return gammaIntegral[int(x)-1], errNone
		}
	}
	absx := math.Abs(x)
	if absx < 1e-20 { // Gamma(x) ~ 1/x near 0
		r := 1.0 / x
		if math.IsInf(r, 0) {
			return r, errRange
		}
		return r, errNone
	}
	if absx > 200.0 { // beyond the floats, or below them
		if x < 0 {
			return 0.0 / sinPi(x), errNone
		}
		return math.Inf(1), errRange
	}
	y := absx + lanczosGMinusHalf
	// the error in y, for the correction of pow and exp's result
	var z float64
	if absx > lanczosGMinusHalf {
		q := y - absx
		z = q - lanczosGMinusHalf
	} else {
		q := y - lanczosGMinusHalf
		z = q - absx
	}
	z = z * lanczosG / y
	var r float64
	if x < 0 {
		r = -math.Pi / sinPi(absx) / absx * libm.Exp(y) / lanczosSum(absx)
		r -= z * r
		if absx < 140.0 {
			r /= libm.Pow(y, absx-0.5)
		} else {
			sqrtpow := libm.Pow(y, absx/2.0-0.25)
			r /= sqrtpow
			r /= sqrtpow
		}
	} else {
		r = lanczosSum(absx) / libm.Exp(y)
		r += z * r
		if absx < 140.0 {
			r *= libm.Pow(y, absx-0.5)
		} else {
			sqrtpow := libm.Pow(y, absx/2.0-0.25)
			r *= sqrtpow
			r *= sqrtpow
		}
	}
	if math.IsInf(r, 0) {
		return r, errRange
	}
	return r, errNone
}

// lgamma is CPython's m_lgamma: log|Gamma(x)| and the errno it sets.
func lgamma(x float64) (float64, int) {
	if math.IsNaN(x) {
		return x, errNone
	}
	if math.IsInf(x, 0) {
		return math.Inf(1), errNone
	}
	if x == math.Floor(x) && x <= 2.0 {
		if x <= 0.0 {
			return math.Inf(1), errDomain
		}
		return 0.0, errNone
	}
	absx := math.Abs(x)
	if absx < 1e-20 {
		return -libm.Log(absx), errNone
	}
	r := libm.Log(lanczosSum(absx)) - lanczosG
	r += (absx - 0.5) * (libm.Log(absx+lanczosG-0.5) - 1)
	if x < 0.0 { // the reflection formula
		r = logPi - libm.Log(math.Abs(sinPi(absx))) - libm.Log(absx) - r
	}
	if math.IsInf(r, 0) {
		return r, errRange
	}
	return r, errNone
}

// remainder is CPython's m_remainder: x - n*y for the multiple n*y of y
// nearest x, n even at a tie; always exact.
func remainder(x, y float64) float64 {
	finite := func(v float64) bool { return !math.IsInf(v, 0) && !math.IsNaN(v) }
	if finite(x) && finite(y) {
		if y == 0 {
			return math.NaN()
		}
		absx, absy := math.Abs(x), math.Abs(y)
		m := math.Mod(absx, absy)
		// m against absy - m rather than 0.5*absy, which may not be
		// representable
		c := absy - m
		var r float64
		switch {
		case m < c:
			r = m
		case m > c:
			r = -c
		default: // halfway: the even multiple
			r = m - 2.0*math.Mod(0.5*(absx-m), absy)
		}
		return math.Copysign(1.0, x) * r
	}
	switch {
	case math.IsNaN(x):
		return x
	case math.IsNaN(y):
		return y
	case math.IsInf(x, 0):
		return math.NaN()
	}
	return x
}
