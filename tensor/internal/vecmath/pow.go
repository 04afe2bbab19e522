package vecmath

import "math"

// PowFloat32 sets dst[i] to x[i] ** y[i], the bits of
// float32(math.Pow(float64(x[i]), float64(y[i]))), dst at least as long
// as x and y as long as x (dst may be x or y). PowFloat32VS raises every
// x[i] to one y, PowFloat32SV one x to every y[i].
//
// Each element is widened to float64 and computed there as
// 2**(y·log2|x|) (powF32), the house pattern of ExpFloat32 and
// LogFloat32: log2|x| = e + log2(m), m in [√½, √2), by LogFloat32's
// atanh series (9 terms, truncation under 2^-50 relative), t = y·log2|x|
// clamped to [-200, 200], 2**t = 2**k · e**((t−k)·ln2) with k = t rounded
// to even and an 11-degree Taylor polynomial (truncation under 2^-47).
// The float64 value r is within 2^-42 (relative) of the exact power for
// |t| ≤ 200, and math.Pow within 2^-39 for |y| ≤ 4096 (its repeated
// squaring amplifies its roundings by at most 2^13), so both round to
// the same float32 unless the exact power lies within ~2^-38 of a
// midpoint between two float32s. The lanes where that could happen take
// math.Pow itself (the scalar fix-up), which keeps math.Pow's bits for
// every input:
//   - r within 2^17 float64 ulps (~2^-36 relative) of a float32
//     midpoint: about one element in 2^11, and every exact midpoint
//     (x ** 2 with x = 1+2^-12 is 1 + 2^-11 + 2^-24);
//   - r in [2^-151, 2^-126): subnormal float32 results;
//   - x or y NaN or infinite, |y| > 4096.
//
// The vector lanes do the signs as math.Pow: x < 0 with an odd integer y
// gives −|x|**y (−0 with an odd y too), x < 0 with a non-integral y
// NaN, y = 0 gives 1 and x = ±0 gives 0 or +Inf by y's sign (through
// log2(0) = −Inf and the clamp: 2**−200 and 2**200 round to 0 and +Inf).
// The AVX2 kernel does powF32's operations in its order, each fused
// multiply-add one instruction, so every implementation gives the same
// bits.
func PowFloat32(dst, x, y []float32) {
	n := len(x)
	powF32Run(dst[:n], x, y[:n], 1, 1)
}

// PowFloat32VS sets dst[i] to x[i] ** y (see PowFloat32).
func PowFloat32VS(dst, x []float32, y float32) {
	n := len(x)
	ys := [4]float32{y, y, y, y}
	powF32Run(dst[:n], x, ys[:], 1, 0)
}

// PowFloat32SV sets dst[i] to x ** y[i] (see PowFloat32).
func PowFloat32SV(dst []float32, x float32, y []float32) {
	n := len(y)
	xs := [4]float32{x, x, x, x}
	powF32Run(dst[:n], xs[:], y, 0, 1)
}

// PowF32 is one element of PowFloat32: float32(math.Pow(float64(x),
// float64(y))), computed as the vector lanes are.
func PowF32(x, y float32) float32 {
	if r, ok := powF32(x, y); ok {
		return r
	}
	return float32(math.Pow(float64(x), float64(y)))
}

// powF32Run computes dst[i] = x[i·xs] ** y[i·ys] (xs, ys 0 or 1; a 0
// step reads the first four elements over and over): the vector kernel
// runs until a group of four has a lane for the fix-up, PowF32 does that
// group, and the kernel goes on after it.
func powF32Run(dst, x, y []float32, xs, ys int) {
	n := len(dst)
	i := 0
	for i < n {
		k := powF32Arch(dst[i:], x[i*xs:], y[i*ys:], xs, ys)
		i += k
		end := min(i+4, n)
		for ; i < end; i++ {
			dst[i] = PowF32(x[i*xs], y[i*ys])
		}
	}
}

// powLogCoef are 1/(2j+1), j = 0..8, of ln m = 2s·Σ s**2j/(2j+1).
var powLogCoef = [9]float64{1, 1.0 / 3, 1.0 / 5, 1.0 / 7, 1.0 / 9, 1.0 / 11, 1.0 / 13, 1.0 / 15, 1.0 / 17}

// powExpCoef are the Taylor coefficients 1/j! of e**g, j = 0..11.
var powExpCoef = [12]float64{1, 1, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120, 1.0 / 720,
	1.0 / 5040, 1.0 / 40320, 1.0 / 362880, 1.0 / 3628800, 1.0 / 39916800}

