package inspect

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/collections"
)

// The rest of the names programs reach for: the code-flag and state
// constants, the predicates of kinds of object kael has none of (async
// code, descriptors written in C), getmodule and the file-name
// functions, getattr_static, getmembers_static, getcallargs,
// get_annotations, formatannotation, indentsize, getlineno,
// getinnerframes and trace.

// codeFlags are CPython 3.11's CO_ flags, as inspect exports them.
var codeFlags = map[string]int64{
	"CO_OPTIMIZED": 1, "CO_NEWLOCALS": 2, "CO_VARARGS": 4, "CO_VARKEYWORDS": 8, "CO_NESTED": 16,
	"CO_GENERATOR": 32, "CO_NOFREE": 64, "CO_COROUTINE": 128, "CO_ITERABLE_COROUTINE": 256, "CO_ASYNC_GENERATOR": 512,
}

// moduleSuffixes are importlib.machinery.all_suffixes() of CPython 3.11
// on Linux, which getmodulename strips.
var moduleSuffixes = []string{".py", ".pyc", ".cpython-311-x86_64-linux-gnu.so", ".abi3.so", ".so"}

// never is the predicate of a kind of object kael does not have.
func never(sig, doc string) *lang.Builtin {
	return pred(sig, doc, func(lang.Value) bool { return false })
}

// typeNamed is the predicate of the objects whose type is one of names.
func typeNamed(sig, doc string, names ...string) *lang.Builtin {
	return pred(sig, doc, func(v lang.Value) bool {
		t := lang.TypeName(v)
		for _, n := range names {
			if t == n {
				return true
			}
		}
		return false
	})
}

// staticLookup is getattr_static's search: obj's own __dict__ (an
// instance's, or a class's and its bases' in MRO order), then its
// class's MRO, without calling descriptors or __getattr__.
func staticLookup(obj lang.Value, name string) (lang.Value, bool) {
	if c, ok := obj.(*lang.UserClass); ok {
		for _, k := range c.Bases() {
			if v, ok := k.Own(name); ok {
				return v, true
			}
		}
	} else if x, ok := obj.(*lang.Instance); ok {
		if d, err := lang.GetAttr(x, "__dict__"); err == nil {
			if d, ok := d.(*lang.Dict); ok {
				if v, found, _ := d.Get(name); found {
					return v, true
				}
			}
		}
		for _, k := range x.Class().Bases() {
			if v, ok := k.Own(name); ok {
				return v, true
			}
		}
		return nil, false
	}
	// a module, or a value of a builtin type: what getattr finds, as
	// those have no descriptors of their own that kael would run
	if v, err := lang.GetAttr(obj, name); err == nil {
		return v, true
	}
	return nil, false
}

// isClass is isclass's test.
func isClass(v lang.Value) bool { return lang.ClassOf(v) != "" || lang.TypeName(v) == "type" }

// moduleOf is getmodule: object itself for a module, else the module
// its __module__ names among the imported ones.
func moduleOf(a *lang.Args, obj lang.Value) (lang.Value, error) {
	if lang.TypeName(obj) == "module" {
		return obj, nil
	}
	name, err := lang.GetAttr(obj, "__module__")
	if err != nil || name == lang.None {
		return lang.None, nil
	}
	if v, found, err := a.Session().ImportedModules().Get(name); found || err != nil {
		return v, err
	}
	if s, ok := name.(string); ok {
		if m, err := a.Import(s); err == nil {
			return m, nil
		}
	}
	return lang.None, nil
}

