// Package operator is Python's operator module: the operators as
// functions (add, mul, lt, getitem, ...), each applying the language's
// own rule (tensors, numbers, sequences, special methods), and the
// callables itemgetter, attrgetter and methodcaller.
package operator

import (
	"fmt"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// binaryOps are the functions of two operands, by name.
var binaryOps = []struct {
	name string
	op   syntax.Token
}{
	{"add", syntax.PLUS}, {"sub", syntax.MINUS}, {"mul", syntax.STAR}, {"truediv", syntax.SLASH},
	{"floordiv", syntax.SLASHSLASH}, {"mod", syntax.PERCENT}, {"pow", syntax.STARSTAR}, {"matmul", syntax.AT},
	{"and_", syntax.AMP}, {"or_", syntax.PIPE}, {"xor", syntax.CARET}, {"lshift", syntax.LSHIFT}, {"rshift", syntax.RSHIFT},
	{"lt", syntax.LT}, {"le", syntax.LE}, {"gt", syntax.GT}, {"ge", syntax.GE}, {"eq", syntax.EQL}, {"ne", syntax.NEQ},
	{"is_", syntax.IS}, {"is_not", syntax.ISNOT},
}

// unaryOps are the functions of one operand.
var unaryOps = []struct {
	name string
	op   syntax.Token
}{{"neg", syntax.MINUS}, {"pos", syntax.PLUS}, {"invert", syntax.TILDE}, {"inv", syntax.TILDE}, {"not_", syntax.NOT}}

// callable is what itemgetter, attrgetter and methodcaller return: a
// callable with CPython's repr.
type callable struct {
	kind, repr string
	call       *lang.Builtin
}

var (
	_ lang.HasAttrs  = (*callable)(nil)
	_ lang.Reprer    = (*callable)(nil)
	_ lang.TypeNamer = (*callable)(nil)
)

// Attr gives __call__.
func (c *callable) Attr(name string) (lang.Value, bool) {
	if name == "__call__" {
		return c.call, true
	}
	return nil, false
}

// AttrNames lists __call__.
func (c *callable) AttrNames() []string { return []string{"__call__"} }

// PyRepr is operator.itemgetter(1), as CPython's.
func (c *callable) PyRepr() string { return c.repr }

// String is the repr.
func (c *callable) String() string { return c.repr }

// TypeName is the class name: itemgetter.
func (c *callable) TypeName() string { return "operator." + c.kind }

func reprArgs(kind string, args []lang.Value) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = lang.Repr(a)
	}
	return "operator." + kind + "(" + strings.Join(parts, ", ") + ")"
}

// getattr is getattr(obj, name), through the builtin.
func getattr(a *lang.Args, obj lang.Value, name string) (lang.Value, error) {
	b, _ := lang.LookupBuiltin("getattr")
	return a.Call(b, obj, name)
}

func itemgetter(a *lang.Args) (lang.Value, error) {
	items := append(lang.Tuple{a.Value("item")}, a.Value("items").(lang.Tuple)...)
	call := lang.NewBuiltin(lang.AsValue, "itemgetter(obj)", "obj[item], or the tuple of obj[i] for each item.", func(a *lang.Args) (lang.Value, error) {
		obj := a.Value("obj")
		out := make(lang.Tuple, len(items))
		for i, it := range items {
			v, err := lang.Index(obj, []lang.Subscript{{Value: it}})
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		if len(items) == 1 {
			return out[0], nil
		}
		return out, nil
	})
	return &callable{kind: "itemgetter", repr: reprArgs("itemgetter", items), call: call}, nil
}

func attrgetter(a *lang.Args) (lang.Value, error) {
	attrs := append(lang.Tuple{a.Value("attr")}, a.Value("attrs").(lang.Tuple)...)
	for _, at := range attrs {
		if _, ok := at.(string); !ok {
			return nil, lang.Errorf(lang.TypeError, "attribute name must be a string")
		}
	}
	call := lang.NewBuiltin(lang.AsValue, "attrgetter(obj)", "obj.attr (dotted names follow the chain), or the tuple of them.", func(a *lang.Args) (lang.Value, error) {
		out := make(lang.Tuple, len(attrs))
		for i, at := range attrs {
			v := a.Value("obj")
			for _, part := range strings.Split(at.(string), ".") {
				var err error
				if v, err = getattr(a, v, part); err != nil {
					return nil, err
				}
			}
			out[i] = v
		}
		if len(attrs) == 1 {
			return out[0], nil
		}
		return out, nil
	})
	return &callable{kind: "attrgetter", repr: reprArgs("attrgetter", attrs), call: call}, nil
}

func methodcaller(a *lang.Args) (lang.Value, error) {
	name, ok := a.Value("name").(string)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "method name must be a string")
	}
	args := a.Value("args").(lang.Tuple)
	kwNames, kwVals := a.Keywords()
	kwNames, kwVals = append([]string(nil), kwNames...), append([]lang.Value(nil), kwVals...)
	parts := []string{lang.Repr(name)}
	for _, v := range args {
		parts = append(parts, lang.Repr(v))
	}
	for i, k := range kwNames {
		parts = append(parts, fmt.Sprintf("%s=%s", k, lang.Repr(kwVals[i])))
	}
	call := lang.NewBuiltin(lang.AsValue, "methodcaller(obj)", "obj.name(*args, **kwargs).", func(a *lang.Args) (lang.Value, error) {
		m, err := getattr(a, a.Value("obj"), name)
		if err != nil {
			return nil, err
		}
		return a.CallKw(m, args, kwNames, kwVals)
	})
	return &callable{kind: "methodcaller", repr: "operator.methodcaller(" + strings.Join(parts, ", ") + ")", call: call}, nil
}

