package lang

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The values of user classes: a class made by a class statement
// (UserClass), its instances (Instance), the methods bound to them
// (userMethod) and the wrappers that staticmethod, classmethod and
// property make. compile_class.go makes classes; class_attrs.go looks
// attributes up; class_dunder.go runs the special methods (__add__,
// __len__, ...).

// UserClass is a class made by a class statement.
type UserClass struct {
	Name string
	// bases are the classes of the class statement's parentheses, native
	// bases as their marker classes (nativeNode); mroFull is the method
	// resolution order (class_mro.go), mroUser its classes of class
	// statements, which attribute lookup walks.
	bases, mroFull, mroUser []*UserClass
	// nativeBase is the native base at the root of the MRO: "" for
	// object, or a name from nativeBases (torch.nn.Module, ...).
	nativeBase string
	// qualname is C.In for a class defined in class C's body; "" for
	// the others, whose __qualname__ is their name.
	qualname string
	// native marks the marker class of a native base or object in an MRO.
	native   bool
	names    []string // the class attributes, in definition order
	attrs    map[string]Value
	sess     *Session    // the session that made it, for special methods called from Go code
	rootBase *NativeBase // what base() returns, once asked
	// keepsNative marks a class whose instances keep a native state
	// (Instance.Native): one with a native base, one made in Go
	// (NewClass) and their subclasses. It is set when the class is made
	// and never changes, since where an instance keeps its attributes
	// depends on it (instance_slots.go).
	keepsNative bool
	module      string // "builtins" for the built-in exceptions, "" for __main__
	// attrHooks says that a property, a descriptor, or an attribute hook
	// (__getattribute__, __setattr__, __delattr__, __slots__) was set as
	// a class attribute (hasAttrHooks).
	attrHooks bool
	// excKinds are the built-in exceptions with fields of their own that
	// the class derives from (excKind), set with its MRO: constructing
	// an exception asks about each on every call.
	excKinds excKind
	// slots are the attributes an instance may have when every class of
	// its MRO defines __slots__; nil when it may have any.
	slots map[string]bool
	// ownSlots are the names of the class's own __slots__; nil without.
	ownSlots map[string]bool
	guard    SetAttrGuard // asked before an instance's attribute changes (SetGuard)
	// attrCtx is asked before an instance's attributes are read or
	// changed (SetAttrContext).
	attrCtx AttrContext
	// instGuard is asked before an instance is made (SetInstantiateGuard)
	instGuard func(cls *UserClass) error
	hooks     *ClassHooks // what a class made in Go gives its subclasses (SetClassHooks)
	// metaHooks and metaGuard are what a metaclass made in Go gives the
	// classes it makes (SetMetaHooks).
	metaHooks *ClassHooks
	metaGuard func(cls *UserClass) error
	// meta is the class's metaclass, a class derived from type; nil for
	// type itself (class_meta.go).
	meta    *UserClass
	layouts *layouts // the layouts of its instances (class_layout.go)
	// initFn is plainInit's answer for the classEpoch initEpoch.
	initFn    *Function
	initEpoch uint64
	// excPlain is findPlainExc's answer for the same epoch, hasStr
	// whether a class of the MRO has __str__ (excError asks on a raise),
	// and plainCheck whether isinstance(x, c) is only a look at x's MRO
	// (no metaclass, no library hook decides it).
	excPlain, hasStr, plainCheck bool
	// hashNone says that __hash__ is the None that defining __eq__ alone
	// set (initClass), not the body's.
	hashNone bool
}

// Instance is an object of a user class.
type Instance struct {
	cls *UserClass
	// lay has the names of the instance attributes, in assignment order
	// (class_layout.go), and slots their values (instance_slots.go):
	// objects have few, so a scan beats a map (and allocates less), and
	// compiled code caches where a name is. lay is nil while the instance
	// has no attributes, and dictLayout once the program read __dict__
	// (class_dict.go).
	lay *layout
	// slots holds the values of the attributes while lay has at most
	// cls.inlineSlots() names, so that an object with a few attributes is
	// one allocation of 80 bytes; past that, or with a __dict__, slots[0]
	// holds where they are instead. An instance of a class that keeps a
	// native state (an nn.Module's registry, an exception's arguments)
	// keeps it in slots[nativeSlot] (instance_slots.go: Native).
	slots [instanceSlots]Value
}

// userMethod is a function of a class bound to its first argument: an
// instance (a method) or a class (a classmethod).
type userMethod struct {
	self Value
	fn   Value
}

