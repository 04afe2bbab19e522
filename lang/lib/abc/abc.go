// Package abc is Python's abc module: ABCMeta, the metaclass of abstract
// classes, ABC, a class of metaclass ABCMeta to derive from, and
// abstractmethod, which marks the methods a subclass must define before
// it can be instantiated (CPython's TypeError otherwise). A class of
// metaclass ABCMeta (class C(metaclass=ABCMeta), class C(ABC), or a
// metaclass derived from ABCMeta) is refused while it has abstract
// methods and has ABCMeta's register and virtual subclasses.
package abc

import (
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/kael-dev/kael/lang"
)

// abstract holds the functions abstractmethod marked.
var abstract sync.Map // lang.Value (comparable) → true

func isAbstract(v lang.Value) bool {
	if v == nil || !reflect.TypeOf(v).Comparable() {
		return false
	}
	if _, ok := abstract.Load(v); ok {
		return true
	}
	// a property, staticmethod or classmethod over an abstract function
	if h, ok := v.(lang.HasAttrs); ok {
		for _, name := range []string{"fget", "__func__"} {
			if f, ok := h.Attr(name); ok && f != v && f != lang.None && isAbstract(f) {
				return true
			}
		}
	}
	return false
}

// abstractNames lists cls's methods that are still abstract, sorted.
func abstractNames(cls *lang.UserClass) []string {
	seen := map[string]bool{}
	var names []string
	for _, k := range cls.Bases() {
		for _, n := range k.OwnNames() {
			if seen[n] {
				continue
			}
			seen[n] = true
			if v, ok := cls.Lookup(n); ok && isAbstract(v) {
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	return names
}

// refuseAbstract is ABC's instantiation guard, CPython's check in
// object_new: the names in the class's own __abstractmethods__, which
// ABCMeta.__new__ computed (made) and which abc.update_abstractmethods or
// an assignment may change since; a class without one of its own is
// concrete. It reads the set, not the methods: instantiating an ABC's
// subclass (every Fraction, every collections.abc Mapping) walked the
// whole MRO before, and a method assigned to the class afterwards does not
// make it concrete, as in CPython.
func refuseAbstract(cls *lang.UserClass) error {
	v, ok := cls.Own("__abstractmethods__")
	if !ok {
		return nil
	}
	var names []string
	if err := lang.Iterate(v, func(e lang.Value) bool {
		if s, ok := e.(string); ok {
			names = append(names, s)
		}
		return true
	}); err != nil {
		return err
	}
	sort.Strings(names)
	switch len(names) {
	case 0:
		return nil
	case 1:
		return lang.Errorf(lang.TypeError, "Can't instantiate abstract class %s with abstract method %s", cls.Name, names[0])
	}
	return lang.Errorf(lang.TypeError, "Can't instantiate abstract class %s with abstract methods %s", cls.Name, strings.Join(names, ", "))
}

// abcMeta is ABCMeta: its classes get their behaviour from the hooks
// virtual.go gives it (SetMetaHooks).
var abcMeta = func() *lang.UserClass {
	m, err := lang.NewMetaclass("ABCMeta", "abc")
	if err != nil {
		panic(err)
	}
	_ = m.SetAttr("__doc__", "Metaclass for defining Abstract Base Classes (ABCs).")
	return m
}()

var abcClass = func() *lang.UserClass {
	c, err := lang.NewClass("ABC", "abc")
	if err == nil {
		err = c.SetMetaclass(abcMeta)
	}
	if err != nil {
		panic(err)
	}
	_ = c.SetAttr("__doc__", "Helper class that provides a standard way to create an ABC using\ninheritance.")
	none, _ := lang.NewSet(nil, true)
	_ = c.SetAttr("__abstractmethods__", none)
	return c
}()

var abcModule = &lang.Module{Name: "abc", Attrs: map[string]lang.Value{
	"ABC":     abcClass,
	"ABCMeta": abcMeta,
	"abstractmethod": lang.NewBuiltin(lang.AsValue, "abstractmethod(funcobj)",
		"Marks a method abstract: a class of metaclass ABCMeta (a subclass of ABC) that does not override it cannot be instantiated.",
		func(a *lang.Args) (lang.Value, error) {
			f := a.Value("funcobj")
			if f != nil && reflect.TypeOf(f).Comparable() {
				abstract.Store(f, true)
			}
			return f, nil
		}),
}}

func init() {
	lang.RegisterModule("abc", "Python's abc: ABCMeta, ABC and abstractmethod (instantiating a class with abstract methods left is a TypeError).",
		func() *lang.Module { return abcModule })
}
