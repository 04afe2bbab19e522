package lang

import "fmt"

// object's own methods, which a class's methods reach as
// object.__setattr__(self, name, v) or super().__repr__(): the ordinary
// attribute lookup and assignment that __getattribute__ and __setattr__
// replace, the default repr, str, format, equality and hash, and
// __init_subclass__.

// objectMethods are object's methods by name; each takes the object (or,
// for __init_subclass__, the class) first.
var objectMethods = map[string]*Builtin{}

func init() {
	def := func(sig string, fn func(a *Args) (Value, error)) *Builtin {
		b := NewBuiltin(0, sig, "", fn)
		b.Doc = "object." + b.Name + ", as in Python."
		b.names = &builtinNames{qualName: "object." + b.Name, descr: objectDescr(b.Name)}
		objectMethods[b.Name] = b
		return b
	}
	def("__getattribute__(self, name)", func(a *Args) (Value, error) {
		name, err := attrName(a.Value("name"))
		if err != nil {
			return nil, err
		}
		x, ok := a.Value("self").(*Instance)
		if !ok {
			return getAttr(a.Value("self"), name)
		}
		v, found, err := a.in.objectAttr(x, name)
		if err == nil && !found {
			err = x.missingAttr(name)
		}
		return v, err
	})
	def("__setattr__(self, name, value)", func(a *Args) (Value, error) {
		name, err := attrName(a.Value("name"))
		if err != nil {
			return nil, err
		}
		x, ok := a.Value("self").(*Instance)
		if !ok {
			return None, setAttr(a.Value("self"), name, a.Value("value"))
		}
		return None, a.in.objectSetAttr(x, name, a.Value("value"))
	})
	def("__delattr__(self, name)", func(a *Args) (Value, error) {
		name, err := attrName(a.Value("name"))
		if err != nil {
			return nil, err
		}
		x, ok := a.Value("self").(*Instance)
		if !ok {
			return nil, Errorf(AttributeError, "'%s' object attribute '%s' is read-only", TypeName(a.Value("self")), name)
		}
		remove, err := objectDelAttr(x, name)
		if err == nil {
			err = remove()
		}
		return None, err
	})
	def("__repr__(self)", func(a *Args) (Value, error) {
		if x, ok := a.Value("self").(*Instance); ok {
			return x.defaultRepr(), nil
		}
		return fmt.Sprintf("<%s object at %#x>", typeClassName(a.Value("self")), ID(a.Value("self"))), nil
	})
	def("__str__(self)", func(a *Args) (Value, error) { return ReprText(a.Value("self")) })
	def("__format__(self, format_spec)", func(a *Args) (Value, error) {
		spec, ok := a.Value("format_spec").(string)
		if !ok {
			return nil, Errorf(TypeError, "__format__() argument must be str, not %s", TypeName(a.Value("format_spec")))
		}
		if _, isInstance := a.Value("self").(*Instance); !isInstance {
			// a builtin or library value formats itself as format() does
			// (Tensor.__format__ of a 0-d tensor, a NumPy scalar's)
			return formatValue(a.Value("self"), spec)
		}
		if spec != "" {
			return nil, Errorf(TypeError, "unsupported format string passed to %s.__format__", TypeName(a.Value("self")))
		}
		return StrText(a.Value("self"))
	})
	def("__eq__(self, other)", func(a *Args) (Value, error) {
		if a.Value("self") == a.Value("other") {
			return true, nil
		}
		return NotImplemented, nil
	})
	def("__ne__(self, other)", func(a *Args) (Value, error) {
		if a.Value("self") == a.Value("other") {
			return false, nil
		}
		return NotImplemented, nil
	})
	for _, name := range []string{"__lt__", "__le__", "__gt__", "__ge__"} {
		def(name+"(self, other)", func(a *Args) (Value, error) { return NotImplemented, nil })
	}
	def("__hash__(self)", func(a *Args) (Value, error) { return ID(a.Value("self")) >> 4, nil })
	def("__init__(self, *args, **kwargs)", func(a *Args) (Value, error) {
		x, ok := a.Value("self").(*Instance)
		if !ok || len(a.Value("args").(Tuple))+len(a.kwNames) == 0 {
			return None, nil
		}
		if _, _, init := x.cls.lookup("__init__"); init {
			return nil, Errorf(TypeError, "object.__init__() takes exactly one argument (the instance to initialize)")
		}
		if _, own := x.cls.userNew(); own {
			return None, nil // the arguments were __new__'s
		}
		return nil, Errorf(TypeError, "%s.__init__() takes exactly one argument (the instance to initialize)", x.cls.Name)
	}).CollectKeywords()
	def("__dir__(self)", func(a *Args) (Value, error) {
		names := dirNames(a.Value("self"))
		out := make([]Value, len(names))
		for i, n := range names {
			out[i] = n
		}
		return &List{Elems: out}, nil
	})
	def("__subclasshook__(*args, **kwargs)", func(a *Args) (Value, error) { return NotImplemented, nil }).CollectKeywords()
	def("__new__(cls, *args)", func(a *Args) (Value, error) {
		args := a.Value("args").(Tuple)
		c, ok := a.Value("cls").(*UserClass)
		switch {
		case !ok && a.Value("cls") == Value(objectType):
			return &Instance{cls: objectClass}, nil
		case !ok:
			return nil, Errorf(TypeError, "object.__new__(X): X is not a type object (%s)", TypeName(a.Value("cls")))
		case c.isMeta():
			return nil, Errorf(TypeError, "object.__new__(%s) is not safe, use type.__new__()", c.Name)
		}
		if len(args)+len(a.kwNames) > 0 && c.nativeBase == "" {
			if _, own := c.userNew(); own {
				return nil, Errorf(TypeError, "object.__new__() takes exactly one argument (the type to instantiate)")
			}
			if _, init := c.userAttr("__init__"); !init {
				return nil, Errorf(TypeError, "%s() takes no arguments", c.Name)
			}
		}
		return c.allocate(args)
	}).CollectKeywords()
	def("__init_subclass__(cls)", func(a *Args) (Value, error) {
		name := TypeName(a.Value("cls"))
		if c, ok := a.Value("cls").(*UserClass); ok {
			name = c.Name
		}
		if len(a.kwNames) > 0 {
			return nil, Errorf(TypeError, "%s.__init_subclass__() takes no keyword arguments", name)
		}
		return None, nil
	}).CollectKeywords()
}

// objectDescr is the kind of descriptor CPython's object.name is, for
// its repr: a method, a slot wrapper, or "" for the builtin methods of
// the class (__new__, __init_subclass__, __subclasshook__).
func objectDescr(name string) string {
	switch name {
	case "__new__", "__init_subclass__", "__subclasshook__":
		return ""
	case "__format__", "__dir__", "__reduce__", "__reduce_ex__", "__getstate__", "__sizeof__":
		return "method"
	}
	return "slot wrapper"
}

// attrName checks the name argument of getattr-like functions.
func attrName(v Value) (string, error) {
	s, ok := v.(string)
	if !ok {
		return "", Errorf(TypeError, "attribute name must be string, not '%s'", TypeName(v))
	}
	return s, nil
}

// objectAttrOf is object.name, object's method name unbound.
func objectAttrOf(name string) (Value, bool) {
	b, ok := objectMethods[name]
	return b, ok
}
