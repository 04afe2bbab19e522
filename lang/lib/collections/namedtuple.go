package collections

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/kael-dev/kael/lang"
)

// namedtuple(typename, field_names): a class of tuples whose elements are
// also attributes. Its values are the engine's named tuples
// (lang.NamedTuple, the kind torch.return_types are), printing as
// Point(x=1, y=2); the class is a tupleClass.

// tupleClass is a class namedtuple made: calling it makes a value.
type tupleClass struct {
	typ  *lang.ReturnType
	new  *lang.Builtin
	make *lang.Builtin
	doc  string
	// newFn binds the constructor's arguments; base is the class a
	// class statement derives from (BaseClass), funcs the methods
	// typing's NamedTuple gave the class, as written.
	newFn *lang.Builtin
	base  *lang.UserClass
	funcs map[string]lang.Value
}

var (
	_ lang.HasAttrs        = (*tupleClass)(nil)
	_ lang.InstanceChecker = (*tupleClass)(nil)
	_ lang.Reprer          = (*tupleClass)(nil)
	_ lang.Hashable        = (*tupleClass)(nil)
)

// Attr gives __call__ (the constructor), the class attributes and _make.
func (c *tupleClass) Attr(name string) (lang.Value, bool) {
	switch name {
	case "__call__":
		return c.new, true
	case "__name__", "__qualname__":
		return c.typ.Name, true
	case "__module__":
		return c.typ.Module, true
	case "__doc__":
		return c.doc, true
	case "_make":
		return c.make, true
	}
	if v, ok := c.typ.Attrs[name]; ok {
		return v, true
	}
	if m, ok := c.typ.Methods[name]; ok {
		return m, true
	}
	return nil, false
}

// AttrNames lists the class's attributes.
func (c *tupleClass) AttrNames() []string {
	names := []string{"__name__", "__qualname__", "__module__", "__doc__", "_make"}
	for n := range c.typ.Attrs {
		names = append(names, n)
	}
	for n := range c.typ.Methods {
		names = append(names, n)
	}
	return names
}

// InstanceCheck is isinstance(obj, c).
func (c *tupleClass) InstanceCheck(obj lang.Value) (bool, error) {
	if x, ok := obj.(*lang.Instance); ok && c.base != nil {
		return lang.IsSubclass(x.Class(), c.base)
	}
	n, ok := obj.(*lang.NamedTuple)
	return ok && n.Type == c.typ, nil
}

// SubclassCheck is issubclass(cls, c).
func (c *tupleClass) SubclassCheck(cls lang.Value) (bool, error) {
	if uc, ok := cls.(*lang.UserClass); ok && c.base != nil {
		return lang.IsSubclass(uc, c.base)
	}
	return cls == lang.Value(c), nil
}

// String is the repr, as print shows it.
func (c *tupleClass) String() string { return c.PyRepr() }

// PyRepr is <class '__main__.Point'>.
func (c *tupleClass) PyRepr() string { return "<class '" + c.typ.ClassName() + "'>" }

// HashKey hashes by identity.
func (c *tupleClass) HashKey() (string, error) { return fmt.Sprintf("namedtuple@%p", c), nil }

// pythonKeywords are Python 3.11's keyword.kwlist, which cannot name a
// type or a field.
var pythonKeywords = map[string]bool{}

// IsKeyword is keyword.iskeyword: whether s is one of Python 3.11's
// keywords, which cannot name a field (namedtuple's, make_dataclass's).
func IsKeyword(s string) bool { return pythonKeywords[s] }

func init() {
	for _, k := range strings.Fields("False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield") {
		pythonKeywords[k] = true
	}
}

// IsIdentifier reports whether s is a Python identifier (a field name).
func IsIdentifier(s string) bool {
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

// fieldNames reads namedtuple's field_names: a string of names separated
// by commas or spaces, or an iterable of strings.
func fieldNames(v lang.Value) ([]string, error) {
	if s, ok := v.(string); ok {
		return strings.Fields(strings.ReplaceAll(s, ",", " ")), nil
	}
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(elems))
	for i, e := range elems {
		s, err := lang.StrText(e)
		if err != nil {
			return nil, err
		}
		names[i] = s
	}
	return names, nil
}

// checkNames validates (or, with rename, replaces) the names as CPython's
// namedtuple does.
func checkNames(typename string, names []string, rename bool) error {
	if rename {
		seen := map[string]bool{}
		for i, n := range names {
			if !IsIdentifier(n) || IsKeyword(n) || strings.HasPrefix(n, "_") || seen[n] {
				names[i] = fmt.Sprintf("_%d", i)
			}
			seen[names[i]] = true
		}
	}
	for _, n := range append([]string{typename}, names...) {
		if !IsIdentifier(n) {
			return lang.Errorf(lang.ValueError, "Type names and field names must be valid identifiers: %s", lang.Repr(n))
		}
		if IsKeyword(n) {
			return lang.Errorf(lang.ValueError, "Type names and field names cannot be a keyword: %s", lang.Repr(n))
		}
	}
	seen := map[string]bool{}
	for _, n := range names {
		if strings.HasPrefix(n, "_") && !rename {
			return lang.Errorf(lang.ValueError, "Field names cannot start with an underscore: %s", lang.Repr(n))
		}
		if seen[n] {
			return lang.Errorf(lang.ValueError, "Encountered duplicate field name: %s", lang.Repr(n))
		}
		seen[n] = true
	}
	return nil
}

