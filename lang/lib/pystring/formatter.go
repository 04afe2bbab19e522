package pystring

import (
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// string.Formatter, as CPython's Lib/string.py: format and vformat walk
// the format string with the object's own parse, get_field, get_value,
// convert_field, format_field and check_unused_args, each looked up on
// self, so that a subclass overrides any of them. The parsing, the
// field names and the conversions are str.format's own (lang.ParseFormat,
// lang.SplitFieldName, lang.Convert).

// callMethod calls self.name(args...), the subclass's method if it has one.
func callMethod(a *lang.Args, self lang.Value, name string, args ...lang.Value) (lang.Value, error) {
	m, err := lang.GetAttr(self, name)
	if err != nil {
		return nil, err
	}
	return a.Call(m, args...)
}

// vformat is Formatter._vformat: the text of format with its fields
// replaced, and the automatic field number reached (-1 once a field was
// numbered by hand).
func vformat(a *lang.Args, self lang.Value, format string, args lang.Value, kwargs lang.Value, used *lang.Set, depth, auto int) (string, int, error) {
	if depth < 0 {
		return "", 0, lang.Errorf(lang.ValueError, "Max string recursion exceeded")
	}
	items, err := callMethod(a, self, "parse", format)
	if err != nil {
		return "", 0, err
	}
	parts, err := lang.Collect(items)
	if err != nil {
		return "", 0, err
	}
	var out strings.Builder
	for _, p := range parts {
		t, ok := p.(lang.Tuple)
		if !ok || len(t) != 4 {
			return "", 0, lang.Errorf(lang.ValueError, "parse() must give (literal_text, field_name, format_spec, conversion) tuples")
		}
		if lit, ok := t[0].(string); ok {
			out.WriteString(lit)
		}
		if t[1] == lang.None {
			continue
		}
		name, ok := t[1].(string)
		if !ok {
			return "", 0, lang.Errorf(lang.TypeError, "field name must be a str, not %s", lang.TypeName(t[1]))
		}
		switch {
		case name == "":
			if auto < 0 {
				return "", 0, lang.Errorf(lang.ValueError, "cannot switch from manual field specification to automatic field numbering")
			}
			name = strconv.Itoa(auto)
			auto++
		case strings.Trim(name, "0123456789") == "":
			if auto > 0 {
				return "", 0, lang.Errorf(lang.ValueError, "cannot switch from manual field specification to automatic field numbering")
			}
			auto = -1
		}
		got, err := callMethod(a, self, "get_field", name, args, kwargs)
		if err != nil {
			return "", 0, err
		}
		pair, err := lang.Collect(got)
		if err != nil || len(pair) != 2 {
			if err == nil {
				err = lang.Errorf(lang.ValueError, "get_field() must return (obj, used_key)")
			}
			return "", 0, err
		}
		if err := addTo(a, used, pair[1]); err != nil {
			return "", 0, err
		}
		obj, err := callMethod(a, self, "convert_field", pair[0], t[3])
		if err != nil {
			return "", 0, err
		}
		spec, _ := t[2].(string)
		spec, auto, err = vformat(a, self, spec, args, kwargs, used, depth-1, auto)
		if err != nil {
			return "", 0, err
		}
		text, err := callMethod(a, self, "format_field", obj, spec)
		if err != nil {
			return "", 0, err
		}
		s, ok := text.(string)
		if !ok {
			return "", 0, lang.Errorf(lang.TypeError, "sequence item 0: expected str instance, %s found", lang.TypeName(text))
		}
		out.WriteString(s)
	}
	return out.String(), auto, nil
}

// addTo is used.add(v).
func addTo(a *lang.Args, used *lang.Set, v lang.Value) error {
	_, err := callMethod(a, used, "add", v)
	return err
}

func fmethod(sig, doc string, f func(a *lang.Args) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, f)
}

