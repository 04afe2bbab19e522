package lang

import (
	"slices"
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang/syntax"
)

// Attributes, calls and super() of user classes, with Python's lookup
// order: a property of the class, then the instance's own attributes,
// then the class's (methods bind to the instance), then what a builtin
// base provides (an nn.Module's parameters and submodules), then
// __getattr__.

// NativeBase is a class implemented in Go that a class statement may
// derive from (torch.nn.Module, torch.autograd.Function, Dataset): what it
// adds to its subclasses. A library registers one with RegisterNativeBase;
// the engine asks the NativeBase at the root of a class's chain, never
// the library's types. Every field is optional.
type NativeBase struct {
	// Name names the base in messages: "nn.Module".
	Name string
	// New sets up x.Native before __init__ runs.
	New func(x *Instance) error
	// NewArgs, when set, is the rest of the base's __new__: it sets up
	// x.Native from the call's positional arguments after New, whatever
	// __init__ the classes define (a pathlib path's segments).
	NewArgs func(x *Instance, pos []Value) error
	// Init is the base's __init__, which super().__init__() calls.
	Init func(x *Instance, pos []Value, kwNames []string, kwVals []Value) error
	// Attr reads an attribute the instance and its classes lack; ok is
	// false when the base has none of that name.
	Attr func(x *Instance, name string) (v Value, ok bool, err error)
	// SetAttr stores an attribute the base keeps itself; handled is false
	// for the others, which the instance keeps.
	SetAttr func(x *Instance, name string, v Value) (handled bool, err error)
	// DelAttr returns what deletes an attribute the base keeps itself
	// (del self.layer of an nn.Module); del is nil for the names it does
	// not keep.
	DelAttr func(x *Instance, name string) (del func() error, err error)
	// ClassAttr reads an attribute of a subclass its classes lack
	// (MyFunction.apply).
	ClassAttr func(c *UserClass, name string) (Value, bool, error)
	// Call runs x(...) when the classes define no __call__.
	Call func(t Thread, x *Instance, pos []Value, kwNames []string, kwVals []Value) (Value, bool, error)
	// Construct replaces calling the class, when set (autograd.Function
	// refuses it).
	Construct func(c *UserClass) error
	// Repr is the repr when the classes define no __repr__.
	Repr func(x *Instance) (string, bool)
	// Str is the str() when the classes define no __str__.
	Str func(x *Instance) (string, bool)
	// HashValue, when set, is the value an instance hashes and keys dicts
	// as when its classes define no __hash__ (a pathlib path's).
	HashValue func(x *Instance) Value
	// Names lists the attributes the base adds, for dir() and completion.
	Names func(x *Instance) []string
	// Methods are the base's methods, special ones included, which the
	// classes' lookup finds after their own; each binds its instance as
	// its first argument (a Builtin made with binds).
	Methods map[string]Value
	// alloc, when set, makes an instance of c with its state in place
	// of New (an exception and its state in one allocation).
	alloc func(c *UserClass) *Instance
	// valueNew, when set, is the __new__ of a value base (int, str,
	// tuple, ...: class_value_bases.go): an instance of c keeping the
	// value the base's constructor makes of the arguments.
	valueNew func(in *interp, c *UserClass, pos []Value, kwNames []string, kwVals []Value) (*Instance, error)
	// special are methods read as attributes only (BaseException.__str__,
	// e.__repr__, super().__str__()), which the classes' lookup does
	// not find, so that Repr and Str stay what repr() and str() run.
	special map[string]Value
	// LazyMethods, when set, makes Methods the first time a class's
	// lookup reads them, once: wrappers of a type's methods that most
	// programs never derive from (int's, str's, a tensor subclass's)
	// need not sit at start-up in the heap every collection marks. It
	// must give the same methods whenever it runs.
	LazyMethods func() map[string]Value
	methodsOnce sync.Once
	// valueHash, when set, is Methods' __hash__, made before them: a
	// value base's (ValueHash).
	valueHash *Builtin
}

// methods returns b.Methods, made by LazyMethods on the first call.
func (b *NativeBase) methods() map[string]Value {
	if b.LazyMethods != nil {
		b.methodsOnce.Do(func() { b.Methods = b.LazyMethods() })
	}
	return b.Methods
}

// nativeSpecial is the method name of c's native base that is an
// attribute only (NativeBase.special).
func nativeSpecial(c *UserClass, name string) (Value, bool) {
	if c.nativeBase == "" {
		return nil, false
	}
	v, ok := c.base().special[name]
	return v, ok
}