// innerFrames is getinnerframes(tb, context): the FrameInfo of each
// frame of the traceback tb, from the one that caught it in.
func innerFrames(tb lang.Value, context int64) (lang.Value, error) {
	var out []lang.Value
	for tb != lang.None {
		frame, err := lang.GetAttr(tb, "tb_frame")
		if err != nil {
			return nil, err
		}
		file, _, name, err := frameFields(frame)
		if err != nil {
			return nil, err
		}
		lineno, _ := lang.GetAttr(tb, "tb_lineno")
		line, _ := lineno.(int64)
		lines, index := contextLines(file, line, context)
		out = append(out, lang.NewNamedTuple(frameInfo, frame, file, line, name, lines, index))
		if tb, err = lang.GetAttr(tb, "tb_next"); err != nil {
			return nil, err
		}
	}
	return &lang.List{Elems: out}, nil
}

// formatAnnotation is CPython's formatannotation: a class by its
// qualified name (without builtins. or base_module.), typing's by its
// repr without typing., anything else by its repr.
func formatAnnotation(ann lang.Value, baseModule lang.Value) (lang.Value, error) {
	mod, _ := lang.GetAttr(ann, "__module__")
	if r := lang.Repr(ann); mod == "typing" || strings.HasPrefix(r, "typing.") {
		return strings.ReplaceAll(r, "typing.", ""), nil
	}
	if strings.HasSuffix(lang.TypeName(ann), "GenericAlias") {
		return lang.Str(ann), nil
	}
	if isClass(ann) {
		q, _ := lang.GetAttr(ann, "__qualname__")
		qual, _ := q.(string)
		if mod == "builtins" || (mod != nil && mod == baseModule) {
			return qual, nil
		}
		return lang.Str(mod) + "." + qual, nil
	}
	return lang.ReprText(ann)
}

