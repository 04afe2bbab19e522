package tensor

import "math"

// fmod32 is float32(math.Mod(float64(a), float64(b))), bit for bit, in a
// division, a product and a subtraction where the quotient is below
// 2^28: math.Mod's loop over the exponents took ~18 ns an element (issue
// 34). For finite a and finite non-zero b with |a| < |b|·2^28:
//   - a/b rounded to float64 truncates to the true quotient q: a/b is at
//     least ulp(b)/b >= 2^-24 (relative to q+1 < 2^28, more than
//     float64's 2^-53) below the next integer, so rounding cannot reach it;
//   - q·b is exact (28 + 24 bits), and a - q·b is the exact remainder, a
//     float32, so its float64 subtraction is exact too;
//   - the remainder has a's sign, zero included (-6 fmod 3 is -0, where
//     the subtraction gives +0): Copysign restores it.
//
// Other operands (NaN, infinities, a zero divisor, a large quotient) take
// math.Mod.
func fmod32(a, b float32) float32 {
	x, y := float64(a), float64(b)
	ax, ay := math.Abs(x), math.Abs(y)
	if ay != 0 && ay <= math.MaxFloat32 && ax < ay*(1<<28) {
		q := math.Trunc(x / y)
		return float32(math.Copysign(x-q*y, x))
	}
	return float32(math.Mod(x, y))
}

// remainder32 is RemainderFloat[float32] with fmod32's remainder.
func remainder32(a, b float32) float32 {
	r := fmod32(a, b)
	if r != 0 && (r < 0) != (b < 0) {
		r += b
	}
	return r
}
