package tensor

import "math"

// The functions of torch.special that torch itself lacks: entropy, the
// normal distribution's inverse and log (ndtri, log_ndtr), the scaled
// complementary error function erfcx, the exponentially scaled modified
// Bessel functions (i0e, i1e, i1), the Bessel functions of the first and
// second kind (Go's math), the modified Bessel functions of the second
// kind and the spherical Bessel function j0. Integer and bool inputs
// compute in float32, as in PyTorch; float32 computes in float64 and
// rounds once.
var (
	EntrSpec        = floatUnary("entr", entr)
	NdtriSpec       = floatUnary("ndtri", Ndtri)
	LogNdtrSpec     = floatUnary("log_ndtr", logNdtr)
	ErfcxSpec       = floatUnary("erfcx", Erfcx)
	I0eSpec         = floatUnary("i0e", i0e)
	I1eSpec         = floatUnary("i1e", i1e)
	BesselJ0Spec    = floatUnary("bessel_j0", besselAtInf(math.J0))
	BesselJ1Spec    = floatUnary("bessel_j1", besselAtInf(math.J1))
	BesselY0Spec    = floatUnary("bessel_y0", besselAtInf(math.Y0))
	BesselY1Spec    = floatUnary("bessel_y1", besselAtInf(math.Y1))
	BesselI0Spec    = floatUnary("modified_bessel_i0", I0)
	BesselI1Spec    = floatUnary("modified_bessel_i1", i1)
	BesselK0Spec    = floatUnary("modified_bessel_k0", func(x float64) float64 { return besselK(0, x, false) })
	BesselK1Spec    = floatUnary("modified_bessel_k1", func(x float64) float64 { return besselK(1, x, false) })
	BesselK0eSpec   = floatUnary("scaled_modified_bessel_k0", func(x float64) float64 { return besselK(0, x, true) })
	BesselK1eSpec   = floatUnary("scaled_modified_bessel_k1", func(x float64) float64 { return besselK(1, x, true) })
	SphericalJ0Spec = floatUnary("spherical_bessel_j0", sphericalJ0)
)

// besselAtInf is a Bessel function of Go's math that is NaN at ±inf, as
// PyTorch's (Go's tends to 0).
func besselAtInf(f func(float64) float64) func(float64) float64 {
	return func(x float64) float64 {
		if math.IsInf(x, 0) {
			return math.NaN()
		}
		return f(x)
	}
}

// entr is -x ln x: 0 at 0, -inf below 0.
func entr(x float64) float64 {
	switch {
	case x != x:
		return x
	case x > 0:
		return -x * math.Log(x)
	case x == 0:
		return 0
	}
	return math.Inf(-1)
}

// Ndtri is the inverse of the standard normal distribution function:
// -inf at 0, +inf at 1, NaN outside [0, 1]. It starts from
// √2·erfinv(2p - 1) for the smaller tail q = min(p, 1 - p) (from the
// tail's asymptote deep in it) and refines with Newton's steps on
// log ndtr(x) = log q, which stay accurate and well-behaved in the tail.
func Ndtri(p float64) float64 {
	switch {
	case p != p || p < 0 || p > 1:
		return math.NaN()
	case p == 0:
		return math.Inf(-1)
	case p == 1:
		return math.Inf(1)
	case p > 0.5:
		return -Ndtri(1 - p)
	}
	x := math.Sqrt2 * math.Erfinv(2*p-1)
	if p < 1e-10 {
		l := -2 * math.Log(p)
		x = -math.Sqrt(l - math.Log(l) - math.Log(2*math.Pi))
	}
	logP := math.Log(p)
	prev := math.Inf(1)
	for range 50 {
		ln := logNdtr(x)
		// d/dx log ndtr(x) = φ(x)/ndtr(x)
		slope := math.Exp(-x*x/2-ln) / math.Sqrt(2*math.Pi)
		step := (ln - logP) / slope
		// Near the root the steps are rounding noise of about an ulp:
		// stop when they no longer shrink (or are below two ulps).
		if !(math.Abs(step) < prev) {
			break
		}
		x -= step
		if !(math.Abs(step) > 4e-16*math.Abs(x)) {
			break
		}
		prev = math.Abs(step)
	}
	return x
}