// nativeBases holds the classes a class statement may derive from, by
// qualified class name; "object" adds nothing.
var nativeBases = map[string]*NativeBase{"object": {}}

// RegisterNativeBase makes class, whose qualified name is name
// ("torch.nn.modules.module.Module"), a base a class statement may
// derive from, with what b adds to its subclasses. class is the value
// the program names (nn.Module): a class builtin or a *Class. It must be
// called while the program initialises.
func RegisterNativeBase(name string, class Value, b *NativeBase) {
	if _, dup := nativeBases[name]; dup {
		panic("native base " + name + " registered twice")
	}
	nativeBases[name] = b
	classValues[name] = class
	if bi, ok := class.(*Builtin); ok {
		RegisterClass(bi, name)
	}
}

// base returns the native base of c's chain (object's, empty, if none).
func (c *UserClass) base() *NativeBase {
	if c.rootBase != nil { // a class's chain never changes once it is made
		return c.rootBase
	}
	b := nativeBases[c.root()]
	if b == nil {
		b = nativeBases["object"]
	}
	c.rootBase = b
	return b
}

// Thread is the running interpreter a NativeBase's Call runs in, through
// which it calls back into the language.
type Thread struct {
	in *interp
	at syntax.Node
}

// Call calls fn with positional and keyword arguments, reporting an error
// at the call the thread runs.
func (t Thread) Call(fn Value, pos []Value, kwNames []string, kwVals []Value) (Value, error) {
	return t.in.call(fn, pos, kwNames, kwVals, t.at)
}

// getAttr is v.name in a frame: user classes' attributes may run methods
// (properties, __getattr__).
func (in *interp) getAttr(v Value, name string) (Value, error) {
	switch x := v.(type) {
	case *Instance:
		return in.instanceAttr(x, name)
	case *UserClass:
		return in.classAttr(x, name)
	case *superValue:
		return in.superAttr(x, name)
	case *Module:
		if v, ok, err := in.builtinModuleAttr(x, name); ok || err != nil {
			return v, err
		}
		r, err := getAttr(v, name)
		if err != nil && x.file == nil {
			// a module written in Python under a built-in one (whose
			// attributes the sessions share) is its attribute in the
			// sessions that imported it, as CPython's import sets it
			if sm, ok := in.s.modules().mods[x.Name+"."+name]; ok {
				return sm, nil
			}
			if e, ok := registeredEntry(x.Name + "." + name); ok && e.parentAttr { // x's library is defined
				return in.importIn(x.Name + "." + name)
			}
		}
		return r, err
	}
	// a library attribute may come with warnings (Tensor.volatile's)
	return in.warned(getAttr(v, name))
}

// bindClassAttr is what reading a class attribute v through obj gives: a
// function binds to obj, a classmethod to cls, a staticmethod is its
// function.
func bindClassAttr(v Value, obj Value, cls *UserClass) Value {
	switch f := v.(type) {
	case *Function:
		return &userMethod{self: obj, fn: f}
	case *Builtin:
		if f.binds {
			return &userMethod{self: obj, fn: f}
		}
	case *staticMethod:
		return f.fn
	case *classMethod:
		return &userMethod{self: cls, fn: f.fn}
	}
	return v
}

