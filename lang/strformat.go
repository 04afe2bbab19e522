package lang

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/tensor"
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
	defMethod("str", "format(self, /, *args, **kwargs)", "The string with its replacement fields filled: '{} {:.2f} {name}'.format(1, 2.5, name='x'). Fields take positions ({0}), names ({name}), attributes ({0.shape}) and indexes ({0[1]}), a conversion (!r, !s, !a) and a format spec (:>8).", func(a *Args) (Value, error) {
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
	err := ParseFormat(s, func(f FormatField) error {
		b.WriteString(f.Literal)
		if !f.HasField {
			return nil
		}
		out, err := sf.field(f, depth)
		b.WriteString(out)
		return err
	})
	return b.String(), err
}

// FormatField is one item of a format string as string.Formatter.parse
// gives it: literal text, then, when HasField, a replacement field
// {Name!Conversion:Spec}.
type FormatField struct {
	Literal                string
	HasField               bool
	Name, Spec, Conversion string
	HasConversion          bool
}

// ParseFormat calls yield with the literal texts and replacement fields
// of the format string s in order, as CPython's MarkupIterator
// (Objects/stringlib/unicode_format.h) gives them to str.format and to
// _string.formatter_parser; it stops at the first error, a syntax error
// of s being found only when the parse reaches it, as CPython's is.
func ParseFormat(s string, yield func(FormatField) error) error {
	for i := 0; i < len(s); {
		start := i
		var c byte
		markup := false
		for i < len(s) {
			c = s[i]
			i++
			if c == '{' || c == '}' {
				markup = true
				break
			}
		}
		atEnd := i >= len(s)
		n := i - start
		if markup && c == '}' && (atEnd || s[i] != '}') {
			return Errorf(ValueError, "Single '}' encountered in format string")
		}
		if markup && atEnd && c == '{' {
			return Errorf(ValueError, "Single '{' encountered in format string")
		}
		if markup && !atEnd {
			if s[i] == c { // an escaped brace: literal text only
				i++
				markup = false
			} else {
				n--
			}
		}
		f := FormatField{Literal: s[start : start+n]}
		if markup {
			f.HasField = true
			var err error
			if i, err = parseField(s, i, &f); err != nil {
				return err
			}
		}
		if err := yield(f); err != nil {
			return err
		}
	}
	return nil
}

// parseField is unicode_format.h's parse_field: the field name, the
// conversion and the format spec after a '{' at s[i:]; it returns where
// the field ends. The syntax is ASCII, so bytes are walked, except for
// the conversion, one character.
func parseField(s string, i int, f *FormatField) (int, error) {
	start := i
	var c byte
scan:
	for i < len(s) {
		c = s[i]
		i++
		switch c {
		case '{':
			return 0, Errorf(ValueError, "unexpected '{' in field name")
		case '[':
			for i < len(s) && s[i] != ']' {
				i++
			}
		case '}', ':', '!':
			break scan
		}
	}
	if c != '}' && c != ':' && c != '!' {
		return 0, Errorf(ValueError, "expected '}' before end of string")
	}
	f.Name = s[start : i-1]
	if c == '}' {
		return i, nil
	}
	if c == '!' {
		if i >= len(s) {
			return 0, Errorf(ValueError, "end of string while looking for conversion specifier")
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		f.Conversion, f.HasConversion = s[i:i+size], true
		i += size
		if i < len(s) {
			c = s[i]
			i++
			if c == '}' {
				return i, nil
			}
			if c != ':' {
				return 0, Errorf(ValueError, "expected ':' after conversion specifier")
			}
		}
	}
	specStart, count := i, 1
	for i < len(s) {
		c = s[i]
		i++
		switch c {
		case '{':
			count++
		case '}':
			count--
			if count == 0 {
				f.Spec = s[specStart : i-1]
				return i, nil
			}
		}
	}
	return 0, Errorf(ValueError, "unmatched '{' in format spec")
}

// FieldPart is one .attr or [key] after a field name's first part.
type FieldPart struct {
	Attr bool  // .Key, else [Key]
	Key  Value // a str, or an int for an index of digits only
}

// fieldKey is a field name part as CPython reads it: an int when it is
// all digits, else the text.
func fieldKey(s string) Value {
	if s != "" && strings.Trim(s, "0123456789") == "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return n
		}
	}
	return s
}

