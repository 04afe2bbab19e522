package lang

import (
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Python's int of a string (int('ff', 16), int('1_000')), round of an int
// to tens or hundreds, and the three-argument pow, for kael's 64-bit ints.

// intBasePrefixes are the prefixes of int literals by base.
var intBasePrefixes = map[byte]int64{'x': 16, 'o': 8, 'b': 2}

// parseIntLiteral reads text as int(text, base) does: whitespace around
// it, a sign, a 0x/0o/0b prefix where base is 0 or the prefix's base,
// single underscores between digits; base 0 reads the base from the prefix
// (and refuses leading zeros). A number beyond 64 bits is an
// OverflowError, since kael's ints are 64-bit.
func parseIntLiteral(text string, base int64) (int64, error) {
	if base != 0 && (base < 2 || base > 36) {
		return 0, Errorf(ValueError, "int() base must be >= 2 and <= 36, or 0")
	}
	bad := Errorf(ValueError, "invalid literal for int() with base %d: %s", base, quoteString(text))
	s := strings.TrimSpace(text)
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
			return 0, bad // 010: leading zeros are not a base-0 literal
		}
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return 0, bad
	}
	u, err := strconv.ParseUint(strings.ReplaceAll(s, "_", ""), int(b), 64)
	switch {
	case errors.Is(err, strconv.ErrRange):
	case err != nil:
		return 0, bad
	case neg && u <= 1<<63:
		return int64(-u), nil
	case !neg && u <= math.MaxInt64:
		return int64(u), nil
	}
	return 0, Errorf(OverflowError, "int(%s) does not fit kael's 64-bit int", quoteString(text))
}

// roundInt is round(x, nd) of an int: x itself for nd >= 0, else x to
// the nearest multiple of 10**-nd, halves to even, as Python does.
func roundInt(x, nd int64) (int64, error) {
	if nd >= 0 {
		return x, nil
	}
	if nd < -18 {
		return 0, nil // 10**19 is beyond every int64
	}
	p := int64(1)
	for range -nd {
		p *= 10
	}
	q, r := x/p, x%p
	if r < 0 {
		q, r = q-1, r+p
	}
	if 2*r > p || 2*r == p && q%2 != 0 {
		q++
	}
	out, ok := mulInt(q, p)
	if !ok {
		return 0, Errorf(OverflowError, "round(%d, %d) does not fit kael's 64-bit int", x, nd)
	}
	return out, nil
}

// powMod is pow(base, exp, mod) of ints, as Python computes it: the
// result has mod's sign, and a negative exp takes the inverse of base
// modulo mod.
func powMod(base, exp, mod int64) (int64, error) {
	if mod == 0 {
		return 0, Errorf(ValueError, "pow() 3rd argument cannot be 0")
	}
	m := new(big.Int).Abs(big.NewInt(mod))
	x := new(big.Int).Mod(big.NewInt(base), m)
	if exp < 0 {
		if x.ModInverse(x, m) == nil {
			return 0, Errorf(ValueError, "base is not invertible for the given modulus")
		}
		exp = -exp
	}
	r := new(big.Int).Exp(x, big.NewInt(exp), m)
	if mod < 0 && r.Sign() != 0 {
		r.Add(r, big.NewInt(mod))
	}
	return r.Int64(), nil
}