func init() {
	attrs := inspectModule.Attrs
	for name, v := range codeFlags {
		attrs[name] = v
	}
	for _, n := range []string{"GEN_CREATED", "GEN_RUNNING", "GEN_SUSPENDED", "GEN_CLOSED", "CORO_CREATED", "CORO_RUNNING", "CORO_SUSPENDED", "CORO_CLOSED"} {
		attrs[n] = n
	}
	attrs["TPFLAGS_IS_ABSTRACT"] = int64(1) << 20
	attrs["iscoroutine"] = pred("iscoroutine(object)", "Whether object is a coroutine, what calling an async def gives.", lang.IsCoroutine)
	attrs["isasyncgen"] = pred("isasyncgen(object)", "Whether object is an asynchronous generator.", lang.IsAsyncGen)
	attrs["isasyncgenfunction"] = pred("isasyncgenfunction(object)", "Whether object is an async generator function (an async def whose body yields), or a method of one.", func(v lang.Value) bool {
		return lang.IsAsyncGenFunction(funcOf(v))
	})
	attrs["isawaitable"] = pred("isawaitable(object)", "Whether object can be awaited: a coroutine, a generator of types.coroutine, an object whose class defines __await__.", lang.IsAwaitable)
	attrs["iscode"] = typeNamed("iscode(object)", "Whether object is a code object (a function's __code__, compile()'s result).", "code")
	attrs["isframe"] = typeNamed("isframe(object)", "Whether object is a frame (sys._getframe(), a traceback's tb_frame).", "frame")
	attrs["istraceback"] = typeNamed("istraceback(object)", "Whether object is a traceback (an exception's __traceback__).", "traceback")
	attrs["isdatadescriptor"] = typeNamed("isdatadescriptor(object)", "Whether object is a data descriptor: a property (kael's classes cannot define __set__).", "property")
	attrs["ismethoddescriptor"] = typeNamed("ismethoddescriptor(object)", "Whether object is a method descriptor: a staticmethod or classmethod object, or a builtin type's unbound method.", "staticmethod", "classmethod", "method_descriptor")
	attrs["isgetsetdescriptor"] = never("isgetsetdescriptor(object)", "Whether object is a getset descriptor of a C extension type: kael has none.")
	attrs["ismemberdescriptor"] = never("ismemberdescriptor(object)", "Whether object is a member descriptor (__slots__) of a C extension type: kael has none.")
	attrs["ismethodwrapper"] = typeNamed("ismethodwrapper(object)", "Whether object is a method-wrapper, a builtin type's bound special method.", "method-wrapper")
	attrs["getmodule"] = lang.NewBuiltin(lang.AsValue, "getmodule(object, _filename=None)", "The module object was defined in: itself for a module, else the imported module its __module__ names; None when there is none.", func(a *lang.Args) (lang.Value, error) {
		return moduleOf(a, a.Value("object"))
	})
	attrs["getmodulename"] = lang.NewBuiltin(lang.AsValue, "getmodulename(path)", "The name of the module the file path is, its directory and suffix (.py, .pyc, .so...) taken off; None when it has none of those suffixes.", func(a *lang.Args) (lang.Value, error) {
		base := filepath.Base(a.Path("path"))
		if err := a.Err(); err != nil {
			return nil, err
		}
		for _, s := range moduleSuffixes {
			if strings.HasSuffix(base, s) {
				return strings.TrimSuffix(base, s), nil
			}
		}
		return lang.None, nil
	})
	getsourcefile := func(a *lang.Args) (lang.Value, error) {
		file, err := getfile(a)
		if err != nil {
			return nil, err
		}
		name, _ := file.(string)
		if !strings.HasSuffix(name, ".py") {
			return lang.None, nil
		}
		if _, err := os.Stat(name); err != nil {
			return lang.None, nil
		}
		return name, nil
	}
	attrs["getsourcefile"] = lang.NewBuiltin(lang.AsValue, "getsourcefile(object)", "The Python source file object was defined in (getfile's when it is a .py file that exists), else None.", getsourcefile)
	attrs["getabsfile"] = lang.NewBuiltin(lang.AsValue, "getabsfile(object, _filename=None)", "The absolute path of getsourcefile(object), or of getfile(object) when it has none.", func(a *lang.Args) (lang.Value, error) {
		file, err := getsourcefile(a)
		if err != nil {
			return nil, err
		}
		if file == lang.None {
			if file, err = getfile(a); err != nil {
				return nil, err
			}
		}
		abs, err := filepath.Abs(lang.Str(file))
		if err != nil {
			return nil, err
		}
		return abs, nil
	})
	attrs["getattr_static"] = lang.NewBuiltin(lang.AsValue, "getattr_static(obj, attr, *default)", "obj's attribute attr as it is stored, found without running descriptors, properties or __getattr__: the instance's __dict__, then its class's and their bases' in MRO order; default, else AttributeError, when none has it.", func(a *lang.Args) (lang.Value, error) {
		name, ok := a.Value("attr").(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "attribute name must be string, not '%s'", lang.TypeName(a.Value("attr")))
		}
		if v, ok := staticLookup(a.Value("obj"), name); ok {
			return v, nil
		}
		if d, _ := a.Value("default").(lang.Tuple); len(d) == 1 {
			return d[0], nil
		} else if len(d) > 1 {
			return nil, lang.Errorf(lang.TypeError, "getattr_static() takes from 2 to 3 positional arguments but %d were given", 2+len(d))
		}
		return nil, lang.Errorf(lang.AttributeError, "%s", name)
	})
	attrs["getmembers_static"] = lang.NewBuiltin(lang.AsValue, "getmembers_static(object, predicate=None)", "getmembers without running descriptors: the (name, value) pairs of dir(object) as getattr_static finds them, sorted by name, those predicate accepts.", func(a *lang.Args) (lang.Value, error) {
		obj := a.Value("object")
		dir, _ := lang.BuiltinName("dir")
		names, err := a.Call(dir, obj)
		if err != nil {
			return nil, err
		}
		list, _ := lang.Collect(names)
		var out []lang.Value
		for _, n := range list {
			s, ok := n.(string)
			if !ok {
				continue
			}
			v, ok := staticLookup(obj, s)
			if !ok {
				continue
			}
			if keep, err := predicateKeeps(a, v); err != nil {
				return nil, err
			} else if !keep {
				continue
			}
			out = append(out, lang.Tuple{s, v})
		}
		sorted, _ := lang.BuiltinName("sorted")
		return a.Call(sorted, &lang.List{Elems: out})
	})
	attrs["get_annotations"] = lang.NewBuiltin(lang.AsValue, "get_annotations(obj, *, globals=None, locals=None, eval_str=False)", "A new dict of obj's own annotations (a class's own, not its bases'; a function's or a module's); {} when it has none. eval_str is not supported: annotations stay as written.", func(a *lang.Args) (lang.Value, error) {
		obj := a.Value("obj")
		if t, _ := lang.Truth(a.Value("eval_str")); t {
			return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "kael's get_annotations does not evaluate string annotations (eval_str=True)")
		}
		var ann lang.Value
		switch x := obj.(type) {
		case *lang.UserClass:
			ann, _ = x.Own("__annotations__")
		default:
			if !lang.Callable(obj) && lang.TypeName(obj) != "module" {
				return nil, lang.Errorf(lang.TypeError, "%s is not a module, class, or callable.", lang.Repr(obj))
			}
			ann, _ = lang.GetAttr(obj, "__annotations__")
		}
		out := lang.NewDict()
		if d, ok := ann.(*lang.Dict); ok {
			for _, k := range d.Keys() {
				v, _, _ := d.Get(k)
				if err := out.Set(k, v); err != nil {
					return nil, err
				}
			}
		} else if ann != nil && ann != lang.None {
			return nil, lang.Errorf(lang.ValueError, "%s.__annotations__ is neither a dict nor None", lang.Repr(obj))
		}
		return out, nil
	})
	attrs["formatannotation"] = lang.NewBuiltin(lang.AsValue, "formatannotation(annotation, base_module=None)", "An annotation as a signature writes it: int, list[int], List[int] (typing's without typing.), mod.Cls for a class of another module, repr() of anything else.", func(a *lang.Args) (lang.Value, error) {
		return formatAnnotation(a.Value("annotation"), a.Value("base_module"))
	})
	attrs["indentsize"] = lang.NewBuiltin(lang.AsValue, "indentsize(line)", "The width of line's leading whitespace, tabs expanded to multiples of 8.", func(a *lang.Args) (lang.Value, error) {
		line := a.Str("line")
		if err := a.Err(); err != nil {
			return nil, err
		}
		col := 0
		for _, r := range line {
			switch r {
			case ' ':
				col++
			case '\t':
				col += 8 - col%8
			default:
				return int64(col), nil
			}
		}
		return int64(0), nil
	})
	attrs["getgeneratorstate"] = lang.NewBuiltin(lang.AsValue, "getgeneratorstate(generator)", "Where the generator is: GEN_CREATED (not started), GEN_RUNNING (its body runs), GEN_SUSPENDED (at a yield) or GEN_CLOSED (ended or closed).", func(a *lang.Args) (lang.Value, error) {
		g, ok := a.Value("generator").(*lang.Generator)
		if !ok {
			return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'gi_running'", lang.TypeName(a.Value("generator")))
		}
		return g.State(), nil
	})
	attrs["getlineno"] = lang.NewBuiltin(lang.AsValue, "getlineno(frame)", "The frame's line number, f_lineno.", func(a *lang.Args) (lang.Value, error) {
		return lang.GetAttr(a.Value("frame"), "f_lineno")
	})
	attrs["getinnerframes"] = lang.NewBuiltin(lang.AsValue, "getinnerframes(tb, context=1)", "The FrameInfo of each frame of the traceback tb, from the frame that caught the exception in to where it was raised.", func(a *lang.Args) (lang.Value, error) {
		context, err := contextArg(a)
		if err != nil {
			return nil, err
		}
		return innerFrames(a.Value("tb"), context)
	})
	attrs["trace"] = lang.NewBuiltin(lang.AsValue, "trace(context=1)", "getinnerframes of the traceback of the exception being handled: [] outside an except clause.", func(a *lang.Args) (lang.Value, error) {
		context, err := contextArg(a)
		if err != nil {
			return nil, err
		}
		var tb lang.Value = lang.None
		if t := lang.ExceptionTraceback(a.HandledException()); t != nil {
			tb = t
		}
		return innerFrames(tb, context)
	})
}

