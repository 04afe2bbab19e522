package vecmath

import "math"

// ExpFloat32 sets dst[i] to e**src[i], dst at least as long as src (it
// may be src). Each element is widened to float64 and computed there:
// x clamped to [-200, 200] (beyond, the float32 result is 0 or +Inf
// already), k = x·log2(e) rounded to even, r = x − k·ln2 with two fused
// multiply-adds, e**r by a degree-12 Taylor polynomial (truncation under
// 2e-16 for |r| ≤ ln2/2) in fused Horner steps, scaled by 2**k and
// rounded once to float32. That keeps float32(math.Exp(x))'s correctly
// rounded results (the float64 error is far below half a float32 ulp);
// the AVX2 kernel does the same operations in the same order, so every
// implementation gives the same bits. NaN stays NaN, -Inf gives 0, +Inf
// gives +Inf.
func ExpFloat32(dst, src []float32) {
	dst = dst[:len(src)]
	n := expF32Arch(dst, src)
	expF32Generic(dst[n:], src[n:])
}

// expTab holds the constants of ExpFloat32, each four times (one AVX2
// register of float64 lanes), in the order the assembly reads them.
type expTab [6 + len(expCoef)][4]uint64

// expCoef are the Taylor coefficients 1/j! of e**r, j = 0..12.
var expCoef = [13]float64{1, 1, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 720,
	1.0 / 5040, 1.0 / 40320, 1.0 / 362880, 1.0 / 3628800, 1.0 / 39916800, 1.0 / 479001600}

const (
	expClamp = 200
	ln2Hi    = math.Ln2
	// ln2Lo is ln 2 − ln2Hi.
	ln2Lo = 2.319046813846299558417771e-17
)

var expF32Table = func() *expTab {
	var t expTab
	vals := []uint64{math.Float64bits(expClamp), math.Float64bits(-expClamp), math.Float64bits(math.Log2E),
		math.Float64bits(ln2Hi), math.Float64bits(ln2Lo), 1023}
	for _, c := range expCoef {
		vals = append(vals, math.Float64bits(c))
	}
	for i, v := range vals {
		t[i] = [4]uint64{v, v, v, v}
	}
	return &t
}()

// expF32 is one element of ExpFloat32.
func expF32(v float32) float32 {
	x := float64(v)
	if x > expClamp {
		x = expClamp
	} else if x < -expClamp {
		x = -expClamp
	}
	k := math.RoundToEven(x * math.Log2E)
	r := math.FMA(-k, ln2Hi, x)
	r = math.FMA(-k, ln2Lo, r)
	p := expCoef[12]
	for j := 11; j >= 0; j-- {
		p = math.FMA(p, r, expCoef[j])
	}
	// k is NaN only when x is: the scale is then whatever, p is NaN.
	return float32(p * math.Float64frombits(uint64(int64(k)+1023)<<52))
}

func expF32Generic(dst, src []float32) {
	dst = dst[:len(src)]
	for i, v := range src {
		dst[i] = expF32(v)
	}
}

// SqrtFloat32 sets dst[i] to the square root of src[i], correctly
// rounded (as float32(math.Sqrt(float64(x))), whose double rounding is
// harmless for a square root): the same bits on every implementation.
func SqrtFloat32(dst, src []float32) {
	dst = dst[:len(src)]
	n := sqrtF32Arch(dst, src)
	for i, v := range src[n:] {
		dst[n+i] = float32(math.Sqrt(float64(v)))
	}
}

// RsqrtFloat32 sets dst[i] to 1/sqrt(src[i]) with two float32
// roundings, a correctly rounded square root and a division, as
// PyTorch's CPU kernel: the same bits on every implementation.
func RsqrtFloat32(dst, src []float32) {
	dst = dst[:len(src)]
	n := rsqrtF32Arch(dst, src)
	for i, v := range src[n:] {
		dst[n+i] = 1 / float32(math.Sqrt(float64(v)))
	}
}

// AbsFloat32 sets dst[i] to |src[i]| (the sign bit cleared, NaNs
// included).
func AbsFloat32(dst, src []float32) {
	dst = dst[:len(src)]
	for i, v := range src {
		dst[i] = math.Float32frombits(math.Float32bits(v) &^ (1 << 31))
	}
}

// NegFloat32 sets dst[i] to -src[i].
func NegFloat32(dst, src []float32) {
	dst = dst[:len(src)]
	for i, v := range src {
		dst[i] = -v
	}
}

// LogFloat32 sets dst[i] to the natural logarithm of src[i], dst at least
// as long as src (it may be src). Each element is widened to float64 and
// split into 2**e·m, m in [√½, √2); ln m = 2·atanh(s), s = (m−1)/(m+1),
// |s| ≤ 0.172, by the odd series 2s·Σ s**2j/(2j+1) to j = 10 (truncation
// under 1e-18) in fused Horner steps; e·ln2 is added in two fused
// multiply-adds and the sum rounded once to float32. That keeps
// float32(math.Log(x))'s correctly rounded results; the AVX2 kernel does
// the same operations in order, so every implementation gives the same
// bits. log(±0) = -Inf, log(+Inf) = +Inf, a negative or NaN input gives
// NaN (the square root's, as on every implementation).
func LogFloat32(dst, src []float32) {
	dst = dst[:len(src)]
	n := logF32Arch(dst, src)
	for i, v := range src[n:] {
		dst[n+i] = logF32(v)
	}
}

// logCoef are 1/(2j+1), j = 0..10, of ln m = 2s·Σ s**2j/(2j+1).
var logCoef = [11]float64{1, 1.0 / 3, 1.0 / 5, 1.0 / 7, 1.0 / 9, 1.0 / 11, 1.0 / 13, 1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21}

const (
	// expBits is 2**52 as float64 bits: or'ed with a biased exponent it
	// gives 2**52 + the exponent, from which expBias takes e.
	expBits  = 0x4330000000000000
	expBias  = 1<<52 + 1023
	mantMask = 1<<52 - 1
	oneBits  = 0x3FF0000000000000
)

// logTab holds the constants of LogFloat32, each four times, in the
// order the assembly reads them.
type logTab [11 + len(logCoef)][4]uint64

var logF32Table = func() *logTab {
	var t logTab
	vals := []uint64{math.Float64bits(math.Sqrt2), math.Float64bits(0.5), oneBits, expBits, math.Float64bits(expBias),
		mantMask, math.Float64bits(ln2Hi), math.Float64bits(ln2Lo), math.Float64bits(math.Inf(1)), math.Float64bits(math.Inf(-1)), 0}
	for _, c := range logCoef {
		vals = append(vals, math.Float64bits(c))
	}
	for i, v := range vals {
		t[i] = [4]uint64{v, v, v, v}
	}
	return &t
}()

// logF32 is one element of LogFloat32.
func logF32(v float32) float32 {
	x := float64(v)
	if !(x > 0 && x < math.Inf(1)) {
		if x == 0 {
			return float32(math.Inf(-1))
		}
		return float32(math.Sqrt(x)) // +Inf, or NaN
	}
	b := math.Float64bits(x)
	e := math.Float64frombits(b>>52|expBits) - expBias
	m := math.Float64frombits(b&mantMask | oneBits)
	if m > math.Sqrt2 {
		m *= 0.5
		e++
	}
	s := (m - 1) / (m + 1)
	z := s * s
	p := logCoef[10]
	for j := 9; j >= 0; j-- {
		p = math.FMA(p, z, logCoef[j])
	}
	y := (s + s) * p
	return float32(math.FMA(e, ln2Hi, math.FMA(e, ln2Lo, y)))
}