// classAttr is C.name for a user class.
func (in *interp) classAttr(c *UserClass, name string) (Value, error) {
	if name == "__annotations__" && c.attrs[name] == nil && !c.native {
		// Python 3.10+: a class's own annotations, made empty on first use
		d := NewDict()
		c.set(name, d)
		return d, nil
	}
	if v, _, ok := c.lookup(name); ok {
		switch f := v.(type) {
		case *staticMethod:
			return f.fn, nil
		case *classMethod:
			return &userMethod{self: c, fn: f.fn}, nil
		case *Instance:
			if f.HasOwn("__get__") { // a descriptor read from the class: d.__get__(None, C)
				v, _, err := in.callSpecial(f, "__get__", None, c)
				return v, err
			}
		}
		return v, nil
	}

	switch name {
	case "__name__":
		return c.Name, nil
	case "__qualname__":
		if c.qualname != "" {
			return c.qualname, nil
		}
		return c.Name, nil
	case "__dict__":
		return NewMappingProxy(c.classDict()), nil
	case "__module__":
		return c.moduleName(), nil
	case "__bases__":
		return c.basesValue(), nil
	case "__base__":
		return c.baseValue(), nil
	case "__mro__":
		return c.mroValue(), nil
	case "mro":
		return &Builtin{Name: "mro", Sig: "mro()", fn: func(*Args) (Value, error) {
			return &List{Elems: c.mroValue()}, nil
		}}, nil
	}
	if b := c.base(); b.ClassAttr != nil {
		if v, ok, err := b.ClassAttr(c, name); ok || err != nil {
			return v, err
		}
	}
	if v, ok, err := in.metaAttr(c, name); ok || err != nil {
		return v, err
	}
	if m, ok := nativeSpecial(c, name); ok {
		return m, nil // BaseException.__str__
	}
	if m, ok := objectMethods[name]; ok {
		switch name {
		case "__new__":
			return m, nil // object.__new__, a staticmethod
		case "__init_subclass__", "__subclasshook__":
			return &userMethod{self: c, fn: m}, nil // class methods
		}
		return m, nil // object's, unbound: C.__setattr__, C.__eq__
	}
	err := Errorf(AttributeError, "type object '%s' has no attribute '%s'", c.Name, name).withName(name, c)
	err.Hint = suggestHint(name, c.AttrNames())
	return nil, err
}

// baseValue is c.__base__: its user base, or the builtin class.
func (c *UserClass) baseValue() Value {
	if len(c.bases) == 0 {
		return objectType
	}
	return classValueOf(c.bases[0])
}

// classValues maps builtin base names to the values that name them
// (nn.Module), as RegisterNativeBase records them.
var classValues = map[string]Value{}

func classValue(name string) Value {
	if v, ok := classValues[name]; ok {
		return v
	}
	return &Class{Name: name}
}

// hooked runs f, which calls methods of v's class, from Go code without a
// frame: in a frame of v's session (Session.hookFrame), counted so that
// special methods that recurse through Go code (a __repr__ calling repr)
// stop with a RecursionError.
func hooked[T any](v Value, f func(in *interp) (T, error)) (T, error) {
	return hookedIn(sessionOf(v), f)
}

// hookedIn is hooked in session s.
func hookedIn[T any](s *Session, f func(in *interp) (T, error)) (T, error) {
	if s.hookNest >= MaxDepth {
		var zero T
		return zero, Errorf(RecursionError, "maximum recursion depth exceeded while calling a Python object").
			WithHint("a special method (__repr__, __eq__, __hash__, ...) calls itself through an operation on the object")
	}
	s.hookNest++
	defer func() { s.hookNest-- }()
	return f(s.hookFrame())
}

// sessionOf returns the session of the class of v.
func sessionOf(v Value) *Session {
	var s *Session
	switch x := v.(type) {
	case *Instance:
		s = x.cls.sess
	case *UserClass:
		s = x.sess
	case *superValue:
		s = x.cls.sess
	}
	if s == nil {
		s = NewSession(IO{})
	}
	return s
}

// AttrNames lists the instance's attributes and its classes', for dir()
// and completion.
func (x *Instance) AttrNames() []string {
	seen := map[string]bool{}
	for _, n := range x.ownNames() {
		seen[n] = true
	}
	for _, k := range x.cls.mro() {
		for _, n := range k.names {
			seen[n] = true
		}
	}
	if b := x.cls.base(); b.Names != nil {
		for _, n := range b.Names(x) {
			seen[n] = true
		}
	}
	seen["__class__"], seen["__dict__"] = true, true
	return sortedKeys(seen)
}

// Attr reads an attribute from Go code (HasAttrs); errors read as absent.
func (x *Instance) Attr(name string) (Value, bool) {
	v, err := hooked(x, func(in *interp) (Value, error) { return in.instanceAttr(x, name) })
	return v, err == nil
}

// AttrNames lists the class's attributes and its bases'.
func (c *UserClass) AttrNames() []string {
	seen := map[string]bool{"__name__": true, "__qualname__": true, "__module__": true, "__bases__": true, "__base__": true, "__mro__": true, "__doc__": true, "__dict__": true}
	for _, k := range c.mro() {
		for _, n := range k.names {
			seen[n] = true
		}
	}
	return sortedKeys(seen)
}

// Attr reads a class attribute from Go code (HasAttrs).
func (c *UserClass) Attr(name string) (Value, bool) {
	v, err := hooked(c, func(in *interp) (Value, error) { return in.classAttr(c, name) })
	return v, err == nil
}