// staticMethod, classMethod and propertyValue are what the decorators
// staticmethod, classmethod and property make.
type staticMethod struct{ fn Value }
type classMethod struct{ fn Value }
type propertyValue struct {
	fget, fset, fdel, doc Value
	name                  string // set by __set_name__, for messages
}

// notImplementedType is the type of NotImplemented, which a binary special
// method returns to let the other operand try.
type notImplementedType struct{}

// NotImplemented is Python's NotImplemented.
var NotImplemented = notImplementedType{}

func (notImplementedType) TypeName() string { return "NotImplementedType" }
func (notImplementedType) String() string   { return "NotImplemented" }

// TypeName returns "type": a class is a value of type type.
func (*UserClass) TypeName() string { return "type" }

// String returns <class '__main__.Net'>, as Python prints a class of a
// script or notebook.
func (c *UserClass) String() string {
	if h := c.classHooks(); h != nil && h.Repr != nil {
		return h.Repr(c)
	}
	if c.module == "builtins" {
		return "<class '" + c.Name + "'>"
	}
	return "<class '" + c.moduleName() + "." + c.Name + "'>"
}

// HashKey makes classes usable as dict keys, by identity.
func (c *UserClass) HashKey() (string, error) { return fmt.Sprintf("class@%p", c), nil }

// lookup finds name in the class or its bases, nearest first.
func (c *UserClass) lookup(name string) (Value, *UserClass, bool) {
	for _, k := range c.mroUser {
		if v, ok := k.attrs[name]; ok {
			return v, k, true
		}
	}
	if c.nativeBase != "" { // after the classes' own, as a native base's attributes
		if v, ok := c.base().methods()[name]; ok {
			return v, nativeNode(c.nativeBase), true
		}
	}
	return nil, nil, false
}

// root returns the native base at the root of c's MRO ("" for object).
func (c *UserClass) root() string { return c.nativeBase }

// derivesFrom reports whether c is sup or a subclass of it.
func (c *UserClass) derivesFrom(sup *UserClass) bool {
	for _, k := range c.mroFull {
		if k == sup {
			return true
		}
	}
	return false
}

// mro lists c and the classes of class statements it derives from, in
// method resolution order.
func (c *UserClass) mro() []*UserClass { return c.mroUser }

// set stores a class attribute.
func (c *UserClass) set(name string, v Value) {
	if _, ok := c.attrs[name]; !ok {
		c.names = append(c.names, name)
	}
	if needsAttrHooks(name, v) {
		c.attrHooks = true
	}
	c.attrs[name] = v
	classChanged()
}

// TypeName returns the class name: errors read 'Net' object has no
// attribute 'x', as in Python.
func (x *Instance) TypeName() string { return x.cls.Name }

// get returns an instance attribute.
func (x *Instance) get(name string) (Value, bool) {
	if i := x.lay.index(name); i >= 0 {
		return *x.at(i), true
	}
	if d := x.attrDict(); d != nil {
		return dictGetStr(d, name)
	}
	return nil, false
}

// set stores an instance attribute.
func (x *Instance) set(name string, v Value) {
	if i := x.lay.index(name); i >= 0 {
		*x.at(i) = v
		return
	}
	if d := x.attrDict(); d != nil {
		_ = d.Set(name, v) // a str key
		return
	}
	x.grow(x.lay.with(x.cls, name), v)
}

// del removes an instance attribute, reporting whether it was there.
func (x *Instance) DeleteOwn(name string) bool {
	if i := x.lay.index(name); i >= 0 {
		x.reset(x.lay.without(x.cls, i), slices.Delete(slices.Clone(x.values()), i, i+1))
		return true
	}
	if d := x.attrDict(); d != nil {
		ok, _ := d.Delete(name)
		return ok
	}
	return false
}

// defaultRepr is object.__repr__: <__main__.Net object at 0x...>.
func (x *Instance) defaultRepr() string {
	if x.cls == objectClass { // object(), a sentinel: <object object at 0x...>
		return fmt.Sprintf("<object object at %#x>", ID(x))
	}
	return fmt.Sprintf("<%s.%s object at %#x>", x.cls.moduleName(), x.cls.Name, ID(x))
}

// TypeName returns "method".
func (*userMethod) TypeName() string { return "method" }

// String returns <bound method Net.forward of ...>, as Python does.
func (m *userMethod) String() string {
	name := "?"
	if f, ok := m.fn.(*Function); ok {
		name = f.qualifiedName()
	}
	return "<bound method " + name + " of " + Repr(m.self) + ">"
}

