package json

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/internal/pyrepr"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The json module: Python's json.loads and json.dumps, with objects as
// dicts in the order the text has them (what reading a safetensors header
// by hand needs).

// JSONDecodeError is json.JSONDecodeError (a ValueError in Python).
const JSONDecodeError lang.ErrorKind = "json.JSONDecodeError"

// maxJSONDepth bounds the nesting json.loads accepts, as the resource
// guards bound every other recursion a cell can cause.
const maxJSONDepth = 1000

// nestingKey marks a tuple's level in a dumper's active set, as a list is
// marked by itself: a tuple cannot hold itself, so its level is enough.
type nestingKey struct{ level int }

// jsonLoads decodes one JSON value, with nothing but whitespace after it.
// As in Python, NaN, Infinity and -Infinity are numbers too.
func jsonLoads(text []byte) (lang.Value, error) {
	text, constants := jsonConstants(text)
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	v, err := jsonValue(dec, constants, 0)
	if err == nil {
		end := dec.InputOffset()
		if _, extra := dec.Token(); extra != io.EOF {
			for end < int64(len(text)) && strings.IndexByte(" \t\r\n", text[end]) >= 0 {
				end++
			}
			return nil, lang.Errorf(JSONDecodeError, "extra data after the value (at byte %d)", end)
		}
	}
	if err != nil {
		var le *lang.Error
		if errors.As(err, &le) {
			return nil, le
		}
		msg := err.Error()
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			msg = "the text ends inside a value"
		}
		return nil, lang.Errorf(JSONDecodeError, "%s (at byte %d)", strings.TrimPrefix(msg, "json: "), dec.InputOffset())
	}
	return v, nil
}

// jsonConstantNumbers are the numbers of the same length that stand in for
// Python's constants, so that Go's decoder reads them and the error offsets
// stay those of the text.
var jsonConstantNumbers = map[string]struct {
	stand string
	value float64
}{
	"NaN":       {"0.0", math.NaN()},
	"Infinity":  {"1.000000", math.Inf(1)},
	"-Infinity": {"-1.000000", math.Inf(-1)},
}

// jsonConstants replaces each NaN, Infinity and -Infinity where a value
// starts and ends (outside strings, after '[', ',', ':' or at the start,
// before a delimiter) by its stand-in number. It returns the text and the
// constants by the byte offset at which each ends; a text without them is
// returned as it is.
func jsonConstants(text []byte) ([]byte, map[int64]float64) {
	var constants map[int64]float64
	var out []byte
	inString, escaped, valueMayStart := false, false, true
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		case c == '"':
			inString, valueMayStart = true, false
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '[' || c == ',' || c == ':':
			valueMayStart = true
			continue
		}
		if valueMayStart {
			for word, n := range jsonConstantNumbers {
				end := i + len(word)
				if !bytes.HasPrefix(text[i:], []byte(word)) || end < len(text) && !bytes.ContainsRune([]byte(" \t\n\r,]}"), rune(text[end])) {
					continue
				}
				if out == nil {
					out = slices.Clone(text)
					constants = map[int64]float64{}
				}
				copy(out[i:], n.stand)
				constants[int64(end)] = n.value
				i = end - 1
				break
			}
		}
		valueMayStart = false
	}
	if out == nil {
		return text, nil
	}
	return out, constants
}

func jsonValue(dec *json.Decoder, constants map[int64]float64, depth int) (lang.Value, error) {
	if depth > maxJSONDepth {
		return nil, lang.Errorf(lang.RecursionError, "json.loads: more than %d nested arrays and objects", maxJSONDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '[':
			l := &lang.List{}
			for dec.More() {
				v, err := jsonValue(dec, constants, depth+1)
				if err != nil {
					return nil, err
				}
				l.Elems = append(l.Elems, v)
			}
			_, err := dec.Token()
			return l, err
		case '{':
			d := lang.NewDict()
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := jsonValue(dec, constants, depth+1)
				if err != nil {
					return nil, err
				}
				if err := d.Set(k.(string), v); err != nil {
					return nil, err
				}
			}
			_, err := dec.Token()
			return d, err
		}
		return nil, errors.New("unexpected " + t.String())
	case string:
		return t, nil
	case bool:
		return t, nil
	case nil:
		return lang.None, nil
	case json.Number:
		if f, ok := constants[dec.InputOffset()]; ok {
			return f, nil
		}
		s := t.String()
		if !strings.ContainsAny(s, ".eE") {
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				z, ok := new(big.Int).SetString(s, 10)
				if !ok {
					return nil, lang.Errorf(lang.ValueError, "json.loads: bad integer %s", s)
				}
				return lang.IntFromBig(z), nil
			}
			return n, nil
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return nil, err
		}
		return f, nil
	}
	return nil, errors.New("unexpected token")
}