// superValue is what super() returns: attribute lookup that starts after
// cls in self's classes.
type superValue struct {
	cls  *UserClass
	self Value // an instance, or a class in a classmethod
	// of is the metaclass whose MRO the lookup walks when self is a
	// class read as an instance of its metaclass (super() in a
	// metaclass's method); nil otherwise.
	of *UserClass
}

func (*superValue) TypeName() string { return "super" }

func (s *superValue) String() string {
	return "<super: <class '" + s.cls.Name + "'>, <" + TypeName(s.self) + " object>>"
}

// selfClass is the class of super()'s second argument.
func (s *superValue) selfClass() *UserClass {
	if s.of != nil {
		return s.of
	}
	if c, ok := s.self.(*UserClass); ok {
		return c
	}
	return s.self.(*Instance).cls
}

// superFunction is the plain function super().name finds for an
// instance, which super().name(...) calls with the instance first; nil
// when the lookup finds anything else first (a native base, a property,
// a classmethod, ...) or nothing, which superAttr answers.
func superFunction(s *superValue, name string) *Function {
	if _, isInst := s.self.(*Instance); !isInst || s.of != nil {
		return nil
	}
	order := s.selfClass().mroFull
	i := 0
	for i < len(order) && order[i] != s.cls {
		i++
	}
	for _, k := range order[min(i+1, len(order)):] {
		if k.native {
			return nil
		}
		if v, ok := k.attrs[name]; ok {
			f, _ := v.(*Function)
			return f
		}
	}
	return nil
}

// superAttr is super().name: the lookup starts after cls in the MRO of
// self's class; a native base in it provides its __init__ and attributes.
func (in *interp) superAttr(s *superValue, name string) (Value, error) {
	order := s.selfClass().mroFull
	i := 0
	for i < len(order) && order[i] != s.cls {
		i++
	}
	x, isInst := s.self.(*Instance)
	for _, k := range order[min(i+1, len(order)):] {
		if k.native {
			b := k.base()
			if name == "__init__" && isInst {
				return nativeInit(b, x), nil
			}
			if m, ok := b.methods()[name]; ok {
				if name == "__new__" {
					return m, nil // a staticmethod
				}
				return bindClassAttr(m, s.self, s.selfClass()), nil
			}
			if isInst && b.Attr != nil {
				if v, ok, err := b.Attr(x, name); ok || err != nil {
					return v, err
				}
			}
			continue
		}
		v, ok := k.attrs[name]
		if !ok {
			continue
		}
		if p, isProp := v.(*propertyValue); isProp && p.fget != nil && isInst {
			return in.call(p.fget, []Value{s.self}, nil, nil, in.stmtNode())
		}
		if !isInst && s.of == nil {
			if f, ok := v.(*Function); ok {
				return f, nil // super().f in a classmethod: the plain function
			}
		}
		return bindClassAttr(v, s.self, s.selfClass()), nil
	}
	if m, ok := nativeSpecial(s.selfClass(), name); ok && isInst { // super().__str__() in an exception
		return &userMethod{self: s.self, fn: m}, nil
	}
	if m, ok := objectAttrOf(name); ok { // super().__repr__(), super().__setattr__(n, v)
		if name == "__new__" {
			return m, nil // a staticmethod
		}
		return &userMethod{self: s.self, fn: m}, nil
	}
	return nil, Errorf(AttributeError, "'super' object has no attribute '%s'", name)
}

// nativeInit is the __init__ of the native base b (object's when b has
// none) bound to x, as super().__init__ reads it.
func nativeInit(b *NativeBase, x *Instance) Value {
	return &Builtin{Name: "__init__", Sig: "__init__(*args, **kwargs)", acceptsKeywords: true,
		parsed: paramList(param{name: "args", variadic: true}), fn: func(a *Args) (Value, error) {
			pos := a.Value("args").(Tuple)
			kwNames, kwVals := a.kwNames, a.kwVals
			if b.Init != nil {
				return None, b.Init(x, pos, kwNames, kwVals)
			}
			if len(pos)+len(kwNames) > 0 {
				return nil, Errorf(TypeError, "object.__init__() takes exactly one argument (the instance to initialize)")
			}
			return None, nil
		}}
}

