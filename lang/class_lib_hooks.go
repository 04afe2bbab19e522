package lang

// Hooks for libraries that make or change classes from Go code, as
// Python's class decorators do (dataclasses, functools.total_ordering):
// read a class's own namespace, give it methods written in Go that bind
// self, and guard the assignment of its instances' attributes (a frozen
// dataclass).

// SetAttrGuard is asked before an attribute of an instance is assigned
// (del is false) or deleted (del is true); an error refuses the change.
type SetAttrGuard func(x *Instance, name string, del bool) error

// BindingSelf makes b bind as a Python function does when it is a class
// attribute read through an instance: x.m(a) calls b with x, a. It
// returns b.
func (b *Builtin) BindingSelf() *Builtin {
	b.binds = true
	return b
}

// Own returns the attribute name of c's own namespace (not its bases').
func (c *UserClass) Own(name string) (Value, bool) {
	v, ok := c.attrs[name]
	return v, ok
}

// OwnNames lists c's own attributes in the order they were set.
func (c *UserClass) OwnNames() []string { return append([]string(nil), c.names...) }

// Bases returns the classes of c's MRO made by class statements, c first.
func (c *UserClass) Bases() []*UserClass { return append([]*UserClass(nil), c.mroUser...) }

// SetGuard makes guard decide on every assignment and deletion of an
// attribute of an instance of c or of a class derived from it.
func (c *UserClass) SetGuard(guard SetAttrGuard) {
	c.guard = guard
	c.attrHooks = true // guarded assignments leave the fast path
	classChanged()
}

// guardOf returns the guard of the first class of c's MRO that has one.
func (c *UserClass) guardOf() SetAttrGuard {
	for _, k := range c.mroUser {
		if k.guard != nil {
			return k.guard
		}
	}
	return nil
}

// libraryHooks reports whether a library's guard (SetGuard) or
// attribute context (SetAttrContext) watches the attributes of c's
// instances: the inline caches then never take them.
func (c *UserClass) libraryHooks() bool {
	for _, k := range c.mroUser {
		if k.guard != nil || k.attrCtx != nil {
			return true
		}
	}
	return false
}

// AttrContext is asked before every read, assignment and deletion of an
// attribute of an instance, __dict__ included: it may exchange the
// instance's attributes for those of the context running now
// (Instance.SwapAttrs), as threading.local keeps a set for each thread.
// An error fails the access.
type AttrContext func(x *Instance) error

// SetAttrContext makes ctx run before every attribute access of an
// instance of c or of a class derived from it.
func (c *UserClass) SetAttrContext(ctx AttrContext) {
	c.attrCtx = ctx
	c.attrHooks = true // every access leaves the fast path
	classChanged()
}

// enterAttrContext runs the AttrContext of x's classes, if any.
func (x *Instance) enterAttrContext() error {
	if !x.cls.hasAttrHooks() {
		return nil
	}
	for _, k := range x.cls.mroUser {
		if k.attrCtx != nil {
			return k.attrCtx(x)
		}
	}
	return nil
}

// InstanceAttrs holds a set of an instance's attributes away from it
// (SwapAttrs); its zero value holds none.
type InstanceAttrs struct {
	lay   *layout
	slots [instanceSlots]Value
}

// SwapAttrs exchanges x's attributes, __dict__ included, with those s
// holds; x keeps its native state.
func (x *Instance) SwapAttrs(s *InstanceAttrs) {
	x.lay, s.lay = s.lay, x.lay
	n := x.cls.inlineSlots()
	for i := range n {
		x.slots[i], s.slots[i] = s.slots[i], x.slots[i]
	}
}

// SetOwn sets x's own attribute name to v, passing by properties and
// guards, as object.__setattr__(x, name, v) does in Python.
func (x *Instance) SetOwn(name string, v Value) { x.set(name, v) }