// jsonDumper writes Python's json.dumps text.
type jsonDumper struct {
	b        strings.Builder
	indent   string // "" with indent=None
	pretty   bool
	sortKeys bool
	allowNaN bool // write NaN and the infinities as Python does, rather than fail
	active   map[any]bool
}

// newline starts a line at level; a text longer than maxRepeat bytes is a
// MemoryError, so that indent=10**12 does not exhaust the process.
func (d *jsonDumper) newline(level int) error {
	if d.pretty {
		if d.indent != "" && level > (lang.MaxRepeat-d.b.Len())/len(d.indent) {
			return lang.Errorf(lang.MemoryError, "json.dumps with indent %d needs too much memory", len(d.indent))
		}
		d.b.WriteByte('\n')
		d.b.WriteString(strings.Repeat(d.indent, level))
	}
	return nil
}

func (d *jsonDumper) sep() {
	if d.pretty {
		d.b.WriteByte(',')
	} else {
		d.b.WriteString(", ")
	}
}

func (d *jsonDumper) value(v lang.Value, level int) error {
	if level > maxJSONDepth {
		return lang.Errorf(lang.RecursionError, "json.dumps: more than %d nested lists and dicts", maxJSONDepth)
	}
	switch x := lang.ValueOf(v).(type) { // class Color(str)'s value
	case lang.NoneType:
		d.b.WriteString("null")
	case bool:
		if x {
			d.b.WriteString("true")
		} else {
			d.b.WriteString("false")
		}
	case int64:
		d.b.WriteString(strconv.FormatInt(x, 10))
	case lang.BigInt:
		d.b.WriteString(x.String())
	case float64:
		switch {
		case !d.allowNaN && (math.IsNaN(x) || math.IsInf(x, 0)):
			return lang.Errorf(lang.ValueError, "Out of range float values are not JSON compliant")
		case math.IsNaN(x):
			d.b.WriteString("NaN")
		case math.IsInf(x, 1):
			d.b.WriteString("Infinity")
		case math.IsInf(x, -1):
			d.b.WriteString("-Infinity")
		default:
			d.b.WriteString(pyrepr.Float(x))
		}
	case string:
		d.str(x)
	case *lang.List, lang.Tuple:
		elems, _ := lang.Elems(x)
		var key any = nestingKey{level}
		if l, ok := x.(*lang.List); ok {
			key = l
		}
		return d.container(key, '[', ']', len(elems), level, func(i int) error { return d.value(elems[i], level+1) })
	case *lang.Dict:
		keys := x.Keys()
		if d.sortKeys {
			for _, k := range keys {
				if _, ok := lang.ValueOf(k).(string); !ok {
					return lang.Errorf(lang.TypeError, "sort_keys needs str keys, not %s", lang.TypeName(k))
				}
			}
			slices.SortStableFunc(keys, func(a, b lang.Value) int {
				return strings.Compare(lang.ValueOf(a).(string), lang.ValueOf(b).(string))
			})
		}
		return d.container(x, '{', '}', len(keys), level, func(i int) error {
			switch k := lang.ValueOf(keys[i]).(type) {
			case string:
				d.str(k)
			case int64, float64, bool, lang.NoneType:
				kd := jsonDumper{allowNaN: d.allowNaN}
				if err := kd.value(k, 0); err != nil {
					return err
				}
				d.str(kd.b.String())
			default:
				return lang.Errorf(lang.TypeError, "keys must be str, int, float, bool or None, not %s", lang.TypeName(k))
			}
			d.b.WriteString(": ")
			val, _, _ := x.Get(keys[i])
			return d.value(val, level+1)
		})
	default:
		hint := ""
		if _, ok := v.(*tensor.Tensor); ok {
			hint = "convert it first: t.tolist()"
		}
		return lang.Errorf(lang.TypeError, "Object of type %s is not JSON serializable", lang.TypeName(v)).WithHint("%s", hint)
	}
	return nil
}