// newSuper is super(cls, obj), checking that obj is an instance or
// subclass of cls.
func newSuper(cls, obj Value) (*superValue, error) {
	c, ok := cls.(*UserClass)
	if !ok {
		return nil, Errorf(TypeError, "super() argument 1 must be a class of a class statement, not %s", TypeName(cls))
	}
	switch x := obj.(type) {
	case *Instance:
		if x.cls.derivesFrom(c) {
			return &superValue{cls: c, self: x}, nil
		}
	case *UserClass:
		if x.derivesFrom(c) {
			return &superValue{cls: c, self: x}, nil
		}
		if x.meta != nil && x.meta.derivesFrom(c) {
			return &superValue{cls: c, self: x, of: x.meta}, nil
		}
	}
	return nil, Errorf(TypeError, "super(type, obj): obj must be an instance or subtype of type")
}

// callUser calls a class (making an instance), a bound method or an
// instance (__call__, or its builtin base's call: an nn.Module runs
// forward).
func (in *interp) callUser(fn Value, pos []Value, kwNames []string, kwVals []Value, at syntax.Node) (Value, error) {
	switch f := fn.(type) {
	case *UserClass:
		return in.instantiate(f, pos, kwNames, kwVals, at)
	case *userMethod:
		args := make([]Value, 0, len(pos)+1)
		args = append(append(args, f.self), pos...)
		return in.call(f.fn, args, kwNames, kwVals, at)
	case *Instance:
		if c, _, ok := f.cls.lookup("__call__"); ok {
			return in.callMethod(c, f, f.cls, pos, kwNames, kwVals, at)
		}
		if b := f.cls.base(); b.Call != nil {
			if v, ok, err := b.Call(Thread{in, at}, f, pos, kwNames, kwVals); ok || err != nil {
				return v, err
			}
		}
		return nil, Errorf(TypeError, "'%s' object is not callable", f.cls.Name).
			WithHint("define __call__(self, ...) in class %s to call its objects", f.cls.Name)
	}
	return nil, Errorf(TypeError, "'%s' object is not callable", TypeName(fn))
}

// instantiate is C(...): the metaclass's __call__ when it defines one,
// else typeCall.
func (in *interp) instantiate(c *UserClass, pos []Value, kwNames []string, kwVals []Value, at syntax.Node) (Value, error) {
	if c.meta != nil {
		if call, ok := c.meta.userAttr("__call__"); ok {
			return in.callMethod(call, c, c.meta, pos, kwNames, kwVals, at)
		}
	}
	return in.typeCall(c, pos, kwNames, kwVals, at)
}

// typeCall is type.__call__(C, ...): for a metaclass a new class
// (metaCall), else a new instance made by C's __new__ (object's by
// default) and set up by __init__ when it is an instance of C.
func (in *interp) typeCall(c *UserClass, pos []Value, kwNames []string, kwVals []Value, at syntax.Node) (Value, error) {
	if c.isMeta() {
		return in.metaCall(c, pos, kwNames, kwVals, at)
	}
	if h := c.classHooks(); h != nil && h.Call != nil {
		if v, ok, err := h.Call(c, pos, kwNames, kwVals); ok || err != nil {
			return v, err
		}
	}
	if err := c.instantiateGuards(); err != nil {
		return nil, err
	}
	newFn, ownNew := c.userNew()
	var x *Instance
	if ownNew {
		args := make([]Value, 0, len(pos)+1)
		r, err := in.call(newFn, append(append(args, c), pos...), kwNames, kwVals, at)
		if err != nil {
			return nil, err
		}
		made, isInst := r.(*Instance)
		if !isInst || !made.cls.derivesFrom(c) {
			return r, nil // not an instance of C: __init__ does not run
		}
		x = made
	} else if vn := c.base().valueNew; vn != nil {
		var err error
		if x, err = vn(in, c, pos, kwNames, kwVals); err != nil { // int.__new__(C, *args)
			return nil, err
		}
	} else {
		var err error
		if x, err = c.allocate(nil); err != nil { // initInstance keeps the arguments, once
			return nil, err
		}
		if na := c.base().NewArgs; na != nil {
			if err := na(x, pos); err != nil {
				return nil, err
			}
		}
	}
	return in.initInstance(x.cls, x, ownNew, pos, kwNames, kwVals, at)
}

