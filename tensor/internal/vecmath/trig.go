package vecmath

import "math"

// SinFloat32 sets dst[i] to sin(src[i]), dst at least as long as src (it
// may be src). Each element is widened to float64 and computed there on
// a = |x|: k = a·2/π rounded to even, r = a − k·π/2 by three fused
// multiply-adds with π/2 in three float64 parts (Cody-Waite), sin r and
// cos r by their Taylor series (to r**17 and r**16: truncation under
// 1e-16 for |r| ≤ π/4) in fused Horner steps, the one quadrant k mod 4
// asks for picked and signed, and the sum rounded once to float32. That
// keeps float32(math.Sin(x))'s correctly rounded results: the float64
// error is far below half a float32 ulp. The reduction is exact enough
// for |x| ≤ trigBound (see there); beyond it, and for ±Inf and NaN, the
// element is float32(math.Sin(x)). The AVX2 and AVX-512 kernels do the
// same operations in the same order, so every implementation gives the
// same bits. sin(±0) = ±0.
func SinFloat32(dst, src []float32) {
	trigF32(dst, src, &sinF32Table, trigSin)
}

// CosFloat32 is SinFloat32 for cos: cos(x) = sin(|x| + π/2), the quadrant
// one further and no sign from x. Beyond trigBound, float32(math.Cos(x)).
func CosFloat32(dst, src []float32) {
	trigF32(dst, src, &cosF32Table, trigCos)
}

// TanFloat32 is SinFloat32 for tan: sin r / cos r for an even k, and
// −cos r / sin r for an odd one, the float64 division rounded before the
// one rounding to float32, signed as x. Beyond trigBound,
// float32(math.Tan(x)).
func TanFloat32(dst, src []float32) {
	trigF32(dst, src, &sinF32Table, trigTan)
}

// The functions of trigF32.
const (
	trigSin = iota
	trigCos
	trigTan
)

// trigBound is the largest |x| the vector reduction takes, 2**20. The
// reduction is then exact but for the roundings a fused multiply-add
// makes in float64: k ≤ 2**20·2/π is a whole float64; r1 = a − k·p1 is
// exact (a is a multiple of 2**-52 once it is ≥ π/4 and k ≠ 0, so is
// k·p1, and |r1| < 2); r2 = r1 − k·p2 and r3 = r2 − k·p3 are each
// rounded once (relative 2**-53 of r); what p1+p2+p3 lacks of π/2
// (5.6e-50) times k is under 4e-44, below 2**-53 of any |r| over 1e-27,
// while float32 inputs come no closer to a multiple of π/2 than some
// 1e-10 in this range. Past 2**20 the few inputs fall back to Go's
// math.Sin, whose Payne-Hanek reduction stays exact for all of them.
const trigBound = 1 << 20

// π/2 in three float64 parts, p1+p2+p3 within 5.6e-50 of π/2.
const (
	pio2P1 = 1.5707963267948966
	pio2P2 = 6.123233995736766e-17
	pio2P3 = -1.4973849048591698e-33
	// twoOverPi is 2/π rounded to float64.
	twoOverPi = 0.6366197723675814
	// roundMagic is 1.5·2**52: k + roundMagic holds the whole k in the
	// low bits of its float64 bits.
	roundMagic = 0x1.8p52
)

// sinCoef are (-1)**j/(2j+1)!, j = 1..8, of sin r = r + r·z·Σ sinCoef[j−1]·z**(j−1),
// z = r².
var sinCoef = [8]float64{-1.0 / 6, 1.0 / 120, -1.0 / 5040, 1.0 / 362880, -1.0 / 39916800,
	1.0 / 6227020800, -1.0 / 1307674368000, 1.0 / 355687428096000}

// cosCoef are (-1)**j/(2j)!, j = 1..8, of cos r = 1 + z·Σ cosCoef[j−1]·z**(j−1).
var cosCoef = [8]float64{-1.0 / 2, 1.0 / 24, -1.0 / 720, 1.0 / 40320, -1.0 / 3628800,
	1.0 / 479001600, -1.0 / 87178291200, 1.0 / 20922789888000}

