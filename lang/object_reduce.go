package lang

import "sort"

// object's reduction, state and size, as CPython 3.11's object gives
// every object: __reduce_ex__(protocol) (copyreg.__newobj__ from
// protocol 2, copyreg._reconstructor before), __reduce__,
// __getstate__ and __sizeof__. pickle and copy call a class's own
// __reduce_ex__ or __reduce__, which may call these through super().

// CopyregNewObj is copyreg.__newobj__(cls, *args): cls.__new__(cls,
// *args), the object a protocol 2 reduction makes without __init__.
var CopyregNewObj = &Builtin{Name: "__newobj__", names: &builtinNames{qualName: "__newobj__"}, Sig: "__newobj__(cls, *args)",
	Doc:    "copyreg.__newobj__: cls.__new__(cls, *args), the object of a reduction of protocol 2 and up.",
	parsed: paramList(param{name: "cls"}, param{name: "args", variadic: true}),
	fn: func(a *Args) (Value, error) {
		cls, args := a.Value("cls"), a.Value("args").(Tuple)
		newFn, err := getAttr(cls, "__new__")
		if err != nil {
			return nil, err
		}
		return a.in.call(newFn, append(Tuple{cls}, args...), nil, nil, a.in.stmtNode())
	}}

// CopyregReconstructor is copyreg._reconstructor(cls, base, state): an
// object of cls made by base.__new__ (object's, or a builtin value
// type's, from state), the reduction of protocols 0 and 1.
var CopyregReconstructor = &Builtin{Name: "_reconstructor", names: &builtinNames{qualName: "_reconstructor"}, Sig: "_reconstructor(cls, base, state)",
	Doc:    "copyreg._reconstructor: an object of cls made by base.__new__(cls, state) (object.__new__(cls) for object), the object of a reduction of protocols 0 and 1.",
	parsed: paramList(param{name: "cls"}, param{name: "base"}, param{name: "state"}),
	fn: func(a *Args) (Value, error) {
		cls, base, state := a.Value("cls"), a.Value("base"), a.Value("state")
		if base == Value(objectType) {
			return a.in.call(objectMethods["__new__"], []Value{cls}, nil, nil, a.in.stmtNode())
		}
		newFn, err := getAttr(base, "__new__")
		if err != nil {
			return nil, err
		}
		return a.in.call(newFn, []Value{cls, state}, nil, nil, a.in.stmtNode())
	}}

func init() {
	RegisterDunder("__getnewargs__")
	def := func(sig, doc string, fn func(a *Args) (Value, error)) {
		b := NewBuiltin(0, sig, "", fn)
		b.Doc = "object." + b.Name + ": " + doc
		b.names = &builtinNames{qualName: "object." + b.Name, descr: objectDescr(b.Name)}
		objectMethods[b.Name] = b
	}
	def("__reduce_ex__(self, protocol)", "the class's own __reduce__() when it has one, else (copyreg.__newobj__, (cls, *__getnewargs__()), state, list items, dict items) from protocol 2, (copyreg._reconstructor, (cls, object, None), state) before, as CPython's.",
		func(a *Args) (Value, error) {
			proto, ok := AsInt(a.Value("protocol"))
			if !ok {
				return nil, Errorf(TypeError, "'%s' object cannot be interpreted as an integer", TypeName(a.Value("protocol")))
			}
			x, isObj := a.Value("self").(*Instance)
			if isObj {
				if r, _, own := x.cls.lookup("__reduce__"); own {
					return a.in.call(bindClassAttr(r, x, x.cls), nil, nil, nil, a.in.stmtNode())
				}
			}
			return a.in.objectReduce(a.Value("self"), proto)
		})
	def("__reduce__(self)", "(copyreg._reconstructor, (cls, object, None), state), the reduction of protocol 0, as CPython's.",
		func(a *Args) (Value, error) { return a.in.objectReduce(a.Value("self"), 0) })
	def("__getstate__(self)", "the object's __dict__, None when it is empty; with __slots__, (dict or None, the slots' values).",
		func(a *Args) (Value, error) {
			x, ok := a.Value("self").(*Instance)
			if !ok {
				return None, nil
			}
			return objectState(x), nil
		})
	def("__sizeof__(self)", "the object's size in bytes without the garbage collector's header: 16 for object(), 24 for an object with a __dict__, 16 and 8 a slot with __slots__, as CPython 3.11's on a 64-bit machine.",
		func(a *Args) (Value, error) {
			x, ok := a.Value("self").(*Instance)
			switch {
			case !ok || x.cls == objectClass:
				return int64(16), nil
			case x.cls.slots != nil:
				return int64(16 + 8*len(x.cls.slots)), nil
			}
			return int64(24), nil
		})
}

