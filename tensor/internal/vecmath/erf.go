package vecmath

import "math"

// ErfFloat32 sets dst[i] to erf(src[i]), the bits of
// float32(math.Erf(float64(src[i]))), dst at least as long as src (it
// may be src).
//
// Each element is widened to float64 and computed there on a = |x| by
// the pieces of Go's math.Erf (fdlibm's s_erf.c), x's sign put back at
// the end:
//   - a < 0.84375: a + a·(pp(a²)/qq(a²)) (a + efx·a under 2^-28), and
//     0.84375 ≤ a < 1.25: erx + pa(a−1)/qa(a−1), math.Erf's operations
//     in its order without fused multiply-adds, so the bits of
//     math.Erf itself;
//   - 1.25 ≤ a < 6: 1 − exp(t)/a, t = −a²−0.5625+R/S with math.Erf's
//     rational R/S (its two sets of coefficients chosen per lane at
//     1/0.35, the shorter padded by zeros), a² exact for a float32 a,
//     and exp(t) = 2**k·e**g by a 13-degree Taylor polynomial, g = t−k·ln2
//     (ln2 in two parts), truncation under 2^-60. math.Erf takes exp of
//     a split argument in two calls; this value is within ~2^-50 of the
//     exact erf and math.Erf within 2^-52 (one float64 ulp), so both
//     round to the same float32 unless erf lies within ~2^-49 of a
//     midpoint between two float32s. The lanes whose result lies within
//     2^12 float64 ulps (2^-41) of a midpoint take math.Erf itself (the
//     scalar fix-up, about one lane in 2^16);
//   - a ≥ 6 (and ±Inf): ±1; NaN stays NaN.
//
// The AVX2 kernel (also used under AVX-512) does erfF32's operations in
// its order, each math.FMA one VFMADD instruction and no other fusing,
// so every implementation gives the same bits.
func ErfFloat32(dst, src []float32) {
	n := len(src)
	dst = dst[:n]
	i := 0
	for i < n {
		i += erfF32Arch(dst[i:], src[i:])
		end := min(i+4, n)
		for ; i < end; i++ {
			dst[i] = ErfF32(src[i])
		}
	}
}

// ErfF32 is one element of ErfFloat32, computed as the vector lanes are.
func ErfF32(v float32) float32 {
	if r, ok := erfF32(v); ok {
		return r
	}
	return float32(math.Erf(float64(v)))
}

// The constants of math.Erf (fdlibm's s_erf.c).
const (
	erfErx   = 8.45062911510467529297e-01
	erfEfx   = 1.28379167095512586316e-01
	erfSmall = 1.0 / (1 << 28)
	erfMidW  = 1 << 12
	erfMidLo = 1<<28 - erfMidW
)

var (
	erfPP = [5]float64{1.28379167095512558561e-01, -3.25042107247001499370e-01, -2.84817495755985104766e-02,
		-5.77027029648944159157e-03, -2.37630166566501626084e-05}
	erfQQ = [5]float64{3.97917223959155352819e-01, 6.50222499887672944485e-02, 5.08130628187576562776e-03,
		1.32494738004321644526e-04, -3.96022827877536812320e-06}
	erfPA = [7]float64{-2.36211856075265944077e-03, 4.14856118683748331666e-01, -3.72207876035701323847e-01,
		3.18346619901161753674e-01, -1.10894694282396677476e-01, 3.54783043256182359371e-02, -2.16637559486879084300e-03}
	erfQA = [6]float64{1.06420880400844228286e-01, 5.40397917702171048937e-01, 7.18286544141962662868e-02,
		1.26171219808761642112e-01, 1.36370839120290507362e-02, 1.19844998467991074170e-02}
	erfRA = [8]float64{-9.86494403484714822705e-03, -6.93858572707181764372e-01, -1.05586262253232909814e+01,
		-6.23753324503260060396e+01, -1.62396669462573470355e+02, -1.84605092906711035994e+02,
		-8.12874355063065934246e+01, -9.81432934416914548592e+00}
	erfSA = [8]float64{1.96512716674392571292e+01, 1.37657754143519042600e+02, 4.34565877475229228821e+02,
		6.45387271733267880336e+02, 4.29008140027567833386e+02, 1.08635005541779435134e+02,
		6.57024977031928170135e+00, -6.04244152148580987438e-02}
	erfRB = [8]float64{-9.86494292470009928597e-03, -7.99283237680523006574e-01, -1.77579549177547519889e+01,
		-1.60636384855821916062e+02, -6.37566443368389627722e+02, -1.02509513161107724954e+03,
		-4.83519191608651397019e+02, 0}
	erfSB = [8]float64{3.03380607434824582924e+01, 3.25792512996573918826e+02, 1.53672958608443695994e+03,
		3.19985821950859553908e+03, 2.55305040643316442583e+03, 4.74528541206955367215e+02,
		-2.24409524465858183362e+01, 0}
	// erfExpCoef are the Taylor coefficients 1/j! of e**g, j = 0..13.
	erfExpCoef = func() (c [14]float64) {
		f := 1.0
		for j := range c {
			if j > 0 {
				f *= float64(j)
			}
			c[j] = 1 / f
		}
		return c
	}()
)

