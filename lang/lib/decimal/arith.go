package decimal

import (
	"math/big"
	"strings"

	"github.com/cockroachdb/apd/v3"

	"github.com/kael-dev/kael/lang"
)

// The arithmetic of _decimal: module.py hands each operation its finite or
// infinite operands (NaNs never reach here: module.py propagates them, as
// the spec says, keeping their payloads, which apd drops) and the
// context's parameters; apd computes the result, and this file adjusts it
// where CPython's decimal differs from apd (an overflow that rounds to the
// largest finite number, the clamp of IEEE formats, normalize's order of
// rounding and stripping).

// operand is a decimal as module.py passes it: (sign, digits, exp) with
// exp an int, or (sign, ”, 'F') for an infinity.
func operand(v lang.Value) (*apd.Decimal, error) {
	t, ok := v.(lang.Tuple)
	if !ok || len(t) != 3 {
		return nil, lang.Errorf(lang.TypeError, "_decimal: an operand is a (sign, digits, exp) tuple, not %s", lang.TypeName(v))
	}
	sign, _ := t[0].(int64)
	d := new(apd.Decimal)
	d.Negative = sign == 1
	if s, isStr := t[2].(string); isStr {
		if s != "F" {
			return nil, lang.Errorf(lang.ValueError, "_decimal: a NaN operand reached the arithmetic")
		}
		d.Form = apd.Infinite
		return d, nil
	}
	exp, ok := t[2].(int64)
	if !ok || exp > apd.MaxExponent || exp < apd.MinExponent {
		return nil, rangeError()
	}
	digits, _ := t[1].(string)
	if _, ok := d.Coeff.SetString(digits, 10); !ok {
		return nil, lang.Errorf(lang.ValueError, "_decimal: bad coefficient %q", digits)
	}
	d.Exponent = int32(exp)
	return d, nil
}

// rangeError is the error of an exponent beyond what apd computes with.
func rangeError() error {
	return lang.Errorf(lang.OverflowError, "decimal: exponent out of the range kael's decimal computes with (|exponent| <= %d)", apd.MaxExponent)
}

// result is d as module.py reads it: (sign, digits, exp), exp 'F' for an
// infinity and 'n' for the NaN an invalid operation makes.
func result(d *apd.Decimal) lang.Value {
	sign := int64(0)
	if d.Negative {
		sign = 1
	}
	switch d.Form {
	case apd.Infinite:
		return lang.Tuple{sign, "0", "F"}
	case apd.NaN, apd.NaNSignaling:
		return lang.Tuple{sign, "", "n"}
	}
	return lang.Tuple{sign, d.Coeff.String(), int64(d.Exponent)}
}

// context is the part of a decimal Context that arithmetic reads.
type context struct {
	apd.Context
	clamp bool
}

// roundings are the rounding modes by CPython's names.
var roundings = map[string]apd.Rounder{
	"ROUND_HALF_EVEN": apd.RoundHalfEven,
	"ROUND_HALF_UP":   apd.RoundHalfUp,
	"ROUND_HALF_DOWN": apd.RoundHalfDown,
	"ROUND_DOWN":      apd.RoundDown,
	"ROUND_UP":        apd.RoundUp,
	"ROUND_CEILING":   apd.RoundCeiling,
	"ROUND_FLOOR":     apd.RoundFloor,
	"ROUND_05UP":      apd.Round05Up,
}

// contextOf reads (prec, rounding, Emin, Emax, clamp).
func contextOf(v lang.Value) (*context, error) {
	t, ok := v.(lang.Tuple)
	if !ok || len(t) != 5 {
		return nil, lang.Errorf(lang.TypeError, "_decimal: a context is a (prec, rounding, Emin, Emax, clamp) tuple")
	}
	prec, _ := t[0].(int64)
	name, _ := t[1].(string)
	emin, _ := t[2].(int64)
	emax, _ := t[3].(int64)
	clamp, _ := t[4].(int64)
	r, ok := roundings[name]
	if !ok || prec < 1 || prec > 1<<30 {
		return nil, lang.Errorf(lang.ValueError, "_decimal: bad context %s", lang.Repr(v))
	}
	return &context{Context: apd.Context{
		Precision:   uint32(prec),
		Rounding:    r,
		MinExponent: int32(max(emin, -1<<30)),
		MaxExponent: int32(min(emax, 1<<30)),
	}, clamp: clamp == 1}, nil
}

