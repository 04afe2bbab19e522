package json

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/internal/pyrepr"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The encoder of json.dumps and JSONEncoder, CPython's (json/encoder.py
// and _json.c's c_make_encoder): dicts, lists and tuples, str, int and
// float (their subclasses as their values), True, False and None; any
// other object goes through default(o), whose result is written in its
// place.

// encoder writes one text with a JSONEncoder's settings.
type encoder struct {
	a                               *lang.Args
	b                               strings.Builder
	skipKeys, ensureASCII, allowNaN bool
	sortKeys                        bool
	pretty                          bool   // indent is not None
	indent                          string // one level's indentation
	itemSep, keySep                 string
	def                             lang.Value // default, nil for the base class's
	markers                         map[any]bool
	depth                           int
}

// maxEncodeDepth bounds the nesting dumps writes, as CPython's recursion
// limit bounds its encoder (check_circular=False on a list holding
// itself).
const maxEncodeDepth = 1000

func (e *encoder) newline(level int) error {
	if !e.pretty {
		return nil
	}
	if e.indent != "" && level > (lang.MaxRepeat-e.b.Len())/len(e.indent) {
		return lang.Errorf(lang.MemoryError, "json.dumps with indent %d needs too much memory", len(e.indent))
	}
	e.b.WriteByte('\n')
	e.b.WriteString(strings.Repeat(e.indent, level))
	return nil
}

// float writes f as float.__repr__, NaN and the infinities as JavaScript
// names them unless allow_nan is False.
func (e *encoder) float(f float64) (string, error) {
	switch {
	case !e.allowNaN && (math.IsNaN(f) || math.IsInf(f, 0)):
		return "", lang.Errorf(lang.ValueError, "Out of range float values are not JSON compliant")
	case math.IsNaN(f):
		return "NaN", nil
	case math.IsInf(f, 1):
		return "Infinity", nil
	case math.IsInf(f, -1):
		return "-Infinity", nil
	}
	return pyrepr.Float(f), nil
}

// scalar writes v when it is no container: ok is false for the others.
func (e *encoder) scalar(v lang.Value) (ok bool, err error) {
	switch x := v.(type) {
	case lang.NoneType:
		e.b.WriteString("null")
	case bool:
		if x {
			e.b.WriteString("true")
		} else {
			e.b.WriteString("false")
		}
	case int64:
		e.b.WriteString(strconv.FormatInt(x, 10))
	case lang.BigInt:
		e.b.WriteString(x.String())
	case float64:
		s, err := e.float(x)
		if err != nil {
			return true, err
		}
		e.b.WriteString(s)
	case string:
		writeString(&e.b, x, e.ensureASCII)
	default:
		return false, nil
	}
	return true, nil
}

func (e *encoder) value(v lang.Value, level int) error {
	if e.depth > maxEncodeDepth {
		return lang.Errorf(lang.RecursionError, "maximum recursion depth exceeded while encoding a JSON object")
	}
	inner := lang.ContainerOf(lang.ValueOf(v)) // class Color(str)'s value, a dict subclass's dict
	if ok, err := e.scalar(inner); ok || err != nil {
		return err
	}
	switch x := inner.(type) {
	case *lang.List, lang.Tuple:
		elems, _ := lang.Elems(x)
		return e.container(v, '[', ']', len(elems), level, func(i int) error { return e.value(elems[i], level+1) })
	case *lang.Dict:
		return e.dict(v, x, level)
	}
	if e.def == nil {
		hint := ""
		if _, ok := v.(*tensor.Tensor); ok {
			hint = "convert it first: t.tolist()"
		}
		return lang.Errorf(lang.TypeError, "Object of type %s is not JSON serializable", typeDunderName(v)).WithHint("%s", hint)
	}
	if e.markers != nil {
		key := lang.ID(v)
		if e.markers[key] {
			return lang.Errorf(lang.ValueError, "Circular reference detected")
		}
		e.markers[key] = true
		defer delete(e.markers, key)
	}
	o, err := e.a.Call(e.def, v)
	if err != nil {
		return err
	}
	e.depth++
	defer func() { e.depth-- }()
	return e.value(o, level)
}

// dict writes a dict: its keys as strings (ints, floats, True, False and
// None spelled as JSON spells them), sorted with sort_keys.
func (e *encoder) dict(v lang.Value, d *lang.Dict, level int) error {
	keys, vals := d.Keys(), d.Values()
	type item struct{ k, v lang.Value }
	items := make([]item, len(keys))
	for i := range keys {
		items[i] = item{keys[i], vals[i]}
	}
	if e.sortKeys {
		var err error
		slices.SortStableFunc(items, func(x, y item) int {
			c, cerr := lang.Compare(x.k, y.k)
			if cerr != nil && err == nil { // as sorted(d.items()) says it
				err = lang.Errorf(lang.TypeError, "'<' not supported between instances of '%s' and '%s'", lang.TypeName(x.k), lang.TypeName(y.k))
			}
			return c
		})
		if err != nil {
			return err
		}
	}
	var kept []item
	var texts []string
	for _, it := range items {
		var text string
		switch k := lang.ValueOf(it.k).(type) {
		case string:
			text = k
		case float64:
			s, err := e.float(k)
			if err != nil {
				return err
			}
			text = s
		case bool:
			text = map[bool]string{true: "true", false: "false"}[k]
		case lang.NoneType:
			text = "null"
		case int64:
			text = strconv.FormatInt(k, 10)
		case lang.BigInt:
			text = k.String()
		default:
			if e.skipKeys {
				continue
			}
			return lang.Errorf(lang.TypeError, "keys must be str, int, float, bool or None, not %s", lang.TypeName(it.k))
		}
		kept = append(kept, it)
		texts = append(texts, text)
	}
	return e.container(v, '{', '}', len(kept), level, func(i int) error {
		writeString(&e.b, texts[i], e.ensureASCII)
		e.b.WriteString(e.keySep)
		return e.value(kept[i].v, level+1)
	})
}

