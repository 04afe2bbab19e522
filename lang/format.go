package lang

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/tensor"
)

// Python's format-spec mini-language, as format(value, spec), f-strings
// and str.format use it:
//
//	[[fill]align][sign][z][#][0][width][grouping][.precision][type]
//
// for ints, floats, bools, strings and 0-d tensors (which format their
// item, as PyTorch's Tensor.__format__ does). The messages of the errors are
// CPython's. formatTest checks the behaviour against CPython itself.

// maxFormatWidth bounds the width and precision a spec may ask for, so that
// f"{x:999999999999}" is an error instead of an exhausted process.
const maxFormatWidth = 1 << 20

// formatSpec is a parsed format spec. Absent numbers are -1, absent
// characters 0.
type formatSpec struct {
	fill     rune
	align    byte // '<', '>', '=', '^'
	sign     byte // '+', '-', ' '
	z        bool // coerce negative zero to zero
	alt      bool // '#'
	width    int
	grouping byte // ',' or '_'
	prec     int
	typ      byte
}

func isAlign(r rune) bool { return r == '<' || r == '>' || r == '=' || r == '^' }

// parseFormatSpec reads spec for a value of type typeName (for messages);
// numeric says whether the value is a number, whose default alignment is
// to the right.
func parseFormatSpec(spec, typeName string, numeric bool) (formatSpec, error) {
	f := formatSpec{width: -1, prec: -1}
	rs := []rune(spec)
	i := 0
	switch {
	case len(rs) >= 2 && isAlign(rs[1]):
		f.fill, f.align = rs[0], byte(rs[1])
		i = 2
	case len(rs) >= 1 && isAlign(rs[0]):
		f.align = byte(rs[0])
		i = 1
	}
	if i < len(rs) && (rs[i] == '+' || rs[i] == '-' || rs[i] == ' ') {
		f.sign = byte(rs[i])
		i++
	}
	if i < len(rs) && rs[i] == 'z' {
		f.z = true
		i++
	}
	if i < len(rs) && rs[i] == '#' {
		f.alt = true
		i++
	}
	if f.fill == 0 && i < len(rs) && rs[i] == '0' {
		f.fill = '0'
		if f.align == 0 && numeric {
			f.align = '='
		}
		i++
	}
	digits := func() (int, bool, error) {
		start := i
		for i < len(rs) && '0' <= rs[i] && rs[i] <= '9' {
			i++
		}
		if i == start {
			return 0, false, nil
		}
		n, err := strconv.Atoi(string(rs[start:i]))
		if err != nil || n > maxFormatWidth {
			return 0, true, Errorf(ValueError, "Too many decimal digits in format string").
				WithHint("kael formats at most %d characters wide", maxFormatWidth)
		}
		return n, true, nil
	}
	if n, ok, err := digits(); err != nil {
		return f, err
	} else if ok {
		f.width = n
	}
	if i < len(rs) && (rs[i] == ',' || rs[i] == '_') {
		f.grouping = byte(rs[i])
		i++
		if i < len(rs) && (rs[i] == ',' || rs[i] == '_') {
			return f, Errorf(ValueError, "Cannot specify both ',' and '_'.")
		}
	}
	if i < len(rs) && rs[i] == '.' {
		i++
		n, ok, err := digits()
		if err != nil {
			return f, err
		}
		if !ok {
			return f, Errorf(ValueError, "Format specifier missing precision")
		}
		f.prec = n
	}
	switch rest := rs[i:]; {
	case len(rest) > 1:
		return f, Errorf(ValueError, "Invalid format specifier '%s' for object of type '%s'", spec, typeName)
	case len(rest) == 1:
		if rest[0] >= utf8.RuneSelf {
			return f, Errorf(ValueError, "Unknown format code '\\x%x' for object of type '%s'", rest[0], typeName)
		}
		f.typ = byte(rest[0])
	}
	if f.align == 0 {
		f.align = '<'
		if numeric {
			f.align = '>'
		}
	}
	if f.fill == 0 {
		f.fill = ' '
	}
	if f.grouping != 0 {
		switch f.typ {
		case 0, 'd', 'e', 'E', 'f', 'F', 'g', 'G', '%':
		case 'b', 'o', 'x', 'X':
			if f.grouping == ',' {
				return f, Errorf(ValueError, "Cannot specify ',' with '%c'.", f.typ)
			}
		default:
			return f, Errorf(ValueError, "Cannot specify '%c' with '%c'.", f.grouping, f.typ)
		}
	}
	return f, nil
}