var formatterClass = lang.MustNewClass("Formatter", "string", nil,
	fmethod("format(self, format_string, *args)", "format_string with its replacement fields filled from args and the keyword arguments, as str.format does, through the methods below (a subclass overrides them).", func(a *lang.Args) (lang.Value, error) {
		names, vals := a.Keywords()
		kw := lang.NewDict()
		for i, n := range names {
			_ = kw.Set(n, vals[i])
		}
		return callMethod(a, a.Value("self"), "vformat", a.Value("format_string"), a.Value("args"), kw)
	}).CollectKeywords(),
	fmethod("vformat(self, format_string, args, kwargs)", "format with the positional arguments args (a sequence) and the keyword arguments kwargs (a mapping); calls check_unused_args at the end.", func(a *lang.Args) (lang.Value, error) {
		format, ok := a.Value("format_string").(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "expected str, got %s", lang.TypeName(a.Value("format_string")))
		}
		used, _ := lang.NewSet(nil, false)
		text, _, err := vformat(a, a.Value("self"), format, a.Value("args"), a.Value("kwargs"), used, 2, 0)
		if err != nil {
			return nil, err
		}
		if _, err := callMethod(a, a.Value("self"), "check_unused_args", used, a.Value("args"), a.Value("kwargs")); err != nil {
			return nil, err
		}
		return text, nil
	}),
	fmethod("parse(self, format_string)", "The (literal_text, field_name, format_spec, conversion) tuples of format_string; field_name is None after the last literal text, conversion None without one.", func(a *lang.Args) (lang.Value, error) {
		format, ok := a.Value("format_string").(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "expected str, got %s", lang.TypeName(a.Value("format_string")))
		}
		var out []lang.Value
		err := lang.ParseFormat(format, func(f lang.FormatField) error {
			t := lang.Tuple{f.Literal, lang.None, lang.None, lang.None}
			if f.HasField {
				t[1], t[2] = f.Name, f.Spec
				if f.HasConversion {
					t[3] = f.Conversion
				}
			}
			out = append(out, t)
			return nil
		})
		if err != nil {
			return nil, err
		}
		return lang.NewIterator("formatteriterator", out), nil
	}),
	fmethod("get_field(self, field_name, args, kwargs)", "(obj, used_key): the object field_name names ('0', 'name', 'a.b[0]'), found with get_value and then attributes and indexes, and the key it used.", func(a *lang.Args) (lang.Value, error) {
		name, ok := a.Value("field_name").(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "expected str, got %s", lang.TypeName(a.Value("field_name")))
		}
		first, parts, err := lang.SplitFieldName(name)
		if err != nil {
			return nil, err
		}
		obj, err := callMethod(a, a.Value("self"), "get_value", first, a.Value("args"), a.Value("kwargs"))
		if err != nil {
			return nil, err
		}
		if obj, err = lang.FieldValue(obj, parts); err != nil {
			return nil, err
		}
		return lang.Tuple{obj, first}, nil
	}),
	fmethod("get_value(self, key, args, kwargs)", "args[key] for an int key, else kwargs[key].", func(a *lang.Args) (lang.Value, error) {
		key := a.Value("key")
		if _, isInt := key.(int64); isInt {
			return lang.Index(a.Value("args"), []lang.Subscript{{Value: key}})
		}
		return lang.Index(a.Value("kwargs"), []lang.Subscript{{Value: key}})
	}),
	fmethod("check_unused_args(self, used_args, args, kwargs)", "Does nothing; a subclass may raise for arguments the format did not use (used_args is the set of keys used).", func(a *lang.Args) (lang.Value, error) {
		return lang.None, nil
	}),
	fmethod("format_field(self, value, format_spec)", "format(value, format_spec).", func(a *lang.Args) (lang.Value, error) {
		spec := a.Str("format_spec")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.Format(a.Value("value"), spec)
	}),
	fmethod("convert_field(self, value, conversion)", "value converted by conversion: None leaves it, 's' str, 'r' repr, 'a' ascii.", func(a *lang.Args) (lang.Value, error) {
		v, conv := a.Value("value"), a.Value("conversion")
		if conv == lang.None {
			return v, nil
		}
		if c, _ := conv.(string); c == "s" || c == "r" || c == "a" {
			return lang.Convert(v, c)
		}
		return nil, lang.Errorf(lang.ValueError, "Unknown conversion specifier %s", lang.Str(conv))
	}),
)