// objectState is object.__getstate__() of x.
func objectState(x *Instance) Value {
	var state Value = None
	if x.cls.slots == nil {
		if d := x.Dict(); d.Len() > 0 {
			state = d
		}
		return state
	}
	names := make([]string, 0, len(x.cls.slots))
	for n := range x.cls.slots {
		names = append(names, n)
	}
	sort.Strings(names)
	slots := NewDict()
	for _, n := range names {
		if v, ok := x.get(n); ok {
			_ = slots.Set(n, v)
		}
	}
	if slots.Len() == 0 {
		return state
	}
	return Tuple{state, slots}
}

// objectReduce is object's reduction of v for protocol proto, as
// CPython's object.__reduce_ex__ makes it when the class has no
// __reduce__ of its own.
func (in *interp) objectReduce(v Value, proto int64) (Value, error) {
	x, ok := v.(*Instance)
	if !ok {
		return nil, Errorf(TypeError, "cannot pickle '%s' object", TypeName(v))
	}
	if x.cls.nativeBase == "BaseException" {
		return exceptionReduce(x)
	}
	state := Value(None)
	if g, _, own := x.cls.lookup("__getstate__"); own {
		s, err := in.call(bindClassAttr(g, x, x.cls), nil, nil, nil, in.stmtNode())
		if err != nil {
			return nil, err
		}
		state = s
	} else {
		state = objectState(x)
	}
	var cls Value = x.cls
	if x.cls == objectClass {
		cls = objectType
	}
	if proto < 2 {
		// copyreg._reduce_ex: the first builtin base makes the object
		var base Value = objectType
		var baseState Value = None
		if vb := x.cls.ValueBase(); vb != "" {
			base, baseState = builtins[vb], x.Native()
		}
		r := Tuple{CopyregReconstructor, Tuple{cls, base, baseState}}
		if t, _ := Truth(state); t {
			r = append(r, state)
		}
		return r, nil
	}
	args := Tuple{cls}
	if g, _, own := x.cls.lookup("__getnewargs__"); own {
		na, err := in.call(bindClassAttr(g, x, x.cls), nil, nil, nil, in.stmtNode())
		if err != nil {
			return nil, err
		}
		t, isTuple := na.(Tuple)
		if !isTuple {
			return nil, Errorf(TypeError, "__getnewargs__ should return a tuple, not '%s'", TypeName(na))
		}
		args = append(args, t...)
	} else if isValueInstance(x) && x.cls.ValueBase() != "set" && x.cls.ValueBase() != "bytearray" {
		args = append(args, x.Native()) // int's __getnewargs__: (self's value,)
	}
	return Tuple{CopyregNewObj, args, state, None, None}, nil
}

// IsBareObject reports whether x is an object(), of no class of its own.
func (x *Instance) IsBareObject() bool { return x.cls == objectClass }

// exceptionReduce is BaseException.__reduce__ (and ImportError's and
// OSError's): (cls, args, state), args with an OSError's file names,
// the state the __dict__ with an ImportError's name and path when set,
// left out when empty.
func exceptionReduce(x *Instance) (Value, error) {
	args, err := getAttr(x, "args")
	if err != nil {
		return nil, err
	}
	if f := excStateOf(x).osError(); f != nil && f.filename != nil && isOSError(x) {
		// args holds errno and strerror alone: the file names go back
		// in, as CPython's OSError.__reduce__ puts them
		if t, ok := args.(Tuple); ok && len(t) == 2 {
			if f.filename2 != nil {
				args = Tuple{t[0], t[1], f.filename, None, f.filename2}
			} else {
				args = Tuple{t[0], t[1], f.filename}
			}
		}
	}
	state := NewDict()
	d := x.Dict()
	for _, k := range d.Keys() {
		v, _, _ := d.Get(k)
		_ = state.Set(k, v)
	}
	if x.cls.derivesFrom(importErrorClass) {
		for _, n := range []string{"name", "path"} {
			if v, err := getAttr(x, n); err == nil && v != None {
				_ = state.Set(n, v)
			}
		}
	}
	if state.Len() == 0 {
		return Tuple{x.cls, args}, nil
	}
	return Tuple{x.cls, args, state}, nil
}
