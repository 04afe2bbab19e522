package vecmath

import "math"

// AtanFloat32 sets dst[i] to atan(src[i]), dst at least as long as src
// (it may be src). Each element is widened to float64 and computed there
// by the operations of Go's math.Atan (Cephes' atan: on a = |x|, the
// rational approximation of atan on [0, 0.66], reached through
// π/2 − atan(1/a) above tan(3π/8) and π/4 + atan((a−1)/(a+1)) between),
// in its order and without fused multiply-adds, then rounded once to
// float32: the bits of float32(math.Atan(x)) wherever Go's math is
// compiled unfused, as on amd64. The AVX2 and AVX-512 kernels do the same
// operations in the same order, so every implementation gives the same
// bits. atan(±0) = ±0, atan(±Inf) = ±float32(π/2), NaN stays NaN.
func AtanFloat32(dst, src []float32) {
	dst = dst[:len(src)]
	n := atanF32Arch(dst, src)
	for i, v := range src[n:] {
		dst[n+i] = atanF32(v)
	}
}

// The constants of math.Atan (Cephes' atan.c).
const (
	atanP0       = -8.750608600031904122785e-01
	atanP1       = -1.615753718733365076637e+01
	atanP2       = -7.500855792314704667340e+01
	atanP3       = -1.228866684490136173410e+02
	atanP4       = -6.485021904942025371773e+01
	atanQ0       = +2.485846490142306297962e+01
	atanQ1       = +1.650270098316988542046e+02
	atanQ2       = +4.328810604912902668951e+02
	atanQ3       = +4.853903996359136964868e+02
	atanQ4       = +1.945506571482613964425e+02
	atanMorebits = 6.123233995736765886130e-17 // π/2 = math.Pi/2 + atanMorebits
	atanTan3pio8 = 2.41421356237309504880      // tan(3π/8)
	atanSmall    = 0.66
)

// atanTab holds the constants of AtanFloat32, each four times (one AVX2
// register of float64 lanes), in the order the assembly reads them: the
// |x| mask, 0.66, tan(3π/8), 1, π/2, π/4, the two corrections
// atanMorebits and atanMorebits/2, the sign bit, P0..P4 and Q0..Q4.
type atanTab [19][4]uint64

var atanF32Table = func() *atanTab {
	var t atanTab
	vals := []uint64{signBit64 - 1, math.Float64bits(atanSmall), math.Float64bits(atanTan3pio8), oneBits,
		math.Float64bits(math.Pi / 2), math.Float64bits(math.Pi / 4), math.Float64bits(atanMorebits),
		math.Float64bits(0.5 * atanMorebits), signBit64}
	for _, c := range []float64{atanP0, atanP1, atanP2, atanP3, atanP4, atanQ0, atanQ1, atanQ2, atanQ3, atanQ4} {
		vals = append(vals, math.Float64bits(c))
	}
	for i, v := range vals {
		t[i] = [4]uint64{v, v, v, v}
	}
	return &t
}()

// xatanF32 is math.Atan's xatan, each product rounded (the conversions
// keep the compiler from fusing a product with a sum).
func xatanF32(w float64) float64 {
	z := w * w
	p := float64(atanP0*z) + atanP1
	p = float64(p*z) + atanP2
	p = float64(p*z) + atanP3
	p = float64(p*z) + atanP4
	q := float64((z+atanQ0)*z) + atanQ1
	q = float64(q*z) + atanQ2
	q = float64(q*z) + atanQ3
	q = float64(q*z) + atanQ4
	y := float64(z*p) / q
	return float64(w*y) + w
}

// atanF32 is one element of AtanFloat32.
func atanF32(v float32) float32 {
	x := float64(v)
	a := math.Abs(x)
	var y float64
	switch {
	case a <= atanSmall:
		y = xatanF32(a)
	case a > atanTan3pio8:
		y = math.Pi/2 - xatanF32(1/a) + atanMorebits
	default: // and NaN
		y = math.Pi/4 + xatanF32((a-1)/(a+1)) + 0.5*atanMorebits
	}
	return float32(math.Copysign(y, x))
}