// container writes an array or object of n items between open and close,
// item(i) writing the i-th; key marks it in active, so that a list or dict
// inside itself is an error rather than an endless text.
func (d *jsonDumper) container(key any, open, close byte, n, level int, item func(i int) error) error {
	if d.active[key] {
		return lang.Errorf(lang.ValueError, "Circular reference detected")
	}
	d.active[key] = true
	defer delete(d.active, key)
	if n == 0 {
		d.b.WriteByte(open)
		d.b.WriteByte(close)
		return nil
	}
	d.b.WriteByte(open)
	for i := range n {
		if i > 0 {
			d.sep()
		}
		if err := d.newline(level + 1); err != nil {
			return err
		}
		if err := item(i); err != nil {
			return err
		}
	}
	if err := d.newline(level); err != nil {
		return err
	}
	d.b.WriteByte(close)
	return nil
}

// str writes s as Python's json does with ensure_ascii: non-ASCII as
// \uXXXX (surrogate pairs beyond the BMP).
func (d *jsonDumper) str(s string) {
	const hex = "0123456789abcdef"
	d.b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			d.b.WriteString(`\"`)
		case r == '\\':
			d.b.WriteString(`\\`)
		case r == '\n':
			d.b.WriteString(`\n`)
		case r == '\r':
			d.b.WriteString(`\r`)
		case r == '\t':
			d.b.WriteString(`\t`)
		case r == '\b':
			d.b.WriteString(`\b`)
		case r == '\f':
			d.b.WriteString(`\f`)
		case r < 0x20 || r >= 0x7f:
			for _, u := range utf16Units(r) {
				d.b.WriteString(`\u`)
				d.b.WriteByte(hex[u>>12&15])
				d.b.WriteByte(hex[u>>8&15])
				d.b.WriteByte(hex[u>>4&15])
				d.b.WriteByte(hex[u&15])
			}
		default:
			d.b.WriteRune(r)
		}
	}
	d.b.WriteByte('"')
}

func utf16Units(r rune) []rune {
	if r > 0xffff && r <= utf8.MaxRune {
		r -= 0x10000
		return []rune{0xd800 + r>>10, 0xdc00 + r&0x3ff}
	}
	return []rune{r}
}

var jsonModule = &lang.Module{Name: "json", Attrs: map[string]lang.Value{
	"loads": lang.NewBuiltin(lang.AsValue, "loads(s)", "The value a JSON text (str or bytes) spells: objects become dicts in the text's order, arrays lists, numbers int or float (NaN, Infinity and -Infinity too, as Python reads them), null None. Bad JSON is a json.JSONDecodeError saying where.", func(a *lang.Args) (lang.Value, error) {
		switch s := a.Value("s").(type) {
		case string:
			return jsonLoads([]byte(s))
		case lang.Bytes:
			return jsonLoads(s.Data())
		default:
			return nil, lang.Errorf(lang.TypeError, "the JSON object must be str or bytes, not %s", lang.TypeName(s))
		}
	}),
	"dumps": lang.NewBuiltin(lang.AsValue, "dumps(obj, indent=None, sort_keys=False, allow_nan=True)", "The JSON text of dicts, lists, tuples, strings, numbers, bools and None, as Python writes it (', ' and ': ' separators; with indent, one item a line indented by that many spaces). NaN and the infinities are written NaN, Infinity and -Infinity, as Python does; with allow_nan=False they are a ValueError.", func(a *lang.Args) (lang.Value, error) {
		d := &jsonDumper{sortKeys: a.Bool("sort_keys"), allowNaN: a.Bool("allow_nan"), active: map[any]bool{}}
		if !a.IsNone("indent") {
			switch ind := a.Value("indent").(type) {
			case string:
				d.indent = ind
			default:
				n := a.Int("indent")
				if n > lang.MaxRepeat {
					return nil, lang.Errorf(lang.MemoryError, "json.dumps with indent %d needs too much memory", n)
				}
				if n > 0 {
					d.indent = strings.Repeat(" ", n)
				}
			}
			d.pretty = true
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := d.value(a.Value("obj"), 0); err != nil {
			return nil, err
		}
		return d.b.String(), nil
	}),
}}

func init() {
	lang.RegisterModule("json", "Python's json module in small: loads and dumps.", func() *lang.Module { return jsonModule })
}
