package lang

import "github.com/kael-dev/kael/lang/syntax"

// Metaclasses and __new__, as CPython has them. A metaclass is a class
// statement's class derived from type (class Meta(type)): type stands in
// its MRO as a native base whose methods are type.__new__, type.__init__
// and type.__call__. A class made by a metaclass M (class C(metaclass=M),
// or derived from such a class) records M (UserClass.meta): type(C) is
// M, isinstance(C, M) holds, C's missing attributes come from M's
// classes (bound to C), and C(...) calls M's __call__ when M defines one.
// Calling M makes a class: M.__new__(M, name, bases, ns) (type.__new__
// at the end of the chain), then M.__init__ on it.
//
// A class's own __new__ (an implicit staticmethod) makes its instances:
// C(...) calls C.__new__(C, ...), and __init__ only when that returns an
// instance of C; object.__new__(C) is the plain allocation.
//
// A class statement with another metaclass than type runs its body as
// usual, then calls the metaclass with the name, the bases and a dict of
// what the body bound; the metaclass's __prepare__ is called first and
// must return a dict, whose items come before the body's.
// A metaclass of a metaclass (class MM(type, metaclass=M)) is refused.

// isMeta reports whether c derives from type: its instances are classes.
func (c *UserClass) isMeta() bool { return c.nativeBase == "type" }

// metaclass returns the metaclass of c, nil for type.
func (c *UserClass) metaclass() *UserClass { return c.meta }

// userAttr returns the attribute name of the first class of c's MRO that
// is a class statement's class and defines it; ok is false when only
// object or a native base would provide it.
func (c *UserClass) userAttr(name string) (Value, bool) {
	for _, k := range c.mroUser {
		if v, ok := k.attrs[name]; ok {
			return v, true
		}
	}
	return nil, false
}

// winnerMeta is the metaclass CPython picks for a class of metaclass
// meta (nil: type) and bases: the most derived of meta and the bases'
// metaclasses, or a TypeError when none derives from all the others.
func winnerMeta(meta *UserClass, bases []*UserClass) (*UserClass, error) {
	winner := meta
	for _, b := range bases {
		bm := b.meta
		switch {
		case bm == nil || winner != nil && winner.derivesFrom(bm):
		case winner == nil || bm.derivesFrom(winner):
			winner = bm
		default:
			return nil, Errorf(TypeError, "metaclass conflict: the metaclass of a derived class must be a (non-strict) subclass of the metaclasses of all its bases")
		}
	}
	return winner, nil
}

// metaCall is M(args...) for a metaclass M: type.__call__(M, ...), which
// makes the class with M.__new__ and sets it up with M.__init__.
func (in *interp) metaCall(m *UserClass, pos []Value, kwNames []string, kwVals []Value, at syntax.Node) (Value, error) {
	if m.meta != nil {
		return nil, Errorf(TypeError, "kael does not support a metaclass of a metaclass (%s has the metaclass %s)", m.Name, m.meta.Name)
	}
	newFn, _, _ := m.lookup("__new__") // type.__new__ at the end of the chain
	args := make([]Value, 0, len(pos)+1)
	args = append(append(args, m), pos...)
	r, err := in.call(bindClassAttr(newFn, m, m), args, kwNames, kwVals, at)
	if err != nil {
		return nil, err
	}
	cls, ok := r.(*UserClass)
	if !ok || cls.meta == nil || !cls.meta.derivesFrom(m) {
		return r, nil
	}
	if init, ok := m.userAttr("__init__"); ok {
		v, err := in.callMethod(init, cls, m, pos, kwNames, kwVals, at)
		if err != nil {
			return nil, err
		}
		if _, none := v.(NoneType); !none {
			return nil, Errorf(TypeError, "__init__() should return None, not '%s'", TypeName(v))
		}
	}
	return cls, nil
}

