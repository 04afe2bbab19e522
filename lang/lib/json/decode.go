package json

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/lang"
)

// The scanner of json.loads and JSONDecoder, CPython's (json/scanner.py,
// json/decoder.py and _json.c's): the same grammar (NaN, Infinity and
// -Infinity as numbers, any JSON value at the top), the same hooks
// (object_hook, object_pairs_hook, parse_float, parse_int,
// parse_constant, strict) and the same errors at the same positions, in
// characters, which module.py raises as JSONDecodeError.

// decodeFailure is a JSONDecodeError to raise: its message and its
// position in bytes of the text.
type decodeFailure struct {
	msg string
	pos int
}

// decoder scans one text with a JSONDecoder's settings.
type decoder struct {
	a      *lang.Args
	s      string
	strict bool
	// The hooks; nil where the decoder uses the builtin (float, int, the
	// constants' floats).
	objectHook, pairsHook, parseFloat, parseInt, parseConstant lang.Value
	depth                                                      int
	fail                                                       *decodeFailure
}

// errStop marks a failure recorded in d.fail (or a hook's error).
type errStop struct{}

func (errStop) Error() string { return "json: decode failure" }

func (d *decoder) failAt(msg string, pos int) error {
	d.fail = &decodeFailure{msg, pos}
	return errStop{}
}

// skipSpace returns the first byte at or after i that is no JSON space.
func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// maxDecodeDepth bounds the nesting loads accepts, as CPython's recursion
// limit bounds its scanner.
const maxDecodeDepth = 1000

// scan is scan_once: the value starting at byte i and the byte after
// it. A text with no value there fails with "Expecting value".
func (d *decoder) scan(i int) (lang.Value, int, error) {
	s := d.s
	if i >= len(s) {
		return nil, 0, d.failAt("Expecting value", i)
	}
	switch c := s[i]; {
	case c == '"':
		return d.str(i + 1)
	case c == '{':
		return d.nested(i, d.object)
	case c == '[':
		return d.nested(i, d.array)
	case c == 'n' && strings.HasPrefix(s[i:], "null"):
		return lang.None, i + 4, nil
	case c == 't' && strings.HasPrefix(s[i:], "true"):
		return true, i + 4, nil
	case c == 'f' && strings.HasPrefix(s[i:], "false"):
		return false, i + 5, nil
	}
	if v, end, ok, err := d.number(i); ok || err != nil {
		return v, end, err
	}
	for _, name := range []string{"NaN", "Infinity", "-Infinity"} {
		if strings.HasPrefix(s[i:], name) {
			v, err := d.constant(name)
			return v, i + len(name), err
		}
	}
	return nil, 0, d.failAt("Expecting value", i)
}

// nested scans an object or array, bounding the depth.
func (d *decoder) nested(i int, f func(int) (lang.Value, int, error)) (lang.Value, int, error) {
	if d.depth >= maxDecodeDepth {
		what := "a JSON array"
		if d.s[i] == '{' {
			what = "a JSON object"
		}
		return nil, 0, lang.Errorf(lang.RecursionError, "maximum recursion depth exceeded while decoding %s from a unicode string", what)
	}
	d.depth++
	defer func() { d.depth-- }()
	return f(i + 1)
}

// number scans NUMBER_RE, -?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?; ok is
// false when none starts at i.
func (d *decoder) number(i int) (lang.Value, int, bool, error) {
	s, j := d.s, i
	if j < len(s) && s[j] == '-' {
		j++
	}
	digits := func(k int) int {
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		return k
	}
	switch {
	case j < len(s) && s[j] == '0':
		j++
	case j < len(s) && s[j] >= '1' && s[j] <= '9':
		j = digits(j)
	default:
		return nil, 0, false, nil
	}
	intEnd, isFloat := j, false
	if j+1 < len(s) && s[j] == '.' && s[j+1] >= '0' && s[j+1] <= '9' {
		j, isFloat = digits(j+1), true
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if k < len(s) && s[k] >= '0' && s[k] <= '9' {
			j, isFloat = digits(k), true
		}
	}
	text := s[i:j]
	if isFloat {
		if d.parseFloat != nil {
			v, err := d.a.Call(d.parseFloat, text)
			return v, j, true, err
		}
		f, _ := strconv.ParseFloat(text, 64) // a range error gives ±Inf, as float() does
		return f, j, true, nil
	}
	_ = intEnd
	if d.parseInt != nil {
		v, err := d.a.Call(d.parseInt, text)
		return v, j, true, err
	}
	if n, err := strconv.ParseInt(text, 10, 64); err == nil {
		return n, j, true, nil
	}
	if len(text) > 4300 { // CPython's int_max_str_digits
		return nil, 0, true, lang.Errorf(lang.ValueError, "Exceeds the limit (4300 digits) for integer string conversion: value has %d digits; use sys.set_int_max_str_digits() to increase the limit", len(strings.TrimPrefix(text, "-")))
	}
	z, _ := new(big.Int).SetString(text, 10)
	return lang.IntFromBig(z), j, true, nil
}