func (*staticMethod) TypeName() string  { return "staticmethod" }
func (*classMethod) TypeName() string   { return "classmethod" }
func (*propertyValue) TypeName() string { return "property" }
func (s *staticMethod) String() string  { return "<staticmethod(" + Repr(s.fn) + ")>" }
func (s *classMethod) String() string   { return "<classmethod(" + Repr(s.fn) + ")>" }
func (p *propertyValue) String() string { return fmt.Sprintf("<property object at %#x>", ID(p)) }

// Attr gives a property's decorators (@x.setter) and its functions.
func (p *propertyValue) Attr(name string) (Value, bool) {
	switch name {
	case "getter", "setter", "deleter":
		return &Builtin{Name: name, Sig: name + "(f)", parsed: paramList(param{name: "f"}), fn: func(a *Args) (Value, error) {
			return p.with(name, a.Value("f")), nil
		}}, true
	case "fget":
		return orNone(p.fget), true
	case "fset":
		return orNone(p.fset), true
	case "fdel":
		return orNone(p.fdel), true
	case "__doc__":
		return p.docValue(), true
	}
	return nil, false
}

// with is a copy of p whose getter, setter or deleter (which) is f.
func (p *propertyValue) with(which string, f Value) *propertyValue {
	q := &propertyValue{fget: p.fget, fset: p.fset, fdel: p.fdel, doc: p.doc, name: p.name}
	switch which {
	case "getter":
		q.fget = f
	case "setter":
		q.fset = f
	case "deleter":
		q.fdel = f
	}
	return q
}

// docValue is the property's __doc__: doc, else its getter's.
func (p *propertyValue) docValue() Value {
	if p.doc != nil {
		return p.doc
	}
	if h, ok := p.fget.(HasAttrs); ok {
		if d, ok := h.Attr("__doc__"); ok {
			return d
		}
	}
	return None
}

// AttrNames lists a property's attributes.
func (*propertyValue) AttrNames() []string {
	return []string{"__doc__", "deleter", "fdel", "fget", "fset", "getter", "setter"}
}

func orNone(v Value) Value {
	if v == nil {
		return None
	}
	return v
}

// qualifiedName is a function's __qualname__: Net.forward for a method.
func (f *Function) qualifiedName() string {
	if f.qualname != "" {
		return f.qualname
	}
	return f.Name
}

// hookFrame returns the frame that runs a special method called from Go
// code that has no frame of its own (Repr, equal, hashing, iteration): the
// innermost frame that called a builtin, one level deeper, so that the
// recursion limit still holds.
func (s *Session) hookFrame() *interp {
	base := s.hookIn
	if base == nil {
		in := newInterp(context.Background(), s, "", "", nil)
		in.depth = s.hookNest
		return in
	}
	// The base frame's statement too: a traceback shows the special
	// method called from there.
	in := newInterp(base.ctx, s, base.src, base.filename, nil)
	in.glob, in.info, in.stmtID, in.fnName = base.glob, base.info, base.stmtID, base.fnName
	in.depth, in.weight, in.ticks = base.depth+s.hookNest, base.weight, base.ticks
	in.back, in.standIn = base, true
	return in
}

// callHook calls fn(args...) from Go code with no frame (see hookFrame).
func (s *Session) CallHook(fn Value, args ...Value) (Value, error) {
	return s.CallHookKw(fn, args, nil, nil)
}

// CallHookKw is CallHook with keyword arguments: fn(*pos, **kw), the
// keywords' names in kwNames and their values in kwVals.
func (s *Session) CallHookKw(fn Value, pos []Value, kwNames []string, kwVals []Value) (Value, error) {
	return hookedIn(s, func(in *interp) (Value, error) {
		return in.call(fn, pos, kwNames, kwVals, in.stmtNode())
	})
}

// hookFailed records the error of a special method called where no error
// can be returned (repr, ==); the builtin or statement that called it
// raises it when it returns.
// HookFailed is hookFailed for a library's code that ran Python code
// (CallHook) where it cannot return the error, as a module's attribute
// read computed by a parametrization.
func (s *Session) HookFailed(err error) { s.hookFailed(err) }

func (s *Session) hookFailed(err error) {
	if s != nil && s.hookErr == nil {
		s.hookErr = err
	}
}

// underHooks runs f, Go code that may call special methods (a builtin,
// a dict lookup hashing a user object), with in as their frame and
// raises what they recorded with hookFailed when f returns. Afterwards
// the frame is the one before, not one that may since be reused.
func (in *interp) underHooks(f func() (Value, error)) (Value, error) {
	if in.s == nil {
		return f()
	}
	prev := in.s.hookIn
	in.s.hookIn = in
	v, err := f()
	in.s.hookIn = prev
	if in.s.hookErr != nil {
		err = in.s.takeHookErr(err)
	}
	return v, err
}