// Format returns Python's format(v, spec), for libraries whose values
// format as a Python value they hold.
func Format(v Value, spec string) (string, error) { return formatValue(v, spec) }

// formatValue returns format(v, spec).
func formatValue(v Value, spec string) (string, error) {
	switch x := v.(type) {
	case string:
		return formatString(x, spec)
	case bool:
		if spec == "" {
			return Str(x), nil
		}
		return formatInt(boolInt(x), spec, "bool")
	case int64, BigInt:
		return formatInt(x, spec, "int")
	case float64:
		return formatFloatSpec(x, spec, "float")
	case Complex:
		return formatComplex(x, spec)
	case *tensor.Tensor:
		if x.Dim() == 0 {
			item, err := x.Item()
			if err != nil {
				return "", err
			}
			return formatValue(item, spec)
		}
	case *Instance:
		if r, ok, err := x.hook("__format__", spec); ok || err != nil {
			if err != nil {
				return "", err
			}
			s, isStr := r.(string)
			if !isStr {
				return "", Errorf(TypeError, "__format__ must return a str, not %s", TypeName(r))
			}
			return s, nil
		}
	}
	if f, ok := v.(SpecFormatter); ok {
		return f.FormatSpec(spec)
	}
	if spec != "" {
		err := Errorf(TypeError, "unsupported format string passed to %s.__format__", TypeName(v))
		if _, ok := v.(*tensor.Tensor); ok {
			err.WithHint("only 0-d tensors take a format spec, as in PyTorch: format one element (f'{t[0]:.3f}', f'{t.item():.3f}') or the whole tensor without a spec (f'{t}')")
		}
		return "", err
	}
	return StrText(v)
}

// pad aligns s in f.width characters.
func (f formatSpec) pad(s string) string {
	n := f.width - utf8.RuneCountInString(s)
	if n <= 0 {
		return s
	}
	fill := string(f.fill)
	switch f.align {
	case '<':
		return s + strings.Repeat(fill, n)
	case '^':
		return strings.Repeat(fill, n/2) + s + strings.Repeat(fill, n-n/2)
	}
	return strings.Repeat(fill, n) + s
}

func formatString(s, spec string) (string, error) {
	f, err := parseFormatSpec(spec, "str", false)
	switch {
	case err != nil:
		return "", err
	case f.typ != 0 && f.typ != 's':
		return "", Errorf(ValueError, "Unknown format code '%c' for object of type 'str'", f.typ)
	case f.sign != 0:
		return "", Errorf(ValueError, "Sign not allowed in string format specifier")
	case f.alt:
		return "", Errorf(ValueError, "Alternate form (#) not allowed in string format specifier")
	case f.align == '=':
		return "", Errorf(ValueError, "'=' alignment not allowed in string format specifier")
	case f.grouping != 0:
		return "", Errorf(ValueError, "Cannot specify '%c' with 's'.", f.grouping)
	}
	if f.prec >= 0 {
		if rs := []rune(s); len(rs) > f.prec {
			s = string(rs[:f.prec])
		}
	}
	return f.pad(s), nil
}

func formatInt(v Value, spec, typeName string) (string, error) {
	f, err := parseFormatSpec(spec, typeName, true)
	if err != nil {
		return "", err
	}
	switch f.typ {
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
		x, _, err := IntToFloat(v)
		if err != nil {
			return "", err
		}
		return f.float(x)
	case 0, 'd', 'n', 'b', 'o', 'x', 'X', 'c':
	default:
		return "", Errorf(ValueError, "Unknown format code '%c' for object of type '%s'", f.typ, typeName)
	}
	if f.prec >= 0 {
		return "", Errorf(ValueError, "Precision not allowed in integer format specifier")
	}
	if f.z {
		return "", Errorf(ValueError, "Negative zero coercion (z) not allowed in integer format specifier")
	}
	if f.typ == 'c' {
		switch {
		case f.sign != 0:
			return "", Errorf(ValueError, "Sign not allowed with integer format specifier 'c'")
		case f.alt:
			return "", Errorf(ValueError, "Alternate form (#) not allowed with integer format specifier 'c'")
		}
		i, ok := v.(int64)
		if !ok || i < 0 || i > 0x10FFFF {
			return "", Errorf(OverflowError, "%%c arg not in range(0x110000)")
		}
		return f.number("", string(rune(i)), "", true), nil
	}
	base, prefix := 10, ""
	switch f.typ {
	case 'b':
		base, prefix = 2, "0b"
	case 'o':
		base, prefix = 8, "0o"
	case 'x':
		base, prefix = 16, "0x"
	case 'X':
		base, prefix = 16, "0X"
	}
	if !f.alt {
		prefix = ""
	}
	neg, digits := intDigits(v, base)
	if base == 10 && len(digits) > maxStrDigits {
		return "", Errorf(ValueError, "Exceeds the limit (%d digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit", maxStrDigits)
	}
	if f.typ == 'X' {
		digits = strings.ToUpper(digits)
	}
	return f.number(f.signOf(neg)+prefix, digits, "", base == 10), nil
}