const erfLn2Lo = 2.319046813846299558e-17 // ln2 − float64(ln2)

// erfTab holds ErfFloat32's constants, each four times (one AVX2
// register of float64 lanes); the assembly reads them by the offsets
// written beside erfTabVals (32 bytes each).
type erfTab [19 + 5 + 5 + 7 + 6 + 4*8 + 14 + 8][4]uint64

var erfF32Table = func() *erfTab {
	var t erfTab
	vals := []uint64{
		signBit64 - 1,                // 0: |x| mask
		signBit64,                    // 32
		math.Float64bits(0.84375),    // 64
		math.Float64bits(1.25),       // 96
		math.Float64bits(6),          // 128
		math.Float64bits(erfSmall),   // 160
		oneBits,                      // 192
		math.Float64bits(erfEfx),     // 224
		math.Float64bits(erfErx),     // 256
		math.Float64bits(1 / 0.35),   // 288
		math.Float64bits(0.5625),     // 320
		math.Float64bits(math.Log2E), // 352
		math.Float64bits(math.Ln2),   // 384
		math.Float64bits(erfLn2Lo),   // 416
		1023,                         // 448
		1<<29 - 1,                    // 480: the bits below float32's
		erfMidLo - 1,                 // 512: d > lo−1
		erfMidLo + 2*erfMidW,         // 544: d < lo+2W
		0,                            // 576
	}
	for _, cs := range [][]float64{erfPP[:], erfQQ[:], erfPA[:], erfQA[:], erfRA[:], erfSA[:], erfRB[:], erfSB[:], erfExpCoef[:]} {
		// from 608: pp 608, qq 768, pa 928, qa 1152, ra 1344, sa 1600,
		// rb 1856, sb 2112, the exponential's 2368
		for _, c := range cs {
			vals = append(vals, math.Float64bits(c))
		}
	}
	// from 2816: 0.25, 0.5, 2, 10.5, 2^-56, 2^-126, 1+erx, 1−erx
	for _, c := range []float64{0.25, 0.5, 2, 10.5, erfcTiny, 0x1p-126, 1 + erfErx, 1 - erfErx} {
		vals = append(vals, math.Float64bits(c))
	}
	for i, v := range vals {
		t[i] = [4]uint64{v, v, v, v}
	}
	return &t
}()

// erfF32 is the vector lanes' computation of erf, and false where the
// lane takes the fix-up.
func erfF32(v float32) (float32, bool) {
	x := float64(v)
	a := math.Abs(x)
	var r float64
	ok := true
	switch {
	case a < 0.84375:
		if a < erfSmall {
			r = a + float64(erfEfx*a)
		} else {
			r = a + float64(a*erfSmallY(a))
		}
	case a < 1.25:
		r = erfErx + erfMidPQ(a)
	case a < 6:
		r = 1 - erfTail(a)
		ok = !erfNearMid(r)
	case a >= 6:
		r = 1
	default: // NaN
		return v, true
	}
	return float32(math.Copysign(r, x)), ok
}

// erfSmallY is math.Erf's pp(a²)/qq(a²), a < 0.84375.
func erfSmallY(a float64) float64 {
	z := float64(a * a)
	p := float64(z*erfPP[4]) + erfPP[3]
	p = float64(p*z) + erfPP[2]
	p = float64(p*z) + erfPP[1]
	p = float64(p*z) + erfPP[0]
	q := float64(z*erfQQ[4]) + erfQQ[3]
	q = float64(q*z) + erfQQ[2]
	q = float64(q*z) + erfQQ[1]
	q = float64(q*z) + erfQQ[0]
	q = float64(q*z) + 1
	return p / q
}

// erfMidPQ is math.Erf's pa(s)/qa(s), s = a−1, 0.84375 ≤ a < 1.25.
func erfMidPQ(a float64) float64 {
	s := a - 1
	p := float64(s*erfPA[6]) + erfPA[5]
	for j := 4; j >= 0; j-- {
		p = float64(p*s) + erfPA[j]
	}
	q := float64(s*erfQA[5]) + erfQA[4]
	for j := 3; j >= 0; j-- {
		q = float64(q*s) + erfQA[j]
	}
	q = float64(q*s) + 1
	return p / q
}

