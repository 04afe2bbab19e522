package numpy

import (
	_ "embed" // nptext.py
	"fmt"
	"math"
	"runtime"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/re"       // nptext.py imports re
	_ "github.com/kael-dev/kael/lang/lib/warnings" // nptext.py imports warnings
	"github.com/kael-dev/kael/tensor"
)

// NumPy's conversion, type-table and float-text helpers: np.asanyarray,
// np.asfortranarray, np.require, np.fromstring, np.min_scalar_type,
// np.binary_repr and np.base_repr in Python (nptext.py) over kael's
// NumPy; np.format_float_positional and np.format_float_scientific here,
// as NumPy's Dragon4 prints a float; the tables np.sctypeDict,
// np.typecodes and np.ScalarType of kael's dtypes; np.show_config; and
// np.frompyfunc (objarr_pyfunc.go).

//go:embed nptext.py
var nptextSource string

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_nptext", "np.asanyarray, np.asfortranarray, np.require, np.fromstring, np.min_scalar_type, np.binary_repr and np.base_repr, written in Python over kael's NumPy (kael's own code, behaving as NumPy 1.24's numpy/core/_asarray.py, numeric.py and numerictypes.py).", nptextSource)
	})
}

var nptextFuncs = []sourceFunc{
	{"asanyarray(a, dtype=None, order=None, *, like=None)", "a as an array, passing an ndarray subclass through; a itself when it needs no conversion."},
	{"asfortranarray(a, dtype=None, *, like=None)", "a as an array at least 1-d laid out in column-major (Fortran) order: a itself when it is one already, else a copy."},
	{"require(a, dtype=None, requirements=None, *, like=None)", "a as an array of dtype meeting requirements ('C', 'F', 'A', 'W', 'O', 'E' or their long names, a string or a list): a itself when it does, else a copy."},
	{"fromstring(string, dtype=float, count=-1, *, sep='', like=None)", "A 1-d array of the numbers in string separated by sep; sep='' reads the string's bytes as frombuffer does (NumPy's deprecated binary mode, with its DeprecationWarning)."},
	{"min_scalar_type(a)", "The smallest dtype that holds the scalar a's value (an array's own dtype when it has dimensions)."},
	{"binary_repr(num, width=None)", "num in base 2 as a string; a negative num with width= in two's complement of width bits."},
	{"base_repr(number, base=2, padding=0)", "number in base (2 to 36) as a string, with padding zeros on the left."},
}

func defNptext(m map[string]lang.Value) {
	defSourceFuncs(m, "_numpy_nptext", nptextFuncs)
	m["format_float_positional"] = lang.NewBuiltin(lang.AsValue,
		"format_float_positional(x, precision=None, unique=True, fractional=True, trim='k', sign=False, pad_left=None, pad_right=None, min_digits=None)",
		"x as a decimal string in positional notation, as NumPy's Dragon4 prints it: the shortest digits that give x back (unique=True) or its exact digits, at most precision of them after the point (or in all, fractional=False), trimmed as trim says ('k', '.', '0', '-'), padded to pad_left and pad_right characters either side of the point.",
		func(a *lang.Args) (lang.Value, error) { return formatFloatArgs(a, false) })
	m["format_float_scientific"] = lang.NewBuiltin(lang.AsValue,
		"format_float_scientific(x, precision=None, unique=True, trim='k', sign=False, pad_left=None, exp_digits=None, min_digits=None)",
		"x as a decimal string in scientific notation, as NumPy's Dragon4 prints it: precision digits at most after the point, trimmed as trim says, the exponent of at least exp_digits digits.",
		func(a *lang.Args) (lang.Value, error) { return formatFloatArgs(a, true) })
	m["sctypeDict"] = sctypeDict()
	m["typecodes"] = typecodes()
	m["ScalarType"] = scalarTypeTuple()
	m["show_config"] = lang.NewBuiltin(lang.AsValue, "show_config()", "Prints how this NumPy was built: kael's, on its own Go tensor core, with no BLAS or LAPACK library.", showConfig)
	m["frompyfunc"] = lang.NewBuiltin(lang.AsValue, "frompyfunc(func, /, nin, nout, *, identity=None)", "NumPy's ufunc of a Python function: it calls func on each set of broadcast elements and gives object arrays (a tuple of nout of them when nout > 1).", frompyfunc)
}

