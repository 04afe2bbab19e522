package lang

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// str.format, the format() builtin and printf-style % formatting, on top of
// the format-spec mini-language in format.go. The messages are CPython's.

func init() {
	NewBuiltin(AsFunc, "format(value, format_spec='')", "value formatted with Python's format-spec mini-language: format(3.14159, '.2f') is '3.14', format(1234567, ',') is '1,234,567'. A 0-d tensor formats its item, as in PyTorch.", func(a *Args) (Value, error) {
		spec := a.Str("format_spec")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return formatValue(a.Value("value"), spec)
	})
	defMethod("str", "format(self, *args, **kwargs)", "The string with its replacement fields filled: '{} {:.2f} {name}'.format(1, 2.5, name='x'). Fields take positions ({0}), names ({name}), attributes ({0.shape}) and indexes ({0[1]}), a conversion (!r, !s, !a) and a format spec (:>8).", func(a *Args) (Value, error) {
		kw := map[string]Value{}
		for i, name := range a.kwNames {
			kw[name] = a.kwVals[i]
		}
		sf := &strFormatter{args: a.Value("args").(Tuple), kwargs: kw}
		return sf.format(a.Value("self").(string), 0)
	})
	typeMethods["str"]["format"].acceptsKeywords = true
	defMethod("str", "format_map(self, mapping)", "str.format(**mapping), but with the mapping itself: its fields are looked up as mapping[name].", func(a *Args) (Value, error) {
		sf := &strFormatter{mapping: a.Value("mapping")}
		return sf.format(a.Value("self").(string), 0)
	})
}

// strFormatter fills the fields of one str.format call.
type strFormatter struct {
	args    Tuple
	kwargs  map[string]Value
	mapping Value // format_map's mapping, where kwargs are not used
	next    int   // the next automatic field number
	auto    bool  // fields were numbered automatically ({})
	manual  bool  // fields were numbered by hand ({0})
}

// format fills the fields of s; depth counts nesting in format specs.
func (sf *strFormatter) format(s string, depth int) (string, error) {
	if depth > 1 {
		return "", Errorf(ValueError, "Max string recursion exceeded")
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{' && i+1 < len(s) && s[i+1] == '{':
			b.WriteByte('{')
			i += 2
		case c == '}' && i+1 < len(s) && s[i+1] == '}':
			b.WriteByte('}')
			i += 2
		case c == '}':
			return "", Errorf(ValueError, "Single '}' encountered in format string")
		case c == '{':
			end, err := fieldEnd(s, i)
			if err != nil {
				return "", err
			}
			out, err := sf.field(s[i+1:end], depth)
			if err != nil {
				return "", err
			}
			b.WriteString(out)
			i = end + 1
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), nil
}

// fieldEnd returns the index of the '}' closing the field that opens at i.
func fieldEnd(s string, i int) (int, error) {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '[':
			if k := strings.IndexByte(s[j:], ']'); k >= 0 && depth == 1 {
				j += k
			}
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j, nil
			}
		}
	}
	if depth > 1 {
		return 0, Errorf(ValueError, "unmatched '{' in format spec")
	}
	return 0, Errorf(ValueError, "Single '{' encountered in format string")
}

// field formats one field, the text between its braces.
func (sf *strFormatter) field(text string, depth int) (string, error) {
	name, conv, spec := text, "", ""
	hasSpec := false
	for j := 0; j < len(text); j++ {
		c := text[j]
		if c == '[' {
			if k := strings.IndexByte(text[j:], ']'); k >= 0 {
				j += k
				continue
			}
		}
		if c == '!' || c == ':' {
			name = text[:j]
			rest := text[j:]
			if c == '!' {
				if len(rest) < 2 {
					return "", Errorf(ValueError, "end of string while looking for conversion specifier")
				}
				conv = rest[1:2]
				rest = rest[2:]
				if rest != "" && rest[0] != ':' {
					return "", Errorf(ValueError, "expected ':' after conversion specifier")
				}
			}
			if rest != "" {
				spec, hasSpec = rest[1:], true
			}
			break
		}
	}
	v, err := sf.lookup(name)
	if err != nil {
		return "", err
	}
	if hasSpec && strings.ContainsRune(spec, '{') {
		if spec, err = sf.format(spec, depth+1); err != nil {
			return "", err
		}
	}
	if v, err = convert(v, conv); err != nil {
		return "", err
	}
	return formatValue(v, spec)
}

