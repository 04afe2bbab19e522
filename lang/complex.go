package lang

import (
	"math"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/internal/pyhash"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// Python's complex numbers: 1j literals, complex(), the arithmetic
// operators with CPython's algorithms (its division, its integer and
// general powers), abs, ==, hash, .real, .imag, .conjugate() and repr.

// Complex is a Python complex number.
type Complex complex128

// TypeName returns "complex".
func (Complex) TypeName() string { return "complex" }

// PyRepr is CPython's repr: 1j, (1+2j), (-0-1j), (nan+infj).
func (c Complex) PyRepr() string {
	re, im := real(c), imag(c)
	imText := complexPart(im)
	if !math.Signbit(im) || math.IsNaN(im) {
		imText = "+" + imText
	}
	if re == 0 && !math.Signbit(re) {
		return strings.TrimPrefix(imText, "+") + "j"
	}
	return "(" + complexPart(re) + imText + "j)"
}

// String is what print shows: the repr.
func (c Complex) String() string { return c.PyRepr() }

// complexPart is a part of a complex's repr: the float's repr without a
// trailing .0.
func complexPart(x float64) string { return strings.TrimSuffix(FormatFloat(x), ".0") }

// Equal is == with a complex or a real number.
func (c Complex) Equal(v Value) bool {
	o, ok := toComplex(v)
	return ok && o == complex128(c)
}

// HashKey keys a complex with no imaginary part as the real number it
// equals.
func (c Complex) HashKey() (string, error) {
	if imag(c) == 0 {
		return hashKey(real(c))
	}
	return "c" + strconv.FormatFloat(real(c), 'g', -1, 64) + "," + strconv.FormatFloat(imag(c), 'g', -1, 64), nil
}

// complexHash is CPython's hash of a complex.
func complexHash(c Complex) int64 {
	re, _ := pyhash.Float(real(c))
	im, _ := pyhash.Float(imag(c))
	h := uint64(re) + 1000003*uint64(im)
	if int64(h) == -1 {
		return -2
	}
	return int64(h)
}

// toComplex converts a number (a bool, an int, a float or a complex) to
// complex128; a big int beyond the floats does not convert.
func toComplex(v Value) (complex128, bool) {
	switch x := v.(type) {
	case Complex:
		return complex128(x), true
	case BigInt:
		f, err := bigToFloat(x.v)
		return complex(f, 0), err == nil
	case *tensor.Tensor: // a one-element tensor, as its __complex__
		if x.Numel() == 1 {
			if item, err := x.Item(); err == nil {
				if c, ok := item.(complex128); ok {
					return c, true
				}
				return toComplex(item)
			}
		}
	case ArrayProvider: // a library's one-element array, likewise
		return toComplex(x.ArrayTensor())
	case *Instance:
		c, ok, err := complexOfInstance(x)
		return c, ok && err == nil
	}
	if f, ok := asNumber(v); ok {
		return complex(f, 0), true
	}
	return 0, false
}

// complexBinary applies an operator when an operand is complex: ok is
// false when neither is, or the other is not a number.
func complexBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	_, ac := a.(Complex)
	_, bc := b.(Complex)
	if !ac && !bc {
		return nil, false, nil
	}
	for _, v := range []Value{a, b} {
		if big, ok := v.(BigInt); ok {
			if _, err := bigToFloat(big.v); err != nil {
				return nil, true, err
			}
		}
	}
	x, ok1 := toComplex(a)
	y, ok2 := toComplex(b)
	if !ok1 || !ok2 {
		return nil, false, nil
	}
	switch op {
	case syntax.PLUS:
		return Complex(x + y), true, nil
	case syntax.MINUS:
		return Complex(x - y), true, nil
	case syntax.STAR:
		return Complex(complex(real(x)*real(y)-imag(x)*imag(y), real(x)*imag(y)+imag(x)*real(y))), true, nil
	case syntax.SLASH:
		if y == 0 {
			return nil, true, Errorf(ZeroDivisionError, "complex division by zero")
		}
		return Complex(complexQuot(x, y)), true, nil
	case syntax.STARSTAR:
		r, err := complexPow(x, y)
		return Complex(r), true, err
	}
	return nil, false, nil
}