// DeleteOwn removes the attribute name from c's own namespace, as del
// C.name does; it reports whether there was one.
func (c *UserClass) DeleteOwn(name string) bool {
	if _, ok := c.attrs[name]; !ok {
		return false
	}
	delete(c.attrs, name)
	classChanged()
	for i, n := range c.names {
		if n == name {
			c.names = append(c.names[:i], c.names[i+1:]...)
			break
		}
	}
	return true
}

// RegisterDunder declares that a library calls the special method name
// (dataclasses' __post_init__, copy's __deepcopy__), so that a class body
// may define it: the engine refuses the special methods nobody calls. A
// library calls it from init.
func RegisterDunder(name string) { supportedDunders[name] = true }

// AsPythonFunction makes b's argument errors those CPython gives for a
// call of a Python function named name ("Point.__new__() missing 1
// required positional argument: 'y'"), for the methods a library writes
// for a class (a dataclass's __init__, a named tuple's constructor). It
// returns b.
func (b *Builtin) AsPythonFunction(name string) *Builtin {
	n := builtinNames{}
	if b.names != nil {
		n = *b.names
	}
	n.pyName = name
	b.names = &n
	return b
}

// NewClass makes a class from Go code, as a class statement with an
// empty body in module would (abc.ABC): it derives from bases, or from
// object when there are none.
func NewClass(name, module string, bases ...*UserClass) (*UserClass, error) {
	c := &UserClass{Name: name, module: module, attrs: map[string]Value{}, keepsNative: true}
	if err := c.setBases(bases); err != nil {
		return nil, err
	}
	return c, nil
}

// MustNewClass is NewClass for a library's classes, made when its
// package is initialised: the class with methods (builtins that bind
// their instance, as a def in a class body does); bad bases are a bug in
// the library, so it panics.
func MustNewClass(name, module string, bases []*UserClass, methods ...*Builtin) *UserClass {
	c, err := NewClass(name, module, bases...)
	if err != nil {
		panic(err)
	}
	for _, m := range methods {
		_ = c.SetAttr(m.Name, m.BindingSelf())
	}
	return c
}

// SetInstantiateGuard makes guard decide, before an instance of c or of a
// class derived from it is made, whether it may be (abc.ABC refuses a
// class with abstract methods); it gets the class called.
func (c *UserClass) SetInstantiateGuard(guard func(cls *UserClass) error) {
	c.instGuard = guard
	classChanged()
}

// ClassHooks are what a class made in Go gives itself and the classes
// derived from it, as a metaclass would (enum.Enum: members made from the
// class body, Color(1), for c in Color, len(Color), Color['RED']). Each
// may be nil; ok false leaves the class's usual behaviour.
type ClassHooks struct {
	// Made runs when a class statement has made sub, a class derived
	// from the hooks' class, before its decorators.
	Made func(sub *UserClass) error
	// Call is cls(...).
	Call func(cls *UserClass, pos []Value, kwNames []string, kwVals []Value) (v Value, ok bool, err error)
	// Iter lists the elements of for x in cls.
	Iter func(cls *UserClass) (elems []Value, ok bool)
	// GetItem is cls[key].
	GetItem func(cls *UserClass, key Value) (v Value, ok bool, err error)
	// Contains is v in cls.
	Contains func(cls *UserClass, v Value) (found, ok bool, err error)
	// SubclassCheck is issubclass(sub, cls), and isinstance(v, cls)
	// with sub type(v), as a metaclass's __subclasscheck__ decides it
	// (abc.ABC's registered virtual subclasses); sub is a class.
	// call calls a Python function (a __subclasshook__) from the hook.
	SubclassCheck func(cls *UserClass, sub Value, call func(fn Value, args ...Value) (Value, error)) (r, ok bool, err error)
	// InstanceCheck, asked before SubclassCheck, is isinstance(v, cls)
	// decided from the value itself (collections.abc.Iterable: whether v
	// can be looped over); ok false leaves it to SubclassCheck.
	InstanceCheck func(cls *UserClass, v Value) (r, ok bool, err error)
	// Repr is repr(cls) in place of <class '...'>, as a metaclass's
	// __repr__ gives it (enum's <enum 'Color'>).
	Repr func(cls *UserClass) string
}