// container writes an array or object of n items between open and close,
// item(i) writing the i-th; with check_circular, v is marked while it is
// written, so that a list or dict inside itself is an error rather than
// an endless text.
func (e *encoder) container(v lang.Value, open, close byte, n, level int, item func(i int) error) error {
	if n == 0 {
		e.b.WriteByte(open)
		e.b.WriteByte(close)
		return nil
	}
	if _, isTuple := v.(lang.Tuple); e.markers != nil && !isTuple { // a tuple cannot hold itself
		key := lang.ID(v)
		if e.markers[key] {
			return lang.Errorf(lang.ValueError, "Circular reference detected")
		}
		e.markers[key] = true
		defer delete(e.markers, key)
	}
	e.depth++
	defer func() { e.depth-- }()
	if e.depth > maxEncodeDepth {
		return lang.Errorf(lang.RecursionError, "maximum recursion depth exceeded while encoding a JSON object")
	}
	e.b.WriteByte(open)
	for i := range n {
		if i > 0 {
			e.b.WriteString(e.itemSep)
		}
		if err := e.newline(level + 1); err != nil {
			return err
		}
		if err := item(i); err != nil {
			return err
		}
	}
	if err := e.newline(level); err != nil {
		return err
	}
	e.b.WriteByte(close)
	return nil
}

// writeString writes s as a JSON string: with ensureASCII every
// character outside ' '..'~' as \uXXXX (surrogate pairs beyond the BMP),
// as encode_basestring_ascii; without, only '"', '\\' and the control
// characters escaped, as encode_basestring.
func writeString(b *strings.Builder, s string, ensureASCII bool) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20 || (ensureASCII && r >= 0x7f):
			for _, u := range utf16Units(r) {
				b.WriteString(`\u`)
				b.WriteByte(hex[u>>12&15])
				b.WriteByte(hex[u>>8&15])
				b.WriteByte(hex[u>>4&15])
				b.WriteByte(hex[u&15])
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// encodeBasestring is _json.encode_basestring(_ascii): s as a JSON string.
func encodeBasestring(ascii bool) *lang.Builtin {
	name := "encode_basestring"
	if ascii {
		name += "_ascii"
	}
	return lang.NewBuiltin(lang.AsValue, name+"(s, /)", "s as a JSON string, in double quotes.", func(a *lang.Args) (lang.Value, error) {
		s, ok := lang.ValueOf(a.Value("s")).(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "first argument must be a string, not %s", lang.TypeName(a.Value("s")))
		}
		var b strings.Builder
		writeString(&b, s, ascii)
		return b.String(), nil
	})
}

// encodeBuiltin is _json.encode: the JSON text of obj with a
// JSONEncoder's settings (default None for the base class's).
var encodeBuiltin = lang.NewBuiltin(lang.AsValue, "encode(obj, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, sort_keys=False, indent=None, item_separator=None, key_separator=None, default=None)",
	"The JSON text of obj: the encoder of JSONEncoder.",
	func(a *lang.Args) (lang.Value, error) {
		e := &encoder{a: a, skipKeys: a.Bool("skipkeys"), ensureASCII: a.Bool("ensure_ascii"),
			allowNaN: a.Bool("allow_nan"), sortKeys: a.Bool("sort_keys")}
		if a.Bool("check_circular") {
			e.markers = map[any]bool{}
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		var err error
		e.itemSep, e.keySep = ", ", ": "
		if !a.IsNone("item_separator") {
			if e.itemSep, err = lang.StrText(a.Value("item_separator")); err != nil {
				return nil, err
			}
		}
		if !a.IsNone("key_separator") {
			if e.keySep, err = lang.StrText(a.Value("key_separator")); err != nil {
				return nil, err
			}
		}
		if !a.IsNone("default") {
			e.def = a.Value("default")
		}
		if !a.IsNone("indent") {
			e.pretty = true
			if s, ok := lang.ValueOf(a.Value("indent")).(string); ok {
				e.indent = s
			} else {
				n := a.Int("indent")
				if err := a.Err(); err != nil {
					return nil, err
				}
				if n > lang.MaxRepeat {
					return nil, lang.Errorf(lang.MemoryError, "json.dumps with indent %d needs too much memory", n)
				}
				if n > 0 {
					e.indent = strings.Repeat(" ", n)
				}
			}
		}
		if err := e.value(a.Value("obj"), 0); err != nil {
			return nil, err
		}
		return e.b.String(), nil
	})

// typeDunderName is type(v).__name__, which CPython's json names in its
// TypeError (deque, not collections.deque).
func typeDunderName(v lang.Value) string {
	if n, err := lang.GetAttr(lang.TypeOf(v), "__name__"); err == nil {
		if s, ok := n.(string); ok {
			return s
		}
	}
	return lang.TypeName(v)
}