// conditions names the conditions apd raised, in module.py's words.
func conditions(c apd.Condition) lang.Value {
	var names []lang.Value
	for _, p := range []struct {
		c    apd.Condition
		name string
	}{
		{apd.InvalidOperation, "InvalidOperation"},
		{apd.DivisionImpossible, "DivisionImpossible"},
		{apd.DivisionUndefined, "DivisionUndefined"},
		{apd.DivisionByZero, "DivisionByZero"},
		{apd.Overflow, "Overflow"},
		{apd.Underflow, "Underflow"},
		{apd.Subnormal, "Subnormal"},
		{apd.Inexact, "Inexact"},
		{apd.Rounded, "Rounded"},
		{apd.Clamped, "Clamped"},
	} {
		if c&p.c != 0 {
			names = append(names, p.name)
		}
	}
	return lang.Tuple(names)
}

// overflowed sets d, an infinity an overflow made, to the largest finite
// number instead where the rounding mode rounds toward zero (the spec's
// overflow rule, which apd does not follow).
func (c *context) overflowed(d *apd.Decimal) {
	toMax := false
	switch c.Rounding {
	case apd.RoundDown, apd.Round05Up:
		toMax = true
	case apd.RoundCeiling:
		toMax = d.Negative
	case apd.RoundFloor:
		toMax = !d.Negative
	}
	if !toMax {
		return
	}
	d.Form = apd.Finite
	d.Coeff.SetString(strings.Repeat("9", int(c.Precision)), 10)
	d.Exponent = c.MaxExponent - int32(c.Precision) + 1
}

// finish applies CPython's rules apd lacks to a rounded result: the
// overflow to the largest finite number and the clamp of IEEE formats
// (an exponent above Emax-prec+1 is lowered, the coefficient padded with
// zeros).
func (c *context) finish(d *apd.Decimal, cond apd.Condition) apd.Condition {
	if d.Form == apd.Finite && d.Coeff.Sign() == 0 && cond&apd.Inexact == 0 {
		cond &^= apd.Rounded // apd flags a zero clamped to Etiny as rounded; only its exponent changed
	}
	if cond&apd.Overflow != 0 && d.Form == apd.Infinite {
		c.overflowed(d)
	}
	if c.clamp && d.Form == apd.Finite {
		etop := c.MaxExponent - int32(c.Precision) + 1
		if d.Exponent > etop {
			if d.Coeff.Sign() != 0 {
				var ten, pad apd.BigInt
				ten.SetInt64(10)
				pad.Exp(&ten, new(apd.BigInt).SetInt64(int64(d.Exponent-etop)), nil)
				d.Coeff.Mul(&d.Coeff, &pad)
			}
			d.Exponent = etop
			cond |= apd.Clamped
		}
	}
	return cond
}

// normalize is the spec's reduce: x rounded to the context, then its
// trailing zeros stripped while the exponent stays at most Emax (Etop
// when clamping); a zero becomes 0 with its sign.
func (c *context) normalize(d, x *apd.Decimal) apd.Condition {
	cond := c.Round(d, x)
	if d.Form != apd.Finite {
		return cond
	}
	if d.Coeff.Sign() == 0 {
		d.Exponent = 0
		return cond
	}
	limit := c.MaxExponent
	if c.clamp {
		limit = c.MaxExponent - int32(c.Precision) + 1
	}
	var q, r, ten apd.BigInt
	ten.SetInt64(10)
	for d.Exponent < limit {
		q.QuoRem(&d.Coeff, &ten, &r)
		if r.Sign() != 0 {
			break
		}
		d.Coeff.Set(&q)
		d.Exponent++
	}
	return cond
}

// Round is apd's rounding to the context's precision, with its error
// dropped (the conditions say what happened).
func (c *context) Round(d, x *apd.Decimal) apd.Condition {
	cond, _ := c.Context.Round(d, x)
	return cond
}

// binaries are the two-operand operations by module.py's names.
var binaries = map[string]func(c *apd.Context, d, x, y *apd.Decimal) (apd.Condition, error){
	"add":    (*apd.Context).Add,
	"sub":    (*apd.Context).Sub,
	"mul":    (*apd.Context).Mul,
	"div":    (*apd.Context).Quo,
	"divint": (*apd.Context).QuoInteger,
	"rem":    (*apd.Context).Rem,
	"pow":    (*apd.Context).Pow,
	"cmp":    (*apd.Context).Cmp,
}

