package lang

import (
	"slices"

	"github.com/kael-dev/kael/lang/syntax"
)

// The attributes every builtin value has from object, as CPython 3.11's
// object gives them to int, list, dict_keys, a function or None: its
// __class__ and __doc__, equality and ordering that return NotImplemented
// for another type, repr, str, format and hash, the attribute protocol
// (__getattribute__, __setattr__, __delattr__, __dir__), __init__,
// __getstate__ and the class-level __new__, __init_subclass__ and
// __subclasshook__. A type's own special methods (typeDunderNames) come
// first; these are looked up only when the value has no attribute of the
// name, so the common attribute reads pay nothing for them. Read from a
// builtin class (int.__setattr__, type(None).__repr__) they are object's
// unbound methods.
//
// kael's values lack object's __sizeof__, __reduce__ and __reduce_ex__:
// they have no CPython memory layout to measure, and pickle and copy
// handle the builtin values themselves (instances of classes have them).

// valueDunderNames are the attributes from object every builtin value
// and class has, for dir().
var valueDunderNames = []string{
	"__class__", "__delattr__", "__dir__", "__doc__", "__eq__", "__format__", "__ge__",
	"__getattribute__", "__getstate__", "__gt__", "__hash__", "__init__", "__init_subclass__",
	"__le__", "__lt__", "__ne__", "__new__", "__repr__", "__setattr__", "__str__", "__subclasshook__",
}

// valueCompareDunders are the comparisons a builtin value has from
// object when its type defines none: its own == (and ordering) for a
// value of its type, NotImplemented for another, as CPython's
// richcompare slots answer.
var valueCompareDunders = map[string]*Builtin{}

func init() {
	for short, op := range map[string]syntax.Token{"eq": syntax.EQL, "ne": syntax.NEQ, "lt": syntax.LT, "le": syntax.LE, "gt": syntax.GT, "ge": syntax.GE} {
		name := "__" + short + "__"
		valueCompareDunders[name] = &Builtin{Name: name, Sig: name + "(self, value)", parsed: paramList(param{name: "self"}, param{name: "value"}),
			Doc: "self " + op.String() + " value for a value of self's type, NotImplemented for another, as CPython's object." + name + ".",
			fn: func(a *Args) (Value, error) {
				self, other := a.Value("self"), a.Value("value")
				if TypeName(self) != TypeName(other) {
					if op == syntax.EQL && self == other {
						return true, nil
					}
					return NotImplemented, nil
				}
				r, err := a.Compare(op, self, other)
				if err != nil && ToError(err).Kind == TypeError {
					return NotImplemented, nil
				}
				return r, err
			}}
	}
}

// The class-level special functions of the builtin classes:
// list.__class_getitem__(int) is list[int] (a types.GenericAlias), and
// float.__getformat__ names the float format.
func init() {
	for _, c := range []string{"list", "tuple", "dict", "set", "frozenset"} {
		defClassFunction(c, "__class_getitem__(item)", "cls[item], a types.GenericAlias: list.__class_getitem__(int) is list[int].", func(a *Args) (Value, error) {
			return Index(builtins[c], []Subscript{{Value: a.Value("item")}})
		})
	}
	defClassFunction("float", "__getformat__(typestr)", "The format of the C type typestr ('double' or 'float') on this machine: 'IEEE, little-endian'.", func(a *Args) (Value, error) {
		switch a.Value("typestr") {
		case "double", "float":
			return "IEEE, little-endian", nil
		}
		if _, ok := a.Value("typestr").(string); !ok {
			return nil, Errorf(TypeError, "__getformat__() argument must be str, not %s", TypeName(a.Value("typestr")))
		}
		return nil, Errorf(ValueError, "__getformat__() argument 1 must be 'double' or 'float'")
	})
}

// valueDunder is v.name for a builtin value (not an instance of a class)
// that has no attribute name of its own; ok is false when object gives
// none of that name either.
func valueDunder(v Value, name string) (Value, bool) {
	if len(name) < 5 || name[0] != '_' || name[1] != '_' || !slices.Contains(valueDunderNames, name) && name != "__call__" {
		return nil, false
	}
	switch v.(type) {
	case *Builtin, *Class:
		if ClassOf(v) != "" {
			return classObjectDunder(v, name)
		}
	}
	switch name {
	case "__call__":
		if Callable(v) {
			return callWrapper(v), true // f.__call__(x) is f(x)
		}
		return nil, false
	case "__class__":
		return TypeOf(v), true
	case "__doc__":
		if d, err := getAttr(TypeOf(v), "__doc__"); err == nil {
			return d, true
		}
		return None, true
	case "__new__":
		if n, err := getAttr(TypeOf(v), "__new__"); err == nil {
			return n, true
		}
		return objectMethods["__new__"], true
	case "__init_subclass__", "__subclasshook__":
		return &BoundMethod{Recv: TypeOf(v), Method: objectMethods[name]}, true
	case "__hash__":
		if _, err := pythonHash(v); err != nil {
			return None, true // an unhashable type's __hash__ is None
		}
		return &BoundMethod{Recv: v, Method: builtins["hash"]}, true
	case "__repr__", "__str__":
		return &BoundMethod{Recv: v, Method: builtins[name[2:len(name)-2]]}, true // the type's own
	}
	if m, ok := valueCompareDunders[name]; ok {
		return &BoundMethod{Recv: v, Method: m}, true
	}
	return &BoundMethod{Recv: v, Method: objectMethods[name]}, true
}