// trimModes are format_float's trim= values.
const trimModes = "k.0-"

// dragonOpts are the options of NumPy's Dragon4 printing of one float.
type dragonOpts struct {
	unique     bool
	fractional bool // precision counts digits after the point, not in all
	precision  int  // -1: none
	minDigits  int  // -1: none
	trim       byte // 'k' keep, '.' drop zeros, '0' keep one zero, '-' drop zeros and point
	sign       bool
	padLeft    int // -1: none
	padRight   int // -1: none
	expDigits  int // -1: none
}

// formatFloatArgs reads format_float_positional's (or with sci
// format_float_scientific's) arguments as NumPy checks them and formats x.
func formatFloatArgs(a *lang.Args, sci bool) (lang.Value, error) {
	opts := dragonOpts{fractional: true}
	var err error
	// nonNeg reads an optional count as NumPy's _none_or_positive_arg and
	// Dragon4's int conversion check it
	nonNeg := func(name string) int {
		if err != nil || a.IsNone(name) {
			return -1
		}
		v := a.Value(name)
		n, ok := lang.AsInt(v)
		switch _, isFloat := v.(float64); {
		case isFloat:
			err = lang.Errorf(lang.TypeError, "integer argument expected, got float")
		case !ok:
			err = lang.Errorf(lang.TypeError, "'<' not supported between instances of '%s' and 'int'", lang.TypeName(v))
		case n < 0:
			err = lang.Errorf(lang.ValueError, "%s must be >= 0", name)
		}
		return int(n)
	}
	opts.precision = nonNeg("precision")
	opts.padLeft = nonNeg("pad_left")
	if sci {
		opts.expDigits = nonNeg("exp_digits")
	} else {
		opts.padRight = nonNeg("pad_right")
	}
	opts.minDigits = nonNeg("min_digits")
	if err != nil {
		return nil, err
	}
	if !sci {
		if opts.fractional, err = lang.Truth(a.Value("fractional")); err != nil {
			return nil, err
		}
		if !opts.fractional && opts.precision == 0 {
			return nil, lang.Errorf(lang.ValueError, "precision must be greater than 0 if fractional=False")
		}
	}
	if opts.minDigits > 0 && opts.precision > 0 && opts.minDigits > opts.precision {
		return nil, lang.Errorf(lang.ValueError, "min_digits must be less than or equal to precision")
	}
	x, bits, err := dragonOperand(a.Value("x"))
	if err != nil {
		return nil, err
	}
	if opts.unique, err = lang.Truth(a.Value("unique")); err != nil {
		return nil, err
	}
	if opts.sign, err = lang.Truth(a.Value("sign")); err != nil {
		return nil, err
	}
	trim, ok := a.Value("trim").(string)
	if !ok || len(trim) != 1 || !strings.Contains(trimModes, trim) {
		return nil, lang.Errorf(lang.TypeError, "if supplied, trim must be 'k', '.', '0' or '-' found `%100s`", lang.Str(a.Value("trim")))
	}
	opts.trim = trim[0]
	if !opts.unique && opts.precision < 0 {
		return nil, lang.Errorf(lang.TypeError, "in non-unique mode `precision` must be supplied")
	}
	if sci {
		return dragonScientific(x, bits, opts), nil
	}
	return dragonPositional(x, bits, opts), nil
}

