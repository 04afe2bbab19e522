package collections

import (
	"slices"

	"github.com/kael-dev/kael/lang"
)

// collections.abc's classes are CPython's (abc.py, the module
// _collections_abc, which collections.abc re-exports), and each asks the
// test here of what a value can do, as CPython's registrations and
// __subclasshook__s decide isinstance and issubclass (install, from
// _abc_kinds): a list is a MutableSequence, a generator an Iterator, an
// object whose class defines __iter__ an Iterable.

// abstractClass is one of collections.abc's classes.
type abstractClass struct {
	name    string
	classes []string                // the classes registered as its subclasses
	derived []string                // collections' Python classes derived from it
	test    func(v lang.Value) bool // for values of no registered class
}

var (
	_ lang.InstanceChecker = (*abstractClass)(nil)
	_ lang.Reprer          = (*abstractClass)(nil)
	_ lang.HasAttrs        = (*abstractClass)(nil)
)

// String is the repr, as print shows it.
func (c *abstractClass) String() string { return c.PyRepr() }

// PyRepr is <class 'collections.abc.Iterable'>.
func (c *abstractClass) PyRepr() string { return "<class 'collections.abc." + c.name + "'>" }

// Attr gives __name__ and __module__.
func (c *abstractClass) Attr(name string) (lang.Value, bool) {
	switch name {
	case "__name__", "__qualname__":
		return c.name, true
	case "__module__":
		return "collections.abc", true
	}
	return nil, false
}

// AttrNames lists __name__ and __module__.
func (c *abstractClass) AttrNames() []string {
	return []string{"__module__", "__name__", "__qualname__"}
}

// InstanceCheck is isinstance(v, c).
func (c *abstractClass) InstanceCheck(v lang.Value) (bool, error) {
	for _, name := range c.classes {
		if ok, _ := lang.IsInstance(v, &lang.Class{Name: name}); ok {
			return true, nil
		}
	}
	for _, name := range c.derived {
		if derivesFrom(v, name) {
			return true, nil
		}
	}
	if c.test != nil {
		return c.test(v), nil
	}
	return false, nil
}

// derivesFrom reports whether v is an instance of collections' Python
// class name (ChainMap, UserDict, UserList, UserString, the views of
// their keys(), values() and items()) or of a subclass, which
// CPython derives from the abstract classes: its class's __mro__ has it.
func derivesFrom(v lang.Value, name string) bool {
	if !isInstanceValue(v) {
		return false
	}
	cls, err := lang.GetAttr(v, "__class__")
	if err != nil {
		return false
	}
	mro, err := lang.GetAttr(cls, "__mro__")
	if err != nil {
		return false
	}
	classes, err := lang.Collect(mro)
	if err != nil {
		return false
	}
	for _, k := range classes {
		n, _ := lang.GetAttr(k, "__name__")
		m, _ := lang.GetAttr(k, "__module__")
		if n == lang.Value(name) && m == lang.Value("collections") {
			return true
		}
	}
	return false
}

// SubclassCheck is issubclass(cls, c) for the classes registered with c,
// and for a user class, by the methods c's test asks for.
func (c *abstractClass) SubclassCheck(cls lang.Value) (bool, error) {
	if a, ok := cls.(*abstractClass); ok {
		return a == c, nil
	}
	for _, name := range c.classes {
		if ok, err := lang.IsSubclass(cls, &lang.Class{Name: name}); ok || err != nil {
			return ok, err
		}
	}
	if u, ok := cls.(*lang.UserClass); ok {
		if methods, ok := abstractMethods[c.name]; ok {
			for _, m := range methods {
				if _, has := u.Lookup(m); !has {
					return false, nil
				}
			}
			return true, nil
		}
	}
	return false, nil
}

