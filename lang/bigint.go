package lang

import (
	"math"
	"math/big"

	"github.com/kael-dev/kael/internal/pyhash"
	"github.com/kael-dev/kael/lang/syntax"
)

// Python's ints are of arbitrary precision. kael keeps an int64 as the
// representation of every int that fits (ADR 0003's fast paths compute on
// them); an operation whose result does not fit gives a BigInt instead,
// and a BigInt result that fits goes back to an int64. Every BigInt thus
// lies outside the int64 range.

// BigInt is a Python int beyond the 64-bit range. Its value never changes.
type BigInt struct{ v *big.Int }

// TypeName returns "int": a BigInt is a Python int.
func (BigInt) TypeName() string { return "int" }

// String is the decimal text (without the 4300-digit limit, which StrText
// and ReprText apply).
func (b BigInt) String() string { return b.v.String() }

// Big returns a copy of the value.
func (b BigInt) Big() *big.Int { return new(big.Int).Set(b.v) }

// IntFromBig returns z as a Python int: an int64 when it fits, else a
// BigInt (which keeps z: the caller gives it up).
func IntFromBig(z *big.Int) Value {
	if z.IsInt64() {
		return z.Int64()
	}
	return BigInt{v: z}
}

// BigOf returns the value of an int (an int64, a bool or a BigInt) as a
// new big.Int, and false for anything else.
func BigOf(v Value) (*big.Int, bool) {
	switch x := v.(type) {
	case int64:
		return big.NewInt(x), true
	case bool:
		return big.NewInt(boolInt(x)), true
	case BigInt:
		return new(big.Int).Set(x.v), true
	}
	return nil, false
}

// IsInt reports whether v is a Python int (a bool included).
func IsInt(v Value) bool {
	switch v.(type) {
	case int64, bool, BigInt:
		return true
	}
	return false
}

// maxIntBits bounds the size of an int, so that 2 ** 10**12 is a
// MemoryError rather than an exhausted process (CPython would try).
const maxIntBits = 1 << 26

// intTooBig is the error for an int result of about bits bits.
func intTooBig(bits float64) error {
	return Errorf(MemoryError, "an int of about %.0f bits needs too much memory (kael's limit is %d bits)", bits, maxIntBits)
}

// bigToFloat is float(z): the nearest float, or CPython's OverflowError
// beyond the floats.
func bigToFloat(z *big.Int) (float64, error) {
	f, _ := new(big.Float).SetInt(z).Float64()
	if math.IsInf(f, 0) {
		return 0, Errorf(OverflowError, "int too large to convert to float")
	}
	return f, nil
}

// IntToFloat is float(v) of an int v, or of a float; beyond the floats it
// is CPython's OverflowError.
func IntToFloat(v Value) (float64, bool, error) {
	if b, ok := v.(BigInt); ok {
		f, err := bigToFloat(b.v)
		return f, true, err
	}
	f, ok := asNumber(v)
	return f, ok, nil
}

// floatToIntValue is int(f): f truncated, of any size; NaN and the
// infinities are CPython's errors.
func floatToIntValue(f float64) (Value, error) {
	if f >= -1<<63 && f < 1<<63 {
		return int64(f), nil
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return FloatToInt(f)
	}
	z, _ := new(big.Float).SetFloat64(math.Trunc(f)).Int(nil)
	return IntFromBig(z), nil
}

// FloatToIntValue is int(f) for libraries (math.floor of a large float):
// floatToIntValue.
func FloatToIntValue(f float64) (Value, error) { return floatToIntValue(f) }