// trigTab holds the constants of SinFloat32, CosFloat32 and TanFloat32
// (sin's table), each four
// times (one AVX2 register of float64 lanes), in the order the assembly
// reads them: the |x| mask, trigBound, 2/π, the three parts of π/2, 1,
// the quadrant offset (roundMagic, one more for cos), the sign mask of
// x's sign (the sign bit for sin, 0 for cos), the sign bit, the integer
// 1, then sinCoef and cosCoef.
type trigTab [11 + len(sinCoef) + len(cosCoef)][4]uint64

const signBit64 = 1 << 63

func newTrigTab(cos bool) trigTab {
	var t trigTab
	qoff, xsign := math.Float64bits(roundMagic), uint64(signBit64)
	if cos {
		qoff, xsign = math.Float64bits(roundMagic+1), 0
	}
	vals := []uint64{signBit64 - 1, math.Float64bits(trigBound), math.Float64bits(twoOverPi),
		math.Float64bits(pio2P1), math.Float64bits(pio2P2), math.Float64bits(pio2P3), oneBits,
		qoff, xsign, signBit64, 1}
	for _, c := range sinCoef {
		vals = append(vals, math.Float64bits(c))
	}
	for _, c := range cosCoef {
		vals = append(vals, math.Float64bits(c))
	}
	for i, v := range vals {
		t[i] = [4]uint64{v, v, v, v}
	}
	return t
}

var (
	sinF32Table = newTrigTab(false)
	cosF32Table = newTrigTab(true)
)

// trigF32 runs the vector kernel over what it takes and the generic loop
// over the rest: the kernel stops before a group of elements with one
// beyond trigBound (or ±Inf or NaN), which the generic loop then does.
func trigF32(dst, src []float32, tab *trigTab, kind int) {
	dst = dst[:len(src)]
	for len(src) > 0 {
		n, group := trigF32Arch(dst, src, tab, kind == trigTan)
		if group == 0 {
			group = len(src)
		}
		m := min(n+group, len(src))
		for i := n; i < m; i++ {
			dst[i] = trigF32One(src[i], tab, kind)
		}
		dst, src = dst[m:], src[m:]
	}
}

// reduceTrig returns k = |x|·2/π rounded to even and r = |x| − k·π/2.
func reduceTrig(a float64) (k, r float64) {
	k = math.RoundToEven(a * twoOverPi)
	r = math.FMA(-k, pio2P1, a)
	r = math.FMA(-k, pio2P2, r)
	r = math.FMA(-k, pio2P3, r)
	return k, r
}

// sinCosPoly returns sin r and cos r for |r| ≤ π/4 (a hair more).
func sinCosPoly(r float64) (s, c float64) {
	z := r * r
	ps, pc := sinCoef[7], cosCoef[7]
	for j := 6; j >= 0; j-- {
		ps = math.FMA(ps, z, sinCoef[j])
		pc = math.FMA(pc, z, cosCoef[j])
	}
	return math.FMA(r*z, ps, r), math.FMA(z, pc, 1)
}

// trigF32One is one element of SinFloat32 (tab sinF32Table, kind
// trigSin), CosFloat32 (cosF32Table, trigCos) or TanFloat32
// (sinF32Table, trigTan).
func trigF32One(v float32, tab *trigTab, kind int) float32 {
	x := float64(v)
	a := math.Abs(x)
	if !(a <= trigBound) {
		switch kind {
		case trigCos:
			return float32(math.Cos(x))
		case trigTan:
			return float32(math.Tan(x))
		}
		return float32(math.Sin(x))
	}
	k, r := reduceTrig(a)
	s, c := sinCosPoly(r)
	// q holds k (+1 for cos) in its low bits, as the assembly's.
	q := math.Float64bits(k + math.Float64frombits(tab[7][0]))
	if kind == trigTan {
		num, den := s, c
		if q&1 != 0 {
			num, den = c, s
		}
		sign := q<<63 ^ math.Float64bits(x)&tab[8][0]
		return float32(math.Float64frombits(math.Float64bits(num/den) ^ sign))
	}
	y := s
	if q&1 != 0 {
		y = c
	}
	sign := q<<62&signBit64 ^ math.Float64bits(x)&tab[8][0]
	return float32(math.Float64frombits(math.Float64bits(y) ^ sign))
}
