package lang

import (
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// int, float, complex, str, bytes, tuple and frozenset as base classes:
// class Celsius(float), class Color(str), class Point(tuple). As in
// CPython the value is made by the base's __new__ (A(5) is
// int.__new__(A, 5); a class's own __new__ calls super().__new__(cls, v)
// or int.__new__(cls, v)) and kept as the instance's Native, which never
// changes. The base's methods and special methods run on that value and
// give what they give on it (A(3) + 1 is the int 4, S('x').upper() the
// str 'X'); the classes' own methods come first. An instance hashes and
// compares as its value ({A(3): 1}[3]), and kael's functions that take a
// str or a number (Args.Str, AsInt, AsFloat, PathText) take it as its
// value.

// valueBaseZeros are the builtin classes that may be value bases, with
// the value object.__new__ gives (int's 0).
var valueBaseZeros = map[string]func() Value{
	"int":       func() Value { return int64(0) },
	"float":     func() Value { return 0.0 },
	"complex":   func() Value { return Complex(0) },
	"str":       func() Value { return "" },
	"bytes":     func() Value { return NewBytes(nil) },
	"tuple":     func() Value { return Tuple{} },
	"frozenset": func() Value { return newSet(true) },
}

// mutableBaseZeros are the mutable value bases, set and bytearray: as in
// CPython their __new__ makes an empty value, which __init__ fills (a
// class's own __init__ calls super().__init__(iterable)), and in-place
// operators (|=, +=) change it, keeping the instance. Their instances
// are unhashable.
var mutableBaseZeros = map[string]func() Value{
	"set":       func() Value { return newSet(false) },
	"bytearray": func() Value { return &ByteArray{} },
}

// mutableDunders are the special methods of the mutable value bases:
// bytearray has those of bytes, and both the in-place operators and
// item assignment.
var mutableDunders = map[string]struct{ from, names string }{
	"set":       {"set", "sub and or xor rsub rand ror rxor eq ne lt le gt ge len repr str iter contains format"},
	"bytearray": {"bytes", "add mul mod rmul rmod eq ne lt le gt ge len repr str iter contains getitem format"},
}

// valueBaseOwnStr are the value bases whose __str__ is their own: the
// others' str() is repr(), a class's own __repr__ included, as CPython's
// int, float, complex and tuple inherit object.__str__.
var valueBaseOwnStr = map[string]bool{"str": true, "bytes": true}

// init runs after the inits of the files that define the types' builtins
// and methods (complex.go, sets.go, str_translate.go, ...): a package's
// files run their inits in the order of their names, and this file's
// name comes after theirs (TestValueBasesHaveTheirTypesMethods checks).
func init() {
	for _, name := range sortedKeys(valueBaseZeros) {
		registerValueBase(name)
	}
	for _, name := range sortedKeys(mutableBaseZeros) {
		registerMutableBase(name)
	}
}

// registerValueBase registers the builtin class name as a value base.
// Its methods, a wrapper of each method of its type, are made the first
// time a class derived from it looks one up (NativeBase.LazyMethods).
func registerValueBase(name string) {
	zero := valueBaseZeros[name]
	cls := builtins[name]
	repr := func(x *Instance) (string, bool) { return Repr(x.Native()), true }
	if name == "frozenset" {
		repr = func(x *Instance) (string, bool) { return reprNamed(x), true }
	}
	base := &NativeBase{
		Name:     name,
		New:      func(x *Instance) error { x.SetNative(zero()); return nil },
		Init:     valueBaseInit,
		Repr:     repr,
		Attr:     valueBaseAttr,
		valueNew: valueBaseMaker(cls),
	}
	newB := valueBaseNewMethod(name, cls, base)
	if containsWord(typeDunderNames[name], "hash") { // made now: ValueHash reads it at init (torch's TorchVersion)
		m, _ := typeDunder(name, "__hash__")
		base.valueHash = valueMethod(name, m, false)
	}
	base.LazyMethods = func() map[string]Value { return valueBaseMethods(name, newB, base.valueHash) }
	RegisterNativeBase(name, cls, base)
	RegisterClassAttr(cls, "__new__", newB)
}

// valueBaseMethods are the methods of the value base name: its type's
// methods and special methods, each checking its self, hash its
// __hash__ (nil when its type has none) and newB its __new__.
func valueBaseMethods(name string, newB *Builtin, hash *Builtin) map[string]Value {
	methods := map[string]Value{}
	for mname, m := range typeMethods[name] {
		methods[mname] = valueMethod(name, m, false)
	}
	for _, short := range strings.Fields(typeDunderNames[name]) {
		if short == "str" && !valueBaseOwnStr[name] {
			continue
		}
		if short == "hash" {
			methods["__hash__"] = hash
			continue
		}
		m, _ := typeDunder(name, "__"+short+"__")
		methods[m.Name] = valueMethod(name, m, short == "format")
	}
	if name == "str" || name == "bytes" || name == "tuple" {
		methods["__getnewargs__"] = &Builtin{Name: "__getnewargs__", Sig: "__getnewargs__(self)", parsed: paramList(param{name: "self"}), binds: true,
			fn: func(a *Args) (Value, error) { return Tuple{valueOf(a.vals[0])}, nil }}
	}
	if name == "frozenset" {
		methods["__repr__"] = namedRepr
	}
	methods["__new__"] = newB
	return methods
}

// valueBaseInit is the __init__ of a value base: object.__init__ after
// a __new__ that took the arguments, which ignores them unless a class's
// own __init__ passes them on.
func valueBaseInit(x *Instance, pos []Value, kwNames []string, kwVals []Value) error {
	if _, own := x.cls.userAttr("__init__"); own && len(pos)+len(kwNames) > 0 {
		return Errorf(TypeError, "object.__init__() takes exactly one argument (the instance to initialize)")
	}
	return nil
}

// valueBaseAttr reads the attributes of an instance's value (int's real,
// numerator, ...).
func valueBaseAttr(x *Instance, attr string) (Value, bool, error) {
	v, err := getAttr(x.Native(), attr)
	return v, err == nil, nil
}

// valueBaseMaker is the valueNew of the value base whose class is cls:
// an instance of c keeping the value cls(*pos, **kw) makes.
func valueBaseMaker(cls Value) func(in *interp, c *UserClass, pos []Value, kwNames []string, kwVals []Value) (*Instance, error) {
	return func(in *interp, c *UserClass, pos []Value, kwNames []string, kwVals []Value) (*Instance, error) {
		v, err := in.call(cls, pos, kwNames, kwVals, in.stmtNode())
		if err != nil {
			return nil, err
		}
		x := &Instance{cls: c, lay: c.emptyLayout()}
		x.SetNative(v)
		return x, nil
	}
}

// valueBaseNewMethod is name.__new__(cls, *args, **kwargs) of the value
// base whose class is cls: an instance of cls, a subclass, keeping the
// value cls's constructor makes.
func valueBaseNewMethod(name string, cls *Builtin, base *NativeBase) *Builtin {
	return &Builtin{Name: "__new__", Sig: "__new__(cls, *args, **kwargs)", acceptsKeywords: true,
		Doc:    name + ".__new__(cls, ...): a new object of cls, a subclass of " + name + ", holding the value " + name + "(...) makes.",
		parsed: paramList(param{name: "cls"}, param{name: "args", variadic: true}),
		fn: func(a *Args) (Value, error) {
			pos := a.Value("args").(Tuple)
			switch c := a.Value("cls").(type) {
			case *UserClass:
				if c.nativeBase == name {
					return base.valueNew(a.in, c, pos, a.kwNames, a.kwVals)
				}
				return nil, Errorf(TypeError, "%s.__new__(%s): %s is not a subtype of %s", name, c.Name, c.Name, name)
			case *Builtin:
				if c == cls {
					return a.in.call(cls, pos, a.kwNames, a.kwVals, a.in.stmtNode())
				}
			}
			if _, isClass := a.Value("cls").(*Builtin); isClass {
				n := TypeName(a.Value("cls"))
				if cn := ClassOf(a.Value("cls")); cn != "" {
					n = cn
				}
				return nil, Errorf(TypeError, "%s.__new__(%s): %s is not a subtype of %s", name, n, n, name)
			}
			return nil, Errorf(TypeError, "%s.__new__(X): X is not a type object (%s)", name, TypeName(a.Value("cls")))
		}}
}

// RegisterValueTypeBase makes class, a library's class of immutable
// values (datetime.date), a base a class statement may derive from, as
// int and str are: D(...) and super().__new__(cls, ...) keep the value
// class(...) makes as the instance's Native, which hashes the instance
// and which the instance's attributes read. name is the qualified name
// ("datetime.date"); methods makes the base's methods, special ones
// included (each a Builtin binding its instance, with lang.ValueOf for
// the instance's value), the first time a derived class looks one up
// (NativeBase.LazyMethods), so it must make the same ones whenever it
// runs; classAttr, optional, reads the subclass's class
// attributes its classes lack (D.now). The repr is the value's with the
// class's name for its own: D(2020, 1, 2), as CPython's datetime reprs
// name type(self).
func RegisterValueTypeBase(name string, class *Builtin, methods func() map[string]Value, classAttr func(c *UserClass, name string) (Value, bool, error)) {
	base := &NativeBase{
		Name: name,
		Init: valueBaseInit,
		Attr: valueBaseAttr,
		Repr: func(x *Instance) (string, bool) {
			r := Repr(x.Native())
			if i := strings.IndexByte(r, '('); i >= 0 {
				r = x.cls.Name + r[i:]
			}
			return r, true
		},
		Str: func(x *Instance) (string, bool) { return Str(x.Native()), true },
		Names: func(x *Instance) []string {
			if n, ok := x.Native().(interface{ AttrNames() []string }); ok {
				return n.AttrNames()
			}
			return nil
		},
		ClassAttr: classAttr,
		valueNew:  valueBaseMaker(class),
	}
	newB := valueBaseNewMethod(name, class, base)
	base.LazyMethods = func() map[string]Value {
		m := methods()
		m["__new__"] = newB
		return m
	}
	RegisterNativeBase(name, class, base)
	RegisterClassAttr(class, "__new__", newB)
}

// valueMethod is the method m of a value base's type as a method of its
// subclasses: it runs on the instance's value, with the other operands'
// values for its arguments. format (isFormat) with an empty spec is
// str() of the instance, as CPython's __format__ of int and str is.
func valueMethod(typeName string, m *Builtin, isFormat bool) *Builtin {
	return &Builtin{Name: m.Name, Sig: m.Sig, Doc: m.Doc, parsed: m.sharedParams(), acceptsKeywords: m.acceptsKeywords, binds: true,
		fn: func(a *Args) (Value, error) {
			if isFormat && len(a.vals) == 2 {
				if spec, ok := valueOf(a.vals[1]).(string); ok && spec == "" {
					if x, isInst := a.vals[0].(*Instance); isInst {
						s := x.String()
						return s, a.in.raiseHooks(nil)
					}
				}
			}
			if self := valueOf(a.vals[0]); TypeName(self) != typeName && (typeName != "int" || !IsInt(self)) {
				return nil, Errorf(TypeError, "descriptor '%s' requires a '%s' object but received a '%s'", m.Name, typeName, TypeName(a.vals[0]))
			}
			for i := range a.vals {
				a.vals[i] = valueOf(a.vals[i])
			}
			return m.fn(a)
		}}
}

// isValueInstance reports whether v is an instance of a class derived
// from a value base.
func isValueInstance(v Value) bool {
	x, ok := v.(*Instance)
	return ok && x.cls.base().valueNew != nil && x.Native() != nil
}

// valueOf is the value an instance of a value base's subclass keeps, or
// v itself.
func valueOf(v Value) Value {
	if isValueInstance(v) {
		return v.(*Instance).Native()
	}
	return v
}

// ValueOf is what v stands for in kael's functions that take a builtin
// value: the int, str, tuple, ... an instance of a class derived from
// that type keeps (class Color(str)), else v itself.
func ValueOf(v Value) Value { return valueOf(v) }

// valueBinary is a op b when an operand is an instance of a value base's
// subclass whose classes define no method for op, or a's declines: the
// operation on the values, as CPython's str + S('x') concatenates. ok is
// false when neither operand is such an instance or the values do not
// combine either.
func (in *interp) valueBinary(op syntax.Token, a, b Value) (Value, bool) {
	if !isValueInstance(a) && !isValueInstance(b) {
		return nil, false
	}
	r, err := in.binary(op, valueOf(a), valueOf(b), in.stmtNode())
	if err != nil {
		return nil, false
	}
	return r, true
}

// ValueBase returns the name of the value base c derives from ("str",
// "int", ...; class Color(str, Enum)), or "" when it derives from none.
func (c *UserClass) ValueBase() string {
	if c.base().valueNew == nil {
		return ""
	}
	return c.nativeBase
}

// ValueHash returns __hash__ of c's value base (str.__hash__ for
// class Color(str, Enum)): a class that sets it as its own __hash__ (as
// enum's mixins do, over Enum's) hashes and keys dicts as its value.
func (c *UserClass) ValueHash() (Value, bool) {
	if c.base().valueNew == nil {
		return nil, false
	}
	if h := c.base().valueHash; h != nil {
		return h, true
	}
	h, ok := c.base().methods()["__hash__"]
	return h, ok
}

// SetValue makes x, an instance of a class derived from a value base,
// keep v, a value of that base's type (enum makes its members so).
func (x *Instance) SetValue(v Value) error {
	base := x.cls.ValueBase()
	if base == "" {
		return Errorf(TypeError, "%s does not derive from a builtin value type", x.cls.Name)
	}
	if TypeName(v) != base && (base != "int" || !IsInt(v)) {
		return Errorf(TypeError, "%s() value must be %s, not %s", x.cls.Name, base, TypeName(v))
	}
	x.SetNative(v)
	return nil
}

// NewValueClass makes the class name of module derived from the value
// base base ("str": torch.torch_version.TorchVersion) without a class
// statement; a library adds its methods with SetAttr. others are further
// bases, after the value base, as in class IntEnum(int, ReprEnum).
func NewValueClass(name, module, base string, others ...*UserClass) (*UserClass, error) {
	b := nativeBases[base]
	if b == nil || b.valueNew == nil {
		return nil, Errorf(TypeError, "%s is not a builtin value type", base)
	}
	c := &UserClass{Name: name, module: module, attrs: map[string]Value{}}
	if err := c.setBases(append([]*UserClass{nativeNode(base)}, others...)); err != nil {
		return nil, err
	}
	return c, nil
}

// registerMutableBase registers set or bytearray as a value base whose
// value changes in place.
func registerMutableBase(name string) {
	zero := mutableBaseZeros[name]
	cls := builtins[name]
	fill := func(in *interp, x *Instance, pos []Value, kwNames []string, kwVals []Value) error {
		if name == "set" && len(pos) > 1 {
			return Errorf(TypeError, "%s expected at most 1 argument, got %d", x.cls.Name, len(pos))
		}
		v, err := in.call(cls, pos, kwNames, kwVals, in.stmtNode())
		if err != nil {
			return err
		}
		switch n := x.Native().(type) { // the same object, refilled, as set.__init__ does
		case *Set:
			*n = *v.(*Set)
		case *ByteArray:
			*n = *v.(*ByteArray)
		}
		return nil
	}
	base := &NativeBase{
		Name: name,
		New:  func(x *Instance) error { x.SetNative(zero()); return nil },
		Init: func(x *Instance, pos []Value, kwNames []string, kwVals []Value) error {
			_, err := hooked(x, func(in *interp) (Value, error) { return nil, fill(in, x, pos, kwNames, kwVals) })
			return err
		},
		Repr: func(x *Instance) (string, bool) { return reprNamed(x), true },
		valueNew: func(in *interp, c *UserClass, pos []Value, kwNames []string, kwVals []Value) (*Instance, error) {
			x := &Instance{cls: c, lay: c.emptyLayout()}
			x.SetNative(zero()) // __init__ fills it
			return x, nil
		},
	}
	newB := &Builtin{Name: "__new__", Sig: "__new__(cls, *args, **kwargs)", acceptsKeywords: true,
		Doc:    name + ".__new__(cls, ...): a new, empty object of cls, a subclass of " + name + ", which __init__ fills.",
		parsed: paramList(param{name: "cls"}, param{name: "args", variadic: true}),
		fn: func(a *Args) (Value, error) {
			switch c := a.Value("cls").(type) {
			case *UserClass:
				if c.nativeBase == name {
					return base.valueNew(a.in, c, nil, nil, nil)
				}
				return nil, Errorf(TypeError, "%s.__new__(%s): %s is not a subtype of %s", name, c.Name, c.Name, name)
			case *Builtin:
				if c == cls {
					return zero(), nil
				}
			}
			return nil, Errorf(TypeError, "%s.__new__(X): X is not a type object (%s)", name, TypeName(a.Value("cls")))
		}}
	base.LazyMethods = func() map[string]Value { return mutableBaseMethods(name, newB) }
	RegisterNativeBase(name, cls, base)
	RegisterClassAttr(cls, "__new__", newB)
}

// mutableBaseMethods are the methods of the mutable value base name:
// its type's methods, the special methods mutableDunders names, the
// in-place operators, and newB, its __new__.
func mutableBaseMethods(name string, newB *Builtin) map[string]Value {
	methods := map[string]Value{}
	for mname, m := range typeMethods[name] {
		methods[mname] = valueMethod(name, m, false)
	}
	d := mutableDunders[name]
	for _, short := range strings.Fields(d.names) {
		if short == "str" {
			continue // str() is the repr, S({1}), as CPython's
		}
		m, _ := typeDunder(d.from, "__"+short+"__")
		methods[m.Name] = valueMethod(name, m, short == "format")
	}
	if name == "bytearray" {
		for _, short := range []string{"setitem", "delitem"} {
			m, _ := typeDunder("list", "__"+short+"__") // item assignment of any value
			methods[m.Name] = valueMethod(name, m, false)
		}
	}
	ops := map[string]syntax.Token{"__ior__": syntax.PIPE, "__iand__": syntax.AMP, "__isub__": syntax.MINUS, "__ixor__": syntax.CARET}
	if name == "bytearray" {
		ops = map[string]syntax.Token{"__iadd__": syntax.PLUS, "__imul__": syntax.STAR}
	}
	for iname, op := range ops {
		methods[iname] = &Builtin{Name: iname, Sig: iname + "(self, value)", parsed: paramList(param{name: "self"}, param{name: "value"}), binds: true,
			fn: func(a *Args) (Value, error) {
				self := a.Value("self")
				if !isValueInstance(self) {
					return nil, Errorf(TypeError, "descriptor '%s' requires a '%s' object but received a '%s'", iname, name, TypeName(self))
				}
				cur, v := valueOf(self), valueOf(a.Value("value"))
				if ba, isBA := cur.(*ByteArray); isBA { // b += x, b *= n: the same bytearray
					r, err := a.in.binary(op, cur, v, a.in.stmtNode())
					if err != nil {
						return nil, err
					}
					ba.b = r.(*ByteArray).b
					return self, nil
				}
				if ok, err := a.in.inPlaceContainer(op, cur, v, a.in.stmtNode()); ok || err != nil {
					return self, err
				}
				return NotImplemented, nil
			}}
	}
	methods["__hash__"] = None
	methods["__repr__"] = namedRepr
	methods["__new__"] = newB
	return methods
}

// hashesAsValue reports whether x, an instance of a value base's
// subclass, keys a dict as its value: its classes define no __hash__ of
// their own and the base's value is hashable (not a set's).
func hashesAsValue(x *Instance) bool {
	if !isValueInstance(x) || x.cls.definesHash() {
		return false
	}
	_, none := x.cls.base().methods()["__hash__"].(NoneType)
	return !none
}

// reprNamed is the repr of an instance of a set, frozenset or bytearray
// subclass, which CPython writes with the class's name: S({1, 2}), S(),
// BA(b'ab').
func reprNamed(x *Instance) string {
	switch n := x.Native().(type) {
	case *Set:
		if len(n.d.keys) == 0 {
			return x.cls.Name + "()"
		}
		r := Repr(n)
		if n.frozen {
			r = strings.TrimSuffix(strings.TrimPrefix(r, "frozenset("), ")")
		}
		return x.cls.Name + "(" + r + ")"
	case *ByteArray:
		return x.cls.Name + "(" + Bytes{b: n.b}.PyRepr() + ")"
	}
	return Repr(x.Native())
}

// namedRepr is __repr__ of set, frozenset and bytearray subclasses.
var namedRepr = &Builtin{Name: "__repr__", Sig: "__repr__(self)", parsed: paramList(param{name: "self"}), binds: true,
	fn: func(a *Args) (Value, error) {
		x, ok := a.Value("self").(*Instance)
		if !ok || !isValueInstance(x) {
			return ReprText(a.Value("self"))
		}
		return reprNamed(x), nil
	}}