// complexQuot is CPython's _Py_c_quot: Smith's division, scaled by the
// larger part of the divisor.
func complexQuot(a, b complex128) complex128 {
	ar, ai, br, bi := real(a), imag(a), real(b), imag(b)
	absBr, absBi := math.Abs(br), math.Abs(bi)
	switch {
	case absBr >= absBi:
		ratio := bi / br
		denom := br + bi*ratio
		return complex((ar+ai*ratio)/denom, (ai-ar*ratio)/denom)
	case absBi >= absBr:
		ratio := br / bi
		denom := br*ratio + bi
		return complex((ar*ratio+ai)/denom, (ai*ratio-ar)/denom)
	}
	return complex(math.NaN(), math.NaN()) // a NaN in b
}

// complexPow is CPython's complex power: repeated squaring for integral
// exponents up to 100 in size, else the polar formula.
func complexPow(a, b complex128) (complex128, error) {
	if n := real(b); imag(b) == 0 && n == math.Trunc(n) && math.Abs(n) <= 100 {
		p := int(n)
		if p >= 0 {
			return complexPowu(a, p), nil
		}
		if a == 0 {
			return 0, Errorf(ZeroDivisionError, "0.0 to a negative or complex power")
		}
		return complexQuot(1, complexPowu(a, -p)), nil
	}
	switch {
	case b == 0:
		return 1, nil
	case a == 0:
		if imag(b) != 0 || real(b) < 0 {
			return 0, Errorf(ZeroDivisionError, "0.0 to a negative or complex power")
		}
		return 0, nil
	}
	vabs := math.Hypot(real(a), imag(a))
	length := libm.Pow(vabs, real(b))
	at := libm.Atan2(imag(a), real(a))
	phase := at * real(b)
	if imag(b) != 0 {
		length /= libm.Exp(at * imag(b))
		phase += imag(b) * libm.Log(vabs)
	}
	sin, cos := libm.Sincos(phase) // the C library's, as CPython's
	r := complex(length*cos, length*sin)
	if math.IsInf(real(r), 0) || math.IsInf(imag(r), 0) {
		return 0, Errorf(OverflowError, "complex exponentiation")
	}
	return r, nil
}

// complexPowu is x**n for n >= 0 by squaring, as CPython's c_powu.
func complexPowu(x complex128, n int) complex128 {
	r, p := complex128(1), x
	prod := func(a, b complex128) complex128 {
		return complex(real(a)*real(b)-imag(a)*imag(b), real(a)*imag(b)+imag(a)*real(b))
	}
	for mask := 1; mask > 0 && n >= mask; mask <<= 1 {
		if n&mask != 0 {
			r = prod(r, p)
		}
		p = prod(p, p)
	}
	return r
}

// complexAbs is abs(c), CPython's OverflowError when it is too large.
func complexAbs(c Complex) (Value, error) {
	re, im := real(c), imag(c)
	r := math.Hypot(re, im)
	if math.IsInf(r, 0) && !math.IsInf(re, 0) && !math.IsInf(im, 0) {
		return nil, Errorf(OverflowError, "absolute value too large")
	}
	return r, nil
}

// ParseComplex reads a complex number from text as complex(text) does,
// for libraries whose types parse strings as Python's complex does.
func ParseComplex(text string) (complex128, error) {
	c, err := parseComplex(text)
	return complex128(c), err
}