// bigBinary applies an arithmetic or bitwise operator to two ints, one of
// them at least beyond the int64 range or the result of an int64
// operation that overflowed, with Python's rules.
func bigBinary(op syntax.Token, a, b *big.Int) (Value, error) {
	z := new(big.Int)
	switch op {
	case syntax.PLUS:
		z.Add(a, b)
	case syntax.MINUS:
		z.Sub(a, b)
	case syntax.STAR:
		if bits := a.BitLen() + b.BitLen(); bits > maxIntBits {
			return nil, intTooBig(float64(bits))
		}
		z.Mul(a, b)
	case syntax.SLASH:
		return bigTrueDivide(a, b)
	case syntax.SLASHSLASH, syntax.PERCENT:
		if b.Sign() == 0 {
			if op == syntax.PERCENT {
				return nil, Errorf(ZeroDivisionError, "integer modulo by zero")
			}
			return nil, Errorf(ZeroDivisionError, "integer division or modulo by zero")
		}
		q, r := floorDivMod(a, b)
		if op == syntax.PERCENT {
			return IntFromBig(r), nil
		}
		return IntFromBig(q), nil
	case syntax.STARSTAR:
		return bigPow(a, b)
	case syntax.AMP:
		z.And(a, b)
	case syntax.PIPE:
		z.Or(a, b)
	case syntax.CARET:
		z.Xor(a, b)
	case syntax.LSHIFT:
		if b.Sign() < 0 {
			return nil, Errorf(ValueError, "negative shift count")
		}
		if a.Sign() == 0 {
			return int64(0), nil
		}
		if !b.IsInt64() {
			return nil, Errorf(OverflowError, "too many digits in integer")
		}
		if bits := float64(a.BitLen()) + float64(b.Int64()); bits > maxIntBits {
			return nil, intTooBig(bits)
		}
		z.Lsh(a, uint(b.Int64()))
	case syntax.RSHIFT:
		if b.Sign() < 0 {
			return nil, Errorf(ValueError, "negative shift count")
		}
		if !b.IsInt64() || b.Int64() >= int64(a.BitLen()) {
			if a.Sign() < 0 {
				return int64(-1), nil
			}
			return int64(0), nil
		}
		z.Rsh(a, uint(b.Int64())) // rounds towards minus infinity, as Python's >>
	default:
		return nil, Errorf(TypeError, "unsupported operand type(s) for %s: 'int' and 'int'", op)
	}
	return IntFromBig(z), nil
}

// floorDivMod returns Python's a // b and a % b (b not zero): the quotient
// rounded towards minus infinity, the remainder with b's sign.
func floorDivMod(a, b *big.Int) (q, r *big.Int) {
	q, r = new(big.Int).QuoRem(a, b, new(big.Int))
	if r.Sign() != 0 && r.Sign() != b.Sign() {
		q.Sub(q, big.NewInt(1))
		r.Add(r, b)
	}
	return q, r
}

// bigTrueDivide is a / b of two ints: the float nearest the exact
// quotient, as CPython computes it.
func bigTrueDivide(a, b *big.Int) (Value, error) {
	if b.Sign() == 0 {
		return nil, Errorf(ZeroDivisionError, "division by zero")
	}
	f, _ := new(big.Rat).SetFrac(a, b).Float64()
	if math.IsInf(f, 0) {
		return nil, Errorf(OverflowError, "integer division result too large for a float")
	}
	return f, nil
}

// bigPow is a ** b of two ints: an int for b >= 0, else the float power
// of the two as floats (CPython's errors when they do not convert).
func bigPow(a, b *big.Int) (Value, error) {
	if b.Sign() < 0 {
		if a.Sign() == 0 {
			return nil, Errorf(ZeroDivisionError, "0.0 cannot be raised to a negative power")
		}
		x, err := bigToFloat(a)
		if err != nil {
			return nil, err
		}
		y, err := bigToFloat(b)
		if err != nil {
			return nil, err
		}
		return math.Pow(x, y), nil
	}
	switch {
	case a.Sign() == 0:
		return boolInt(b.Sign() == 0), nil
	case a.IsInt64() && a.Int64() == 1:
		return int64(1), nil
	case a.IsInt64() && a.Int64() == -1:
		if b.Bit(0) == 1 {
			return int64(-1), nil
		}
		return int64(1), nil
	}
	if !b.IsInt64() {
		return nil, intTooBig(float64(a.BitLen()-1) * 9.2e18)
	}
	if bits := float64(a.BitLen()-1) * float64(b.Int64()); bits > maxIntBits {
		return nil, intTooBig(bits)
	}
	return IntFromBig(new(big.Int).Exp(a, b, nil)), nil
}

// bigUnary applies -, + or ~ to an int beyond int64.
func bigUnary(op syntax.Token, x *big.Int) (Value, bool) {
	switch op {
	case syntax.MINUS:
		return IntFromBig(new(big.Int).Neg(x)), true
	case syntax.PLUS:
		return IntFromBig(x), true
	case syntax.TILDE:
		return IntFromBig(new(big.Int).Not(x)), true
	}
	return nil, false
}

