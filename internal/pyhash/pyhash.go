// Package pyhash computes CPython's hash() of ints and floats on a 64-bit
// build (sys.hash_info: width 64, modulus 2**61 - 1, inf 314159), so that
// hash(x) and random.seed(x) for a float give CPython's values. A number
// hashes to its value reduced modulo 2**61 - 1, keeping its sign, so that
// equal ints and floats hash alike (hash(2.0) == hash(2)); -1 becomes -2.
package pyhash

import "math"

const (
	bits = 61
	// Modulus is CPython's _PyHASH_MODULUS, the Mersenne prime 2**61 - 1.
	Modulus = 1<<bits - 1
	// Inf is the hash of +inf (-Inf of -inf).
	Inf = 314159
)

// Int is hash(n) for an int that fits in int64.
func Int(n int64) int64 {
	mag := uint64(n)
	if n < 0 {
		mag = -mag // also right for math.MinInt64
	}
	h := int64(mag % Modulus)
	if n < 0 {
		h = -h
	}
	return fixMinusOne(h)
}

// Float is hash(x) as CPython's _Py_HashDouble computes it. ok is false for
// NaN, which CPython (since 3.10) hashes by the object's identity, so that
// no value can be given.
func Float(x float64) (h int64, ok bool) {
	switch {
	case x != x:
		return 0, false
	case math.IsInf(x, 1):
		return Inf, true
	case math.IsInf(x, -1):
		return -Inf, true
	}
	m, e := math.Frexp(x)
	sign := int64(1)
	if m < 0 {
		sign, m = -1, -m
	}
	// Take the mantissa 28 bits at a time into y, reducing modulo 2**61-1
	// as it goes (a left shift by 28 is a rotation by 28 of 61 bits).
	var y uint64
	for m != 0 {
		y = ((y << 28) & Modulus) | y>>(bits-28)
		m *= 1 << 28
		e -= 28
		d := uint64(m)
		m -= float64(d)
		y += d
		if y >= Modulus {
			y -= Modulus
		}
	}
	// Multiply by 2**e, that is rotate by e modulo 61 (Python's %, never
	// negative).
	if e >= 0 {
		e %= bits
	} else {
		e = bits - 1 - (-1-e)%bits
	}
	y = ((y << uint(e)) & Modulus) | y>>(bits-uint(e))
	return fixMinusOne(int64(y) * sign), true
}

// fixMinusOne maps -1, which CPython reserves for errors, to -2.
func fixMinusOne(h int64) int64 {
	if h == -1 {
		return -2
	}
	return h
}
