package decimal

import (
	"fmt"
	"math"
	"math/big"
	"reflect"

	"github.com/kael-dev/kael/lang"
)

// The hash of a Decimal: Decimal derives from _decimal.DecimalBase, a
// native base whose HashValue is the int or float the decimal equals (so
// that Decimal(1) and 1, Decimal('0.5') and 0.5 are one dict key and hash
// alike, as in CPython), and for the others a key of their own whose
// hash() is CPython's.

// pyModulus is sys.hash_info.modulus, the prime of CPython's numeric hash.
var pyModulus = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 61), big.NewInt(1))

// hashInf is sys.hash_info.inf.
const hashInf = 314159

// maxIntExp bounds the exponent of an integral decimal keyed as the int
// it equals; beyond it a decimal keys by its own text (no int that large
// is a practical key).
const maxIntExp = 4000

// decimalKey is the dict key and hash of a decimal no int or float equals.
type decimalKey struct {
	key  string
	hash int64
	err  error
}

// HashKey is the key's text, or the error of hashing a signaling NaN.
func (k decimalKey) HashKey() (string, error) { return "decimal:" + k.key, k.err }

// PythonHash is CPython's hash of the decimal.
func (k decimalKey) PythonHash() (int64, error) { return k.hash, k.err }

// state reads a Decimal's fields, as module.py keeps them like CPython's
// _pydecimal: _sign (0 or 1), _int (the coefficient's digits), _exp (the
// exponent, or 'n', 'N', 'F' for a NaN, a signaling NaN, an infinity).
func state(x *lang.Instance) (sign int64, digits string, exp lang.Value, ok bool) {
	s, ok1 := x.Attr("_sign")
	d, ok2 := x.Attr("_int")
	e, ok3 := x.Attr("_exp")
	sign, _ = s.(int64)
	digits, _ = d.(string)
	return sign, digits, e, ok1 && ok2 && ok3
}

// hashValue is what a Decimal hashes and keys as.
func hashValue(x *lang.Instance) lang.Value {
	sign, digits, e, ok := state(x)
	if !ok {
		return decimalKey{key: fmt.Sprintf("@%p", x), hash: identityHash(x)}
	}
	switch e {
	case "n": // CPython 3.11 hashes a quiet NaN by identity
		return decimalKey{key: fmt.Sprintf("nan@%p", x), hash: identityHash(x)}
	case "N":
		return decimalKey{err: lang.Errorf(lang.TypeError, "Cannot hash a signaling NaN value")}
	case "F":
		if sign == 1 {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	exp, _ := e.(int64)
	coeff, _ := new(big.Int).SetString(digits, 10)
	if coeff == nil {
		coeff = new(big.Int)
	}
	if sign == 1 {
		coeff.Neg(coeff)
	}
	// strip trailing zeros: the value, not the representation, decides
	ten, q, r := big.NewInt(10), new(big.Int), new(big.Int)
	for coeff.Sign() != 0 && exp < 0 {
		if q.QuoRem(coeff, ten, r); r.Sign() != 0 {
			break
		}
		coeff.Set(q)
		exp++
	}
	if coeff.Sign() == 0 {
		return int64(0)
	}
	if exp >= 0 && exp <= maxIntExp {
		return lang.IntFromBig(coeff.Mul(coeff, new(big.Int).Exp(big.NewInt(10), big.NewInt(exp), nil)))
	}
	if exp < 0 && exp > -400 {
		r := new(big.Rat).SetFrac(coeff, new(big.Int).Exp(big.NewInt(10), big.NewInt(-exp), nil))
		if f, exact := r.Float64(); exact {
			return f
		}
	}
	return decimalKey{key: fmt.Sprintf("%se%d", coeff.String(), exp), hash: cpythonHash(coeff, exp)}
}

// identityHash is a NaN's hash: its identity's, as object.__hash__.
func identityHash(x *lang.Instance) int64 {
	return int64(reflect.ValueOf(x).Pointer() >> 4)
}

// cpythonHash is CPython's hash of coeff * 10**exp: the value modulo the
// hash prime, as for ints and fractions.
func cpythonHash(coeff *big.Int, exp int64) int64 {
	neg := coeff.Sign() < 0
	c := new(big.Int).Abs(coeff)
	var scale *big.Int
	if exp >= 0 {
		scale = new(big.Int).Exp(big.NewInt(10), big.NewInt(exp), pyModulus)
	} else {
		inv := new(big.Int).Exp(big.NewInt(10), new(big.Int).Sub(pyModulus, big.NewInt(2)), pyModulus)
		scale = new(big.Int).Exp(inv, big.NewInt(-exp), pyModulus)
	}
	h := c.Mul(c, scale)
	h.Mod(h, pyModulus)
	n := h.Int64()
	if neg {
		n = -n
	}
	if n == -1 {
		n = -2
	}
	return n
}

// baseHash is DecimalBase's __hash__, which Decimal names as its own
// (__hash__ = _decimal.base_hash) so that it hashes by hashValue.
var baseHash = lang.NewBuiltin(lang.AsValue, "base_hash(self)", "The hash of a Decimal: that of the int or float it equals, else CPython's.",
	func(a *lang.Args) (lang.Value, error) {
		x, ok := a.Value("self").(*lang.Instance)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "base_hash() needs a Decimal")
		}
		n, err := lang.PythonHash(hashValue(x))
		if err != nil {
			return nil, err
		}
		return n, nil
	})

// baseClass is _decimal.DecimalBase, the native base of decimal.Decimal.
var baseClass = lang.NewBuiltin(lang.AsValue, "DecimalBase()", "The base of decimal.Decimal that hashes it as the number it equals.",
	func(a *lang.Args) (lang.Value, error) {
		return nil, lang.Errorf(lang.TypeError, "cannot create '_decimal.DecimalBase' instances")
	})

func registerBase() {
	lang.RegisterNativeBase("_decimal.DecimalBase", baseClass, &lang.NativeBase{
		Name:      "_decimal.DecimalBase",
		Init:      func(*lang.Instance, []lang.Value, []string, []lang.Value) error { return nil },
		HashValue: hashValue,
		Methods:   map[string]lang.Value{"__hash__": baseHash},
	})
}