// unaries are the one-operand operations; halfEven marks those CPython
// always rounds half-even (sqrt, exp, ln, log10), whatever the context's
// rounding.
var unaries = map[string]struct {
	fn       func(c *apd.Context, d, x *apd.Decimal) (apd.Condition, error)
	halfEven bool
}{
	"plus":  {func(c *apd.Context, d, x *apd.Decimal) (apd.Condition, error) { return c.Round(d, x) }, false},
	"sqrt":  {sqrt, true},
	"exp":   {(*apd.Context).Exp, true},
	"ln":    {(*apd.Context).Ln, true},
	"log10": {(*apd.Context).Log10, true},
}

// systemLimits are apd's own exponent limits, which no CPython context
// has: kael reports them as an OverflowError.
const systemLimits = apd.SystemOverflow | apd.SystemUnderflow

// compute runs op on the operands under ctx: op(name, ctx, a, b=None,
// exp=None, rounding=None) returns (result, conditions).
var compute = lang.NewBuiltin(lang.AsValue, "op(name, ctx, a, b=None, exp=None, rounding=None)",
	"Runs one decimal operation with apd: the result as (sign, digits, exp) and the names of the conditions raised.",
	func(a *lang.Args) (lang.Value, error) {
		name := a.Str("name")
		if err := a.Err(); err != nil {
			return nil, err
		}
		c, err := contextOf(a.Value("ctx"))
		if err != nil {
			return nil, err
		}
		if !a.IsNone("rounding") {
			r, ok := roundings[a.Str("rounding")]
			if !ok {
				return nil, lang.Errorf(lang.ValueError, "_decimal: bad rounding")
			}
			c.Rounding = r
		}
		x, err := operand(a.Value("a"))
		if err != nil {
			return nil, err
		}
		if name == "quantize" || name == "tointegral" || name == "tointegralexact" {
			target := int64(0)
			if e, ok := a.Value("exp").(int64); ok {
				target = e
			}
			widen(x, target)
		}
		d := new(apd.Decimal)
		var cond apd.Condition
		switch name {
		case "normalize":
			cond = c.normalize(d, x)
		case "quantize":
			e, ok := a.Value("exp").(int64)
			if !ok || e > apd.MaxExponent || e < apd.MinExponent {
				return nil, rangeError()
			}
			cond, _ = c.Quantize(d, x, int32(e))
		case "tointegral", "tointegralexact":
			if x.Form == apd.Infinite {
				d.Set(x)
			} else if x.Exponent >= 0 {
				d.Set(x)
			} else {
				cond, _ = c.RoundToIntegralExact(d, x)
				if name == "tointegral" {
					cond &^= apd.Inexact | apd.Rounded
				}
			}
		default:
			if u, ok := unaries[name]; ok {
				if u.halfEven {
					c.Rounding = apd.RoundHalfEven
				}
				cond, _ = u.fn(&c.Context, d, x)
				break
			}
			fn, ok := binaries[name]
			if !ok || fn == nil {
				return nil, lang.Errorf(lang.ValueError, "_decimal: no operation %q", name)
			}
			y, err := operand(a.Value("b"))
			if err != nil {
				return nil, err
			}
			cond, _ = fn(&c.Context, d, x, y)
			if name == "div" && d.Form == apd.Finite && cond&apd.Inexact == 0 && x.Form == apd.Finite && y.Form == apd.Finite {
				stripTo(d, x.Exponent-y.Exponent) // an exact quotient takes the ideal exponent
			}
		}
		if d.Form == apd.Finite && d.NumDigits() > int64(c.Precision) {
			cond |= c.Round(d, d) // apd's rounding can carry into one digit too many
		}
		if cond&systemLimits != 0 {
			return nil, rangeError()
		}
		cond = c.finish(d, cond)
		return lang.Tuple{result(d), conditions(cond)}, nil
	})

