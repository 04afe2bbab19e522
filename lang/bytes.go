package lang

import (
	"strings"
	"unicode/utf8"
)

// Bytes is Python's bytes: an immutable sequence of small integers, what
// safetensors.torch.save returns and struct.unpack and json.loads read.
// Indexing gives an int, slicing gives bytes.
type Bytes struct{ b []byte }

// NewBytes wraps b (not copied: the caller gives it up).
func NewBytes(b []byte) Bytes { return Bytes{b: b} }

// Data returns the bytes (not a copy: do not change them).
func (b Bytes) Data() []byte { return b.b }

// TypeName returns "bytes".
func (Bytes) TypeName() string { return "bytes" }

// maxBytesRepr bounds what repr shows of a long bytes value, so that
// printing a whole checkpoint stays readable and quick.
const maxBytesRepr = 1 << 12

// PyRepr returns Python's repr: b'GPT\x00', with \t, \n, \r, \\ and the
// quote escaped (in double quotes when there is a ' and no "), and the
// end of a long value elided.
func (b Bytes) PyRepr() string {
	data := b.b
	elided := ""
	if len(data) > maxBytesRepr {
		elided = "..."
		data = data[:maxBytesRepr]
	}
	quote := byte('\'')
	if strings.IndexByte(string(data), '\'') >= 0 && strings.IndexByte(string(data), '"') < 0 {
		quote = '"' // as CPython: b"it's"
	}
	var s strings.Builder
	s.WriteByte('b')
	s.WriteByte(quote)
	for _, c := range data {
		switch {
		case c == quote || c == '\\':
			s.WriteByte('\\')
			s.WriteByte(c)
		case c == '\t':
			s.WriteString(`\t`)
		case c == '\n':
			s.WriteString(`\n`)
		case c == '\r':
			s.WriteString(`\r`)
		case c < 0x20 || c >= 0x7f:
			const hex = "0123456789abcdef"
			s.WriteString(`\x`)
			s.WriteByte(hex[c>>4])
			s.WriteByte(hex[c&15])
		default:
			s.WriteByte(c)
		}
	}
	s.WriteByte(quote)
	if elided != "" {
		s.WriteString(" (" + Str(int64(len(b.b)-maxBytesRepr)) + " more bytes)")
	}
	return s.String()
}

// String is what print shows: the repr, as Python's str(b) does.
func (b Bytes) String() string { return b.PyRepr() }

// Equal reports whether v is bytes with the same content (bytes never
// equal a str, as in Python 3).
func (b Bytes) Equal(v Value) bool {
	o, ok := bytesLike(v)
	return ok && string(o) == string(b.b)
}

// HashKey makes bytes usable as dict keys.
func (b Bytes) HashKey() (string, error) { return "bytes:" + string(b.b), nil }

// Length is len(b).
func (b Bytes) Length() (int64, error) { return int64(len(b.b)), nil }

func (b Bytes) Iterate(yield func(Value) bool) error {
	for _, c := range b.b {
		if !yield(int64(c)) {
			break
		}
	}
	return nil
}

// GetSubscript is b[i] (an int) or b[lo:hi:step] (bytes).
func (b Bytes) GetSubscript(subs []Subscript) (Value, error) {
	if len(subs) != 1 {
		return nil, Errorf(TypeError, "byte indices must be integers or slices, not tuple")
	}
	s := subs[0]
	n := len(b.b)
	if s.IsSlice {
		lo, hi, step, err := SliceBounds(s, n)
		if err != nil {
			return nil, err
		}
		if step == 1 {
			if hi < lo {
				hi = lo
			}
			return Bytes{b: b.b[lo:hi:hi]}, nil
		}
		var out []byte
		for i := lo; (step > 0 && i < hi) || (step < 0 && i > hi); i += step {
			out = append(out, b.b[i])
		}
		return Bytes{b: out}, nil
	}
	i, ok := AsInt(s.Value)
	if !ok {
		return nil, Errorf(TypeError, "byte indices must be integers or slices, not %s", TypeName(s.Value))
	}
	if i < 0 {
		i += int64(n)
	}
	if i < 0 || i >= int64(n) {
		return nil, Errorf(IndexError, "index out of range")
	}
	return int64(b.b[i]), nil
}

// UnicodeDecodeError is Python's error for bytes that are not valid in
// the encoding asked for.
const UnicodeDecodeError ErrorKind = "UnicodeDecodeError"

// decodeBytes is bytes.decode(encoding, errors) (codecs.go).
func decodeBytes(b []byte, encoding, errors string) (string, error) {
	return decodeText(b, encoding, errors)
}

// strDecode is str(object, encoding, errors): the text bytes-like object
// spells, with CPython's TypeErrors for arguments of other types.
func strDecode(object, encoding, errors Value) (Value, error) {
	names := [2]string{"utf-8", "strict"}
	for i, v := range [2]Value{encoding, errors} {
		switch x := v.(type) {
		case NoneType:
		case string:
			names[i] = x
		default:
			return nil, Errorf(TypeError, "str() argument '%s' must be str, not %s", [2]string{"encoding", "errors"}[i], TypeName(v))
		}
	}
	if _, isStr := object.(string); isStr {
		return nil, Errorf(TypeError, "decoding str is not supported")
	}
	b, ok := bytesLike(object)
	if !ok {
		return nil, Errorf(TypeError, "decoding to str: need a bytes-like object, %s found", TypeName(object))
	}
	return decodeBytes(b, names[0], names[1])
}