// SplitFieldName is _string.formatter_field_name_split: a replacement
// field's name as its first part (an int for digits only, else a str;
// "" for an automatic number) and the .attr and [key] parts after it.
func SplitFieldName(name string) (Value, []FieldPart, error) {
	end := strings.IndexAny(name, ".[")
	if end < 0 {
		end = len(name)
	}
	first := fieldKey(name[:end])
	var parts []FieldPart
	rest := name[end:]
	for rest != "" {
		switch rest[0] {
		case '.':
			rest = rest[1:]
			n := strings.IndexAny(rest, ".[")
			if n < 0 {
				n = len(rest)
			}
			if n == 0 {
				return nil, nil, Errorf(ValueError, "Empty attribute in format string")
			}
			parts = append(parts, FieldPart{Attr: true, Key: rest[:n]})
			rest = rest[n:]
		case '[':
			n := strings.IndexByte(rest, ']')
			if n < 0 {
				return nil, nil, Errorf(ValueError, "Missing ']' in format string")
			}
			if n == 1 {
				return nil, nil, Errorf(ValueError, "Empty attribute in format string")
			}
			parts = append(parts, FieldPart{Key: fieldKey(rest[1:n])})
			rest = rest[n+1:]
			if rest != "" && rest[0] != '.' && rest[0] != '[' {
				return nil, nil, Errorf(ValueError, "Only '.' or '[' may follow ']' in format field specifier")
			}
		}
	}
	return first, parts, nil
}

// FieldValue is the value the parts of a field name reach from v:
// getattr for .attr, indexing for [key].
func FieldValue(v Value, parts []FieldPart) (Value, error) {
	for _, p := range parts {
		var err error
		if p.Attr {
			v, err = getAttr(v, p.Key.(string))
		} else {
			v, err = Index(v, []Subscript{{Value: p.Key}})
		}
		if err != nil {
			return nil, err
		}
	}
	return v, nil
}

// field formats one replacement field.
func (sf *strFormatter) field(f FormatField, depth int) (string, error) {
	v, err := sf.lookup(f.Name)
	if err != nil {
		return "", err
	}
	if v, err = Convert(v, f.Conversion); err != nil {
		return "", err
	}
	spec := f.Spec
	if strings.IndexByte(spec, '{') >= 0 {
		if spec, err = sf.format(spec, depth+1); err != nil {
			return "", err
		}
	}
	return formatValue(v, spec)
}

// lookup resolves a field name: an argument by position or name, then
// .attribute and [index] parts.
func (sf *strFormatter) lookup(name string) (Value, error) {
	first, parts, err := SplitFieldName(name)
	if err != nil {
		return nil, err
	}
	var v Value
	switch head := first.(type) {
	case int64:
		if sf.auto {
			return nil, Errorf(ValueError, "cannot switch from automatic field numbering to manual field specification")
		}
		sf.manual = true
		if head >= int64(len(sf.args)) {
			return nil, Errorf(IndexError, "Replacement index %d out of range for positional args tuple", head)
		}
		v = sf.args[head]
	case string:
		switch {
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
		case sf.mapping != nil: // format_map: mapping[head], __missing__ and all
			if v, err = Index(sf.mapping, []Subscript{{Value: head}}); err != nil {
				return nil, err
			}
		default:
			kv, ok := sf.kwargs[head]
			if !ok {
				return nil, keyError(head)
			}
			v = kv
		}
	}
	return FieldValue(v, parts)
}

// percentFormat returns format % args, Python's printf-style formatting:
// args is a tuple of values, a dict for %(name)s fields, or one value.
func percentFormat(format string, args Value) (string, error) {
	return printfFormat(format, args, false)
}