// initInstance runs the __init__ of c on x, made by c's __new__ (ownNew:
// a class statement's; the arguments are then its business).
func (in *interp) initInstance(c *UserClass, x *Instance, ownNew bool, pos []Value, kwNames []string, kwVals []Value, at syntax.Node) (Value, error) {
	b := c.base()
	// BaseException.__new__ keeps the arguments, for an __init__ of a
	// class statement that does not call BaseException's (whose own
	// __init__ sets them again, so typeCall's allocate(nil) left them out).
	// A class's own __new__ made x as it chose: nothing to keep then.
	keepArgs := func() {
		if st, isExc := x.Native().(*excState); isExc && !ownNew && !isOSError(x) { // OSError.__new__'s are osNew's
			st.setArgs(pos)
		}
	}
	for _, k := range c.mroFull {
		if k.native {
			if k.base().Init != nil {
				return x, b.Init(x, pos, kwNames, kwVals)
			}
			continue
		}
		init, ok := k.attrs["__init__"]
		if !ok {
			continue
		}
		keepArgs()
		r, err := in.callMethod(init, x, c, pos, kwNames, kwVals, at)
		if err != nil {
			return nil, err
		}
		if _, none := r.(NoneType); !none {
			return nil, Errorf(TypeError, "__init__() should return None, not '%s'", TypeName(r))
		}
		return x, nil
	}
	if len(pos)+len(kwNames) > 0 && !ownNew {
		return nil, Errorf(TypeError, "%s() takes no arguments", c.Name).
			WithHint("define __init__(self, ...) in class %s to take arguments", c.Name)
	}
	keepArgs()
	return x, nil
}

// methodCall calls x.name(args...) on an instance without making a bound
// method when name is a plain function of its class.
func (in *interp) instanceMethodCall(x *Instance, name string, args []Value, at syntax.Node) (Value, bool, error) {
	if err := x.enterAttrContext(); err != nil {
		return nil, true, err
	}
	if _, own := x.get(name); own {
		return nil, false, nil
	}
	v, _, ok := x.cls.lookup(name)
	if _, isFn := v.(*Function); !ok || !isFn {
		return nil, false, nil
	}
	r, err := in.callMethod(v, x, x.cls, args, nil, nil, at)
	return r, true, err
}

// userDecorators are the builtins that wrap a class's functions.
func init() {
	NewBuiltin(AsFunc, "staticmethod(function)", "Marks a function of a class as a static method: called through the class or an instance without self (@staticmethod above its def).", func(a *Args) (Value, error) {
		return &staticMethod{fn: a.Value("function")}, nil
	})
	NewBuiltin(AsFunc, "classmethod(function)", "Marks a function of a class as a class method: its first parameter receives the class (@classmethod above its def; alternative constructors).", func(a *Args) (Value, error) {
		return &classMethod{fn: a.Value("function")}, nil
	})
	NewBuiltin(AsFunc, "property(fget=None, fset=None, fdel=None, doc=None)", "An attribute computed by a method: @property above def area(self): makes obj.area call it; @area.setter above def area(self, value): runs on obj.area = value, @area.deleter on del obj.area.", func(a *Args) (Value, error) {
		return newPropertyValue(a), nil
	})
	NewBuiltin(AsFunc, "super(*args)", "The base classes' version of an attribute: super().__init__() in a method calls the base class's __init__ on self. super(Cls, obj) starts the lookup after Cls.", func(a *Args) (Value, error) {
		args := a.Value("args").(Tuple)
		switch len(args) {
		case 0:
			return nil, Errorf(RuntimeError, "super(): no arguments").
				WithHint("super() without arguments works directly inside a method of a class; elsewhere write super(Cls, obj)")
		case 2:
			return newSuper(args[0], args[1])
		}
		return nil, Errorf(TypeError, "kael's super() takes no arguments or two (super(Cls, obj)), not %d", len(args))
	})
	objectType = NewBuiltin(AsFunc, "object()", "The base of every class: class Net(object): is class Net:. object() is a plain object.", func(a *Args) (Value, error) {
		return &Instance{cls: objectClass}, nil
	})
	pythonClasses = append(pythonClasses, "object")
	registerDescriptorBases()
}

// objectType is the builtin object, the class every class derives from
// (objectType, kept apart for the attribute reads of
// object.__new__ and object.__setattr__ in __new__ and __init__ bodies).
var objectType *Builtin

// objectClass is the class of object() values.
var objectClass = &UserClass{Name: "object", attrs: map[string]Value{}}

// isUserValue reports whether v is an instance of a user class.
func isUserValue(v Value) bool {
	_, ok := v.(*Instance)
	return ok
}