// lookup resolves a field name: an argument by position or name, then
// .attribute and [index] parts.
func (sf *strFormatter) lookup(name string) (Value, error) {
	first := strings.IndexAny(name, ".[")
	if first < 0 {
		first = len(name)
	}
	head, rest := name[:first], name[first:]
	var v Value
	switch n, err := strconv.Atoi(head); {
	case head == "":
		if sf.manual {
			return nil, Errorf(ValueError, "cannot switch from manual field specification to automatic field numbering")
		}
		sf.auto = true
		if sf.next >= len(sf.args) {
			return nil, Errorf(IndexError, "Replacement index %d out of range for positional args tuple", sf.next)
		}
		v = sf.args[sf.next]
		sf.next++
	case err == nil:
		if sf.auto {
			return nil, Errorf(ValueError, "cannot switch from automatic field numbering to manual field specification")
		}
		sf.manual = true
		if n >= len(sf.args) {
			return nil, Errorf(IndexError, "Replacement index %d out of range for positional args tuple", n)
		}
		v = sf.args[n]
	case sf.mapping != nil: // format_map: mapping[head], __missing__ and all
		kv, err := Index(sf.mapping, []Subscript{{Value: head}})
		if err != nil {
			return nil, err
		}
		v = kv
	default:
		kv, ok := sf.kwargs[head]
		if !ok {
			return nil, Errorf(KeyError, "%s", Repr(head))
		}
		v = kv
	}
	for rest != "" {
		switch rest[0] {
		case '.':
			end := strings.IndexAny(rest[1:], ".[")
			if end < 0 {
				end = len(rest) - 1
			}
			attr := rest[1 : end+1]
			if attr == "" {
				return nil, Errorf(ValueError, "Empty attribute in format string")
			}
			av, err := getAttr(v, attr)
			if err != nil {
				return nil, err
			}
			v, rest = av, rest[end+1:]
		case '[':
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				return nil, Errorf(ValueError, "Missing ']' in format string")
			}
			key := rest[1:end]
			if key == "" {
				return nil, Errorf(ValueError, "Empty attribute in format string")
			}
			var k Value = key
			if n, err := strconv.Atoi(key); err == nil {
				k = int64(n)
			}
			iv, err := Index(v, []Subscript{{Value: k}})
			if err != nil {
				return nil, err
			}
			v, rest = iv, rest[end+1:]
			if rest != "" && rest[0] != '.' && rest[0] != '[' {
				return nil, Errorf(ValueError, "Only '.' or '[' may follow ']' in format field specifier")
			}
		default:
			return nil, Errorf(ValueError, "Only '.' or '[' may follow ']' in format field specifier")
		}
	}
	return v, nil
}

// percentFormat returns format % args, Python's printf-style formatting:
// args is a tuple of values, a dict for %(name)s fields, or one value.
func percentFormat(format string, args Value) (string, error) {
	var positional []Value
	mapping, isMap := args.(*Dict)
	switch x := args.(type) {
	case Tuple:
		positional = x
	default:
		positional = []Value{args}
	}
	used := 0
	next := func() (Value, error) {
		if used >= len(positional) {
			return nil, Errorf(TypeError, "not enough arguments for format string")
		}
		used++
		return positional[used-1], nil
	}
	usedMap := false
	var b strings.Builder
	for i := 0; i < len(format); {
		c := format[i]
		if c != '%' {
			_, n := utf8.DecodeRuneInString(format[i:])
			b.WriteString(format[i : i+n])
			i += n
			continue
		}
		i++
		if i >= len(format) {
			return "", Errorf(ValueError, "incomplete format")
		}
		var v Value
		haveValue := false
		if format[i] == '(' {
			if !isMap {
				return "", Errorf(TypeError, "format requires a mapping")
			}
			depth, j := 1, i+1
			for ; j < len(format) && depth > 0; j++ {
				switch format[j] {
				case '(':
					depth++
				case ')':
					depth--
				}
			}
			if depth > 0 {
				return "", Errorf(ValueError, "incomplete format key")
			}
			key := format[i+1 : j-1]
			mv, ok, err := mapping.Get(key)
			if err != nil {
				return "", err
			}
			if !ok {
				return "", Errorf(KeyError, "%s", Repr(key))
			}
			v, haveValue, usedMap = mv, true, true
			i = j
		}
		f := formatSpec{fill: ' ', align: '>', width: -1, prec: -1}
		zero := false
	flags:
		for ; i < len(format); i++ {
			switch format[i] {
			case '-':
				f.align = '<'
			case '+':
				f.sign = '+'
			case ' ':
				if f.sign == 0 {
					f.sign = ' '
				}
			case '#':
				f.alt = true
			case '0':
				zero = true
			default:
				break flags
			}
		}
		readNum := func() (int, error) {
			if i < len(format) && format[i] == '*' {
				i++
				nv, err := next()
				if err != nil {
					return 0, err
				}
				n, ok := nv.(int64)
				if !ok {
					return 0, Errorf(TypeError, "* wants int")
				}
				if err := checkLength(math.Abs(float64(n)), "width %d is too large", n); err != nil {
					return 0, err
				}
				return int(n), nil
			}
			start := i
			for i < len(format) && '0' <= format[i] && format[i] <= '9' {
				i++
			}
			if i == start {
				return -1, nil
			}
			n, err := strconv.Atoi(format[start:i])
			if err != nil || n > maxFormatWidth {
				return 0, Errorf(ValueError, "width too big")
			}
			return n, nil
		}
		var err error
		if f.width, err = readNum(); err != nil {
			return "", err
		}
		if f.width < -1 {
			f.align, f.width = '<', -f.width
		}
		if i < len(format) && format[i] == '.' {
			i++
			if f.prec, err = readNum(); err != nil {
				return "", err
			}
			f.prec = max(f.prec, 0)
		}
		for i < len(format) && (format[i] == 'l' || format[i] == 'h' || format[i] == 'L') {
			i++
		}
		if i >= len(format) {
			return "", Errorf(ValueError, "incomplete format")
		}
		conv := format[i]
		i++
		if conv == '%' {
			b.WriteByte('%')
			continue
		}
		if !haveValue {
			if v, err = next(); err != nil {
				return "", err
			}
		}
		out, err := percentOne(f, zero, conv, v)
		if err != nil {
			return "", err
		}
		b.WriteString(out)
	}
	if _, isTuple := args.(Tuple); used < len(positional) && !usedMap && (isTuple || !isMap) {
		return "", Errorf(TypeError, "not all arguments converted during string formatting")
	}
	return b.String(), nil
}

