package lang

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// The methods and attributes of float (hex, fromhex, is_integer,
// as_integer_ratio, conjugate) and the number attributes real, imag,
// numerator and denominator of ints and floats.

// typeProperties holds the attributes of the engine's types that are
// values rather than methods (n.real, x.imag), by type name.
var typeProperties = map[string]map[string]func(v Value) Value{}

// defProperty registers the attribute name of the types, computed from
// the value.
func defProperty(name string, get func(v Value) Value, types ...string) {
	for _, t := range types {
		if typeProperties[t] == nil {
			typeProperties[t] = map[string]func(v Value) Value{}
		}
		typeProperties[t][name] = get
	}
}

// asPlainInt is an int as an int (a bool as 0 or 1).
func asPlainInt(v Value) Value {
	if b, ok := v.(bool); ok {
		return boolInt(b)
	}
	return v
}

// floatHex is float.hex(): '0x1.8000000000000p+0', with CPython's forms
// of zero, the subnormals, the infinities and NaN.
func floatHex(x float64) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	sign := ""
	if math.Signbit(x) {
		sign, x = "-", -x
	}
	bits := math.Float64bits(x)
	mant, exp := bits&(1<<52-1), int(bits>>52)
	lead := 1
	switch {
	case exp == 0 && mant == 0:
		return sign + "0x0.0p+0"
	case exp == 0: // subnormal: 0x0.<mantissa>p-1022
		lead, exp = 0, 1
	}
	e := exp - 1023
	es := strconv.Itoa(e)
	if e >= 0 {
		es = "+" + es
	}
	return sign + "0x" + strconv.Itoa(lead) + "." + leftPad(strconv.FormatUint(mant, 16), 13) + "p" + es
}

func leftPad(s string, n int) string { return strings.Repeat("0", max(0, n-len(s))) + s }

// floatFromHex is float.fromhex(s).
func floatFromHex(s string) (float64, error) {
	t := strings.TrimSpace(s)
	switch strings.ToLower(strings.TrimLeft(t, "+-")) {
	case "inf", "infinity", "nan":
		f, err := strconv.ParseFloat(t, 64)
		if err == nil {
			return f, nil
		}
	}
	bad := Errorf(ValueError, "invalid hexadecimal floating-point string")
	body := strings.TrimLeft(t, "+-")
	if len(t)-len(body) > 1 || body == "" || strings.ContainsAny(body, "_ \t\n") {
		return 0, bad
	}
	if !strings.HasPrefix(strings.ToLower(body), "0x") {
		body = "0x" + body
	}
	if !strings.ContainsAny(body, "pP") {
		body += "p0"
	}
	f, err := strconv.ParseFloat(t[:len(t)-len(strings.TrimLeft(t, "+-"))]+body, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange && math.IsInf(f, 0) {
			return 0, Errorf(OverflowError, "hexadecimal value too large to represent as a float")
		}
		if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
			return 0, bad
		}
	}
	return f, nil
}

// floatRatio is float.as_integer_ratio(): the exact fraction in lowest
// terms, with a positive denominator.
func floatRatio(x float64) (Value, error) {
	switch {
	case math.IsInf(x, 0):
		return nil, Errorf(OverflowError, "cannot convert Infinity to integer ratio")
	case math.IsNaN(x):
		return nil, Errorf(ValueError, "cannot convert NaN to integer ratio")
	}
	r := new(big.Rat).SetFloat64(x)
	return Tuple{IntFromBig(new(big.Int).Set(r.Num())), IntFromBig(new(big.Int).Set(r.Denom()))}, nil
}

func init() {
	defProperty("real", asPlainInt, "int", "bool", "float")
	defProperty("imag", func(v Value) Value {
		if isFloat(v) {
			return 0.0
		}
		return int64(0)
	}, "int", "bool", "float")
	defProperty("numerator", asPlainInt, "int", "bool")
	defProperty("denominator", func(Value) Value { return int64(1) }, "int", "bool")
	self := func(a *Args) float64 { return a.Value("self").(float64) }
	defMethod("float", "is_integer(self)", "Whether the float is an integer: (2.0).is_integer() is True; NaN and the infinities are not.", func(a *Args) (Value, error) {
		x := self(a)
		return !math.IsInf(x, 0) && x == math.Trunc(x), nil
	})
	defMethod("float", "hex(self)", "The float in hexadecimal, exactly: (1.5).hex() is '0x1.8000000000000p+0'.", func(a *Args) (Value, error) {
		return floatHex(self(a)), nil
	})
	defMethod("float", "as_integer_ratio(self)", "The pair of ints (n, d), d > 0 and in lowest terms, whose quotient is exactly the float: (0.75).as_integer_ratio() is (3, 4).", func(a *Args) (Value, error) {
		return floatRatio(self(a))
	})
	defMethod("float", "conjugate(self)", "The complex conjugate of a float: the float itself.", func(a *Args) (Value, error) {
		return self(a), nil
	})
	defClassFunction("float", "fromhex(string)", "The float a hexadecimal string spells: float.fromhex('0x1.8p1') is 3.0.", func(a *Args) (Value, error) {
		s, ok := a.Value("string").(string)
		if !ok {
			return nil, Errorf(TypeError, "bad argument type for built-in operation")
		}
		return floatFromHex(s)
	})
}
