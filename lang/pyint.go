package lang

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Python's int of a string (int('ff', 16), int('1_000')), round of an int
// to tens or hundreds, and the three-argument pow.

// intBasePrefixes are the prefixes of int literals by base.
var intBasePrefixes = map[byte]int64{'x': 16, 'o': 8, 'b': 2}

// parseIntLiteral reads text as int(text, base) does: whitespace around
// it, a sign, a 0x/0o/0b prefix where base is 0 or the prefix's base,
// single underscores between digits; base 0 reads the base from the prefix
// (and refuses leading zeros). A number beyond 64 bits is a big int; one
// of more than 4300 decimal digits is CPython's ValueError (its limit on
// conversions in bases other than powers of two).
func parseIntLiteral(text string, base int64) (Value, error) {
	if base == 10 {
		if i, ok := parseDecimalInt(text); ok {
			return i, nil
		}
	}
	if base != 0 && (base < 2 || base > 36) {
		return 0, Errorf(ValueError, "int() base must be >= 2 and <= 36, or 0")
	}
	bad := func() error { // made only when it is the answer: int(s) of a good s formats nothing
		return Errorf(ValueError, "invalid literal for int() with base %d: %s", base, quoteString(text))
	}
	s := strings.TrimSpace(asciiDecimals(text))
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg, s = s[0] == '-', s[1:]
	}
	b := base
	if len(s) >= 2 && s[0] == '0' {
		if pb, ok := intBasePrefixes[s[1]|0x20]; ok && (base == 0 || base == pb) {
			b, s = pb, strings.TrimPrefix(s[2:], "_")
		}
	}
	if b == 0 {
		b = 10
		if len(s) > 1 && s[0] == '0' && strings.Trim(s, "0_") != "" {
			return 0, bad() // 010: leading zeros are not a base-0 literal
		}
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return 0, bad()
	}
	digits := strings.ReplaceAll(s, "_", "")
	u, err := strconv.ParseUint(digits, int(b), 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
	case err != nil:
		return 0, bad()
	case neg && u <= 1<<63:
		return int64(-u), nil
	case !neg && u <= math.MaxInt64:
		return int64(u), nil
	}
	if b&(b-1) != 0 && len(digits) > maxStrDigits {
		return 0, Errorf(ValueError, "Exceeds the limit (%d digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", maxStrDigits, len(digits))
	}
	z, ok := new(big.Int).SetString(digits, int(b))
	if !ok {
		return 0, bad()
	}
	if neg {
		z.Neg(z)
	}
	return IntFromBig(z), nil
}

// parseDecimalInt reads the common int(text) of base 10, an optional
// sign and 1 to 18 ASCII digits with nothing around them, which fits in
// an int64; ok is false for any other text, which parseIntLiteral reads
// (whitespace, underscores, other digits, longer numbers, errors).
func parseDecimalInt(text string) (int64, bool) {
	s := text
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg, s = s[0] == '-', s[1:]
	}
	if len(s) == 0 || len(s) > 18 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		d := s[i] - '0'
		if d > 9 {
			return 0, false
		}
		n = n*10 + int64(d)
	}
	if neg {
		n = -n
	}
	return n, true
}

// maxStrDigits is CPython 3.11's limit on the decimal digits of an int
// converted to or from text (sys.get_int_max_str_digits()).
const maxStrDigits = 4300

// intTextError reports whether z has more than maxStrDigits decimal
// digits, which CPython refuses to convert to text.
func intTextError(z *big.Int) bool {
	// 3.32 bits a digit: only near the limit is the text needed.
	switch bits := z.BitLen(); {
	case bits < 14000:
		return false
	case bits <= 14400 && len(new(big.Int).Abs(z).String()) <= maxStrDigits:
		return false
	}
	return true
}

// roundInt is round(x, nd) of an int: x itself for nd >= 0, else x to
// the nearest multiple of 10**-nd, halves to even, as Python does.
func roundInt(x Value, nd int64) (Value, error) {
	if nd >= 0 {
		return x, nil
	}
	z, _ := BigOf(x)
	if float64(-nd) > float64(z.BitLen())/3+2 {
		return int64(0), nil // 10**-nd is more than twice |x|
	}
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(-nd), nil)
	q, r := floorDivMod(z, p)
	switch c := new(big.Int).Lsh(r, 1).Cmp(p); {
	case c > 0, c == 0 && q.Bit(0) == 1:
		q.Add(q, big.NewInt(1))
	}
	return IntFromBig(q.Mul(q, p)), nil
}

// powMod is pow(base, exp, mod) of ints, as Python computes it: the
// result has mod's sign, and a negative exp takes the inverse of base
// modulo mod.
func powMod(base, exp, mod *big.Int) (Value, error) {
	if mod.Sign() == 0 {
		return nil, Errorf(ValueError, "pow() 3rd argument cannot be 0")
	}
	m := new(big.Int).Abs(mod)
	x := new(big.Int).Mod(base, m)
	e := new(big.Int).Set(exp)
	if e.Sign() < 0 {
		if m.Cmp(big.NewInt(1)) == 0 {
			return int64(0), nil
		}
		if x.ModInverse(x, m) == nil {
			return nil, Errorf(ValueError, "base is not invertible for the given modulus")
		}
		e.Neg(e)
	}
	r := new(big.Int).Exp(x, e, m)
	if mod.Sign() < 0 && r.Sign() != 0 {
		r.Add(r, mod)
	}
	return IntFromBig(r), nil
}