// dragonOperand is the float format_float prints and its width in bits:
// a NumPy float scalar at its own precision, anything else as Python's
// float() reads it (float64), a complex scalar's real part.
func dragonOperand(v lang.Value) (float64, int, error) {
	if s, ok := v.(*Scalar); ok {
		switch dt := s.t.DType(); {
		case dt == tensor.Float16:
			f, _ := s.Float()
			return f, 16, nil
		case dt == tensor.Float32:
			f, _ := s.Float()
			return f, 32, nil
		case dt.IsComplex():
			c, _ := s.item().(lang.Complex)
			return real(complex128(c)), 64, nil
		}
	}
	if _, ok := v.(lang.Complex); !ok {
		if _, ok := v.(string); !ok {
			if f, ok := lang.AsFloat(v); ok {
				return f, 64, nil
			}
		}
	}
	return 0, 0, lang.Errorf(lang.TypeError, "must be real number, not %s", lang.TypeName(v))
}

// dragonDigits are the digits Dragon4 prints for |x|: digits[0] stands at
// the decimal exponent exp (x ≈ 0.d0d1d2... × 10^(exp+1)).
type dragonDigits struct {
	digits string
	exp    int
}

// dragon4 generates |x|'s digits as NumPy's Dragon4 does: the shortest
// ones that read back as the same float of bits (unique), or the exact
// value's; cut at precision digits (after the point when fractional, in
// all otherwise) and rounded there half to even; in unique mode extended
// with the exact value's digits to minDigits.
func dragon4(x float64, bits int, unique, fractional bool, precision, minDigits int) dragonDigits {
	x = math.Abs(x)
	if x == 0 {
		return dragonDigits{"0", 0}
	}
	full, lead := exactExpansion(x)
	// cutAt is the exponent of the last digit a count of digits allows
	cutAt := func(n int) int {
		if fractional {
			return -n
		}
		return lead - n + 1
	}
	if !unique {
		return roundDigits(full, lead, cutAt(precision))
	}
	mant, e := splitE(formatBits(x, 'e', -1, bits))
	short := strings.Replace(mant, ".", "", 1)
	shortLast := e - len(short) + 1
	if precision >= 0 && shortLast < cutAt(precision) {
		return roundDigits(full, lead, cutAt(precision))
	}
	if minDigits >= 0 && shortLast > cutAt(minDigits) {
		return roundDigits(full, lead, cutAt(minDigits))
	}
	return dragonDigits{short, e}
}

// exactExpansion is x's exact decimal expansion (x > 0, every float64
// has one of at most 767 significant digits), without trailing zeros,
// and its first digit's exponent.
func exactExpansion(x float64) (string, int) {
	mant, e := splitE(strconv.FormatFloat(x, 'e', 800, 64))
	return strings.TrimRight(strings.Replace(mant, ".", "", 1), "0"), e
}

// roundDigits cuts the digits full (the first at exponent lead) after the
// one at exponent last and rounds there half to even as Dragon4 does: a
// digit rounded down stays, even a 0; rounding up drops the 9s it carries
// through. A cut above the first digit gives one digit at last: 0, or 1
// when the value is above half of 10^last (Dragon4's clamped first digit).
func roundDigits(full string, lead, last int) dragonDigits {
	n := lead - last + 1
	switch {
	case n < 0:
		return dragonDigits{"0", last}
	case n == 0:
		if full[0] > '5' || full[0] == '5' && len(full) > 1 {
			return dragonDigits{"1", last}
		}
		return dragonDigits{"0", last}
	case len(full) <= n:
		return dragonDigits{full, lead}
	}
	kept, rest := full[:n], full[n:]
	if rest[0] < '5' || rest[0] == '5' && len(rest) == 1 && (kept[n-1]-'0')%2 == 0 {
		return dragonDigits{kept, lead}
	}
	kept = strings.TrimRight(kept, "9")
	if kept == "" {
		return dragonDigits{"1", lead + 1}
	}
	return dragonDigits{kept[:len(kept)-1] + string(kept[len(kept)-1]+1), lead}
}

// splitE splits strconv's 'e' format into mantissa and exponent.
func splitE(s string) (string, int) {
	mant, exp, _ := strings.Cut(s, "e")
	e, _ := strconv.Atoi(exp)
	return mant, e
}

// dragonSign is the sign Dragon4 prints before x.
func dragonSign(x float64, plus bool) string {
	if math.Signbit(x) && !math.IsNaN(x) {
		return "-"
	}
	if plus {
		return "+"
	}
	return ""
}