// hasOwn reports whether x's classes define name.
func (x *Instance) HasOwn(name string) bool {
	_, _, ok := x.cls.lookup(name)
	return ok
}

// SetAttr runs x.name = v from Go code (setattr, assignment statements).
func (x *Instance) SetAttr(name string, v Value) error {
	_, err := hooked(x, func(in *interp) (Value, error) { return nil, in.setInstanceAttr(x, name, v) })
	return err
}

// SetAttr runs C.name = v: class attributes can be set and added, except
// the ones classAttr makes up from the class itself, which an entry in the
// class's namespace would shadow without changing the class.
func (c *UserClass) SetAttr(name string, v Value) error {
	switch name {
	case "__class__", "__dict__", "__name__", "__qualname__", "__bases__", "__base__", "__mro__":
		return Errorf(AttributeError, "kael does not let '%s' of a class be assigned", name)
	}
	c.set(name, v)
	return nil
}

// DelAttr runs del C.name, which removes the class's own attribute (a
// base's stays, as in CPython, where deleting one the class lacks is an
// AttributeError even when a base has it).
func (c *UserClass) DelAttr(name string) (func() error, error) {
	switch name {
	case "__class__", "__dict__", "__name__", "__qualname__", "__bases__", "__base__", "__mro__":
		return nil, Errorf(AttributeError, "kael does not let '%s' of a class be deleted", name)
	}
	if _, ok := c.attrs[name]; !ok {
		return nil, Errorf(AttributeError, "type object '%s' has no attribute '%s'", c.Name, name)
	}
	return func() error {
		delete(c.attrs, name)
		c.names = slices.DeleteFunc(c.names, func(n string) bool { return n == name })
		// __slots__ checked at class creation (c.slots) keeps restricting
		// the instances after del C.__slots__, as CPython's layout does.
		c.attrHooks = c.guard != nil || c.attrCtx != nil || c.slots != nil
		for n, v := range c.attrs {
			if needsAttrHooks(n, v) {
				c.attrHooks = true
				break
			}
		}
		classChanged()
		return nil
	}, nil
}

// peek reads an attribute without running code of the program: the
// instance's own, its classes' (methods bound), its builtin base's
// registry; never a property or __getattr__. Completion and inspection
// follow chains with it.
func (x *Instance) peek(name string) (Value, bool) {
	if v, ok := x.get(name); ok {
		return v, true
	}
	if v, _, ok := x.cls.lookup(name); ok {
		if _, isProp := v.(*propertyValue); isProp {
			return nil, false
		}
		if _, isDesc := v.(Descriptor); isDesc { // may run code, as a property
			return nil, false
		}
		return bindClassAttr(v, x, x.cls), true
	}
	if b := x.cls.base(); b.Attr != nil {
		if v, ok, err := b.Attr(x, name); ok && err == nil {
			return v, true
		}
	}
	return nil, false
}

// userHelp is help() of a class (its docstring, __init__'s signature and
// its methods) or of a bound method (its function's).
func userHelp(v Value) string {
	switch x := v.(type) {
	case *userMethod:
		if f, ok := x.fn.(*Function); ok {
			text, _ := helpText(f)
			return strings.Replace(text, f.Name+"(", f.qualifiedName()+"(", 1)
		}
		text, _ := helpText(x.fn)
		return text
	case *UserClass:
		var b strings.Builder
		b.WriteString("class " + x.Name)
		if base := x.baseValue(); base != objectType {
			b.WriteString("(" + shortClassName(ClassOf(base)+userClassName(base)) + ")")
		}
		if doc, ok := x.attrs["__doc__"].(string); ok {
			b.WriteString("\n    " + doc)
		}
		if init, ok := x.attrs["__init__"].(*Function); ok {
			b.WriteString("\n" + x.Name + strings.TrimPrefix(init.signatureText(), init.Name))
		}
		var methods []string
		for _, k := range x.mro() {
			for _, n := range k.names {
				if _, isFn := methodFunction(k.attrs[n]); isFn || Callable(k.attrs[n]) {
					methods = append(methods, n)
				}
			}
		}
		if len(methods) > 0 {
			b.WriteString("\nmethods: " + strings.Join(methods, ", "))
		}
		return b.String()
	}
	return ""
}

// userClassName is the name of a user class, "" for other values.
func userClassName(v Value) string {
	if c, ok := v.(*UserClass); ok {
		return c.Name
	}
	return ""
}