// bigHash is CPython's hash of an int: its value modulo 2**61 - 1 with its
// sign, -1 becoming -2.
func bigHash(z *big.Int) int64 {
	h := new(big.Int).Mod(new(big.Int).Abs(z), big.NewInt(pyhash.Modulus)).Int64()
	if z.Sign() < 0 {
		h = -h
	}
	if h == -1 {
		h = -2
	}
	return h
}

// numKind classifies a number for numCompare.
func numKind(v Value) (i int64, f float64, z *big.Int, kind byte) {
	switch x := v.(type) {
	case int64:
		return x, 0, nil, 'i'
	case bool:
		return boolInt(x), 0, nil, 'i'
	case float64:
		return 0, x, nil, 'f'
	case BigInt:
		return 0, 0, x.v, 'b'
	case Number: // a library's scalar, np.float64(2.5): the number it stands for
		if _, isInt := x.Index(); !isInt {
			if _, isFloat := x.Float(); !isFloat {
				return 0, 0, nil, 0 // an array of several elements is no number
			}
		}
		return numKind(numberValue(x))
	}
	return 0, 0, nil, 0
}

// numCompare compares two numbers exactly, as CPython does (2**53 + 1 is
// greater than the float 2.0**53): c is -1, 0 or 1; ok is false when a or
// b is not a number; nan is true when one is a NaN (no order holds).
func numCompare(a, b Value) (c int, ok, nan bool) {
	ai, af, az, ak := numKind(a)
	bi, bf, bz, bk := numKind(b)
	if ak == 0 || bk == 0 {
		return 0, false, false
	}
	switch {
	case ak == 'i' && bk == 'i':
		return cmp3(ai < bi, ai > bi), true, false
	case ak == 'f' && bk == 'f':
		return cmp3(af < bf, af > bf), true, af != af || bf != bf
	case ak == 'f' && af != af || bk == 'f' && bf != bf:
		return 0, true, true
	case ak == 'i' && bk == 'f' && ai >= -1<<53 && ai <= 1<<53:
		x := float64(ai)
		return cmp3(x < bf, x > bf), true, false
	case ak == 'f' && bk == 'i' && bi >= -1<<53 && bi <= 1<<53:
		y := float64(bi)
		return cmp3(af < y, af > y), true, false
	}
	return exactFloat(ai, af, az, ak).Cmp(exactFloat(bi, bf, bz, bk)), true, false
}

// exactFloat is a number as a big.Float holding it exactly.
func exactFloat(i int64, f float64, z *big.Int, kind byte) *big.Float {
	switch kind {
	case 'i':
		return new(big.Float).SetInt64(i)
	case 'f':
		return new(big.Float).SetFloat64(f)
	}
	return new(big.Float).SetInt(z)
}

func cmp3(less, greater bool) int {
	switch {
	case less:
		return -1
	case greater:
		return 1
	}
	return 0
}

// bigNumberBinary is a op b where a or b is a BigInt and the other a
// number: int arithmetic with an int, float arithmetic with a float (the
// int converted first, CPython's OverflowError when it does not fit a
// float). ok is false when neither is a BigInt or the other is not a
// number.
func bigNumberBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	_, aBig := a.(BigInt)
	_, bBig := b.(BigInt)
	if !aBig && !bBig {
		return nil, false, nil
	}
	if x, ok := BigOf(a); ok {
		if y, ok := BigOf(b); ok {
			r, err := bigBinary(op, x, y)
			return r, true, err
		}
	}
	if !isFloat(a) && !isFloat(b) {
		return nil, false, nil
	}
	x, _, err := IntToFloat(a)
	if err == nil {
		var y float64
		y, _, err = IntToFloat(b)
		if err == nil {
			return numberBinary(op, x, y)
		}
	}
	return nil, true, err
}

func isFloat(v Value) bool {
	_, ok := v.(float64)
	return ok
}

// CheckIntSize is nil for an int of about bits bits, and a MemoryError
// beyond kael's limit on the size of an int, for libraries that build
// large ints (math.factorial).
func CheckIntSize(bits float64) error {
	if bits > maxIntBits {
		return intTooBig(bits)
	}
	return nil
}
