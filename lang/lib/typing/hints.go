package typing

import (
	"github.com/kael-dev/kael/lang"
)

// get_type_hints, as CPython 3.11's: the annotations of a function, or of
// a class and its bases (the most basic first), with each string
// evaluated as an expression in the globals of the function or of the
// class's module, and None made type(None).

var getTypeHints = lang.NewBuiltin(lang.AsValue, "get_type_hints(obj, globalns=None, localns=None, include_extras=False)",
	"The annotations of a function or class (its bases' too), strings evaluated in globalns (the function's globals, or the class's module's) and localns, None as type(None).",
	func(a *lang.Args) (lang.Value, error) {
		obj := a.Value("obj")
		if cls, ok := obj.(*lang.UserClass); ok {
			return classHints(a, cls)
		}
		ann, err := lang.GetAttr(obj, "__annotations__")
		if err != nil {
			return nil, lang.Errorf(lang.TypeError, "%s is not a module, class, method, or function.", lang.Repr(obj))
		}
		globalns := a.Value("globalns")
		if globalns == lang.None {
			if g, err := lang.GetAttr(obj, "__globals__"); err == nil {
				globalns = g
			} else {
				globalns = lang.NewDict()
			}
		}
		return evaluated(a, ann, globalns, a.Value("localns"), lang.NewDict())
	})

// classHints is get_type_hints of a class: its bases' annotations, the
// last base's first, each base's strings evaluated in its module's
// globals.
func classHints(a *lang.Args, cls *lang.UserClass) (lang.Value, error) {
	hints := lang.NewDict()
	bases := cls.Bases()
	for i := len(bases) - 1; i >= 0; i-- {
		ann, ok := bases[i].Own("__annotations__")
		if !ok {
			continue
		}
		globalns := a.Value("globalns")
		if globalns == lang.None {
			var err error
			if globalns, err = moduleGlobals(a, bases[i]); err != nil {
				return nil, err
			}
		}
		localns := a.Value("localns")
		if localns == lang.None {
			localns = lang.NewDict()
			for _, n := range bases[i].OwnNames() {
				v, _ := bases[i].Own(n)
				_ = localns.(*lang.Dict).Set(n, v)
			}
		}
		if _, err := evaluated(a, ann, globalns, localns, hints); err != nil {
			return nil, err
		}
	}
	return hints, nil
}

// moduleGlobals is the namespace of the module that defined cls: its
// module's __dict__, or the caller's globals for the main program's.
func moduleGlobals(a *lang.Args, cls *lang.UserClass) (lang.Value, error) {
	if mod, err := lang.GetAttr(cls, "__module__"); err == nil {
		if name, ok := mod.(string); ok && name != "__main__" {
			if m, err := a.Import(name); err == nil {
				if d, err := lang.GetAttr(m, "__dict__"); err == nil {
					return d, nil
				}
			}
		}
	}
	globals, _ := lang.LookupBuiltin("globals")
	return a.Call(globals)
}

// evaluated stores in hints each annotation of ann (a dict), a string
// evaluated in globalns and localns, None as type(None).
func evaluated(a *lang.Args, ann, globalns, localns lang.Value, hints *lang.Dict) (lang.Value, error) {
	d, ok := ann.(*lang.Dict)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "__annotations__ must be a dict, not %s", lang.TypeName(ann))
	}
	eval, _ := lang.LookupBuiltin("eval")
	for _, k := range d.Keys() {
		v, _, _ := d.Get(k)
		// a string is a forward reference, evaluated; one that gives a
		// string again ('int' kept as text, "'int'") is evaluated once more
		for i := 0; i < 2; i++ {
			x, ok := v.(string)
			if !ok {
				break
			}
			args := []lang.Value{x, globalns}
			if localns != lang.None {
				args = append(args, localns)
			}
			r, err := a.Call(eval, args...)
			if err != nil {
				return nil, err
			}
			v = r
		}
		if v == lang.None {
			v = lang.TypeOf(lang.None)
		}
		if err := hints.Set(k, v); err != nil {
			return nil, err
		}
	}
	return hints, nil
}
