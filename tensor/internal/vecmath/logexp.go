package vecmath

import "math"

// The float32 log2, log10, log1p, exp2 and expm1 kernels, in the house
// pattern of ExpFloat32 and LogFloat32 (unary.go): each element widened
// to float64, reduced and summed there with fused multiply-adds, rounded
// once to float32, so each gives the correctly rounded result but where
// the float64 value lies within about 1e-15 of a midpoint between two
// float32s; the AVX2 kernels (logexp_amd64.s) do the same operations in
// the same order, so every implementation gives the same bits.

const (
	// log10of2Hi + log10of2Lo is log10(2) to about 2**-110.
	log10of2Hi = 0.3010299956639812
	log10of2Lo = -2.8037281277851704e-18
	// log10E is log10(e), rounded.
	log10E = 0.4342944819032518
)

// logScaledTab holds the constants of Log2Float32 or Log10Float32: the
// table of LogFloat32 (logTab) with its ln2 parts replaced by the factor
// of the exponent (hi, lo), then the factor of ln m, each four times.
type logScaledTab [len(logTab{}) + 1][4]uint64

func newLogScaledTab(hi, lo, c float64) *logScaledTab {
	var t logScaledTab
	copy(t[:], logF32Table[:])
	for i, v := range []float64{hi, lo} {
		b := math.Float64bits(v)
		t[6+i] = [4]uint64{b, b, b, b}
	}
	b := math.Float64bits(c)
	t[len(t)-1] = [4]uint64{b, b, b, b}
	return &t
}

var (
	log2F32Table  = newLogScaledTab(1, 0, math.Log2E)
	log10F32Table = newLogScaledTab(log10of2Hi, log10of2Lo, log10E)
)

// logScaledF32 is one element of Log2Float32 (hi 1, lo 0, c log2(e)) or
// Log10Float32: logF32's split x = 2**e·m and series for ln m, then
// e·(hi+lo) + c·ln m in two fused multiply-adds. Powers of two give e
// exactly in log2; x near 1 (e = 0) keeps its full relative accuracy.
func logScaledF32(v float32, hi, lo, c float64) float32 {
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
	y := (s + s) * p * c
	return float32(math.FMA(e, hi, math.FMA(e, lo, y)))
}

// Log2Float32 sets dst[i] to log2(src[i]) (dst at least as long as src;
// it may be src): ln m as in LogFloat32, times log2(e), plus the exponent
// e, rounded once. Special values as LogFloat32's.
func Log2Float32(dst, src []float32) {
	dst = dst[:len(src)]
	n := logScaledF32Arch(dst, src, log2F32Table)
	for i, v := range src[n:] {
		dst[n+i] = logScaledF32(v, 1, 0, math.Log2E)
	}
}

// Log10Float32 sets dst[i] to log10(src[i]) (dst at least as long as
// src; it may be src): e·log10(2) in two parts plus ln m·log10(e),
// rounded once. Special values as LogFloat32's.
func Log10Float32(dst, src []float32) {
	dst = dst[:len(src)]
	n := logScaledF32Arch(dst, src, log10F32Table)
	for i, v := range src[n:] {
		dst[n+i] = logScaledF32(v, log10of2Hi, log10of2Lo, log10E)
	}
}

// Log1pFloat32 sets dst[i] to ln(1 + src[i]) (dst at least as long as
// src; it may be src). u = 1 + x is rounded in float64 (exact unless
// |x| < 2**-29 or x > 2**53); its error c = x − (u − 1) (exact, Fast2Sum)
// is added to LogFloat32's series for ln u, c/u being c to far below an
// ulp where c is not 0. So tiny x keep their full relative accuracy; ±0
// give themselves, -1 gives -Inf, below -1 NaN, +Inf +Inf.
func Log1pFloat32(dst, src []float32) {
	dst = dst[:len(src)]
	n := log1pF32Arch(dst, src)
	for i, v := range src[n:] {
		dst[n+i] = log1pF32(v)
	}
}

// log1pF32 is one element of Log1pFloat32.
func log1pF32(v float32) float32 {
	x := float64(v)
	if x == 0 {
		return v
	}
	u := 1 + x
	if !(u > 0 && u < math.Inf(1)) {
		if u == 0 {
			return float32(math.Inf(-1))
		}
		return float32(math.Sqrt(u)) // +Inf, or NaN
	}
	c := x - (u - 1)
	b := math.Float64bits(u)
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
	y := math.FMA(s+s, p, c)
	return float32(math.FMA(e, ln2Hi, math.FMA(e, ln2Lo, y)))
}

// Exp2Float32 sets dst[i] to 2**src[i] (dst at least as long as src; it
// may be src): x clamped to [-200, 200], k = x rounded to even, r =
// (x − k)·ln2 (x − k exact), e**r by ExpFloat32's polynomial, scaled by
// 2**k and rounded once. Whole x give 2**x exactly; NaN stays NaN.
func Exp2Float32(dst, src []float32) {
	dst = dst[:len(src)]
	n := exp2F32Arch(dst, src)
	for i, v := range src[n:] {
		dst[n+i] = exp2F32(v)
	}
}

// exp2F32 is one element of Exp2Float32.
func exp2F32(v float32) float32 {
	x := float64(v)
	if x > expClamp {
		x = expClamp
	} else if x < -expClamp {
		x = -expClamp
	}
	k := math.RoundToEven(x)
	r := (x - k) * ln2Hi
	p := expCoef[12]
	for j := 11; j >= 0; j-- {
		p = math.FMA(p, r, expCoef[j])
	}
	return float32(p * math.Float64frombits(uint64(int64(k)+1023)<<52))
}

// Expm1Float32 sets dst[i] to e**src[i] − 1 (dst at least as long as src;
// it may be src): ExpFloat32's reduction x = k·ln2 + r, e**r − 1 = r·q(r)
// by its polynomial without the constant term, then 2**k·(e**r − 1) +
// (2**k − 1) in one fused multiply-add (2**k − 1 exact for the k that
// matter), rounded once. For |x| ≤ ln2/2, k = 0 and r = x: full relative
// accuracy near 0. ±0 give themselves, -Inf -1, +Inf +Inf, NaN NaN.
func Expm1Float32(dst, src []float32) {
	dst = dst[:len(src)]
	n := expm1F32Arch(dst, src)
	for i, v := range src[n:] {
		dst[n+i] = expm1F32(v)
	}
}

// expm1F32 is one element of Expm1Float32.
func expm1F32(v float32) float32 {
	x := float64(v)
	if x == 0 {
		return v
	}
	if x > expClamp {
		x = expClamp
	} else if x < -expClamp {
		x = -expClamp
	}
	k := math.RoundToEven(x * math.Log2E)
	r := math.FMA(-k, ln2Hi, x)
	r = math.FMA(-k, ln2Lo, r)
	p := expCoef[12]
	for j := 11; j >= 1; j-- {
		p = math.FMA(p, r, expCoef[j])
	}
	pm1 := p * r
	s := math.Float64frombits(uint64(int64(k)+1023) << 52)
	return float32(math.FMA(s, pm1, s-1))
}
