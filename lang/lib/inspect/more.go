package inspect

import (
	"math"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/collections"
	"github.com/kael-dev/kael/lang/syntax"
)

// The inspect functions libraries call on functions and classes:
// cleandoc, getdoc, getfile, getmro, isabstract, isgeneratorfunction,
// isroutine and getfullargspec, as CPython 3.11's.

// cleandoc is CPython's inspect.cleandoc: tabs expanded, the first line's
// leading blanks and the other lines' common indentation removed, blank
// lines at the start and end dropped.
func cleandoc(doc string) string {
	lines := strings.Split(expandTabs(doc), "\n")
	margin := math.MaxInt
	for _, l := range lines[1:] {
		if content := strings.TrimLeft(l, " "); content != "" {
			margin = min(margin, len(l)-len(content))
		}
	}
	lines[0] = strings.TrimLeft(lines[0], " \t\n\r\v\f")
	if margin < math.MaxInt {
		for i := 1; i < len(lines); i++ {
			if len(lines[i]) >= margin {
				lines[i] = lines[i][margin:]
			} else {
				lines[i] = ""
			}
		}
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	return strings.Join(lines, "\n")
}

// expandTabs is str.expandtabs(): each tab to the next multiple of 8.
func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		switch r {
		case '\t':
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
		case '\n', '\r':
			b.WriteRune(r)
			col = 0
		default:
			b.WriteRune(r)
			col++
		}
	}
	return b.String()
}

// isBuiltinFunction reports whether v is a function or method built into
// kael (len, [].append), not a class.
func isBuiltinFunction(v lang.Value) bool {
	switch b := v.(type) {
	case *lang.Builtin:
		return lang.ClassOf(b) == ""
	case *lang.BoundMethod:
		return true
	}
	return false
}

// funcOf is the function of a bound method, v itself for others.
func funcOf(v lang.Value) lang.Value {
	if lang.TypeName(v) == "method" {
		if f, err := lang.GetAttr(v, "__func__"); err == nil {
			return f
		}
	}
	return v
}

var fullArgSpec = collections.NamedTupleType("FullArgSpec", []string{"args", "varargs", "varkw", "defaults", "kwonlyargs", "kwonlydefaults", "annotations"}, "inspect")

// getfullargspec is CPython's: the parameters by kind, the defaults, the
// annotations (the return's first). A function written in Python gives
// its own (a bound method's self included); one written in Go, those of
// the signature help() shows.
func getfullargspec(a *lang.Args) (lang.Value, error) {
	f, ok := funcOf(a.Value("func")).(*lang.Function)
	if !ok {
		text, ok := lang.SignatureText(a.Value("func"))
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "unsupported callable")
		}
		return argSpec(parseSignature(text).params, lang.NewDict())
	}
	var params []*Parameter
	for i, p := range f.Params {
		q := &Parameter{name: p.Name.Name, kind: 1}
		switch {
		case p.Star == syntax.STAR:
			q.kind = 2
		case p.Star == syntax.STARSTAR:
			q.kind = 4
		case p.KwOnly:
			q.kind = 3
		}
		if i < len(f.Defaults) && f.Defaults[i] != nil {
			q.defaultText, q.dflt = "=", f.Defaults[i]
		}
		params = append(params, q)
	}
	ann, _ := f.Attr("__annotations__")
	annotations := lang.NewDict()
	if d, ok := ann.(*lang.Dict); ok {
		if r, found, _ := d.Get("return"); found {
			_ = annotations.Set("return", r)
		}
		for _, k := range d.Keys() {
			if k == "return" {
				continue
			}
			v, _, _ := d.Get(k)
			if err := annotations.Set(k, v); err != nil {
				return nil, err
			}
		}
	}
	return argSpec(params, annotations)
}