// Hooks returns the hooks c has: its own or its bases' (SetClassHooks),
// else its metaclass's (SetMetaHooks); nil when there are none. A
// library that gives a class hooks of its own keeps these for what it
// does not decide.
func (c *UserClass) Hooks() *ClassHooks { return c.classHooks() }

// NewClassMethod is classmethod(fn): a class attribute that binds fn to
// the class it is read through, an instance's class included.
func NewClassMethod(fn Value) Value { return &classMethod{fn: fn} }

// SetClassHooks gives c and the classes derived from it hooks.
func (c *UserClass) SetClassHooks(h *ClassHooks) {
	c.hooks = h
	classChanged()
}

// classHooks returns the hooks of the first class of c's MRO that has
// some, else those its metaclass gives (SetMetaHooks), nil when there
// are none.
func (c *UserClass) classHooks() *ClassHooks {
	for _, k := range c.mroUser {
		if k.hooks != nil {
			return k.hooks
		}
	}
	if c.meta != nil {
		for _, k := range c.meta.mroUser {
			if k.metaHooks != nil {
				return k.metaHooks
			}
		}
	}
	return nil
}

// NewMetaclass makes a metaclass from Go code, as class M(type) with an
// empty body in module would (abc.ABCMeta).
func NewMetaclass(name, module string) (*UserClass, error) {
	return NewClass(name, module, nativeNode("type"))
}

// SetMetaclass makes the metaclass m the metaclass of c, a class made
// from Go code, as metaclass=m in its class statement would: type(c) is
// m, and the classes derived from c have m too (abc.ABC).
func (c *UserClass) SetMetaclass(m *UserClass) error {
	if !m.isMeta() {
		return Errorf(TypeError, "metaclass %s does not derive from type", m.Name)
	}
	c.meta = m
	classChanged()
	return nil
}

// SetMetaHooks gives the classes that the metaclass c makes, and those
// that metaclasses derived from c make, hooks (when no class of their
// MRO has its own, SetClassHooks) and an instantiation guard (as
// SetInstantiateGuard), as a metaclass's methods written in Python would
// (abc.ABCMeta's __subclasscheck__ and its refusal of abstract classes).
func (c *UserClass) SetMetaHooks(h *ClassHooks, guard func(cls *UserClass) error) {
	c.metaHooks, c.metaGuard = h, guard
	classChanged()
}

// instantiateGuards asks the instantiation guards of c's MRO and of its
// metaclass's whether an instance of c may be made.
func (c *UserClass) instantiateGuards() error {
	for _, k := range c.mroUser {
		if k.instGuard != nil {
			if err := k.instGuard(c); err != nil {
				return err
			}
		}
	}
	if c.meta != nil {
		for _, k := range c.meta.mroUser {
			if k.metaGuard != nil {
				return k.metaGuard(c)
			}
		}
	}
	return nil
}

// classIter is the elements of for x in c, when a hook gives them.
func (c *UserClass) classIter() ([]Value, bool) {
	if h := c.classHooks(); h != nil && h.Iter != nil {
		return h.Iter(c)
	}
	return nil, false
}

// OwnAttr returns x's own attribute name (its __dict__'s entry), not
// its classes'.
func (x *Instance) OwnAttr(name string) (Value, bool) { return x.get(name) }

// BaseProvider is a class made in Go that a class statement may derive
// from through a class of the language: class P(namedtuple('P', 'x y'))
// derives from what BaseClass returns.
type BaseProvider interface {
	BaseClass() (*UserClass, error)
}

// NewProperty is property(fget): a read-only attribute of the instances
// computed by fget(self).
func NewProperty(fget Value) Value { return &propertyValue{fget: fget} }

// SetEmptySlots gives c __slots__ = (), as the classes collections.namedtuple
// makes have: a class deriving from c with __slots__ = () of its own has
// instances without a __dict__.
func (c *UserClass) SetEmptySlots() {
	c.set("__slots__", Tuple{})
	c.ownSlots = map[string]bool{}
}
