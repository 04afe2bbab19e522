package pprint

import "github.com/kael-dev/kael/lang"

// PrettyPrinter, as CPython's class: __init__ checks the options and
// keeps them in the attributes CPython's does (_indent_per_level, _width,
// _depth, _stream, _compact, _sort_dicts, _underscore_numbers); pformat
// and pprint read them back on each call. isreadable and isrecursive are
// _safe_repr's two flags, for the class and the module.

// fromAttrs is the printer of the PrettyPrinter self.
func fromAttrs(self lang.Value) (*printer, lang.Value, error) {
	get := func(name string) lang.Value {
		v, err := lang.GetAttr(self, name)
		if err != nil {
			return lang.None
		}
		return v
	}
	p := &printer{indent: 1, width: 80}
	if n, ok := get("_indent_per_level").(int64); ok {
		p.indent = int(n)
	}
	if n, ok := get("_width").(int64); ok {
		p.width = int(n)
	}
	if n, ok := get("_depth").(int64); ok {
		p.depth = int(n)
	}
	var err error
	truth := func(name string) bool {
		b, terr := lang.Truth(get(name))
		if terr != nil && err == nil {
			err = terr
		}
		return b
	}
	p.compact, p.sortDicts, p.underscore = truth("_compact"), truth("_sort_dicts"), truth("_underscore_numbers")
	return p, get("_stream"), err
}

// flags are _safe_repr's readable and recursive flags of v: readable
// when v is made of builtin scalars and of dicts, lists and tuples of
// them, without recursion; recursive when a container holds itself.
func flags(v lang.Value, active map[any]bool) (readable, recursive bool) {
	var elems []lang.Value
	var key any
	switch x := v.(type) {
	case string, int64, float64, bool, lang.NoneType, *lang.Bytes:
		return true, false
	case *lang.List:
		elems, key = x.Elems, x
	case lang.Tuple:
		elems = x
	default:
		d, ok := plainDict(v)
		if !ok {
			switch lang.TypeName(v) {
			case "int", "complex", "bytearray":
				return true, false
			}
			rep, err := lang.ReprText(v)
			return err == nil && rep != "" && rep[0] != '<', false
		}
		key = d
		for _, k := range d.Keys() {
			val, _, _ := d.Get(k)
			elems = append(elems, k, val)
		}
	}
	if key != nil {
		if active[key] {
			return false, true
		}
		active[key] = true
		defer delete(active, key)
	}
	readable = true
	for _, e := range elems {
		r, rec := flags(e, active)
		readable = readable && r
		recursive = recursive || rec
	}
	return readable && !recursive, recursive
}

func isReadable(a *lang.Args) (lang.Value, error) {
	r, _ := flags(a.Value("object"), map[any]bool{})
	return r, nil
}

func isRecursive(a *lang.Args) (lang.Value, error) {
	_, rec := flags(a.Value("object"), map[any]bool{})
	return rec, nil
}

var prettyPrinterClass = lang.MustNewClass("PrettyPrinter", "pprint", nil,
	lang.NewBuiltin(lang.AsValue, "__init__(self, indent=1, width=80, depth=None, stream=None, *, compact=False, sort_dicts=True, underscore_numbers=False)",
		"Checks the options and keeps them, for pformat and pprint.",
		func(a *lang.Args) (lang.Value, error) {
			if _, err := newPrinter(a, true); err != nil {
				return nil, err
			}
			self := a.Value("self")
			for _, kv := range [][2]string{{"_depth", "depth"}, {"_indent_per_level", "indent"}, {"_width", "width"}, {"_stream", "stream"},
				{"_compact", "compact"}, {"_sort_dicts", "sort_dicts"}, {"_underscore_numbers", "underscore_numbers"}} {
				if err := lang.SetAttr(self, kv[0], a.Value(kv[1])); err != nil {
					return nil, err
				}
			}
			return lang.None, nil
		}),
	lang.NewBuiltin(lang.AsValue, "pformat(self, object)", "object laid out with self's options.",
		func(a *lang.Args) (lang.Value, error) {
			p, _, err := fromAttrs(a.Value("self"))
			if err != nil {
				return nil, err
			}
			return p.pformat(a.Value("object"))
		}),
	lang.NewBuiltin(lang.AsValue, "pprint(self, object)", "Writes self.pformat(object) and a newline to self's stream (sys.stdout when None).",
		func(a *lang.Args) (lang.Value, error) {
			p, stream, err := fromAttrs(a.Value("self"))
			if err != nil {
				return nil, err
			}
			s, err := p.pformat(a.Value("object"))
			if err != nil {
				return nil, err
			}
			return lang.None, write(a, stream, s+"\n")
		}),
	lang.NewBuiltin(lang.AsValue, "isreadable(self, object)", "Whether object's repr can be read back by eval (builtin scalars in dicts, lists and tuples, no recursion).", isReadable),
	lang.NewBuiltin(lang.AsValue, "isrecursive(self, object)", "Whether object holds itself.", isRecursive),
)

func init() {
	_ = prettyPrinterClass.SetAttr("__doc__", "PrettyPrinter(indent=1, width=80, depth=None, stream=None, *, compact=False, sort_dicts=True, underscore_numbers=False): pformat and pprint with these options.")
	pprintModule.Attrs["PrettyPrinter"] = prettyPrinterClass
	pprintModule.Attrs["isreadable"] = lang.NewBuiltin(lang.AsValue, "isreadable(object)", "Whether object's repr can be read back by eval (builtin scalars in dicts, lists and tuples, no recursion).", isReadable)
	pprintModule.Attrs["isrecursive"] = lang.NewBuiltin(lang.AsValue, "isrecursive(object)", "Whether object holds itself.", isRecursive)
}