var attributeType = collections.NamedTupleType("Attribute", []string{"name", "kind", "defining_class", "object"}, "inspect")

// attrKind is classify_class_attrs's kind of a class attribute as it is
// stored.
func attrKind(v lang.Value) string {
	switch lang.TypeName(v) {
	case "staticmethod":
		return "static method"
	case "classmethod":
		return "class method"
	case "property":
		return "property"
	case "function", "builtin_function_or_method", "method_descriptor", "wrapper_descriptor":
		return "method"
	}
	if isBuiltinFunction(v) {
		return "method"
	}
	return "data"
}

func init() {
	inspectModule.Attrs["classify_class_attrs"] = lang.NewBuiltin(lang.AsValue, "classify_class_attrs(cls)",
		"Attribute(name, kind, defining_class, object) for each name of dir(cls): the class of the MRO whose __dict__ holds it, the object as stored there, and its kind: 'static method', 'class method', 'property', 'method' or 'data'. A name no class of kael's MRO holds (object's) is object's, found with getattr.",
		func(a *lang.Args) (lang.Value, error) {
			cls, ok := a.Value("cls").(*lang.UserClass)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "classify_class_attrs() needs a class written in Python, not %s", lang.Repr(a.Value("cls")))
			}
			dir, _ := lang.BuiltinName("dir")
			names, err := a.Call(dir, cls)
			if err != nil {
				return nil, err
			}
			list, _ := lang.Collect(names)
			object, _ := lang.BuiltinName("object")
			var out []lang.Value
			for _, n := range list {
				name, ok := n.(string)
				if !ok {
					continue
				}
				var owner, obj lang.Value
				for _, k := range cls.Bases() {
					if v, ok := k.Own(name); ok {
						owner, obj = k, v
						break
					}
				}
				if owner == nil {
					v, err := lang.GetAttr(cls, name)
					if err != nil {
						continue
					}
					owner, obj = object, v
				}
				out = append(out, lang.NewNamedTuple(attributeType, name, attrKind(obj), owner, obj))
			}
			return &lang.List{Elems: out}, nil
		})
}