// argSpec is the FullArgSpec of params.
func argSpec(params []*Parameter, annotations *lang.Dict) (lang.Value, error) {
	args, kwonly := &lang.List{}, &lang.List{}
	var varargs, varkw, dv, kdv lang.Value = lang.None, lang.None, lang.None, lang.None
	var defaults lang.Tuple
	kwdefaults := lang.NewDict()
	for _, p := range params {
		switch p.kind {
		case 2:
			varargs = p.name
		case 4:
			varkw = p.name
		case 3:
			kwonly.Elems = append(kwonly.Elems, p.name)
			if p.defaultText != "" {
				if err := kwdefaults.Set(p.name, p.dflt); err != nil {
					return nil, err
				}
			}
		default:
			args.Elems = append(args.Elems, p.name)
			if p.defaultText != "" {
				defaults = append(defaults, p.dflt)
			}
		}
	}
	if len(defaults) > 0 {
		dv = defaults
	}
	if kwdefaults.Len() > 0 {
		kdv = kwdefaults
	}
	return lang.NewNamedTuple(fullArgSpec, args, varargs, varkw, dv, kwonly, kdv, annotations), nil
}

// getfile is the file object was defined in.
func getfile(a *lang.Args) (lang.Value, error) {
	obj := funcOf(a.Value("object"))
	switch lang.TypeName(obj) {
	case "module":
		if f, err := lang.GetAttr(obj, "__file__"); err == nil && f != lang.None {
			return f, nil
		}
		return nil, lang.Errorf(lang.TypeError, "<module '%s' (built-in)> is a built-in module", lang.Str(lang.Value(obj.(*lang.Module).Name)))
	case "function":
		code, err := lang.GetAttr(obj, "__code__")
		if err != nil {
			return nil, err
		}
		return lang.GetAttr(code, "co_filename")
	}
	if _, ok := obj.(*lang.UserClass); ok {
		mod, err := lang.GetAttr(obj, "__module__")
		if err == nil {
			if name, ok := mod.(string); ok {
				if m, err := a.Import(name); err == nil {
					if f, err := lang.GetAttr(m, "__file__"); err == nil && f != lang.None {
						return f, nil
					}
				}
			}
		}
		return nil, lang.Errorf(lang.TypeError, "%s is a built-in class", lang.Repr(obj))
	}
	return nil, lang.Errorf(lang.TypeError, "module, class, method, function, traceback, frame, or code object was expected, got %s", lang.TypeName(obj))
}

func init() {
	attrs := inspectModule.Attrs
	attrs["cleandoc"] = lang.NewBuiltin(lang.AsValue, "cleandoc(doc)", "Clean up indentation from docstrings: the first line's leading whitespace and the other lines' common indentation removed, blank lines at either end dropped.", func(a *lang.Args) (lang.Value, error) {
		return cleandoc(a.Str("doc")), nil
	})
	attrs["getdoc"] = lang.NewBuiltin(lang.AsValue, "getdoc(object)", "object's docstring, cleaned up with cleandoc; None when it has none.", func(a *lang.Args) (lang.Value, error) {
		doc, err := lang.GetAttr(a.Value("object"), "__doc__")
		if s, ok := doc.(string); ok && err == nil {
			return cleandoc(s), nil
		}
		return lang.None, nil
	})
	attrs["getfile"] = lang.NewBuiltin(lang.AsValue, "getfile(object)", "The name of the file a module, class, method or function was defined in.", getfile)
	attrs["getfullargspec"] = lang.NewBuiltin(lang.AsValue, "getfullargspec(func)", "FullArgSpec(args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations) of a function written in Python (a bound method's self included).", getfullargspec)
	attrs["getmro"] = lang.NewBuiltin(lang.AsValue, "getmro(cls)", "cls.__mro__: the class and its bases in method resolution order.", func(a *lang.Args) (lang.Value, error) {
		return lang.GetAttr(a.Value("cls"), "__mro__")
	})
	attrs["isabstract"] = pred("isabstract(object)", "Whether object is a class with abstract methods left.", func(v lang.Value) bool {
		if _, ok := v.(*lang.UserClass); !ok {
			return false
		}
		m, err := lang.GetAttr(v, "__abstractmethods__")
		if err != nil {
			return false
		}
		n, err := lang.Len(m)
		return err == nil && n != int64(0)
	})
	attrs["isgeneratorfunction"] = pred("isgeneratorfunction(object)", "Whether object is a function (or method) whose body yields.", func(v lang.Value) bool {
		return lang.IsGeneratorFunction(funcOf(v))
	})
	attrs["isroutine"] = pred("isroutine(object)", "Whether object is a function or method, written in Python or built in.", func(v lang.Value) bool {
		switch lang.TypeName(v) {
		case "function", "method", "method-wrapper", "method_descriptor":
			return true
		}
		return isBuiltinFunction(v)
	})
}