// logNdtr is ln ndtr(x), as PyTorch's calc_log_ndtr: below -1 through
// erfcx, which does not underflow; above, log1p of the upper tail.
func logNdtr(x float64) float64 {
	t := x / math.Sqrt2
	if x < -1 {
		return math.Log(Erfcx(-t)/2) - t*t
	}
	return math.Log1p(-math.Erfc(t) / 2)
}

// Erfcx is the scaled complementary error function e^(x²)·erfc(x): by
// its definition below 2, by the continued fraction
// 1/√π / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))) above, and through
// erfcx(x) = 2e^(x²) - erfcx(-x) for negative x (+inf below about -26.6).
func Erfcx(x float64) float64 {
	switch {
	case x != x:
		return x
	case x < 0:
		if x < -26.7 {
			return math.Inf(1)
		}
		return 2*math.Exp(x*x) - Erfcx(-x)
	case x < 2:
		return math.Exp(x*x) * math.Erfc(x)
	case math.IsInf(x, 1):
		return 0
	}
	// The fraction converges faster as x grows: these many terms give, for
	// every x from 2 up (checked on a grid of ratio 1.0001 to 1e300), the
	// same float64 as 200 terms — 100 at x = 2, 8 for large x.
	f := x
	for k := 8 + int(250/(x*x)) + int(60/x); k >= 1; k-- {
		f = x + float64(k)/2/f
	}
	return 1 / (math.SqrtPi * f)
}

// i0e is e^-|x|·I0(x), the scaled asymptotic series beyond |x| = 30.
func i0e(x float64) float64 {
	if math.Abs(x) > besselLarge {
		return besselAsymptoticScaled(0, x)
	}
	return math.Exp(-math.Abs(x)) * I0(x)
}

// i1e is e^-|x|·I1(x).
func i1e(x float64) float64 {
	if math.Abs(x) > besselLarge {
		return math.Copysign(besselAsymptoticScaled(1, x), x)
	}
	return math.Exp(-math.Abs(x)) * i1(x)
}

// besselK is the modified Bessel function of the second kind K_nu(x) for
// nu 0 or 1, times e^x when scaled: the integral ∫₀^∞ e^(-x cosh t)
// cosh(nu t) dt (for the scaled form e^(-x (cosh t - 1)), with
// cosh t - 1 as 2 sinh²(t/2)) by the trapezoidal rule, exact to rounding
// for this integrand, analytic in a strip, with a step of 1/8 (1/(2√x)
// beyond x = 16). +inf at 0, NaN below.
func besselK(nu, x float64, scaled bool) float64 {
	switch {
	case x != x || x < 0:
		return math.NaN()
	case x == 0:
		return math.Inf(1)
	case math.IsInf(x, 1):
		return 0
	}
	// The integrand's width shrinks as 1/√x: so does the step.
	h := 0.125
	if x > 16 {
		h = 0.5 / math.Sqrt(x)
	}
	term := func(t float64) float64 {
		s := math.Sinh(t / 2)
		e := -x * 2 * s * s
		if !scaled {
			e -= x
		}
		return math.Exp(e) * math.Cosh(nu*t)
	}
	sum := term(0) / 2
	for k := 1; ; k++ {
		v := term(float64(k) * h)
		sum += v
		if v <= sum*1e-18 || math.IsInf(v, 0) {
			break
		}
	}
	return sum * h
}

// sphericalJ0 is sin(x)/x: 1 at 0, 0 at ±inf.
func sphericalJ0(x float64) float64 {
	switch {
	case math.IsInf(x, 0):
		return 0
	case x == 0:
		return 1
	}
	return math.Sin(x) / x
}