// constant is parse_constant(name) of NaN, Infinity or -Infinity.
func (d *decoder) constant(name string) (lang.Value, error) {
	if d.parseConstant != nil {
		return d.a.Call(d.parseConstant, name)
	}
	switch name {
	case "NaN":
		return math.NaN(), nil
	case "Infinity":
		return math.Inf(1), nil
	}
	return math.Inf(-1), nil
}

// str scans a string whose opening quote is before byte i.
func (d *decoder) str(i int) (lang.Value, int, error) {
	s, begin := d.s, i-1
	var b strings.Builder
	for {
		j := i
		for j < len(s) && s[j] != '"' && s[j] != '\\' && (s[j] >= 0x20 || !d.strict) {
			j++
		}
		b.WriteString(s[i:j])
		if j >= len(s) {
			return nil, 0, d.failAt("Unterminated string starting at", begin)
		}
		switch s[j] {
		case '"':
			return b.String(), j + 1, nil
		case '\\':
		default:
			return nil, 0, d.failAt("Invalid control character at", j)
		}
		if j+1 >= len(s) {
			return nil, 0, d.failAt("Unterminated string starting at", begin)
		}
		esc := s[j+1]
		if esc != 'u' {
			r, ok := unescape(esc)
			if !ok {
				return nil, 0, d.failAt("Invalid \\escape", j)
			}
			b.WriteByte(r)
			i = j + 2
			continue
		}
		u, ok := hex4(s, j+2)
		if !ok {
			return nil, 0, d.failAt("Invalid \\uXXXX escape", j+1)
		}
		i = j + 6
		if u >= 0xd800 && u <= 0xdbff && strings.HasPrefix(s[i:], "\\u") {
			if lo, ok := hex4(s, i+2); ok && lo >= 0xdc00 && lo <= 0xdfff {
				u = 0x10000 + (u-0xd800)<<10 | (lo - 0xdc00)
				i += 6
			}
		}
		b.WriteRune(rune(u)) // a lone surrogate is U+FFFD: kael's str is UTF-8
	}
}

// unescape is the character the escape \esc stands for (not \u).
func unescape(esc byte) (byte, bool) {
	switch esc {
	case '"', '\\', '/':
		return esc, true
	case 'b':
		return '\b', true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	}
	return 0, false
}

// hex4 reads the four hex digits at s[i:].
func hex4(s string, i int) (int, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	n, err := strconv.ParseUint(s[i:i+4], 16, 32)
	if err != nil || strings.ContainsAny(s[i:i+4], "+-") {
		return 0, false
	}
	return int(n), true
}

// object scans an object after its '{' (at i-1): JSONObject.
func (d *decoder) object(i int) (lang.Value, int, error) {
	s := d.s
	var keys, vals []lang.Value
	i = skipSpace(s, i)
	if i < len(s) && s[i] == '}' {
		v, err := d.finishObject(keys, vals)
		return v, i + 1, err
	}
	for {
		if i >= len(s) || s[i] != '"' {
			return nil, 0, d.failAt("Expecting property name enclosed in double quotes", i)
		}
		k, end, err := d.str(i + 1)
		if err != nil {
			return nil, 0, err
		}
		i = skipSpace(s, end)
		if i >= len(s) || s[i] != ':' {
			return nil, 0, d.failAt("Expecting ':' delimiter", i)
		}
		i = skipSpace(s, i+1)
		v, end, err := d.scan(i)
		if err != nil {
			return nil, 0, err
		}
		keys, vals = append(keys, k), append(vals, v)
		i = skipSpace(s, end)
		if i < len(s) && s[i] == '}' {
			v, err := d.finishObject(keys, vals)
			return v, i + 1, err
		}
		if i >= len(s) || s[i] != ',' {
			return nil, 0, d.failAt("Expecting ',' delimiter", i)
		}
		i = skipSpace(s, i+1)
	}
}