// erfTail is exp(−a²−0.5625+R/S)/a, erfc(a) for 1.25 ≤ a < 10.5, with
// math.Erf's rational R/S (fused) in s = (1/a)², the division by a a
// product by 1/a (the kernels divide once a lane: 1/a, and one
// division shared by the pieces' pp/qq, pa/qa and R/S, picked per lane).
// a² and h = −a²−0.5625 are exact for a float32 a; k =
// round((h+R/S)·log2(e)), g = h − k·ln2 + R/S − k·ln2lo, and exp(g) by
// its Taylor polynomial.
func erfTail(a float64) float64 {
	aa := float64(a * a)
	inv := 1 / a
	s := float64(inv * inv)
	rc, sc := &erfRA, &erfSA
	if a >= 1/0.35 {
		rc, sc = &erfRB, &erfSB
	}
	R := rc[7]
	for j := 6; j >= 0; j-- {
		R = math.FMA(R, s, rc[j])
	}
	S := sc[7]
	for j := 6; j >= 0; j-- {
		S = math.FMA(S, s, sc[j])
	}
	S = math.FMA(S, s, 1)
	rs := R / S
	h := -float64(aa + 0.5625)
	k := math.RoundToEven(float64(float64(h+rs) * math.Log2E))
	g := math.FMA(-k, math.Ln2, h)
	g = g + rs
	g = math.FMA(-k, erfLn2Lo, g)
	e := erfExpCoef[13]
	for j := 12; j >= 0; j-- {
		e = math.FMA(e, g, erfExpCoef[j])
	}
	e = float64(e * math.Float64frombits(uint64(int64(k)+1023)<<52))
	return float64(e * inv)
}

// erfNearMid reports whether r lies within erfMidW float64 ulps of a
// midpoint between two float32s.
func erfNearMid(r float64) bool {
	d := int64(math.Float64bits(r) & (1<<29 - 1))
	return d > erfMidLo-1 && d < erfMidLo+2*erfMidW
}

// ErfcFloat32 sets dst[i] to erfc(src[i]), the bits of
// float32(math.Erfc(float64(src[i]))), dst at least as long as src (it
// may be src). As ErfFloat32, on a = |x| with n = x < 0:
//   - a < 0.84375: 1 ∓ temp, temp = a (under 2^-56), a + a·y (under
//     0.25) or 0.5 + (a·y + (a−0.5)), y = pp/qq; 0.84375 ≤ a < 1.25:
//     (1 ± erx) ± pa/qa: math.Erfc's operations, so its bits;
//   - 1.25 ≤ a < 6 (n) or < 10.5 (not n): 2 − e or e, e = erfTail(a),
//     within ~2^-50 (relative) of erfc, math.Erfc within ~2^-51: the
//     lanes within 2^12 float64 ulps of a float32 midpoint, and the
//     positive ones under 2^-126 (subnormal float32 results), take
//     math.Erfc itself;
//   - beyond: 2 (n, and −Inf) or 0 (erfc(10.5) < 2^-160 rounds to 0);
//     NaN stays NaN.
func ErfcFloat32(dst, src []float32) {
	n := len(src)
	dst = dst[:n]
	i := 0
	for i < n {
		i += erfcF32Arch(dst[i:], src[i:])
		end := min(i+4, n)
		for ; i < end; i++ {
			dst[i] = ErfcF32(src[i])
		}
	}
}

// ErfcF32 is one element of ErfcFloat32, computed as the vector lanes are.
func ErfcF32(v float32) float32 {
	if r, ok := erfcF32(v); ok {
		return r
	}
	return float32(math.Erfc(float64(v)))
}

const erfcTiny = 1.0 / (1 << 56)

// erfcF32 is the vector lanes' computation of erfc, and false where the
// lane takes the fix-up.
func erfcF32(v float32) (float32, bool) {
	x := float64(v)
	a := math.Abs(x)
	neg := x < 0
	var r float64
	ok := true
	switch {
	case a < 0.84375:
		temp := a
		if a >= erfcTiny {
			y := erfSmallY(a)
			if a < 0.25 {
				temp = a + float64(a*y)
			} else {
				temp = 0.5 + (float64(a*y) + (a - 0.5))
			}
		}
		if neg {
			r = 1 + temp
		} else {
			r = 1 - temp
		}
	case a < 1.25:
		if neg {
			r = (1 + erfErx) + erfMidPQ(a)
		} else {
			r = (1 - erfErx) - erfMidPQ(a)
		}
	case a < 6 || !neg && a < 10.5:
		e := erfTail(a)
		r = e
		if neg {
			r = 2 - e
		}
		ok = !erfNearMid(r) && !(r < 0x1p-126)
	case neg:
		r = 2
	case a >= 10.5:
		r = 0
	default: // NaN
		return v, true
	}
	return float32(r), ok
}