// metaAttr is C.name read from the metaclass of C when C's classes lack
// it: a function of the metaclass binds to C.
func (in *interp) metaAttr(c *UserClass, name string) (Value, bool, error) {
	if c.meta == nil {
		return nil, false, nil
	}
	v, _, ok := c.meta.lookup(name)
	if !ok {
		return nil, false, nil
	}
	if p, isProp := v.(*propertyValue); isProp && p.fget != nil {
		r, err := in.call(p.fget, []Value{c}, nil, nil, in.stmtNode())
		return r, true, err
	}
	return bindClassAttr(v, c, c.meta), true, nil
}

// metaOfClassStmt returns the metaclass a class statement names with
// metaclass= (nil when none or type), and the other keyword arguments.
func metaOfClassStmt(kwNames []string, kwVals []Value) (Value, []string, []Value) {
	for i, name := range kwNames {
		if name != "metaclass" {
			continue
		}
		names := append(append([]string(nil), kwNames[:i]...), kwNames[i+1:]...)
		vals := append(append([]Value(nil), kwVals[:i]...), kwVals[i+1:]...)
		if kwVals[i] == Value(builtins["type"]) {
			return nil, names, vals
		}
		return kwVals[i], names, vals
	}
	return nil, kwNames, kwVals
}

// prepareClass is the first step of making a class named name with
// bases (ks their classes) and the metaclass meta of its metaclass=
// keyword (nil for none or type): the metaclass that makes it, the most
// derived of meta and the bases' metaclasses (nil for type), and the
// namespace for its body, which that metaclass's __prepare__ returns
// (nil for type).
func (in *interp) prepareClass(name string, bases Tuple, ks []*UserClass, meta Value, kwNames []string, kwVals []Value, at syntax.Node) (Value, *Dict, error) {
	if m, isMeta := meta.(*UserClass); meta == nil || isMeta && m.isMeta() {
		w, err := winnerMeta(m, ks)
		if err != nil {
			return nil, nil, err
		}
		meta = nil
		if w != nil {
			meta = w
		}
	}
	if meta == nil {
		return nil, nil, nil
	}
	if c, isClass := meta.(*Class); isClass { // a builtin class named only
		return nil, nil, Errorf(TypeError, "kael does not support metaclass=%s", c).
			WithHint("kael's metaclasses are type and the classes of class statements derived from it; for abstract classes derive from abc.ABC")
	}
	ns, err := in.prepareNamespace(meta, name, bases, kwNames, kwVals, at)
	return meta, ns, err
}

// PrepareClass is types.prepare_class(name, bases, kwds): the metaclass
// that makes a class named name with bases and keywords (the type
// builtin when none but type does), and the namespace for its body,
// without the metaclass keyword in the keywords returned.
func PrepareClass(a *Args, name string, bases Tuple, kwNames []string, kwVals []Value) (Value, *Dict, []string, []Value, error) {
	ks := make([]*UserClass, len(bases))
	for i, b := range bases {
		k, err := baseOf(b)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		ks[i] = k
	}
	meta, kwNames, kwVals := metaOfClassStmt(kwNames, kwVals)
	meta, ns, err := a.in.prepareClass(name, bases, ks, meta, kwNames, kwVals, a.in.stmtNode())
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if meta == nil {
		meta, ns = builtins["type"], NewDict()
	}
	return meta, ns, kwNames, kwVals, nil
}

// prepareNamespace calls the __prepare__ of the metaclass meta (when its
// classes define one) for a class statement: the dict the body's names go
// into.
func (in *interp) prepareNamespace(meta Value, name string, bases Tuple, kwNames []string, kwVals []Value, at syntax.Node) (*Dict, error) {
	m, ok := meta.(*UserClass)
	if !ok {
		return NewDict(), nil
	}
	prep, ok := m.userAttr("__prepare__")
	if !ok {
		return NewDict(), nil
	}
	r, err := in.call(bindClassAttr(prep, m, m), []Value{name, bases}, kwNames, kwVals, at)
	if err != nil {
		return nil, err
	}
	d, ok := r.(*Dict)
	if !ok || d.kind != nil {
		return nil, Errorf(TypeError, "kael runs a class body in a plain dict: %s.__prepare__() returned '%s'", m.Name, TypeName(r)).
			WithHint("a metaclass's __prepare__ may return a dict (with items set up front); other mappings are not supported")
	}
	return d, nil
}