var (
	argumentsType = collections.NamedTupleType("Arguments", []string{"args", "varargs", "varkw"}, "inspect")
	argInfoType   = collections.NamedTupleType("ArgInfo", []string{"args", "varargs", "keywords", "locals"}, "inspect")
)

// codeArgs is CPython's getargs(co): the names of the code's parameters
// (positional, then keyword-only), its *args and its **kwargs (None when
// it has none), read from co_varnames, the counts and co_flags.
func codeArgs(co lang.Value) (args *lang.List, varargs, varkw lang.Value, err error) {
	get := func(name string) lang.Value {
		if err != nil {
			return nil
		}
		var v lang.Value
		v, err = lang.GetAttr(co, name)
		return v
	}
	names, _ := get("co_varnames").(lang.Tuple)
	nargs, _ := get("co_argcount").(int64)
	nkw, _ := get("co_kwonlyargcount").(int64)
	flags, _ := get("co_flags").(int64)
	if err != nil {
		return nil, nil, nil, err
	}
	n := int(nargs + nkw)
	if n > len(names) {
		n = len(names)
	}
	args = &lang.List{Elems: append([]lang.Value(nil), names[:n]...)}
	varargs, varkw = lang.None, lang.None
	if flags&codeFlags["CO_VARARGS"] != 0 && n < len(names) {
		varargs = names[n]
		n++
	}
	if flags&codeFlags["CO_VARKEYWORDS"] != 0 && n < len(names) {
		varkw = names[n]
	}
	return args, varargs, varkw, nil
}