// LookupError is Python's error for an unknown codec or error handler.
const LookupError ErrorKind = "LookupError"

func init() {
	defMethod("bytes", "decode(self, encoding='utf-8', errors='strict')", "The text the bytes spell in encoding (utf-8, utf-8-sig, utf-16, utf-32 and their -le/-be, ascii, latin-1, cp1252); ill-formed bytes are a UnicodeDecodeError, or as errors says: 'ignore', 'replace' (U+FFFD), 'backslashreplace'.", func(a *Args) (Value, error) {
		enc, errs := a.Str("encoding"), a.Str("errors")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return decodeBytes(a.Value("self").(Bytes).b, enc, errs)
	})
	defMethod("bytes", hexSig, "The bytes as two lowercase hex digits each: b'\\x01\\xff'.hex() is '01ff'; with sep, sep between every bytes_per_sep bytes counted from the right (from the left when negative).", func(a *Args) (Value, error) {
		return hexArgs(a, a.Value("self").(Bytes).b)
	})
}

// hexSig is the signature of hex() of bytes, bytearray and memoryview.
const hexSig = "hex(self, sep=None, bytes_per_sep=1)"

// hexArgs is hex(sep, bytes_per_sep) of b: CPython's checks of sep (one
// ASCII character, str or bytes), then the digits with sep between
// groups of bytes_per_sep bytes, counted from the right when it is
// positive and from the left when negative.
func hexArgs(a *Args, b []byte) (Value, error) {
	text := Bytes{b: b}.hexText()
	if a.IsNone("sep") {
		return text, nil
	}
	var sep string
	switch v := a.Value("sep").(type) {
	case string:
		sep = v
	default:
		bs, ok := bytesLike(v)
		if !ok { // CPython asks len(sep) first
			n, err := Len(v)
			if err != nil {
				return nil, Errorf(TypeError, "object of type '%s' has no len()", TypeName(v))
			}
			if n != int64(1) {
				return nil, Errorf(ValueError, "sep must be length 1.")
			}
			return nil, Errorf(TypeError, "sep must be str or bytes.")
		}
		sep = string(bs)
	}
	if utf8.RuneCountInString(sep) != 1 {
		return nil, Errorf(ValueError, "sep must be length 1.")
	}
	if sep[0] >= 0x80 {
		return nil, Errorf(ValueError, "sep must be ASCII.")
	}
	per := a.Int64("bytes_per_sep")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if per == 0 || len(b) == 0 {
		return text, nil
	}
	group := int(min(max(per, -per), int64(len(b)))) * 2
	var out strings.Builder
	first := len(text) % group // the short group: at the left when counting from the right
	if per < 0 {
		first = group
		if first > len(text) {
			first = len(text)
		}
	} else if first == 0 {
		first = group
	}
	out.WriteString(text[:first])
	for i := first; i < len(text); i += group {
		out.WriteString(sep)
		out.WriteString(text[i:min(i+group, len(text))])
	}
	return out.String(), nil
}

// hexText is b.hex(): two lowercase hex digits a byte.
func (b Bytes) hexText() string {
	const hex = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b.b))
	for _, c := range b.b {
		out = append(out, hex[c>>4], hex[c&15])
	}
	return string(out)
}

// PythonText makes decoded bytes a Python string as Hugging Face's decode
// does (bytes.decode("utf-8", errors="replace")): each maximal part of an
// ill-formed sequence becomes one U+FFFD.
func PythonText(b string) string {
	if utf8.ValidString(b) {
		return b
	}
	var out strings.Builder
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRuneInString(b[i:])
		if r != utf8.RuneError || n > 1 {
			out.WriteString(b[i : i+n])
			i += n
			continue
		}
		out.WriteRune(utf8.RuneError)
		i += maximalSubpart(b[i:])
	}
	return out.String()
}

// maximalSubpart returns the length of the ill-formed sequence at the
// start of b that Unicode counts as one error: a lead byte and the
// continuation bytes that could still follow it (Unicode table 3-7).
func maximalSubpart(b string) int {
	lead := b[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case lead >= 0xC2 && lead <= 0xDF:
		need = 1
	case lead >= 0xE0 && lead <= 0xEF:
		need = 2
	case lead >= 0xF0 && lead <= 0xF4:
		need = 3
	default:
		return 1
	}
	switch lead { // narrower second-byte ranges (table 3-7)
	case 0xE0:
		lo = 0xA0
	case 0xED:
		hi = 0x9F
	case 0xF0:
		lo = 0x90
	case 0xF4:
		hi = 0x8F
	}
	n := 1
	for n <= need && n < len(b) && b[n] >= lo && b[n] <= hi {
		n++
		lo, hi = 0x80, 0xBF
	}
	return n
}