// printfFormat is str % args, or with bytes set bytes % args (PEP 461):
// format and the result are then bytes, the keys of %(name)s bytes, %s
// and %b take bytes-like values, %r and %a ascii(), %c an int below 256
// or one byte.
func printfFormat(format string, args Value, bytes bool) (string, error) {
	var positional []Value
	mapping, isMap := args.(*Dict)
	switch x := args.(type) {
	case Tuple:
		positional = x
	case *List:
		if sizes, ok := sizeTuple(x); ok { // a torch.Size is a tuple of arguments
			positional = sizes
		} else {
			positional = []Value{args}
		}
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
			var key Value = format[i+1 : j-1]
			if bytes {
				key = Bytes{b: []byte(format[i+1 : j-1])}
			}
			mv, ok, err := mapping.Get(key)
			if err != nil {
				return "", err
			}
			if !ok {
				return "", keyError(key)
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
		var out string
		if bytes && strings.IndexByte("sbrac", conv) >= 0 {
			out, err = percentOneBytes(f, conv, v)
		} else {
			out, err = percentOne(f, zero, conv, v)
		}
		if err != nil {
			return "", err
		}
		b.WriteString(out)
	}
	if _, isTuple := args.(Tuple); used < len(positional) && !usedMap && (isTuple || isSize(args) || !isMap && !subscriptable(args)) {
		if bytes {
			return "", Errorf(TypeError, "not all arguments converted during bytes formatting")
		}
		return "", Errorf(TypeError, "not all arguments converted during string formatting")
	}
	return b.String(), nil
}

// percentOneBytes formats one %s, %b, %r, %a or %c conversion of v in
// bytes % args: widths and precisions count bytes.
func percentOneBytes(f formatSpec, conv byte, v Value) (string, error) {
	var s string
	switch conv {
	case 's', 'b':
		b, ok := bytesLike(v)
		if !ok {
			return "", Errorf(TypeError, "%%b requires a bytes-like object, or an object that implements __bytes__, not '%s'", TypeName(v))
		}
		s = string(b)
	case 'r', 'a':
		r, err := convertText(v, 'a')
		if err != nil {
			return "", err
		}
		s = r
	case 'c':
		switch x := v.(type) {
		case int64:
			if x < 0 || x > 0xff {
				return "", Errorf(OverflowError, "%%c arg not in range(256)")
			}
			s = string([]byte{byte(x)})
		default:
			b, ok := bytesLike(v)
			if _, isView := v.(*MemoryView); !ok || isView || len(b) != 1 {
				return "", Errorf(TypeError, "%%c requires an integer in range(256) or a single byte")
			}
			s = string(b)
		}
	}
	if f.prec >= 0 && conv != 'c' && len(s) > f.prec {
		s = s[:f.prec]
	}
	if n := f.width - len(s); n > 0 {
		if f.align == '<' {
			return s + strings.Repeat(" ", n), nil
		}
		return strings.Repeat(" ", n) + s, nil
	}
	return s, nil
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
		} else if err := NotAScalar(v, ScalarReal); err != nil {
			return "", err
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
			if err := NotAScalar(v, ScalarReal); err != nil {
				return "", err
			}
			return "", Errorf(TypeError, "must be real number, not %s", TypeName(v))
		}
		f.typ = conv
		return f.float(fl)
	}
	return "", Errorf(ValueError, "unsupported format character '%c' (0x%x)", conv, conv)
}

// subscriptable is CPython's PyMapping_Check for the arguments of str %
// args: a value with __getitem__ that is no tuple or str (a list, bytes,
// a range, a tensor, a NumPy array) is taken as a mapping, so that
// arguments left over are no error ('x' % [1] is 'x').
func subscriptable(v Value) bool {
	switch x := v.(type) {
	case Tuple, string:
		return false
	case *List, *Dict, Bytes, *ByteArray, *Range, *bigRange, *tensor.Tensor, *MemoryView, SubscriptGetter, ItemGetter:
		return true
	case *Instance:
		_, _, ok := x.cls.lookup("__getitem__")
		return ok
	}
	return false
}