// intDigits returns whether the int v (an int64 or a BigInt) is negative
// and the digits of its magnitude in base.
func intDigits(v Value, base int) (neg bool, digits string) {
	if b, ok := v.(BigInt); ok {
		return b.v.Sign() < 0, new(big.Int).Abs(b.v).Text(base)
	}
	i := v.(int64)
	if i < 0 {
		return true, strconv.FormatUint(-uint64(i), base) // also for MinInt64
	}
	return false, strconv.FormatInt(i, base)
}

// signOf returns the sign to show for a number that is negative or not.
func (f formatSpec) signOf(neg bool) string {
	switch {
	case neg:
		return "-"
	case f.sign == '+':
		return "+"
	case f.sign == ' ':
		return " "
	}
	return ""
}

// number assembles a formatted number: sign and prefix, the integer digits
// (grouped), the rest (fraction, exponent, '%'), padded to the width. With
// '=' alignment the fill goes between the sign and the digits; with '0' as
// the fill and grouping on, the zeros are grouped too, as in Python.
func (f formatSpec) number(head, intDigits, rest string, decimal bool) string {
	every := 3
	if !decimal {
		every = 4
	}
	group := func(d string) string {
		if f.grouping == 0 {
			return d
		}
		return groupDigits(d, every, f.grouping)
	}
	body := group(intDigits) + rest
	if f.align != '=' {
		return f.pad(head + body)
	}
	n := f.width - utf8.RuneCountInString(head+body)
	if n <= 0 {
		return head + body
	}
	if f.fill == '0' && f.grouping != 0 {
		for utf8.RuneCountInString(head+body) < f.width {
			intDigits = "0" + intDigits
			body = group(intDigits) + rest
		}
		return head + body
	}
	return head + strings.Repeat(string(f.fill), n) + body
}

// groupDigits puts sep between groups of every digits from the right.
func groupDigits(d string, every int, sep byte) string {
	if len(d) <= every {
		return d
	}
	var b strings.Builder
	first := len(d) % every
	if first == 0 {
		first = every
	}
	b.WriteString(d[:first])
	for i := first; i < len(d); i += every {
		b.WriteByte(sep)
		b.WriteString(d[i : i+every])
	}
	return b.String()
}

func formatFloatSpec(x float64, spec, typeName string) (string, error) {
	f, err := parseFormatSpec(spec, typeName, true)
	if err != nil {
		return "", err
	}
	switch f.typ {
	case 0, 'e', 'E', 'f', 'F', 'g', 'G', 'n', '%':
	default:
		return "", Errorf(ValueError, "Unknown format code '%c' for object of type '%s'", f.typ, typeName)
	}
	return f.float(x)
}