// abstractMethods are the methods whose presence makes a user class a
// subclass of the one-trick abstract classes, as their __subclasshook__.
var abstractMethods = map[string][]string{
	"Iterable": {"__iter__"}, "Iterator": {"__iter__", "__next__"}, "Sized": {"__len__"},
	"Container": {"__contains__"}, "Collection": {"__len__", "__iter__", "__contains__"},
	"Hashable": {"__hash__"}, "Callable": {"__call__"}, "Reversible": {"__reversed__", "__iter__"},
	// The asynchronous ones: a class that defines these methods, and
	// kael's coroutines and async generators (asyncTypes).
	"Awaitable": {"__await__"}, "Coroutine": {"__await__", "send", "throw", "close"},
	"AsyncIterable": {"__aiter__"}, "AsyncIterator": {"__aiter__", "__anext__"},
	"AsyncGenerator": {"__aiter__", "__anext__", "asend", "athrow", "aclose"},
}

// asyncTypes are kael's types that are each asynchronous abstract class.
var asyncTypes = map[string][]string{
	"Awaitable":      {"coroutine", "async_generator_asend", "async_generator_athrow"},
	"Coroutine":      {"coroutine", "async_generator_asend", "async_generator_athrow"},
	"AsyncIterable":  {"async_generator"},
	"AsyncIterator":  {"async_generator"},
	"AsyncGenerator": {"async_generator"},
}

// has reports whether v, an instance of a user class, has all of methods.
func has(v lang.Value, methods ...string) bool {
	x, ok := v.(*lang.Instance)
	if !ok {
		return false
	}
	for _, m := range methods {
		if !x.HasOwn(m) {
			return false
		}
	}
	return true
}

func sized(v lang.Value) bool {
	if _, ok := v.(lang.Sized); ok {
		return !isInstanceValue(v) || has(v, "__len__")
	}
	_, err := lang.Len(v)
	return err == nil
}

func isInstanceValue(v lang.Value) bool {
	_, ok := v.(*lang.Instance)
	return ok
}

func iterator(v lang.Value) bool {
	switch lang.TypeName(v) {
	case "generator":
		return true
	}
	if _, ok := v.(*lang.Iterator); ok {
		return true
	}
	return has(v, "__iter__", "__next__")
}

func hashable(v lang.Value) bool {
	switch x := v.(type) {
	case *lang.List, *lang.Dict, *deque:
		return false
	case *lang.Set:
		return x.TypeName() == "frozenset"
	case lang.Hashable:
		_, err := x.HashKey()
		return err == nil
	}
	return true
}

var sequences = []string{"list", "tuple", "str", "range", "bytes", "collections.deque"}

