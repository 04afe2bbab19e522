package dataclasses

import (
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

// factoryDefault is the default of an __init__ parameter whose field has
// a default_factory: omitted, the factory makes the value.
type factoryDefault struct{}

// PyRepr is what CPython's signature shows for it.
func (factoryDefault) PyRepr() string { return "<factory>" }

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
	b := lang.NewBuiltin(lang.AsValue, paramText(params), "Sets the fields of a new "+cls.Name+".",
		func(a *lang.Args) (lang.Value, error) {
			x, err := instance(a, "__init__")
			if err != nil {
				return nil, err
			}
			var initVars []lang.Value
			for _, f := range all {
				if f.kind == classVar {
					continue
				}
				var v lang.Value
				if f.init {
					v = a.Value(f.name)
				} else if f.def != nil {
					v = f.def
				}
				if f.factory != nil && (v == nil || v == (factoryDefault{})) {
					if v, err = a.Call(f.factory); err != nil {
						return nil, err
					}
				}
				if f.kind == initVar {
					initVars = append(initVars, v)
					continue
				}
				if v == nil {
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
		}).BindingSelf().AsPythonFunction(qualname(cls) + ".__init__")
	for _, f := range params {
		switch {
		case f.factory != nil:
			b.SetDefault(f.name, factoryDefault{})
		case f.def != nil:
			b.SetDefault(f.name, f.def)
		}
	}
	b.Sig = initSignature(params)
	return b, nil
}

// paramText is __init__'s signature for binding: the defaults are set
// after (SetDefault), as the text cannot spell them.
func paramText(params []*field) string {
	parts := []string{"self"}
	star := false
	for _, f := range params {
		if f.kwOnly == true && !star {
			parts, star = append(parts, "*"), true
		}
		if f.def != nil || f.factory != nil {
			parts = append(parts, f.name+"=None")
		} else {
			parts = append(parts, f.name)
		}
	}
	return "__init__(" + strings.Join(parts, ", ") + ")"
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
