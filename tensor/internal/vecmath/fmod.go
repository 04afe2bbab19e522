package vecmath

import "math"

// FmodFloat32 sets dst[i] to fmod(x[i], y[i]) (C's fmod: the sign of
// x), the bits of float32(math.Mod(float64(x[i]), float64(y[i]))), dst
// at least as long as x and y as long as x. RemainderFloat32 is
// Python's % (the sign of y): the fmod r, plus y where r is non-zero
// and its sign differs from y's, that sum rounded in float32 (PyTorch's
// remainder kernel). The VS and SV forms take one y or one x for every
// element.
//
// Each lane is FmodF32's fast form in float64 (trunc(x/y), an exact
// x − q·y, x's sign): the AVX2 kernel does it four lanes at a time and
// stops before a group with a lane outside its conditions (a NaN, an
// infinity, a zero y, a quotient of 2^28 or more), which FmodF32 does
// through math.Mod; so every implementation gives math.Mod's bits.
func FmodFloat32(dst, x, y []float32) {
	n := len(x)
	fmodF32Run(dst[:n], x, y[:n], 1, 1, false)
}

// FmodFloat32VS sets dst[i] to fmod(x[i], y).
func FmodFloat32VS(dst, x []float32, y float32) {
	ys := [4]float32{y, y, y, y}
	fmodF32Run(dst[:len(x)], x, ys[:], 1, 0, false)
}

// FmodFloat32SV sets dst[i] to fmod(x, y[i]).
func FmodFloat32SV(dst []float32, x float32, y []float32) {
	xs := [4]float32{x, x, x, x}
	fmodF32Run(dst[:len(y)], xs[:], y, 0, 1, false)
}

// RemainderFloat32 sets dst[i] to x[i] % y[i] (see FmodFloat32).
func RemainderFloat32(dst, x, y []float32) {
	n := len(x)
	fmodF32Run(dst[:n], x, y[:n], 1, 1, true)
}

// RemainderFloat32VS sets dst[i] to x[i] % y.
func RemainderFloat32VS(dst, x []float32, y float32) {
	ys := [4]float32{y, y, y, y}
	fmodF32Run(dst[:len(x)], x, ys[:], 1, 0, true)
}

// RemainderFloat32SV sets dst[i] to x % y[i].
func RemainderFloat32SV(dst []float32, x float32, y []float32) {
	xs := [4]float32{x, x, x, x}
	fmodF32Run(dst[:len(y)], xs[:], y, 0, 1, true)
}

func fmodF32Run(dst, x, y []float32, xs, ys int, rem bool) {
	f := FmodF32
	if rem {
		f = RemainderF32
	}
	n := len(dst)
	i := 0
	for i < n {
		i += fmodF32Arch(dst[i:], x[i*xs:], y[i*ys:], xs, ys, rem)
		end := min(i+4, n)
		for ; i < end; i++ {
			dst[i] = f(x[i*xs], y[i*ys])
		}
	}
}

// FmodF32 is float32(math.Mod(float64(a), float64(b))), bit for bit, in
// a division, a product and a subtraction where the quotient is below
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
func FmodF32(a, b float32) float32 {
	x, y := float64(a), float64(b)
	ax, ay := math.Abs(x), math.Abs(y)
	if ay != 0 && ay <= math.MaxFloat32 && ax < ay*(1<<28) {
		q := math.Trunc(x / y)
		return float32(math.Copysign(x-q*y, x))
	}
	return float32(math.Mod(x, y))
}

// RemainderF32 is a % b with the sign of b: FmodF32's remainder, plus b
// (a float32 sum) where it is non-zero and its sign is not b's.
func RemainderF32(a, b float32) float32 {
	r := FmodF32(a, b)
	if r != 0 && (r < 0) != (b < 0) {
		r += b
	}
	return r
}
