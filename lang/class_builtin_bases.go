package lang

import (
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// list and dict as base classes: class Stack(list) and class Config(dict).
// An instance keeps its list or dict as Instance.Native; the base's
// methods (append, keys, ...) and special methods (__len__, __getitem__,
// __iter__, __eq__, ...) work on it, and a subclass may override any of
// them, calling super().__getitem__(k) and the like. A dict subclass's
// __missing__ runs for a missing key, as in Python.
//
// One difference: kael's own functions that take a list or dict (torch,
// json) see such an object as the user class it is; iterating it, len()
// and indexing work everywhere.

func init() {
	registerContainerBase("list", func(x *Instance, pos []Value) error {
		if len(pos) > 1 {
			return Errorf(TypeError, "list expected at most 1 argument, got %d", len(pos))
		}
		l := nativeList(x)
		l.Elems = l.Elems[:0]
		if len(pos) == 1 {
			elems, err := Collect(pos[0])
			if err != nil {
				return err
			}
			l.Elems = append(l.Elems, elems...)
		}
		return nil
	}, func(x *Instance) { x.SetNative(&List{}) })
	registerContainerBase("dict", nil, func(x *Instance) { x.SetNative(NewDict()) })
}

// nativeList and nativeDict are the list or dict a subclass's instance keeps.
func nativeList(x *Instance) *List { return x.Native().(*List) }

// nativeContainer returns the list or dict of an instance of a list or
// dict subclass whose special method name is the base's own (no class
// overrides it): indexing then takes slices, which kael passes to no
// user method.
func (x *Instance) nativeContainer(name string) (Value, bool) {
	switch x.Native().(type) {
	case *List, *Dict:
	default:
		if !isValueInstance(x) {
			return nil, false
		}
	}
	v, _, _ := x.cls.lookup(name)
	if v != x.cls.base().methods()[name] {
		return nil, false
	}
	return x.Native(), true
}

// containerOf returns the list or dict an instance of a list or dict
// subclass keeps, or v itself.
func containerOf(v Value) Value {
	if x, ok := v.(*Instance); ok {
		switch n := x.Native().(type) {
		case *List:
			return n
		case *Dict:
			return n
		}
	}
	return v
}

// ContainerOf is what v stands for in kael's functions that take a list
// or dict: the list or dict an instance of a class derived from list,
// dict or one of dict's kinds (class LRU(OrderedDict)) keeps, else v.
func ContainerOf(v Value) Value { return containerOf(v) }

// registerContainerBase registers the builtin class name ("list",
// "dict") as a native base whose instances keep a value of the class,
// made by make and filled by init (nil: the class's own constructor's
// rules, which dict's are).
func registerContainerBase(name string, init func(x *Instance, pos []Value) error, make func(x *Instance)) {
	base := &NativeBase{
		Name: name,
		New:  func(x *Instance) error { make(x); return nil },
		Init: func(x *Instance, pos []Value, kwNames []string, kwVals []Value) error {
			if init != nil {
				if len(kwNames) > 0 {
					return Errorf(TypeError, "list() takes no keyword arguments")
				}
				return init(x, pos)
			}
			a := &Args{b: builtins["dict"], vals: []Value{Tuple(pos)}, kwNames: kwNames, kwVals: kwVals}
			return x.Native().(*Dict).updateArgs(a, "dict")
		},
		Repr:        func(x *Instance) (string, bool) { return Repr(x.Native()), true },
		LazyMethods: func() map[string]Value { return containerBaseMethods(name) },
	}
	RegisterNativeBase(name, builtins[name], base)
}

// RegisterDictKindBase makes class, the constructor of the dict
// subclass kind (collections' OrderedDict, defaultdict, Counter), a base
// a class statement may derive from, as dict is: an instance keeps a dict
// of the kind as its Native, with dict's methods and the kind's
// (move_to_end, most_common, default_factory). Its __init__ runs class
// with the arguments and takes the state (a defaultdict's factory) and
// the entries of what it makes. The kind's method table must be
// registered first; it must be called while the program initialises.
func RegisterDictKindBase(kind *DictKind, class *Builtin) {
	construct := func(x *Instance, pos []Value, kwNames []string, kwVals []Value) (*Dict, error) {
		v, err := sessionOf(x).CallHookKw(class, pos, kwNames, kwVals)
		if err != nil {
			return nil, err
		}
		d, ok := v.(*Dict)
		if !ok {
			return nil, Errorf(TypeError, "%s() made %s, not a dict", kind.Name, TypeName(v))
		}
		return d, nil
	}
	base := &NativeBase{
		Name: kind.Name,
		New: func(x *Instance) error {
			x.SetNative(NewDictOf(kind, nil))
			d, err := construct(x, nil, nil, nil)
			if err == nil {
				x.SetNative(d)
			}
			return err
		},
		Init: func(x *Instance, pos []Value, kwNames []string, kwVals []Value) error {
			made, err := construct(x, pos, kwNames, kwVals)
			if err != nil {
				return err
			}
			d := x.Native().(*Dict)
			d.state = made.state
			for i, k := range made.Keys() {
				if err := d.Set(k, made.Values()[i]); err != nil {
					return err
				}
			}
			return nil
		},
		Attr: func(x *Instance, name string) (Value, bool, error) {
			if kind.Attr == nil {
				return nil, false, nil
			}
			v, ok := kind.Attr(x.Native().(*Dict), name)
			return v, ok, nil
		},
		SetAttr: func(x *Instance, name string, v Value) (bool, error) {
			if kind.SetAttr == nil {
				return false, nil
			}
			return kind.SetAttr(x.Native().(*Dict), name, v)
		},
		Repr:        func(x *Instance) (string, bool) { return kindRepr(x, kind), true },
		Names:       func(*Instance) []string { return kind.AttrNames },
		LazyMethods: func() map[string]Value { return dictKindBaseMethods(kind) },
	}
	RegisterNativeBase(kind.Class, class, base)
}

// dictKindBaseMethods are the methods of a class derived from the dict
// kind: dict's, the kind's own, its repr and its operators.
func dictKindBaseMethods(kind *DictKind) map[string]Value {
	methods := containerBaseMethods("dict")
	for mname, m := range typeMethods[kind.Name] {
		methods[mname] = nativeMethod(m)
	}
	methods["__repr__"] = &Builtin{Name: "__repr__", Sig: "__repr__(self)", parsed: paramList(param{name: "self"}), binds: true,
		fn: func(a *Args) (Value, error) {
			x, ok := a.Value("self").(*Instance)
			if !ok {
				return ReprText(a.Value("self"))
			}
			return kindRepr(x, kind), nil
		}}
	kindOperators(kind, methods)
	return methods
}

// kindOperators adds to methods the operators of the dict kind (Counter's
// +, -, |, &, unary + and -, and their in-place forms): they run on the
// instance's dict as the kind's do, so that c1 + c2 of a Counter subclass
// is a Counter and c1 += c2 keeps the instance, as in CPython.
func kindOperators(kind *DictKind, methods map[string]Value) {
	method := func(name string, fn func(in *interp, orig Value, d *Dict, args Tuple) (Value, error)) {
		methods[name] = &Builtin{Name: name, Sig: name + "(self, *args)", parsed: paramList(param{name: "self"}, param{name: "args", variadic: true}), binds: true,
			fn: func(a *Args) (Value, error) {
				d, ok := containerOf(a.Value("self")).(*Dict)
				if !ok {
					return NotImplemented, nil
				}
				return fn(a.in, a.Value("self"), d, a.Value("args").(Tuple))
			}}
	}
	ops := []struct {
		name string
		op   syntax.Token
	}{{"add", syntax.PLUS}, {"sub", syntax.MINUS}, {"or", syntax.PIPE}, {"and", syntax.AMP}}
	for _, o := range ops {
		if kind.Binary != nil {
			plain := containerBinary(o.op)
			method("__"+o.name+"__", func(in *interp, orig Value, d *Dict, args Tuple) (Value, error) {
				if err := oneArg("operator", args); err != nil {
					return nil, err
				}
				r, ok, err := kind.Binary(o.op, d, containerOf(args[0]), false)
				if ok || err != nil {
					return r, err
				}
				return plain(in, orig, d, args)
			})
			// other op x with other a plain Counter (Counter() + T()):
			// the kind's, else the dicts' (dict | T())
			method("__r"+o.name+"__", func(in *interp, orig Value, d *Dict, args Tuple) (Value, error) {
				if err := oneArg("operator", args); err != nil {
					return nil, err
				}
				other := containerOf(args[0])
				r, ok, err := kind.Binary(o.op, d, other, true)
				if ok || err != nil {
					return r, err
				}
				if _, isDict := other.(*Dict); !isDict {
					return NotImplemented, nil
				}
				r, err = in.binary(o.op, other, d, in.stmtNode())
				if err != nil && ToError(err).Kind == TypeError {
					return NotImplemented, nil
				}
				return r, err
			})
		}
		if kind.InPlace != nil {
			method("__i"+o.name+"__", func(in *interp, orig Value, d *Dict, args Tuple) (Value, error) {
				if err := oneArg("operator", args); err != nil {
					return nil, err
				}
				ok, err := kind.InPlace(o.op, d, containerOf(args[0]))
				if err != nil {
					return nil, err
				}
				if !ok {
					return NotImplemented, nil
				}
				return orig, nil
			})
		}
	}
	if kind.Unary != nil {
		for name, op := range map[string]syntax.Token{"__pos__": syntax.PLUS, "__neg__": syntax.MINUS} {
			method(name, func(in *interp, orig Value, d *Dict, args Tuple) (Value, error) {
				r, ok, err := kind.Unary(op, d)
				if !ok && err == nil {
					return NotImplemented, nil
				}
				return r, err
			})
		}
	}
}

// containerBaseMethods are the methods a subclass of list or dict (name)
// has from its base: the type's methods and special methods, run on the
// instance's list or dict.
func containerBaseMethods(name string) map[string]Value {
	methods := map[string]Value{}
	for mname, m := range typeMethods[name] {
		methods[mname] = nativeMethod(m)
	}
	for _, d := range containerDunders {
		methods[d.name] = &Builtin{Name: d.name, Sig: d.name + "(self, *args)", parsed: paramList(param{name: "self"}, param{name: "args", variadic: true}), binds: true,
			fn: func(a *Args) (Value, error) {
				self := containerOf(a.Value("self"))
				return d.fn(a.in, a.Value("self"), self, a.Value("args").(Tuple))
			}}
	}
	if name == "dict" {
		methods["__getitem__"], methods["__ior__"] = dictGetItem, dictIOr
	}
	methods["__hash__"] = None
	return methods
}

// kindRepr is the repr of an instance of a class derived from a dict
// kind: the kind's, under the class's name (A([('a', 1)]) for class
// A(OrderedDict)).
func kindRepr(x *Instance, kind *DictKind) string {
	r := Repr(x.Native())
	if rest, ok := strings.CutPrefix(r, kind.Name+"("); ok {
		r = x.cls.Name + "(" + rest
	}
	return r
}

// nativeMethod is the list or dict method m as a method of a subclass:
// it runs on the instance's list or dict.
func nativeMethod(m *Builtin) *Builtin {
	return &Builtin{Name: m.Name, Sig: m.Sig, Doc: m.Doc, parsed: m.sharedParams(), acceptsKeywords: m.acceptsKeywords, binds: true,
		fn: func(a *Args) (Value, error) {
			a.vals[0] = containerOf(a.vals[0])
			return m.fn(a)
		}}
}

// containerDunder is a special method of list and dict subclasses, run
// on the instance's list or dict (self) with the call's arguments.
type containerDunder struct {
	name string
	fn   func(in *interp, orig, self Value, args Tuple) (Value, error)
}

// oneArg checks that a special method got one argument.
func oneArg(name string, args Tuple) error {
	if len(args) != 1 {
		return Errorf(TypeError, "expected 1 argument, got %d", len(args))
	}
	return nil
}

// containerDunders are the special methods of list and dict subclasses.
var containerDunders = []containerDunder{
	{"__len__", func(in *interp, orig, self Value, args Tuple) (Value, error) { return Len(self) }},
	{"__getitem__", func(in *interp, orig, self Value, args Tuple) (Value, error) {
		if err := oneArg("__getitem__", args); err != nil {
			return nil, err
		}
		return Index(self, []Subscript{{Value: containerOf(args[0])}})
	}},
	{"__setitem__", func(in *interp, orig, self Value, args Tuple) (Value, error) {
		if len(args) != 2 {
			return nil, Errorf(TypeError, "expected 2 arguments, got %d", len(args))
		}
		return None, setIndex(self, []Subscript{{Value: args[0]}}, args[1])
	}},
	{"__delitem__", func(in *interp, orig, self Value, args Tuple) (Value, error) {
		if err := oneArg("__delitem__", args); err != nil {
			return nil, err
		}
		remove, err := delIndex(self, []Subscript{{Value: args[0]}})
		if err == nil {
			err = remove()
		}
		return None, err
	}},
	{"__iter__", func(in *interp, orig, self Value, args Tuple) (Value, error) {
		return in.call(builtins["iter"], []Value{self}, nil, nil, in.stmtNode())
	}},
	{"__contains__", func(in *interp, orig, self Value, args Tuple) (Value, error) {
		if err := oneArg("__contains__", args); err != nil {
			return nil, err
		}
		return in.compare(syntax.IN, args[0], self, in.stmtNode())
	}},
	{"__repr__", func(in *interp, orig, self Value, args Tuple) (Value, error) { return ReprText(self) }},
	{"__eq__", containerCompare(syntax.EQL)},
	{"__ne__", containerCompare(syntax.NEQ)},
	{"__lt__", containerCompare(syntax.LT)},
	{"__le__", containerCompare(syntax.LE)},
	{"__gt__", containerCompare(syntax.GT)},
	{"__ge__", containerCompare(syntax.GE)},
	{"__add__", containerBinary(syntax.PLUS)},
	{"__mul__", containerBinary(syntax.STAR)},
	{"__rmul__", containerBinary(syntax.STAR)},
	{"__iadd__", func(in *interp, orig, self Value, args Tuple) (Value, error) {
		if err := oneArg("__iadd__", args); err != nil {
			return nil, err
		}
		l, ok := self.(*List)
		if !ok {
			return NotImplemented, nil
		}
		elems, err := Collect(containerOf(args[0]))
		if err != nil {
			return nil, err
		}
		l.Elems = append(l.Elems, elems...)
		return orig, nil
	}},
}

// containerCompare is a comparison special method of list and dict
// subclasses: the comparison of their lists or dicts.
func containerCompare(op syntax.Token) func(in *interp, orig, self Value, args Tuple) (Value, error) {
	return func(in *interp, orig, self Value, args Tuple) (Value, error) {
		if err := oneArg("comparison", args); err != nil {
			return nil, err
		}
		other := containerOf(args[0])
		switch other.(type) {
		case *List, *Dict:
		default:
			return NotImplemented, nil
		}
		return in.compare(op, self, other, in.stmtNode())
	}
}

// containerBinary is a binary special method of list and dict
// subclasses: the operation on their lists or dicts, which gives a plain
// list or dict, as in Python.
func containerBinary(op syntax.Token) func(in *interp, orig, self Value, args Tuple) (Value, error) {
	return func(in *interp, orig, self Value, args Tuple) (Value, error) {
		if err := oneArg("operator", args); err != nil {
			return nil, err
		}
		r, err := in.binary(op, self, containerOf(args[0]), in.stmtNode())
		if err != nil && ToError(err).Kind == TypeError {
			return NotImplemented, nil
		}
		return r, err
	}
}

// dictGetItem is __getitem__ of dict subclasses: a missing key calls the
// class's __missing__, as in Python.
var dictGetItem = &Builtin{Name: "__getitem__", Sig: "__getitem__(self, key)", parsed: paramList(param{name: "self"}, param{name: "key"}), binds: true,
	fn: func(a *Args) (Value, error) {
		x, _ := a.Value("self").(*Instance)
		d, ok := containerOf(a.Value("self")).(*Dict)
		if !ok {
			return nil, Errorf(TypeError, "descriptor '__getitem__' requires a 'dict' object")
		}
		key := a.Value("key")
		v, found, err := d.Get(key)
		if err != nil || found {
			return v, err
		}
		if x != nil && x.HasOwn("__missing__") {
			r, _, err := a.in.callSpecial(x, "__missing__", key)
			return r, err
		}
		if d.kind != nil && d.kind.Missing != nil { // a defaultdict subclass's factory
			return d.kind.Missing(d, key)
		}
		return nil, keyError(key)
	}}

// dictIOr is __ior__ of dict subclasses: self |= value updates the
// instance's dict and gives the instance.
var dictIOr = &Builtin{Name: "__ior__", Sig: "__ior__(self, value)", parsed: paramList(param{name: "self"}, param{name: "value"}), binds: true,
	fn: func(a *Args) (Value, error) {
		d, ok := containerOf(a.Value("self")).(*Dict)
		if !ok {
			return nil, Errorf(TypeError, "descriptor '__ior__' requires a 'dict' object")
		}
		return a.Value("self"), d.inPlaceOr(a.Value("value"))
	}}
