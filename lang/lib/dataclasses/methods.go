package dataclasses

import (
	"fmt"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// The methods @dataclass writes: __init__, __repr__, __eq__ and the
// orderings, __hash__. Each is a builtin that binds self, doing what the
// source text CPython generates would do.

// qualname is cls.__qualname__.
func qualname(cls *lang.UserClass) string {
	if q, ok := cls.Attr("__qualname__"); ok {
		if s, ok := q.(string); ok {
			return s
		}
	}
	return cls.Name
}

// instance returns the self a generated method is called with.
func instance(a *lang.Args, method string) (*lang.Instance, error) {
	x, ok := a.Value("self").(*lang.Instance)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s() needs an instance of the dataclass, not %s", method, lang.TypeName(a.Value("self")))
	}
	return x, nil
}

// getField reads x.name, an AttributeError when x lacks it.
func getField(x *lang.Instance, name string) (lang.Value, error) {
	if v, ok := x.Attr(name); ok {
		return v, nil
	}
	return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute '%s'", x.Class().Name, name)
}

// makeInit writes __init__: one parameter per init field (InitVars
// included), keyword-only ones last; it sets every field (defaults and
// factories for those not given or not init) and calls __post_init__
// with the InitVars.
func makeInit(cls *lang.UserClass, all []*field, frozen bool) (*lang.Builtin, error) {
	var params []*field
	for _, f := range all {
		if f.kind != classVar && f.init && f.kwOnly != true {
			params = append(params, f)
		}
	}
	for _, f := range all {
		if f.kind != classVar && f.init && f.kwOnly == true {
			params = append(params, f)
		}
	}
	name := qualname(cls) + ".__init__"
	b := lang.NewBuiltin(lang.AsValue, "__init__(self, *args)", "Sets the fields of a new "+cls.Name+".",
		func(a *lang.Args) (lang.Value, error) {
			x, err := instance(a, name)
			if err != nil {
				return nil, err
			}
			pos, _ := a.Value("args").(lang.Tuple)
			kwNames, kwVals := a.Keywords()
			given, err := bindInit(name, params, pos, kwNames, kwVals)
			if err != nil {
				return nil, err
			}
			var initVars []lang.Value
			for _, f := range all {
				if f.kind == classVar {
					continue
				}
				v, ok := given[f.name]
				if !ok && f.factory != nil {
					if v, err = a.Call(f.factory); err != nil {
						return nil, err
					}
					ok = true
				}
				if !ok && f.def != nil {
					v, ok = f.def, true
				}
				if f.kind == initVar {
					initVars = append(initVars, v)
					continue
				}
				if !ok {
					continue
				}
				if frozen {
					x.SetOwn(f.name, v)
				} else if err := x.SetAttr(f.name, v); err != nil {
					return nil, err
				}
			}
			if post, ok := x.Method("__post_init__"); ok {
				if _, err := a.Call(post, initVars...); err != nil {
					return nil, err
				}
			}
			return lang.None, nil
		}).CollectKeywords().BindingSelf()
	b.Sig = initSignature(params)
	return b, nil
}

// initSignature is __init__'s signature as help() shows it.
func initSignature(params []*field) string {
	parts := []string{"self"}
	star := false
	for _, f := range params {
		if f.kwOnly == true && !star {
			parts, star = append(parts, "*"), true
		}
		p := f.name
		if t, ok := f.typ.(string); ok && t != "" {
			p += ": " + t
		}
		switch {
		case f.factory != nil:
			p += " = <factory>"
		case f.def != nil:
			p += " = " + lang.Repr(f.def)
		}
		parts = append(parts, p)
	}
	return "__init__(" + strings.Join(parts, ", ") + ")"
}