// finishObject makes an object's value: object_pairs_hook of its pairs,
// or its dict (object_hook of it).
func (d *decoder) finishObject(keys, vals []lang.Value) (lang.Value, error) {
	if d.pairsHook != nil {
		pairs := make([]lang.Value, len(keys))
		for i := range keys {
			pairs[i] = lang.Tuple{keys[i], vals[i]}
		}
		return d.a.Call(d.pairsHook, &lang.List{Elems: pairs})
	}
	obj := lang.NewDict()
	for i := range keys {
		if err := obj.Set(keys[i], vals[i]); err != nil {
			return nil, err
		}
	}
	if d.objectHook != nil {
		return d.a.Call(d.objectHook, obj)
	}
	return obj, nil
}

// array scans an array after its '[': JSONArray.
func (d *decoder) array(i int) (lang.Value, int, error) {
	s := d.s
	var elems []lang.Value
	i = skipSpace(s, i)
	if i < len(s) && s[i] == ']' {
		return &lang.List{Elems: elems}, i + 1, nil
	}
	for {
		v, end, err := d.scan(i)
		if err != nil {
			return nil, 0, err
		}
		elems = append(elems, v)
		i = skipSpace(s, end)
		if i < len(s) && s[i] == ']' {
			return &lang.List{Elems: elems}, i + 1, nil
		}
		if i >= len(s) || s[i] != ',' {
			return nil, 0, d.failAt("Expecting ',' delimiter", i)
		}
		i = skipSpace(s, i+1)
	}
}

// charIndex is the character index of byte offset i of s; byteIndex the
// byte offset of character index n (len(s) past the end).
func charIndex(s string, i int) int { return utf8.RuneCountInString(s[:min(i, len(s))]) }

func byteIndex(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}

// newDecoder reads a JSONDecoder's settings from the arguments of
// _json.scan: a hook that is the builtin it replaces is left nil.
func newDecoder(a *lang.Args, s string) *decoder {
	d := &decoder{a: a, s: s, strict: a.Bool("strict")}
	hook := func(name, builtin string) lang.Value {
		v := a.Value(name)
		if v == lang.None {
			return nil
		}
		if b, ok := lang.BuiltinName(builtin); ok && b == v {
			return nil
		}
		return v
	}
	d.objectHook = hook("object_hook", "")
	d.pairsHook = hook("object_pairs_hook", "")
	d.parseFloat = hook("parse_float", "float")
	d.parseInt = hook("parse_int", "int")
	d.parseConstant = hook("parse_constant", "")
	return d
}

// scanBuiltin is _json.scan(s, idx, ...): (value, end) of the value at
// character idx, or (None, msg, pos) for the JSONDecodeError module.py
// raises; whole is set for decode(): spaces around the value, and
// "Extra data" after it.
var scanBuiltin = lang.NewBuiltin(lang.AsValue, "scan(s, idx, whole, strict, object_hook, object_pairs_hook, parse_float, parse_int, parse_constant)",
	"The value of the JSON text s at character idx as (value, end), or (None, message, position) of its error: the scanner of JSONDecoder.",
	func(a *lang.Args) (lang.Value, error) {
		s, err := lang.StrText(a.Value("s"))
		if err != nil {
			return nil, err
		}
		idx, whole := a.Int("idx"), a.Bool("whole")
		if err := a.Err(); err != nil {
			return nil, err
		}
		d := newDecoder(a, s)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if idx < 0 {
			return nil, lang.Errorf(lang.ValueError, "idx cannot be negative")
		}
		i := byteIndex(s, idx)
		if whole {
			i = skipSpace(s, i)
		}
		v, end, err := d.scan(i)
		if err == nil && whole {
			if end = skipSpace(s, end); end != len(s) {
				err = d.failAt("Extra data", end)
			}
		}
		if _, failed := err.(errStop); failed {
			return lang.Tuple{lang.None, d.fail.msg, int64(charIndex(s, d.fail.pos))}, nil
		}
		if err != nil {
			return nil, err
		}
		return lang.Tuple{v, int64(charIndex(s, end))}, nil
	})