// dragonNonFinite is NumPy's text of nan and ±inf: nan without a sign,
// and neither padded.
func dragonNonFinite(x float64, opts dragonOpts) string {
	if math.IsNaN(x) {
		return "nan"
	}
	return dragonSign(x, opts.sign) + "inf"
}

// trimFraction applies trim to the fraction digits Dragon4 printed: 'k'
// pads them with zeros to desired, '0' gives an empty one a 0, the others
// drop trailing zeros. point is whether the decimal point shows: always
// but with '-' for a number printed without fraction digits, or in
// positional notation (positional) with all its fraction digits trimmed
// away (scientific notation keeps the point then, as NumPy's does).
func trimFraction(frac string, desired int, trim byte, positional bool) (point bool, out string) {
	point = trim != '-' || frac != ""
	switch {
	case trim == '0' && frac == "":
		frac = "0"
	case trim == 'k' && desired > len(frac):
		frac += strings.Repeat("0", desired-len(frac))
	}
	if trim != 'k' {
		frac = strings.TrimRight(frac, "0")
		if trim == '0' && frac == "" {
			frac = "0"
		}
		if positional && trim == '-' && frac == "" {
			point = false
		}
	}
	return point, frac
}

// dragonPositional is NumPy's FormatPositional.
func dragonPositional(x float64, bits int, opts dragonOpts) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return dragonNonFinite(x, opts)
	}
	sign := dragonSign(x, opts.sign)
	d := dragon4(x, bits, opts.unique, opts.fractional, opts.precision, opts.minDigits)
	var whole, frac string
	if d.exp >= 0 {
		if len(d.digits) <= d.exp+1 {
			whole = d.digits + strings.Repeat("0", d.exp+1-len(d.digits))
		} else {
			whole, frac = d.digits[:d.exp+1], d.digits[d.exp+1:]
		}
	} else {
		whole, frac = "0", strings.Repeat("0", -d.exp-1)+d.digits
	}
	desired := opts.minDigits
	if !opts.unique {
		desired = opts.precision
	}
	if !opts.fractional && desired >= 0 {
		desired -= len(whole)
	}
	point, frac := trimFraction(frac, desired, opts.trim, true)
	s := whole
	if point {
		s += "."
	}
	s += frac
	if opts.padRight >= len(frac) {
		if opts.trim == '-' && frac == "" {
			s += " "
		}
		s += strings.Repeat(" ", opts.padRight-len(frac))
	}
	if n := opts.padLeft - len(whole) - len(sign); n > 0 {
		return strings.Repeat(" ", n) + sign + s
	}
	return sign + s
}

// dragonScientific is NumPy's FormatScientific.
func dragonScientific(x float64, bits int, opts dragonOpts) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return dragonNonFinite(x, opts)
	}
	sign := dragonSign(x, opts.sign)
	precision, minDigits := opts.precision, opts.minDigits
	if precision >= 0 {
		precision++ // the digit before the point counts
	}
	if minDigits >= 0 {
		minDigits++
	}
	d := dragon4(x, bits, opts.unique, false, precision, minDigits)
	desired := opts.minDigits
	if !opts.unique {
		desired = opts.precision
	}
	point, frac := trimFraction(d.digits[1:], desired, opts.trim, false)
	var b strings.Builder
	if n := opts.padLeft - 1 - len(sign); n > 0 {
		b.WriteString(strings.Repeat(" ", n))
	}
	b.WriteString(sign)
	b.WriteString(d.digits[:1])
	if point {
		b.WriteByte('.')
	}
	b.WriteString(frac)
	exp := d.exp
	if exp < 0 {
		b.WriteString("e-")
		exp = -exp
	} else {
		b.WriteString("e+")
	}
	expDigits := opts.expDigits
	if expDigits < 0 {
		expDigits = 2
	}
	expDigits = min(expDigits, 5)
	digits := strconv.Itoa(exp)
	if len(digits) < expDigits {
		digits = strings.Repeat("0", expDigits-len(digits)) + digits
	}
	if exp == 0 && expDigits == 0 {
		digits = ""
	}
	b.WriteString(digits)
	return b.String()
}