// raiseHooks returns err, or else the error a special method recorded
// with hookFailed while Go code computed an operation (an == of elements,
// a str for % or an f-string), clearing it: the operation fails with it
// rather than going on with a default value.
func (in *interp) raiseHooks(err error) error {
	if in.s != nil && in.s.hookErr != nil {
		return in.s.takeHookErr(err)
	}
	return err
}

// takeHookErr returns the recorded error of a special method, clearing
// it, or else err: the special method failed first, and what the Go code
// made of its default answer afterwards ("x is not in list") is not the
// error Python raises.
func (s *Session) takeHookErr(err error) error {
	if s.hookErr != nil {
		err = s.hookErr
	}
	s.hookErr = nil
	return err
}

// baseOf checks the value of a class statement's base: a class of a
// class statement, or the marker class of a native base (nativeNode).
func baseOf(v Value) (*UserClass, error) {
	if c, ok := v.(*UserClass); ok { // object's marker class is type(object())
		return c, nil
	}
	if name := ClassOf(v); nativeBases[name] != nil {
		return nativeNode(name), nil
	}
	if p, ok := v.(BaseProvider); ok {
		return p.BaseClass()
	}
	what := "'" + TypeName(v) + "' object"
	if name := ClassOf(v); name != "" {
		what = "the builtin class '" + name + "'"
	}
	return nil, Errorf(TypeError, "kael classes cannot derive from %s", what).
		WithHint("a class derives from another class statement's class, object, type (a metaclass), int, float, complex, str, bytes, tuple, frozenset, list, dict, set, bytearray, property, staticmethod, classmethod, an exception class, OrderedDict, defaultdict, Counter, deque, pathlib's PosixPath and PurePosixPath, a namedtuple class, argparse's Action, ArgumentParser and Namespace, datetime's date, datetime, time, timedelta and tzinfo, threading.local, nn.Module and its layers, torch.autograd.Function, torch.optim's optimizers and schedulers, a torch.distributions class, torch.Tensor, nn.Parameter or np.ndarray; hold other values as attributes (self.value = 0)")
}

// pythonArgCount is Python's "f() missing 2 required positional arguments:
// 'a' and 'b'" list of names.
func pythonNameList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + n + "'"
	}
	switch len(q) {
	case 1:
		return q[0]
	case 2:
		return q[0] + " and " + q[1]
	}
	return strings.Join(q[:len(q)-1], ", ") + ", and " + q[len(q)-1]
}

// pythonArgError is the TypeError CPython raises for a call of a user
// function with positional arguments it cannot bind: too many, or
// required ones missing (kind "positional" or "keyword-only").
func pythonTooMany(name string, params []param, given int, kwNames []string) *Error {
	lo, hi := 0, 0
	kwOnlyGiven := 0
	for _, p := range params {
		if p.kwOnly && !p.variadic && slices.Contains(kwNames, p.name) {
			kwOnlyGiven++
		}
		if p.kwOnly || p.variadic {
			continue
		}
		hi++
		if p.def == nil {
			lo++
		}
	}
	takes := fmt.Sprintf("%d positional argument", hi)
	if lo != hi {
		takes = fmt.Sprintf("from %d to %d positional argument", lo, hi)
	}
	if hi != 1 || lo != hi {
		takes += "s"
	}
	was := "were"
	if given == 1 && kwOnlyGiven == 0 {
		was = "was"
	}
	if kwOnlyGiven > 0 { // CPython's: ... but 3 positional arguments (and 1 keyword-only argument) were given
		return Errorf(TypeError, "%s() takes %s but %d %s (and %d keyword-only %s) %s given",
			name, takes, given, plural(given, "positional argument"), kwOnlyGiven, plural(kwOnlyGiven, "argument"), was)
	}
	return Errorf(TypeError, "%s() takes %s but %d %s given", name, takes, given, was)
}

// pythonMissing is CPython's error for missing arguments.
func pythonMissing(name, kind string, missing []string) *Error {
	s := ""
	if len(missing) > 1 {
		s = "s"
	}
	return Errorf(TypeError, "%s() missing %d required %s argument%s: %s", name, len(missing), kind, s, pythonNameList(missing))
}