// bindInit binds __init__'s arguments to its parameters with the
// messages CPython gives for a Python function's call.
func bindInit(name string, params []*field, pos []lang.Value, kwNames []string, kwVals []lang.Value) (map[string]lang.Value, error) {
	var positional []*field
	for _, f := range params {
		if f.kwOnly != true {
			positional = append(positional, f)
		}
	}
	if len(pos) > len(positional) {
		required := 0
		for _, f := range positional {
			if f.def == nil && f.factory == nil {
				required++
			}
		}
		takes := fmt.Sprint(len(positional) + 1)
		if required < len(positional) {
			takes = fmt.Sprintf("from %d to %d", required+1, len(positional)+1)
		}
		return nil, lang.Errorf(lang.TypeError, "%s() takes %s positional %s but %d %s given", name, takes,
			plural(len(positional)+1, "argument", "arguments"), len(pos)+1, plural(len(pos)+1, "was", "were"))
	}
	given := map[string]lang.Value{}
	for i, v := range pos {
		given[positional[i].name] = v
	}
	for i, k := range kwNames {
		known := false
		for _, f := range params {
			known = known || f.name == k
		}
		switch _, dup := given[k]; {
		case !known:
			return nil, lang.Errorf(lang.TypeError, "%s() got an unexpected keyword argument '%s'", name, k)
		case dup:
			return nil, lang.Errorf(lang.TypeError, "%s() got multiple values for argument '%s'", name, k)
		}
		given[k] = kwVals[i]
	}
	var missingPos, missingKw []string
	for _, f := range params {
		if _, ok := given[f.name]; ok || f.def != nil || f.factory != nil {
			continue
		}
		if f.kwOnly == true {
			missingKw = append(missingKw, "'"+f.name+"'")
		} else {
			missingPos = append(missingPos, "'"+f.name+"'")
		}
	}
	if len(missingPos) > 0 {
		return nil, lang.Errorf(lang.TypeError, "%s() missing %d required positional %s: %s", name, len(missingPos),
			plural(len(missingPos), "argument", "arguments"), joinNames(missingPos))
	}
	if len(missingKw) > 0 {
		return nil, lang.Errorf(lang.TypeError, "%s() missing %d required keyword-only %s: %s", name, len(missingKw),
			plural(len(missingKw), "argument", "arguments"), joinNames(missingKw))
	}
	return given, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// joinNames is CPython's list of missing names: 'a', 'a' and 'b',
// 'a', 'b', and 'c'.
func joinNames(names []string) string {
	switch len(names) {
	case 1:
		return names[0]
	case 2:
		return names[0] + " and " + names[1]
	}
	return strings.Join(names[:len(names)-1], ", ") + ", and " + names[len(names)-1]
}

// makeRepr writes __repr__: Name(a=1, b='x') over the repr fields.
func makeRepr(fs []*field) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, "__repr__(self)", "The dataclass's repr, its fields by name.",
		func(a *lang.Args) (lang.Value, error) {
			x, err := instance(a, "__repr__")
			if err != nil {
				return nil, err
			}
			var parts []string
			for _, f := range fs {
				if !f.repr {
					continue
				}
				v, err := getField(x, f.name)
				if err != nil {
					return nil, err
				}
				text, err := lang.ReprText(v)
				if err != nil {
					return nil, err
				}
				parts = append(parts, f.name+"="+text)
			}
			return qualname(x.Class()) + "(" + strings.Join(parts, ", ") + ")", nil
		}).BindingSelf()
}

// compareTuple is the tuple of x's compare fields.
func compareTuple(x *lang.Instance, fs []*field) (lang.Tuple, error) {
	var t lang.Tuple
	for _, f := range fs {
		if !f.compare {
			continue
		}
		v, err := getField(x, f.name)
		if err != nil {
			return nil, err
		}
		t = append(t, v)
	}
	return t, nil
}

// makeCompare writes __eq__ or an ordering: the tuples of the compare
// fields compared with op when other is of self's very class, else
// NotImplemented.
func makeCompare(name string, op syntax.Token, fs []*field) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, name+"(self, other)", "Compares the tuples of the fields.",
		func(a *lang.Args) (lang.Value, error) {
			x, err := instance(a, name)
			if err != nil {
				return nil, err
			}
			y, ok := a.Value("other").(*lang.Instance)
			if !ok || y.Class() != x.Class() {
				return lang.NotImplemented, nil
			}
			tx, err := compareTuple(x, fs)
			if err != nil {
				return nil, err
			}
			ty, err := compareTuple(y, fs)
			if err != nil {
				return nil, err
			}
			return a.Binary(op, tx, ty)
		}).BindingSelf()
}

// makeHash writes __hash__: the hash of the tuple of the hashed fields
// (hash=True, or hash=None and compare=True).
func makeHash(fs []*field) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, "__hash__(self)", "The hash of the tuple of the fields.",
		func(a *lang.Args) (lang.Value, error) {
			x, err := instance(a, "__hash__")
			if err != nil {
				return nil, err
			}
			var t lang.Tuple
			for _, f := range fs {
				if h, set := f.hash.(bool); set && !h || !set && !f.compare {
					continue
				}
				v, err := getField(x, f.name)
				if err != nil {
					return nil, err
				}
				t = append(t, v)
			}
			hash, _ := lang.LookupBuiltin("hash")
			return a.Call(hash, t)
		}).BindingSelf()
}