// sctypeDict is np.sctypeDict: NumPy's names, type characters and type
// numbers of its scalar types, for the dtypes kael has.
func sctypeDict() *lang.Dict {
	d := lang.NewDict()
	for _, e := range npInfos {
		t := scalarTypes[e.dt]
		for _, name := range append(append([]string{e.dt.String(), e.class, e.char}, e.aliases...), e.names...) {
			_ = d.Set(name, t)
		}
	}
	// names NumPy 1.24 has that np.dtype does not spell the same way,
	// then NumPy's type numbers (NPY_BOOL = 0, ... NPY_HALF = 23) in
	// NumPy's order: in slices, not maps, so the dict's order is fixed
	for _, e := range []struct {
		name string
		dt   tensor.DType
	}{{"int0", tensor.Int64}, {"uint0", tensor.Uint64}, {"ulong", tensor.Uint64}, {"L", tensor.Uint64}, {"l", tensor.Int64}} {
		_ = d.Set(e.name, scalarTypes[e.dt])
	}
	for _, e := range []struct {
		num int64
		dt  tensor.DType
	}{{0, tensor.Bool}, {1, tensor.Int8}, {2, tensor.Uint8}, {3, tensor.Int16}, {4, tensor.Uint16}, {5, tensor.Int32}, {6, tensor.Uint32},
		{7, tensor.Int64}, {8, tensor.Uint64}, {9, tensor.Int64}, {10, tensor.Uint64}, {23, tensor.Float16}, {11, tensor.Float32},
		{12, tensor.Float64}, {14, tensor.Complex64}, {15, tensor.Complex128}} {
		_ = d.Set(e.num, scalarTypes[e.dt])
	}
	return d
}

// typecodes is np.typecodes, NumPy's table of type characters by kind
// (the characters of types kael lacks included, as they are NumPy's).
func typecodes() *lang.Dict {
	d := lang.NewDict()
	for _, kv := range [][2]string{{"Character", "c"}, {"Integer", "bhilqp"}, {"UnsignedInteger", "BHILQP"}, {"Float", "efdg"},
		{"Complex", "FDG"}, {"AllInteger", "bBhHiIlLqQpP"}, {"AllFloat", "efdgFDG"}, {"Datetime", "Mm"}, {"All", "?bhilqpBHILQPefdgFDGSUVOMm"}} {
		_ = d.Set(kv[0], kv[1])
	}
	return d
}

// scalarTypeTuple is np.ScalarType: Python's scalar types, then NumPy's
// that kael has, in NumPy's order.
func scalarTypeTuple() lang.Tuple {
	var t lang.Tuple
	for _, name := range []string{"int", "float", "complex", "bool", "bytes", "str", "memoryview"} {
		if v, ok := lang.LookupBuiltin(name); ok {
			t = append(t, v)
		}
	}
	for _, dt := range []tensor.DType{tensor.Bool, tensor.Complex64, tensor.Complex128, tensor.Float16, tensor.Float32, tensor.Float64,
		tensor.Int8, tensor.Int16, tensor.Int32, tensor.Int64, tensor.Uint8, tensor.Uint16, tensor.Uint32, tensor.Uint64} {
		t = append(t, scalarTypes[dt])
	}
	return t
}

// showConfig prints np.show_config()'s sections for kael: no BLAS or
// LAPACK library (kael's kernels are its own), the Go toolchain and
// platform it was built with.
func showConfig(a *lang.Args) (lang.Value, error) {
	var b strings.Builder
	for _, name := range []string{"blas_opt_info", "lapack_opt_info"} {
		fmt.Fprintf(&b, "%s:\n  NOT AVAILABLE\n", name)
	}
	fmt.Fprintf(&b, "kael_info:\n    language = go\n    compiler = %s\n    platform = %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	b.WriteString("    kernels = kael's own tensor core (Go and assembly), no BLAS or LAPACK library\n")
	a.Write(b.String())
	return lang.None, nil
}