// missingUserArgs is CPython's error for a call of a user function that
// leaves required parameters without a value, or nil.
func (s signature) missingUserArgs(given []bool) error {
	var pos, kw []string
	for j, p := range s.params {
		if given[j] || p.variadic || p.def != nil {
			continue
		}
		if p.kwOnly {
			kw = append(kw, p.name)
		} else {
			pos = append(pos, p.name)
		}
	}
	var err *Error
	switch {
	case len(pos) > 0:
		err = pythonMissing(s.name, "positional", pos)
	case len(kw) > 0:
		err = pythonMissing(s.name, "keyword-only", kw)
	default:
		return nil
	}
	return err.WithHint("the signature is %s", s.of.signatureText())
}

// NewNativeClass makes a class that derives from the native base named
// base (registered with RegisterNativeBase) without a class statement:
// the class of an autograd.Function's ctx.
func NewNativeClass(name, base string) *UserClass {
	c := &UserClass{Name: name, attrs: map[string]Value{}}
	if err := c.setBases([]*UserClass{nativeNode(base)}); err != nil {
		panic(err)
	}
	return c
}

// NewInstance makes an object of class c keeping native, its native
// base's state, without calling __init__.
func NewInstance(c *UserClass, native any) *Instance {
	x := &Instance{cls: c}
	x.SetNative(native)
	return x
}

// Class returns x's class.
func (x *Instance) Class() *UserClass { return x.cls }

// Session returns the session whose code made x's class, in which
// CallHook runs x's methods from Go code.
func (x *Instance) Session() *Session { return sessionOf(x) }

// Lookup returns the class attribute name of c or of a class it derives
// from, as the class statement set it (a function, a staticmethod).
func (c *UserClass) Lookup(name string) (Value, bool) {
	v, _, ok := c.lookup(name)
	return v, ok
}

// StaticFunction returns the function of a staticmethod (or plain
// function) name of c.
func (c *UserClass) StaticFunction(name string) (Value, bool) {
	v, _, ok := c.lookup(name)
	if !ok {
		return nil, false
	}
	if s, isStatic := v.(*staticMethod); isStatic {
		return s.fn, true
	}
	return v, true
}

// Method returns x.name for a class attribute: a function bound to x.
func (x *Instance) Method(name string) (Value, bool) {
	v, _, ok := x.cls.lookup(name)
	if !ok {
		return nil, false
	}
	if d, isDesc := v.(Descriptor); isDesc {
		r, err := d.Get(x)
		return r, err == nil
	}
	return bindClassAttr(v, x, x.cls), true
}

// Attr gives a staticmethod's function: __func__, and __call__, since a
// staticmethod is callable (Python 3.10), as a decorator applied above
// @staticmethod calls it.
func (s *staticMethod) Attr(name string) (Value, bool) {
	switch name {
	case "__func__", "__call__", "__wrapped__":
		return s.fn, true
	}
	return nil, false
}

// AttrNames lists a staticmethod's attributes.
func (*staticMethod) AttrNames() []string { return []string{"__call__", "__func__", "__wrapped__"} }

// Attr gives a classmethod's function, __func__.
func (c *classMethod) Attr(name string) (Value, bool) {
	switch name {
	case "__func__", "__wrapped__":
		return c.fn, true
	}
	return nil, false
}

// AttrNames lists a classmethod's attributes.
func (*classMethod) AttrNames() []string { return []string{"__func__", "__wrapped__"} }

// Equal is Python's == of bound methods: the same function bound to the
// very same object (o.m == o.m, although each read binds anew).
func (m *userMethod) Equal(other Value) bool {
	o, ok := other.(*userMethod)
	return ok && identical(m.self, o.self) && identical(m.fn, o.fn)
}

// HashKey hashes as Equal compares, by the object and the function.
func (m *userMethod) HashKey() (string, error) { return methodKey(m.self, m.fn), nil }

// Equal is == of a builtin's bound method: the same builtin on the same
// object ('a'.upper == 'a'.upper).
func (m *BoundMethod) Equal(other Value) bool {
	o, ok := other.(*BoundMethod)
	return ok && identical(m.Recv, o.Recv) && m.Method == o.Method
}

// HashKey hashes as Equal compares.
func (m *BoundMethod) HashKey() (string, error) { return methodKey(m.Recv, m.Method), nil }

// methodKey is the hash key of a bound method, from the identities of its
// object and its function.
func methodKey(self, fn Value) string {
	return "m" + strconv.FormatInt(ID(self), 16) + "," + strconv.FormatInt(ID(fn), 16)
}

// NativeBaseClass is the class a class statement derives from when it
// names the native base name (registered with RegisterNativeBase): what
// a BaseProvider of that base returns.
func NativeBaseClass(name string) *UserClass { return nativeNode(name) }

// NativeBaseName is the name of the native base c's chain derives from
// ("" when none).
func (c *UserClass) NativeBaseName() string { return c.nativeBase }