func init() {
	attrs := inspectModule.Attrs
	attrs["getargs"] = lang.NewBuiltin(lang.AsValue, "getargs(co)", "Arguments(args, varargs, varkw) of the code object co: its parameters' names (positional, then keyword-only), its *args and **kwargs names (None when it has none).", func(a *lang.Args) (lang.Value, error) {
		if lang.TypeName(a.Value("co")) != "code" {
			return nil, lang.Errorf(lang.TypeError, "%s is not a code object", lang.Repr(a.Value("co")))
		}
		args, varargs, varkw, err := codeArgs(a.Value("co"))
		if err != nil {
			return nil, err
		}
		return lang.NewNamedTuple(argumentsType, args, varargs, varkw), nil
	})
	attrs["getargvalues"] = lang.NewBuiltin(lang.AsValue, "getargvalues(frame)", "ArgInfo(args, varargs, keywords, locals) of the frame: its function's parameters as getargs gives them and the frame's f_locals.", func(a *lang.Args) (lang.Value, error) {
		co, err := lang.GetAttr(a.Value("frame"), "f_code")
		if err != nil {
			return nil, err
		}
		args, varargs, varkw, err := codeArgs(co)
		if err != nil {
			return nil, err
		}
		locals, err := lang.GetAttr(a.Value("frame"), "f_locals")
		if err != nil {
			return nil, err
		}
		return lang.NewNamedTuple(argInfoType, args, varargs, varkw, locals), nil
	})
	attrs["formatargvalues"] = lang.NewBuiltin(lang.AsValue, "formatargvalues(args, varargs, varkw, locals, formatarg=None, formatvarargs=None, formatvarkw=None, formatvalue=None)", "The text '(a=1, *c=(6,), **e={})' of getargvalues' four values: each argument's name with '=' and the repr of its value in locals; the format functions, when given, write a name, the *args and **kwargs names, and a value.", func(a *lang.Args) (lang.Value, error) {
		locals := a.Value("locals")
		call := func(fn string, dflt func(lang.Value) (string, error), v lang.Value) (string, error) {
			if f := a.Value(fn); f != lang.None && f != nil {
				r, err := a.Call(f, v)
				if err != nil {
					return "", err
				}
				return lang.Str(r), nil
			}
			return dflt(v)
		}
		name := func(v lang.Value) (string, error) { return lang.Str(v), nil }
		value := func(v lang.Value) (string, error) {
			r, err := lang.ReprText(v)
			return "=" + r, err
		}
		one := func(fn, prefix string, n lang.Value) (string, error) {
			s, err := call(fn, func(v lang.Value) (string, error) { return prefix + lang.Str(v), nil }, n)
			if err != nil {
				return "", err
			}
			v, err := lang.Index(locals, []lang.Subscript{{Value: n}})
			if err != nil {
				return "", err
			}
			w, err := call("formatvalue", value, v)
			return s + w, err
		}
		names, err := lang.Collect(a.Value("args"))
		if err != nil {
			return nil, err
		}
		var specs []string
		for _, n := range names {
			s, err := call("formatarg", name, n)
			if err != nil {
				return nil, err
			}
			v, err := lang.Index(locals, []lang.Subscript{{Value: n}})
			if err != nil {
				return nil, err
			}
			w, err := call("formatvalue", value, v)
			if err != nil {
				return nil, err
			}
			specs = append(specs, s+w)
		}
		for _, p := range []struct{ arg, fn, prefix string }{{"varargs", "formatvarargs", "*"}, {"varkw", "formatvarkw", "**"}} {
			if t, _ := lang.Truth(a.Value(p.arg)); t {
				s, err := one(p.fn, p.prefix, a.Value(p.arg))
				if err != nil {
					return nil, err
				}
				specs = append(specs, s)
			}
		}
		return "(" + strings.Join(specs, ", ") + ")", nil
	})
}