const (
	powClamp = 200
	powMaxY  = 4096
	// powMidMask keeps the float64 mantissa bits below float32's 23;
	// powMidLo is the lowest of them that counts as near the midpoint
	// 1<<28 (2^17 ulps below it, powMidHi−1 the highest).
	powMidMask = 1<<29 - 1
	powMidW    = 1 << 17
	powMidLo   = 1<<28 - powMidW
	powSubLo   = 0x3680000000000000 // 2^-151
	powSubHi   = 0x3810000000000000 // 2^-126
	signBit    = 1 << 63
)

// powTab holds PowFloat32's constants, each four times (one AVX2
// register of float64 lanes), in the order of powTabVals (the assembly
// reads them by offset: 32 bytes each).
type powTab [26 + len(powLogCoef) + len(powExpCoef)][4]uint64

var powF32Table = func() *powTab {
	var t powTab
	vals := []uint64{
		signBit - 1,                           // 0: |x| mask
		math.Float64bits(math.Inf(1)),         // 32
		math.Float64bits(powMaxY),             // 64
		math.Float64bits(math.Sqrt2),          // 96
		math.Float64bits(0.5),                 // 128
		oneBits,                               // 160
		expBits,                               // 192
		math.Float64bits(expBias),             // 224
		mantMask,                              // 256
		math.Float64bits(math.Log2E),          // 288
		math.Float64bits(math.Inf(-1)),        // 320
		math.Float64bits(powClamp),            // 352
		math.Float64bits(-powClamp),           // 384
		math.Float64bits(math.Ln2),            // 416
		1023,                                  // 448
		powMidMask,                            // 480
		powMidLo - 1,                          // 512: d > powMidLo−1
		powMidLo + 2*powMidW,                  // 544: d < powMidLo+2W
		math.Float64bits(math.Ldexp(1, -151)), // 576
		math.Float64bits(math.Ldexp(1, -126)), // 608
		signBit,                               // 640
		math.Float64bits(math.NaN()),          // 672
		0,                                     // 704
		0, 0, 0,                               // 736..800: spare
	}
	for _, c := range powLogCoef { // 832..1088
		vals = append(vals, math.Float64bits(c))
	}
	for _, c := range powExpCoef { // 1120..1472
		vals = append(vals, math.Float64bits(c))
	}
	for i, v := range vals {
		t[i] = [4]uint64{v, v, v, v}
	}
	return &t
}()

// powF32 is the vector lanes' computation of x ** y, and false where
// the lane takes the fix-up.
func powF32(a, b float32) (float32, bool) {
	x, y := float64(a), float64(b)
	ax := math.Abs(x)
	ok := ax < math.Inf(1) && math.Abs(y) <= powMaxY
	// log2|x|
	bits := math.Float64bits(ax)
	e := math.Float64frombits(bits>>52|expBits) - expBias
	m := math.Float64frombits(bits&mantMask | oneBits)
	if m > math.Sqrt2 {
		m = float64(m * 0.5)
		e++
	}
	s := float64(m-1) / float64(m+1)
	z := float64(s * s)
	p := powLogCoef[8]
	for j := 7; j >= 0; j-- {
		p = math.FMA(p, z, powLogCoef[j])
	}
	lnm := float64((s + s) * p)
	l := math.FMA(lnm, math.Log2E, e)
	if ax == 0 {
		l = math.Inf(-1)
	}
	// 2**t
	t := float64(y * l)
	t = min(max(t, -powClamp), powClamp) // NaN (x = 0, y = 0) stays NaN
	k := math.RoundToEven(t)
	g := float64(float64(t-k) * math.Ln2)
	q := powExpCoef[11]
	for j := 10; j >= 0; j-- {
		q = math.FMA(q, g, powExpCoef[j])
	}
	r := float64(q * math.Float64frombits(uint64(int64(k)+1023)<<52))
	// the fix-up's lanes
	rb := math.Float64bits(r)
	d := int64(rb & powMidMask)
	if d > powMidLo-1 && d < powMidLo+2*powMidW {
		ok = false
	}
	if r >= math.Ldexp(1, -151) && r < math.Ldexp(1, -126) {
		ok = false
	}
	// signs, NaN, y = 0
	yInt := math.RoundToEven(y) == y
	h := float64(y * 0.5)
	odd := yInt && math.RoundToEven(h) != h
	if odd {
		rb |= math.Float64bits(x) & signBit
	}
	r = math.Float64frombits(rb)
	if x < 0 && !yInt {
		r = math.NaN()
	}
	if y == 0 {
		r = 1
	}
	return float32(r), ok
}