// userNew returns the __new__ a class statement of c's MRO defines, as
// the function to call with the class first.
func (c *UserClass) userNew() (Value, bool) {
	v, ok := c.userAttr("__new__")
	if !ok {
		return nil, false
	}
	if s, isStatic := v.(*staticMethod); isStatic {
		return s.fn, true
	}
	return v, true
}

// allocate is object.__new__(c) (the native base's __new__ for a class
// with one): an instance not yet set up by __init__, keeping pos as the
// arguments of an exception.
func (c *UserClass) allocate(pos []Value) (*Instance, error) {
	b := c.base()
	if b.Construct != nil {
		if err := b.Construct(c); err != nil {
			return nil, err
		}
	}
	var x *Instance
	if b.alloc != nil {
		x = b.alloc(c)
	} else {
		x = &Instance{cls: c, lay: c.emptyLayout()} // a layout from the start, for the caches of a native base's attributes
		if b.New != nil {
			if err := b.New(x); err != nil {
				return nil, err
			}
		}
	}
	if st, isExc := x.Native().(*excState); isExc { // BaseException.__new__ keeps the arguments
		st.setArgs(pos)
		if isOSError(x) { // OSError.__new__ reads them
			osNew(x, st, pos)
		}
	}
	return x, nil
}

func init() {
	typeNewB := &Builtin{Name: "__new__", Sig: "__new__(metacls, name, bases, dict, **kwargs)", acceptsKeywords: true,
		Doc:    "type.__new__, as in Python: makes the class name of metaclass metacls.",
		parsed: paramList(param{name: "metacls"}, param{name: "name"}, param{name: "bases"}, param{name: "dict"}),
		fn: func(a *Args) (Value, error) {
			var meta *UserClass
			switch m := a.Value("metacls").(type) {
			case *UserClass:
				if !m.isMeta() {
					return nil, Errorf(TypeError, "type.__new__(%s): %s is not a subtype of type", m.Name, m.Name)
				}
				meta = m
			default:
				if m != Value(builtins["type"]) {
					return nil, Errorf(TypeError, "type.__new__(X): X is not a type object (%s)", TypeName(m))
				}
			}
			kwNames, kwVals := a.Keywords()
			return a.in.typeNewMeta(meta, a.Value("name"), a.Value("bases"), a.Value("dict"), kwNames, kwVals, false)
		}}
	typeInitB := &Builtin{Name: "__init__", Sig: "__init__(cls, *args, **kwargs)", acceptsKeywords: true, binds: true,
		Doc:    "type.__init__, as in Python: does nothing.",
		parsed: paramList(param{name: "cls"}, param{name: "args", variadic: true}),
		fn:     func(a *Args) (Value, error) { return None, nil }}
	typeCallB := &Builtin{Name: "__call__", Sig: "__call__(cls, *args, **kwargs)", acceptsKeywords: true, binds: true,
		Doc:    "type.__call__, as in Python: cls(*args, **kwargs) without the metaclass's own __call__.",
		parsed: paramList(param{name: "cls"}, param{name: "args", variadic: true}),
		fn: func(a *Args) (Value, error) {
			kwNames, kwVals := a.Keywords()
			pos := a.Value("args").(Tuple)
			switch c := a.Value("cls").(type) {
			case *UserClass:
				return a.in.typeCall(c, pos, kwNames, kwVals, a.in.stmtNode())
			default:
				return a.in.call(c, pos, kwNames, kwVals, a.in.stmtNode())
			}
		}}
	RegisterNativeBase("type", builtins["type"], &NativeBase{
		Name:    "type",
		Methods: map[string]Value{"__new__": typeNewB, "__init__": typeInitB, "__call__": typeCallB},
	})
	RegisterClassAttr(builtins["type"], "__new__", typeNewB)
	RegisterClassAttr(builtins["type"], "__init__", typeInitB)
	RegisterClassAttr(builtins["type"], "__call__", typeCallB)
}