func operatorModule() *lang.Module {
	m := &lang.Module{Name: "operator", Attrs: map[string]lang.Value{}}
	for _, o := range binaryOps {
		op, name := o.op, o.name
		m.Attrs[name] = lang.NewBuiltin(lang.AsValue, name+"(a, b)", "a "+op.String()+" b, as the operator.", func(a *lang.Args) (lang.Value, error) {
			return a.Binary(op, a.Value("a"), a.Value("b"))
		})
	}
	for _, o := range unaryOps {
		op, name := o.op, o.name
		m.Attrs[name] = lang.NewBuiltin(lang.AsValue, name+"(a)", op.String()+" a, as the operator.", func(a *lang.Args) (lang.Value, error) {
			return a.Unary(op, a.Value("a"))
		})
	}
	for _, o := range binaryOps {
		op, name := o.op, "i"+strings.TrimSuffix(o.name, "_")
		switch o.op {
		case syntax.LT, syntax.LE, syntax.GT, syntax.GE, syntax.EQL, syntax.NEQ, syntax.IS, syntax.ISNOT:
			continue
		}
		m.Attrs[name] = lang.NewBuiltin(lang.AsValue, name+"(a, b)", "a "+op.String()+"= b: the value a += b (or the operator's augmented form) gives a, updated in place when a can be.", func(a *lang.Args) (lang.Value, error) {
			return a.InPlace(op, a.Value("a"), a.Value("b"))
		})
	}
	m.Attrs["iconcat"] = lang.NewBuiltin(lang.AsValue, "iconcat(a, b)", "a += b for sequences.", func(a *lang.Args) (lang.Value, error) {
		if _, _, ok := lang.Sequence(a.Value("a")); !ok {
			return nil, lang.Errorf(lang.TypeError, "'%s' object can't be concatenated", lang.TypeName(a.Value("a")))
		}
		return a.InPlace(syntax.PLUS, a.Value("a"), a.Value("b"))
	})
	m.Attrs["call"] = lang.NewBuiltin(lang.AsValue, "call(obj, *args)", "obj(*args, **kwargs).", func(a *lang.Args) (lang.Value, error) {
		names, vals := a.Keywords()
		return a.CallKw(a.Value("obj"), a.Value("args").(lang.Tuple), names, vals)
	}).CollectKeywords()
	m.Attrs["length_hint"] = lang.NewBuiltin(lang.AsValue, "length_hint(obj, default=0)", "len(obj) when obj has a length, else default (kael asks no __length_hint__).", func(a *lang.Args) (lang.Value, error) {
		def := a.Value("default")
		if _, ok := def.(int64); !ok {
			return nil, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(def))
		}
		n, err := lang.Len(a.Value("obj"))
		if err != nil {
			if lang.ToError(err).Kind == lang.TypeError {
				return def, nil
			}
			return nil, err
		}
		return n, nil
	})
	m.Attrs["truth"] = lang.NewBuiltin(lang.AsValue, "truth(a)", "bool(a).", func(a *lang.Args) (lang.Value, error) {
		return lang.Truth(a.Value("a"))
	})
	m.Attrs["abs"] = lang.NewBuiltin(lang.AsValue, "abs(a)", "abs(a).", func(a *lang.Args) (lang.Value, error) {
		b, _ := lang.LookupBuiltin("abs")
		return a.Call(b, a.Value("a"))
	})
	m.Attrs["index"] = lang.NewBuiltin(lang.AsValue, "index(a)", "a as an int: an int (or bool), or an object whose class defines __index__.", func(a *lang.Args) (lang.Value, error) {
		return lang.IndexValue(a.Value("a"))
	})
	m.Attrs["concat"] = lang.NewBuiltin(lang.AsValue, "concat(a, b)", "a + b for sequences.", func(a *lang.Args) (lang.Value, error) {
		if _, _, ok := lang.Sequence(a.Value("a")); !ok {
			return nil, lang.Errorf(lang.TypeError, "'%s' object can't be concatenated", lang.TypeName(a.Value("a")))
		}
		return a.Binary(syntax.PLUS, a.Value("a"), a.Value("b"))
	})
	m.Attrs["contains"] = lang.NewBuiltin(lang.AsValue, "contains(a, b)", "b in a.", func(a *lang.Args) (lang.Value, error) {
		return a.Binary(syntax.IN, a.Value("b"), a.Value("a"))
	})
	m.Attrs["countOf"] = lang.NewBuiltin(lang.AsValue, "countOf(a, b)", "How many elements of a equal b.", func(a *lang.Args) (lang.Value, error) {
		n := int64(0)
		var cmpErr error
		err := lang.Iterate(a.Value("a"), func(e lang.Value) bool {
			r, err := a.Binary(syntax.EQL, e, a.Value("b"))
			if err == nil {
				var t bool
				if t, err = lang.Truth(r); t {
					n++
				}
			}
			cmpErr = err
			return err == nil
		})
		if err == nil {
			err = cmpErr
		}
		return n, err
	})
	m.Attrs["indexOf"] = lang.NewBuiltin(lang.AsValue, "indexOf(a, b)", "The index of the first element of a that equals b.", func(a *lang.Args) (lang.Value, error) {
		i, found := int64(0), int64(-1)
		var cmpErr error
		err := lang.Iterate(a.Value("a"), func(e lang.Value) bool {
			r, err := a.Binary(syntax.EQL, e, a.Value("b"))
			if err == nil {
				var t bool
				if t, err = lang.Truth(r); t {
					found = i
					return false
				}
			}
			cmpErr = err
			i++
			return err == nil
		})
		if err == nil {
			err = cmpErr
		}
		if err == nil && found < 0 {
			err = lang.Errorf(lang.ValueError, "sequence.index(x): x not in sequence")
		}
		return found, err
	})
	m.Attrs["getitem"] = lang.NewBuiltin(lang.AsValue, "getitem(a, b)", "a[b].", func(a *lang.Args) (lang.Value, error) {
		return lang.Index(a.Value("a"), []lang.Subscript{{Value: a.Value("b")}})
	})
	m.Attrs["setitem"] = lang.NewBuiltin(lang.AsValue, "setitem(a, b, c)", "a[b] = c.", func(a *lang.Args) (lang.Value, error) {
		return lang.None, lang.SetItem(a.Value("a"), a.Value("b"), a.Value("c"))
	})
	m.Attrs["delitem"] = lang.NewBuiltin(lang.AsValue, "delitem(a, b)", "del a[b].", func(a *lang.Args) (lang.Value, error) {
		return lang.None, lang.DelItem(a.Value("a"), a.Value("b"))
	})
	m.Attrs["itemgetter"] = lang.NewBuiltin(lang.AsValue, "itemgetter(item, *items)", "A callable that gets obj[item] (or the tuple of several items) from its argument: sorted(pairs, key=itemgetter(1)).", itemgetter)
	m.Attrs["attrgetter"] = lang.NewBuiltin(lang.AsValue, "attrgetter(attr, *attrs)", "A callable that gets obj.attr (dotted names follow the chain), or the tuple of several.", attrgetter)
	m.Attrs["methodcaller"] = lang.NewBuiltin(lang.AsValue, "methodcaller(name, *args)", "A callable that calls obj.name(*args, **kwargs).", methodcaller).CollectKeywords()
	addDunderAliases(m)
	return m
}

// noDunderAlias lists the functions operator.py gives no __name__ alias.
var noDunderAlias = map[string]bool{
	"is_": true, "is_not": true, "truth": true, "countOf": true, "indexOf": true,
	"length_hint": true, "itemgetter": true, "attrgetter": true, "methodcaller": true,
}

// addDunderAliases binds, as operator.py's end does, __name__ to the same
// function for every operator name (the trailing underscore of and_, or_,
// not_ dropped): operator.__add__ is operator.add.
func addDunderAliases(m *lang.Module) {
	names := make([]string, 0, len(m.Attrs))
	for name := range m.Attrs {
		names = append(names, name)
	}
	for _, name := range names {
		if !noDunderAlias[name] {
			m.Attrs["__"+strings.TrimSuffix(name, "_")+"__"] = m.Attrs[name]
		}
	}
}

// The module's builtins are made when it is first imported (the registry
// builds a module once), not in every program's start-up heap.
func init() {
	lang.RegisterModule("operator", "Python's operator: the operators as functions (add, mul, lt, getitem, ...), itemgetter, attrgetter, methodcaller.",
		operatorModule)
}