// parseComplex reads complex(text): '1+2j', '(1-2.5e3j)', 'j', '-1.5'.
func parseComplex(text string) (Complex, error) {
	bad := Errorf(ValueError, "complex() arg is a malformed string")
	s := strings.TrimSpace(text)
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	if s == "" || strings.ContainsAny(s, " \t\n_") {
		return 0, bad
	}
	if !strings.HasSuffix(s, "j") && !strings.HasSuffix(s, "J") {
		f, ok := parseFloatText(s)
		if !ok {
			return 0, bad
		}
		return Complex(complex(f, 0)), nil
	}
	body := s[:len(s)-1]
	// The imaginary part starts at the last sign not after an exponent.
	split := 0
	for i := len(body) - 1; i > 0; i-- {
		if (body[i] == '+' || body[i] == '-') && body[i-1] != 'e' && body[i-1] != 'E' {
			split = i
			break
		}
	}
	re, im := 0.0, 0.0
	imText := body[split:]
	switch imText {
	case "", "+":
		im = 1
	case "-":
		im = -1
	default:
		f, ok := parseFloatText(imText)
		if !ok {
			return 0, bad
		}
		im = f
	}
	if split > 0 {
		f, ok := parseFloatText(body[:split])
		if !ok {
			return 0, bad
		}
		re = f
	}
	return Complex(complex(re, im)), nil
}

// parseFloatText reads a float as float() and complex() do: a
// decimal, inf, infinity or nan with an optional sign (NaN's sign
// dropped), and an overflow becomes an infinity; no hexadecimal.
func parseFloatText(s string) (float64, bool) {
	if strings.EqualFold(strings.TrimLeft(s, "+-"), "nan") && len(s) <= 4 {
		return math.NaN(), true
	}
	if strings.ContainsAny(s, "xXpP") {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil || isRangeErr(err)
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

func init() {
	pythonClasses = append(pythonClasses, "complex")
	NewBuiltin(AsFunc, "complex(real=0, imag=0)", "A complex number: complex(1, 2) is (1+2j), complex('1+2j') reads one.", func(a *Args) (Value, error) {
		re, im := a.Value("real"), a.Value("imag")
		if s, ok := re.(string); ok {
			if _, zero := im.(int64); !zero || im.(int64) != 0 {
				return nil, Errorf(TypeError, "complex() can't take second arg if first is a string")
			}
			return parseComplex(s)
		}
		if _, ok := im.(string); ok {
			return nil, Errorf(TypeError, "complex() second arg can't be a string")
		}
		var x complex128
		var ok bool
		if inst, isInst := re.(*Instance); isInst {
			var err error
			if x, ok, err = complexOfInstance(inst); err != nil {
				return nil, err
			}
		} else {
			x, ok = toComplex(re)
		}
		if !ok {
			if err := NotAScalar(re, ScalarComplex); err != nil {
				return nil, err
			}
			return nil, Errorf(TypeError, "complex() first argument must be a string or a number, not '%s'", TypeName(re))
		}
		y, ok := toComplex(im)
		if !ok {
			return nil, Errorf(TypeError, "complex() second argument must be a number, not '%s'", TypeName(im))
		}
		// complex(a, b) is a + b*1j, with b's real and imaginary parts; as
		// in CPython, a real part takes no sum with zero, so complex(1, -0.0)
		// keeps its -0.0
		re_, im_ := real(x), real(y)
		if _, isComplex := im.(Complex); isComplex || imag(y) != 0 {
			re_ -= imag(y)
		}
		if _, isComplex := re.(Complex); isComplex || imag(x) != 0 {
			im_ += imag(x)
		}
		return Complex(complex(re_, im_)), nil
	})
	defProperty("real", func(v Value) Value { return real(v.(Complex)) }, "complex")
	defProperty("imag", func(v Value) Value { return imag(v.(Complex)) }, "complex")
	defMethod("complex", "conjugate(self)", "The complex conjugate: the imaginary part negated.", func(a *Args) (Value, error) {
		c := a.Value("self").(Complex)
		return Complex(complex(real(c), -imag(c))), nil
	})
}

// AsComplex converts a number (a bool, an int, a float or a complex) to
// complex128, for libraries (cmath).
func AsComplex(v Value) (complex128, bool) { return toComplex(v) }