// float formats x with f, whose type is a float type or none.
func (f formatSpec) float(x float64) (string, error) {
	neg := math.Signbit(x) && !math.IsNaN(x)
	ax := math.Abs(x)
	typ, prec := f.typ, f.prec
	if typ == 'n' {
		typ = 'g'
	}
	var s string
	switch {
	case math.IsInf(x, 0) || math.IsNaN(x):
		s = "inf"
		if math.IsNaN(x) {
			s = "nan"
		}
		if typ == 'F' || typ == 'E' || typ == 'G' {
			s = strings.ToUpper(s)
		}
		if typ == '%' {
			s += "%"
		}
		return f.number(f.signOf(neg), s, "", true), nil
	case typ == 0 && prec < 0:
		s = FormatFloat(ax) // repr
		if f.alt && !strings.ContainsAny(s, ".e") {
			s += "."
		}
	case typ == 'f' || typ == 'F' || typ == '%':
		if prec < 0 {
			prec = 6
		}
		v := ax
		if typ == '%' {
			v *= 100
		}
		s = strconv.FormatFloat(v, 'f', prec, 64)
		if f.alt && prec == 0 {
			s += "."
		}
		if typ == '%' {
			s += "%"
		}
	case typ == 'e' || typ == 'E':
		if prec < 0 {
			prec = 6
		}
		s = strconv.FormatFloat(ax, 'e', prec, 64)
		if f.alt && prec == 0 {
			s = strings.Replace(s, "e", ".e", 1)
		}
	default: // g, G, or none with a precision
		if prec < 0 {
			prec = 6
		}
		if prec == 0 {
			prec = 1
		}
		s = generalFloat(ax, prec, f.alt, typ == 0)
	}
	if typ == 'E' || typ == 'G' {
		s = strings.ToUpper(s)
	}
	if f.z && neg && isZeroText(s) {
		neg = false
	}
	intEnd := strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' })
	if intEnd < 0 {
		intEnd = len(s)
	}
	return f.number(f.signOf(neg), s[:intEnd], s[intEnd:], true), nil
}

// isZeroText reports whether formatted digits show a zero.
func isZeroText(s string) bool {
	return strings.Trim(s, "0.%") == "" || strings.HasPrefix(strings.Trim(s, "0."), "e")
}

// generalFloat formats x >= 0 with Python's 'g' rules at prec significant
// digits: scientific when the exponent is below -4 or at least prec, fixed
// otherwise, without trailing zeros unless alt. dot0 (the spec without a
// type) keeps one digit after the point in fixed notation.
func generalFloat(x float64, prec int, alt, dot0 bool) string {
	sci := strconv.FormatFloat(x, 'e', prec-1, 64)
	exp, _ := strconv.Atoi(sci[strings.IndexByte(sci, 'e')+1:])
	fixedBelow := prec
	if dot0 {
		fixedBelow = prec - 1 // Python: "switches to scientific when exp >= p - 1"
	}
	var s string
	if -4 <= exp && exp < fixedBelow {
		s = strconv.FormatFloat(x, 'f', prec-1-exp, 64)
	} else {
		s = sci
	}
	mant, expPart, _ := strings.Cut(s, "e")
	if expPart != "" {
		expPart = "e" + expPart
	}
	if !alt {
		if strings.Contains(mant, ".") {
			mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
		}
		if dot0 && expPart == "" && !strings.Contains(mant, ".") {
			mant += ".0"
		}
	} else if !strings.Contains(mant, ".") {
		mant += "."
	}
	return mant + expPart
}

// Convert applies a conversion (!r, !s, !a; "" for none) before
// formatting: the str of v's str, repr or ascii, or v itself.
func Convert(v Value, conv string) (Value, error) {
	switch conv {
	case "":
		return v, nil
	case "r", "s", "a":
		return convertText(v, conv[0])
	}
	if r, _ := utf8.DecodeRuneInString(conv); r <= 32 || r >= 127 {
		return nil, Errorf(ValueError, "Unknown conversion specifier \\x%x", r)
	}
	return nil, Errorf(ValueError, "Unknown conversion specifier %s", conv)
}

// convertText is the text of v for the conversion 'r', 's' or 'a' (of an
// f-string, format or %), with ReprText's errors: a container whose text
// would pass maxReprBytes is a MemoryError, as str(x) is, not a text cut
// short.
func convertText(v Value, conv byte) (string, error) {
	switch conv {
	case 's':
		return StrText(v)
	case 'a':
		s, err := ReprText(v)
		return asciiRepr(s), err
	}
	return ReprText(v)
}

// asciiRepr escapes the non-ASCII characters of a repr, as Python's ascii().
func asciiRepr(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		case r <= 0xff:
			b.WriteString(`\x` + hex2(int(r), 2))
		case r <= 0xffff:
			b.WriteString(`\u` + hex2(int(r), 4))
		default:
			b.WriteString(`\U` + hex2(int(r), 8))
		}
	}
	return b.String()
}

func hex2(n, width int) string {
	s := strconv.FormatInt(int64(n), 16)
	return strings.Repeat("0", width-len(s)) + s
}
