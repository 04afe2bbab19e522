// Package libm computes log, sin and cos the way C's libm rounds them,
// for reproducing programs that call them: PyTorch's Box-Muller for
// float64 (and its scalar normal path for every dtype), CPython's
// random.gauss. glibc's versions round to the nearest double but for a
// rare input near a rounding boundary; Go's math package errs by an ulp far
// more often. This package evaluates the three in double-double arithmetic
// and rounds once: the correctly rounded value, which is glibc's except for
// about one input in a thousand, all of them near a rounding midpoint. For
// inputs that near (clibm.go) it returns the C library's own result, so
// that on Linux with glibc every value is C's, bit for bit.
package libm

import "math"

// dd is an unevaluated sum hi + lo with |lo| <= ulp(hi)/2.
type dd struct{ hi, lo float64 }

func twoSum(a, b float64) dd {
	s := a + b
	bb := s - a
	return dd{s, (a - (s - bb)) + (b - bb)}
}

func twoProd(a, b float64) dd {
	p := a * b
	return dd{p, math.FMA(a, b, -p)}
}

func (x dd) add(y dd) dd {
	s := twoSum(x.hi, y.hi)
	t := twoSum(x.lo, y.lo)
	s.lo += t.hi
	s = twoSum(s.hi, s.lo)
	s.lo += t.lo
	return twoSum(s.hi, s.lo)
}

func (x dd) mul(y dd) dd {
	p := twoProd(x.hi, y.hi)
	p.lo += x.hi*y.lo + x.lo*y.hi
	return twoSum(p.hi, p.lo)
}

func (x dd) scale(f float64) dd { return x.mul(dd{f, 0}) }

func (x dd) neg() dd { return dd{-x.hi, -x.lo} }

// div is x / y to about 2^-104.
func (x dd) div(y dd) dd {
	q := x.hi / y.hi
	r := x.add(y.scale(q).neg())
	q2 := r.hi / y.hi
	r = r.add(y.scale(q2).neg())
	q3 := r.hi / y.hi
	return twoSum(q, q2).add(dd{q3, 0})
}

func (x dd) round() float64 { return x.hi + x.lo }

// The series' leading coefficients as double-doubles.
var (
	twoThirds, twoFifths = recip(1.5), recip(2.5)
	minusSixth, inv120   = recip(-6), recip(120)
	inv24, minusInv720   = recip(24), recip(-720)
)

// recip is 1/d to double-double precision, for a d that is exact.
func recip(d float64) dd {
	hi := 1 / d
	return dd{hi, -math.FMA(d, hi, -1) / d}
}

// ln2dd and halfPi are ln 2 and π/2 as sums of doubles (π/2 in three parts
// for the argument reduction).
var (
	ln2dd   = dd{0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56}
	halfPi1 = 0x1.921fb54442d18p0
	halfPi2 = 0x1.1a62633145c07p-54
	halfPi3 = -0x1.f1976b7ed8fbcp-110
)

// Log is the natural logarithm of a positive finite x, correctly
// rounded: x = 2^k·m with m in [√½, √2), log m = 2·atanh(s) with
// s = (m-1)/(m+1).
func Log(x float64) float64 {
	if !(x > 0) || math.IsInf(x, 1) {
		return math.Log(x)
	}
	v := logDD(x)
	if nearHalfway(v) {
		if c := cLibm(); c != nil {
			return c.log(x)
		}
	}
	return v.round()
}

// logDD is log x in double-double for a positive finite x.
func logDD(x float64) dd {
	if x == 1 {
		return dd{}
	}
	m, k := math.Frexp(x) // m in [0.5, 1)
	if m < math.Sqrt2/2 {
		m *= 2
		k--
	}
	f := m - 1 // exact
	s := dd{f, 0}.div(dd{2, 0}.add(dd{f, 0}))
	s2 := s.mul(s)
	s3 := s2.mul(s)
	// 2s + 2s³/3 + 2s⁵/5 in double-double, the rest in double.
	s5 := s3.mul(s2)
	z := s2.hi
	tail := 0.0
	for _, c := range logTail {
		tail = tail*z + c
	}
	sum := s.scale(2).add(s3.mul(twoThirds)).add(s5.mul(twoFifths)).add(dd{s5.hi * z * tail, 0})
	if k != 0 {
		sum = ln2dd.scale(float64(k)).add(sum)
	}
	return sum
}

// Sincos is sin and cos of a finite x with |x| < 2^20, correctly
// rounded: x = j·π/2 + r with |r| <= π/4, then Taylor series for r.
func Sincos(x float64) (sin, cos float64) {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) >= 1<<20 {
		return math.Sincos(x)
	}
	s, c := sincosDD(x)
	sin, cos = s.round(), c.round()
	if nearHalfway(s) || nearHalfway(c) {
		if lib := cLibm(); lib != nil {
			if nearHalfway(s) {
				sin = lib.sin(x)
			}
			if nearHalfway(c) {
				cos = lib.cos(x)
			}
		}
	}
	return sin, cos
}

// sincosDD is sin x and cos x in double-double for a finite x with
// |x| < 2^20.
func sincosDD(x float64) (sin, cos dd) {
	j := math.Round(x / halfPi1)
	r := dd{x, 0}.add(twoProd(j, halfPi1).neg()).add(twoProd(j, halfPi2).neg()).add(dd{-j * halfPi3, 0})
	r2 := r.mul(r)
	// sin r = r - r³/6 + r⁵/120 - ..., cos r = 1 - r²/2 + r⁴/24 - r⁶/720 + ...
	r3 := r2.mul(r)
	r4 := r2.mul(r2)
	r5 := r4.mul(r)
	r6 := r4.mul(r2)
	z := r2.hi
	sinTail, cosTail := 0.0, 0.0
	for _, c := range sinTail7 {
		sinTail = sinTail*z + c
	}
	for _, c := range cosTail8 {
		cosTail = cosTail*z + c
	}
	s := r.add(r3.mul(minusSixth)).add(r5.mul(inv120)).add(dd{r5.hi * z * sinTail, 0})
	c := dd{1, 0}.add(r2.scale(-0.5)).add(r4.mul(inv24)).add(r6.mul(minusInv720)).add(dd{r6.hi * z * cosTail, 0})
	switch int64(j) & 3 {
	case 1:
		s, c = c, s.neg()
	case 2:
		s, c = s.neg(), c.neg()
	case 3:
		s, c = c.neg(), s
	}
	return s, c
}

// The series tails, highest power first: 2/n for log's odd n from 41 down
// to 7, ±1/n! for sin's odd n from 27 down to 7 and cos's even n from 26
// down to 8.
var logTail, sinTail7, cosTail8 = seriesTail(41, 7, func(n int) float64 { return 2 / float64(n) }),
	seriesTail(27, 7, taylorCoefficient), seriesTail(26, 8, taylorCoefficient)

func seriesTail(from, to int, coef func(n int) float64) []float64 {
	var c []float64
	for n := from; n >= to; n -= 2 {
		c = append(c, coef(n))
	}
	return c
}

// taylorCoefficient is (-1)^(n/2) / n!, the coefficient of x^n in sin's
// (odd n) or cos's (even n) series.
func taylorCoefficient(n int) float64 {
	f := 1.0
	for i := 2; i <= n; i++ {
		f *= float64(i)
	}
	if (n/2)%2 == 1 {
		return -1 / f
	}
	return 1 / f
}