// percentOne formats one % conversion of v.
func percentOne(f formatSpec, zero bool, conv byte, v Value) (string, error) {
	if zero && f.align != '<' {
		f.fill, f.align = '0', '='
	}
	switch conv {
	case 's', 'r', 'a':
		s, err := convertText(v, conv)
		if err != nil {
			return "", err
		}
		if f.prec >= 0 {
			if rs := []rune(s); len(rs) > f.prec {
				s = string(rs[:f.prec])
			}
		}
		f.fill = ' '
		if f.align == '=' {
			f.align = '>'
		}
		return f.pad(s), nil
	case 'c':
		f.fill = ' '
		switch x := v.(type) {
		case int64:
			if x < 0 || x > 0x10FFFF {
				return "", Errorf(OverflowError, "%%c arg not in range(0x110000)")
			}
			return f.pad(string(rune(x))), nil
		case string:
			if utf8.RuneCountInString(x) == 1 {
				return f.pad(x), nil
			}
		}
		return "", Errorf(TypeError, "%%c requires an int or a unicode character, not %s", TypeName(v))
	case 'd', 'i', 'u', 'o', 'x', 'X':
		var n Value
		if b, ok := v.(BigInt); ok {
			n = b
		} else if i, ok := AsInt(v); ok {
			n = i
		} else if fl, ok := AsFloat(v); ok && (conv == 'd' || conv == 'i' || conv == 'u') {
			var err error
			if n, err = floatToIntValue(fl); err != nil {
				return "", err
			}
		} else if conv == 'd' || conv == 'i' || conv == 'u' {
			return "", Errorf(TypeError, "%%%c format: a real number is required, not %s", conv, TypeName(v))
		} else {
			return "", Errorf(TypeError, "%%%c format: an integer is required, not %s", conv, TypeName(v))
		}
		f.typ = map[byte]byte{'i': 'd', 'u': 'd'}[conv]
		if f.typ == 0 {
			f.typ = conv
		}
		base, prefix := map[byte]int{'o': 8, 'x': 16, 'X': 16}[conv], map[byte]string{'o': "0o", 'x': "0x", 'X': "0X"}[conv]
		if base == 0 {
			base = 10
		}
		neg, digits := intDigits(n, base)
		if conv == 'X' {
			digits = strings.ToUpper(digits)
		}
		if !f.alt {
			prefix = ""
		}
		if f.prec > len(digits) {
			digits = strings.Repeat("0", f.prec-len(digits)) + digits
		}
		return f.number(f.signOf(neg)+prefix, digits, "", true), nil
	case 'e', 'E', 'f', 'F', 'g', 'G':
		fl, ok := AsFloat(v)
		if !ok {
			return "", Errorf(TypeError, "must be real number, not %s", TypeName(v))
		}
		f.typ = conv
		return f.float(fl)
	}
	return "", Errorf(ValueError, "unsupported format character '%c' (0x%x)", conv, conv)
}