// abstractKinds are the tests of collections.abc's classes, by name.
func abstractKinds() map[string]*abstractClass {
	iterable := func(v lang.Value) bool { return lang.IsIterable(v) }
	classes := []*abstractClass{
		{name: "Iterable", test: iterable},
		{name: "Iterator", test: iterator},
		{name: "Generator", test: func(v lang.Value) bool {
			// an async generator's asend and athrow awaitables are generators too
			return slices.Contains([]string{"generator", "async_generator_asend", "async_generator_athrow"}, lang.TypeName(v))
		}},
		{name: "Sized", test: sized},
		{name: "Container", classes: []string{"str", "list", "tuple", "dict", "set", "frozenset", "range", "bytes", "collections.deque"}, test: func(v lang.Value) bool { return has(v, "__contains__") }},
		{name: "Collection", classes: []string{"str", "list", "tuple", "dict", "set", "frozenset", "range", "bytes", "collections.deque"}, test: func(v lang.Value) bool { return has(v, "__len__", "__iter__", "__contains__") }},
		{name: "Reversible", classes: []string{"list", "tuple", "str", "range", "bytes", "dict", "collections.deque"}, derived: []string{"UserList", "UserString"}},
		{name: "Sequence", classes: sequences, derived: []string{"UserList", "UserString"}},
		{name: "MutableSequence", classes: []string{"list", "collections.deque"}, derived: []string{"UserList"}},
		{name: "Mapping", classes: []string{"dict", "os._Environ"}, derived: []string{"UserDict", "ChainMap"}},
		{name: "MutableMapping", classes: []string{"dict", "os._Environ"}, derived: []string{"UserDict", "ChainMap"}},
		{name: "Set", classes: []string{"set", "frozenset", "dict_keys", "dict_items"}, derived: []string{"KeysView", "ItemsView"}},
		{name: "MappingView", classes: []string{"dict_keys", "dict_values", "dict_items"}, derived: []string{"KeysView", "ValuesView", "ItemsView"}},
		{name: "KeysView", classes: []string{"dict_keys"}, derived: []string{"KeysView"}},
		{name: "ValuesView", classes: []string{"dict_values"}, derived: []string{"ValuesView"}},
		{name: "ItemsView", classes: []string{"dict_items"}, derived: []string{"ItemsView"}},
		{name: "ByteString", classes: []string{"bytes", "bytearray"}},
		{name: "MutableSet", classes: []string{"set"}},
		{name: "Callable", test: lang.Callable},
		{name: "Hashable", test: hashable},
	}
	for _, name := range []string{"Awaitable", "Coroutine", "AsyncIterable", "AsyncIterator", "AsyncGenerator"} {
		methods, types := abstractMethods[name], asyncTypes[name]
		classes = append(classes, &abstractClass{name: name, classes: types, test: func(v lang.Value) bool {
			return has(v, methods...) || slices.Contains(types, lang.TypeName(v))
		}})
	}
	kinds := map[string]*abstractClass{}
	for _, c := range classes {
		kinds[c.name] = c
	}
	return kinds
}

// install gives cls, collections.abc's class name (abc.py), hooks that
// answer isinstance(v, cls) and issubclass(C, cls) by the test of name
// first, then as ABCMeta does (registered classes, classes derived from
// cls); a class derived from cls answers as ABCMeta does.
func install(cls *lang.UserClass, kind *abstractClass) {
	prev := cls.Hooks()
	h := &lang.ClassHooks{}
	if prev != nil {
		*h = *prev
	}
	h.SubclassCheck = func(c *lang.UserClass, sub lang.Value, call func(fn lang.Value, args ...lang.Value) (lang.Value, error)) (bool, bool, error) {
		if c == cls {
			if ok, err := kind.SubclassCheck(sub); ok || err != nil {
				return ok, true, err
			}
		}
		if prev != nil && prev.SubclassCheck != nil {
			return prev.SubclassCheck(c, sub, call)
		}
		return false, false, nil
	}
	h.InstanceCheck = func(c *lang.UserClass, v lang.Value) (bool, bool, error) {
		if c == cls {
			if ok, err := kind.InstanceCheck(v); ok || err != nil {
				return ok, true, err
			}
		}
		if prev != nil && prev.InstanceCheck != nil {
			return prev.InstanceCheck(c, v)
		}
		return false, false, nil // SubclassCheck with type(v) then
	}
	cls.SetClassHooks(h)
}

// abcKindsModule is _abc_kinds: install(cls, name), which abc.py calls
// for each of its classes.
func abcKindsModule() *lang.Module {
	kinds := abstractKinds()
	return &lang.Module{Name: "_abc_kinds", Attrs: map[string]lang.Value{
		"install": lang.NewBuiltin(lang.AsValue, "install(cls, name)", "Makes isinstance and issubclass with cls, collections.abc's class name, ask kael's test of what a value can do first.", func(a *lang.Args) (lang.Value, error) {
			cls, ok := a.Value("cls").(*lang.UserClass)
			name := a.Str("name")
			if err := a.Err(); err != nil {
				return nil, err
			}
			kind, known := kinds[name]
			if !ok || !known {
				return nil, lang.Errorf(lang.TypeError, "install() takes one of collections.abc's classes and its name")
			}
			install(cls, kind)
			return lang.None, nil
		}),
	}}
}