// namedtupleBuiltin is collections.namedtuple.
var namedtupleBuiltin = lang.NewBuiltin(lang.AsValue, "namedtuple(typename, field_names, *, rename=False, defaults=None, module=None)",
	"A new tuple class whose elements are also attributes: Point = namedtuple('Point', 'x y'); Point(1, 2).x.",
	func(a *lang.Args) (lang.Value, error) {
		typename, rename := a.Str("typename"), a.Bool("rename")
		if err := a.Err(); err != nil {
			return nil, err
		}
		names, err := fieldNames(a.Value("field_names"))
		if err != nil {
			return nil, err
		}
		if err := checkNames(typename, names, rename); err != nil {
			return nil, err
		}
		var defaults []lang.Value
		if !a.IsNone("defaults") {
			if defaults, err = lang.Collect(a.Value("defaults")); err != nil {
				return nil, err
			}
			if len(defaults) > len(names) {
				return nil, lang.Errorf(lang.TypeError, "Got more default values than field names")
			}
		}
		module := "__main__"
		if !a.IsNone("module") {
			if module, err = lang.StrText(a.Value("module")); err != nil {
				return nil, err
			}
		}
		return newTupleClass(typename, names, defaults, module), nil
	})

// newTupleClass makes the class of namedtuple(typename, names, defaults=).
func newTupleClass(typename string, names []string, defaults []lang.Value, module string) *tupleClass {
	fields := make(lang.Tuple, len(names))
	for i, n := range names {
		fields[i] = n
	}
	fieldDefaults := lang.NewDict()
	first := len(names) - len(defaults)
	for i, v := range defaults {
		_ = fieldDefaults.Set(names[first+i], v)
	}
	typ := &lang.ReturnType{Name: typename, Fields: names, Module: module,
		Attrs: map[string]lang.Value{"_fields": fields, "_field_defaults": fieldDefaults}}
	c := &tupleClass{typ: typ, doc: typename + "(" + strings.Join(names, ", ") + ")"}
	typ.Class = c
	params := append([]string{"_cls"}, names...)
	for i := first; i < len(names); i++ {
		params[i+1] += "=None"
	}
	c.new = lang.NewBuiltin(lang.AsValue, "__new__("+strings.Join(params, ", ")+")", "Create new instance of "+c.doc,
		func(a *lang.Args) (lang.Value, error) {
			elems := make([]lang.Value, len(names))
			for i, n := range names {
				elems[i] = a.Value(n)
			}
			return lang.NewNamedTuple(typ, elems...), nil
		}).AsPythonFunction(typename + ".__new__")
	for i, v := range defaults {
		c.new.SetDefault(names[first+i], v)
	}
	// The constructor is called as Point(1, 2): _cls is bound to the class.
	newFn := c.new
	c.newFn = newFn
	c.new = lang.NewBuiltin(lang.AsValue, typename+"(*args)", c.doc, func(a *lang.Args) (lang.Value, error) {
		pos, _ := a.Value("args").(lang.Tuple)
		kwNames, kwVals := a.Keywords()
		return a.CallKw(newFn, append(lang.Tuple{c}, pos...), kwNames, kwVals)
	}).CollectKeywords()
	c.new.Sig = typename + "(" + strings.Join(params[1:], ", ") + ")"
	c.make = lang.NewBuiltin(lang.AsValue, "_make(iterable)", "Make a new "+typename+" from a sequence or iterable.",
		func(a *lang.Args) (lang.Value, error) {
			elems, err := lang.Collect(a.Value("iterable"))
			if err != nil {
				return nil, err
			}
			if len(elems) != len(names) {
				return nil, lang.Errorf(lang.TypeError, "Expected %d arguments, got %d", len(names), len(elems))
			}
			return lang.NewNamedTuple(typ, elems...), nil
		})
	typ.Methods = map[string]*lang.Builtin{
		"_asdict": lang.NewBuiltin(lang.AsValue, "_asdict(self)", "A new dict which maps field names to their values.",
			func(a *lang.Args) (lang.Value, error) {
				n, err := tupleSelf(a, typ)
				if err != nil {
					return nil, err
				}
				d := lang.NewDict()
				for i, f := range names {
					_ = d.Set(f, n.Elems[i])
				}
				return d, nil
			}),
		"_replace": lang.NewBuiltin(lang.AsValue, "_replace(self, **kwds)", "A new "+typename+" with the given fields replaced.",
			func(a *lang.Args) (lang.Value, error) {
				n, err := tupleSelf(a, typ)
				if err != nil {
					return nil, err
				}
				elems := append([]lang.Value(nil), n.Elems...)
				kwNames, kwVals := a.Keywords()
				var unknown []lang.Value
				for i, k := range kwNames {
					j := indexOf(names, k)
					if j < 0 {
						unknown = append(unknown, k)
						continue
					}
					elems[j] = kwVals[i]
				}
				if len(unknown) > 0 {
					return nil, lang.Errorf(lang.ValueError, "Got unexpected field names: %s", lang.Repr(&lang.List{Elems: unknown}))
				}
				return lang.NewNamedTuple(typ, elems...), nil
			}).CollectKeywords(),
	}
	return c
}

func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}

func tupleSelf(a *lang.Args, typ *lang.ReturnType) (*lang.NamedTuple, error) {
	n, ok := a.Value("self").(*lang.NamedTuple)
	if !ok || n.Type != typ {
		return nil, lang.Errorf(lang.TypeError, "%s's method needs one of its tuples, not %s", typ.Name, lang.TypeName(a.Value("self")))
	}
	return n, nil
}

// NamedTupleType is the type of the values of a namedtuple class made in
// Go, as collections.namedtuple(typename, fields, module=module) makes it:
// a library's result type (inspect.FullArgSpec) that programs construct,
// test with isinstance and read _fields of. Values are
// lang.NewNamedTuple(t, ...); the class is t.Class.
func NamedTupleType(typename string, fields []string, module string) *lang.ReturnType {
	return newTupleClass(typename, fields, nil, module).typ
}