// fromFloat is the exact decimal value of a float: (sign, digits, exp),
// as Decimal.from_float makes it.
var fromFloat = lang.NewBuiltin(lang.AsValue, "from_float(x)",
	"The exact (sign, digits, exp) of a finite float.",
	func(a *lang.Args) (lang.Value, error) {
		f := a.Float("x")
		if err := a.Err(); err != nil {
			return nil, err
		}
		bf := new(big.Float).SetPrec(0).SetFloat64(f)
		sign := int64(0)
		if bf.Signbit() {
			sign = 1
			bf.Neg(bf)
		}
		// f = mant * 2**exp with an integer mant: mant * 5**-exp * 10**exp.
		mant := new(big.Int)
		exp := bf.MantExp(nil)
		m := new(big.Float).SetMantExp(bf, -exp)
		// scale the mantissa to an integer
		shift := 0
		for !m.IsInt() {
			m.SetMantExp(m, 1)
			shift++
		}
		m.Int(mant)
		e := exp - shift // f = mant * 2**e
		if e >= 0 {
			mant.Lsh(mant, uint(e))
			return lang.Tuple{sign, mant.String(), int64(0)}, nil
		}
		five := new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-e)), nil)
		mant.Mul(mant, five)
		return lang.Tuple{sign, mant.String(), int64(e)}, nil
	})

// stripTo removes d's trailing zeros while its exponent is below ideal.
func stripTo(d *apd.Decimal, ideal int32) {
	var q, r, ten apd.BigInt
	ten.SetInt64(10)
	for d.Exponent < ideal && d.Coeff.Sign() != 0 {
		q.QuoRem(&d.Coeff, &ten, &r)
		if r.Sign() != 0 {
			break
		}
		d.Coeff.Set(&q)
		d.Exponent++
	}
	if d.Coeff.Sign() == 0 && d.Exponent < ideal {
		d.Exponent = ideal
	}
}

// sqrt is the spec's square root, correctly rounded, with an exact root
// at the ideal exponent floor(exp/2) (which apd's Sqrt does not give):
// the integer square root of the coefficient scaled to 2*prec+2 digits,
// a sticky digit for an inexact root, then the context's rounding.
func sqrt(c *apd.Context, d, x *apd.Decimal) (apd.Condition, error) {
	ideal := x.Exponent >> 1 // floor(exp/2)
	switch {
	case x.Form == apd.Infinite && !x.Negative:
		d.Set(x)
		return 0, nil
	case x.Form == apd.Finite && x.Coeff.Sign() == 0:
		d.Set(x)
		d.Exponent = ideal
		return c.Round(d, d)
	case x.Negative:
		d.Form = apd.NaN
		return apd.InvalidOperation, nil
	}
	var coeff big.Int
	coeff.SetString(x.Coeff.String(), 10)
	e := int64(x.Exponent)
	if e%2 != 0 {
		coeff.Mul(&coeff, big.NewInt(10))
		e--
	}
	digits := int64(len(coeff.String()))
	k := (2*int64(c.Precision) + 2 - digits + 1) / 2
	if k < 0 {
		k = 0
	}
	coeff.Mul(&coeff, new(big.Int).Exp(big.NewInt(100), big.NewInt(k), nil))
	root := new(big.Int).Sqrt(&coeff)
	exact := new(big.Int).Mul(root, root).Cmp(&coeff) == 0
	exp := (e - 2*k) / 2
	if !exact {
		root.Mul(root, big.NewInt(10))
		root.Add(root, big.NewInt(1))
		exp--
	}
	d.Form = apd.Finite
	d.Negative = false
	d.Coeff.SetString(root.String(), 10)
	d.Exponent = int32(exp)
	if exact {
		stripTo(d, ideal)
	}
	return c.Round(d, d)
}

// widen replaces x, when rounding it to the exponent target discards
// all its digits and more, by 1E(target-1), which rounds alike under
// every mode (a nonzero amount below half a unit): apd's quantize sets
// such a coefficient to zero whatever the rounding mode (0.00015
// quantized to 0.01 under ROUND_UP is 0.01, not 0.00).
func widen(x *apd.Decimal, target int64) {
	if x.Form != apd.Finite || x.Coeff.Sign() == 0 {
		return
	}
	if target-int64(x.Exponent)-x.NumDigits() < 1 || target-1 < apd.MinExponent {
		return
	}
	x.Coeff.SetInt64(1)
	x.Exponent = int32(target - 1)
}