// classObjectDunder is class.name for a builtin class (int, NoneType,
// dict_keys) that has no attribute name of its own: object's method,
// unbound, or the class's __class__, __doc__ and class methods.
func classObjectDunder(class Value, name string) (Value, bool) {
	switch name {
	case "__class__":
		return builtins["type"], true
	case "__doc__":
		if c, ok := class.(*Class); ok && c.Doc != "" {
			return c.Doc, true
		}
		return None, true
	case "__init_subclass__", "__subclasshook__":
		return &BoundMethod{Recv: class, Method: objectMethods[name]}, true
	}
	m, ok := objectMethods[name]
	return m, ok
}

// builtinClassAttr is class.name for the builtin class named class (int,
// str, dict_keys): its methods and special methods unbound, taking the
// value first (str.upper, int.__add__); ok is false for another name.
func builtinClassAttr(class, name string) (Value, bool) {
	if m, ok := typeMethods[class][name]; ok {
		return unboundMethod(class, m, false), true
	}
	if f, ok := classFunctions[class][name]; ok {
		return f, true
	}
	if v, ok := typeDunderValue(class, name); ok {
		if m, isMethod := v.(*Builtin); isMethod {
			return unboundMethod(class, m, !isMethodDescriptor(class, name)), true
		}
		return v, true
	}
	return nil, false
}

// builtinClassNames are the names dir() lists for the builtin class
// named class, and for its values: its methods, properties, class
// functions and special methods, and object's.
func builtinClassNames(class string) []string {
	names := map[string]bool{}
	for n := range typeMethods[class] {
		names[n] = true
	}
	for n := range typeProperties[class] {
		names[n] = true
	}
	for n := range classFunctions[class] {
		names[n] = true
	}
	for _, n := range typeDunderList(class) {
		names[n] = true
	}
	for _, n := range valueDunderNames {
		names[n] = true
	}
	return sortedKeys(names)
}

// metaclassNames are the attributes a class reads from its metaclass
// (type), which dir() of the class does not list, as CPython's.
var metaclassNames = []string{"__name__", "__qualname__", "__bases__", "__base__", "__mro__"}

// dirNames are the names dir(v) lists, sorted: attrNames (what
// completion offers) with object's attributes, which every value and
// class has, and without the metaclass's for a class; a module lists
// its own attributes only.
func dirNames(v Value) []string {
	names := map[string]bool{}
	add := func(ns []string) {
		for _, n := range ns {
			names[n] = true
		}
	}
	switch x := v.(type) {
	case *Module:
		return attrNames(v)
	case *Instance:
		add(x.AttrNames())
		add(nativeMethodNames(x.cls))
		if x.cls != objectClass && x.cls.module != "builtins" {
			names["__module__"] = true // a class statement's
		}
		add(valueDunderNames)
		add([]string{"__reduce__", "__reduce_ex__", "__sizeof__"})
		if x.cls == objectClass {
			delete(names, "__dict__")
		}
		return sortedKeys(names)
	case *UserClass:
		add(x.AttrNames())
		for _, n := range metaclassNames {
			delete(names, n)
		}
		if x.module == "builtins" {
			delete(names, "__module__") // only a class statement's namespace has it
		}
		add(valueDunderNames)
		add([]string{"__reduce__", "__reduce_ex__", "__sizeof__"})
		if b := x.base(); b.alloc != nil && b.Names != nil {
			add(b.Names(b.alloc(x)))
		}
		add(nativeMethodNames(x))
		return sortedKeys(names)
	case *Builtin, *Class:
		if c := ClassOf(v); c != "" {
			add(builtinClassNames(c))
			if b, ok := v.(*Builtin); ok {
				add(sortedKeys(classAttrs[b]))
				if b == objectType {
					add(sortedKeys(objectMethods))
				}
			}
			return sortedKeys(names)
		}
	}
	add(attrNames(v))
	add(builtinClassNames(TypeName(v)))
	add(libraryDunderNames(v))
	if Callable(v) {
		names["__call__"] = true
	}
	return sortedKeys(names)
}

// nativeMethodNames are the names of the methods c has from its native
// bases (an exception's __setstate__) and, for a class deriving from a
// builtin value type (class L(list)), that type's.
func nativeMethodNames(c *UserClass) []string {
	var out []string
	for _, k := range c.mroFull {
		if k.native {
			out = append(out, sortedKeys(k.base().methods())...)
			out = append(out, sortedKeys(k.base().special)...)
		}
	}
	if c.nativeBase != "" && slices.Contains(pythonClasses, c.nativeBase) {
		out = append(out, builtinClassNames(c.nativeBase)...)
	}
	return out
}
