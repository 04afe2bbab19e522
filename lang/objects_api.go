package lang

// What a library needs to take objects apart and put them together again
// as Python's object protocol does (pickle, copy): getattr and setattr,
// object.__new__, sets, imports by name, and exception classes of a
// module's own.

// GetAttr is getattr(v, name): an instance's attribute or method, a
// class's attribute, a module's member; an AttributeError when v has none.
func GetAttr(v Value, name string) (Value, error) { return getAttr(v, name) }

// SetAttr is setattr(v, name, value).
func SetAttr(v Value, name string, value Value) error { return setAttr(v, name, value) }

// NewObject is object.__new__(c): an object of class c whose native base
// (if any) has made its state, without calling __init__, as unpickling and
// copying make objects.
func NewObject(c *UserClass) (*Instance, error) {
	b := c.base()
	if b.Construct != nil {
		if err := b.Construct(c); err != nil {
			return nil, err
		}
	}
	x := &Instance{cls: c, lay: c.emptyLayout()} // the caches' layout for no attributes (setCached)
	if b.New != nil {
		if err := b.New(x); err != nil {
			return nil, err
		}
	}
	return x, nil
}

// NewSet makes a set (a frozenset when frozen) of elems; an unhashable
// element is a TypeError.
func NewSet(elems []Value, frozen bool) (*Set, error) {
	s := newSet(frozen)
	for _, e := range elems {
		if err := s.add(e); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Frozen reports whether s is a frozenset.
func (s *Set) Frozen() bool { return s.frozen }

// Add adds e to the set s (a set under construction, frozen or not).
func (s *Set) Add(e Value) error { return s.add(e) }

// Import is what import name gives the code calling the builtin a: a
// module of kael's or a module file beside the program.
func (a *Args) Import(name string) (*Module, error) { return a.in.importIn(name) }

// BuiltinName is the value of name in Python's builtins module: a builtin
// function or class (len, set, ValueError) or NotImplemented. A name of
// kael's beside them (zeros, float32, display) is not one, though a
// program may call it bare: LookupBuiltin finds those.
func BuiltinName(name string) (Value, bool) {
	if b, ok := builtins[name]; ok && pythonBuiltins[name] {
		return b, true
	}
	if c, ok := exceptionClasses[name]; ok {
		return c, true
	}
	if v, ok := builtinConstants[name]; ok {
		return v, true
	}
	return nil, false
}

// RegisterSpecialMethods declares special methods a library calls (pickle
// calls __reduce_ex__, __reduce__, __getstate__ and __setstate__), so that
// a class statement may define them: the engine refuses the special
// methods nothing calls, so that none is silently ignored. It must be
// called while the program initialises.
func RegisterSpecialMethods(names ...string) {
	for _, n := range names {
		supportedDunders[n] = true
	}
}

// IsGeneratorFunction reports whether v is a function whose body yields,
// so that a call makes a generator (inspect.isgeneratorfunction).
func IsGeneratorFunction(v Value) bool {
	f, ok := v.(*Function)
	return ok && f.code != nil && f.code.gen && !f.code.async
}
