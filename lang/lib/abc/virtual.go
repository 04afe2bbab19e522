package abc

import (
	"reflect"
	"sync"

	"github.com/kael-dev/kael/lang"
)

// Virtual subclasses, as ABCMeta has them: A.register(C) makes C a
// subclass of A for issubclass and isinstance without deriving from it,
// and a class's __subclasshook__(C) may decide the question itself
// (True, False, or NotImplemented to leave it to the usual rules).
// ABCMeta's hooks (lang.ClassHooks.SubclassCheck, given by SetMetaHooks)
// answer issubclass(C, A) and isinstance(x, A) for every class A of
// metaclass ABCMeta, with the steps of CPython's
// ABCMeta.__subclasscheck__.

// abcData is a class's own registry and direct subclasses, its
// _abc_impl attribute (CPython's _abc_data), with the answers of
// __subclasscheck__ found so far: pos (_abc_cache) holds for good, neg
// (_abc_negative_cache) until the next register anywhere.
type abcData struct {
	registry   []lang.Value
	subclasses []*lang.UserClass
	pos, neg   map[lang.Value]bool
	negVersion int
}

// invalidation is ABCMeta._abc_invalidation_counter: how many classes
// were registered, which empties every negative cache. cacheMu guards it
// and the caches (ABC itself is shared by the sessions).
var (
	invalidation int
	cacheMu      sync.Mutex
)

// cached is the answer cached for sub, if any.
func (d *abcData) cached(sub lang.Value) (r, ok bool) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	if d.pos[sub] {
		return true, true
	}
	if d.negVersion != invalidation {
		d.neg, d.negVersion = nil, invalidation
	}
	return false, d.neg[sub]
}

// remember caches r as the answer for sub.
func (d *abcData) remember(sub lang.Value, r bool) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	cache := &d.neg
	if r {
		cache = &d.pos
	}
	if *cache == nil {
		*cache = map[lang.Value]bool{}
	}
	(*cache)[sub] = true
}

func (*abcData) TypeName() string { return "_abc_data" }
func (*abcData) PyRepr() string   { return "<_abc._abc_data object>" }

// dataOf is cls's own _abc_impl, made the first time.
func dataOf(cls *lang.UserClass) *abcData {
	if v, ok := cls.Own("_abc_impl"); ok {
		if d, ok := v.(*abcData); ok {
			return d
		}
	}
	d := &abcData{}
	_ = cls.SetAttr("_abc_impl", d)
	return d
}

// isClass reports whether v is a class: a class statement's or a
// builtin one.
func isClass(v lang.Value) bool {
	if _, ok := v.(*lang.UserClass); ok {
		return true
	}
	return lang.ClassOf(v) != ""
}

// subclassCheck is ABCMeta.__subclasscheck__(cls, sub): the answer
// cached, else found and cached, as CPython's.
func subclassCheck(cls *lang.UserClass, sub lang.Value, call func(fn lang.Value, args ...lang.Value) (lang.Value, error)) (bool, bool, error) {
	if !isClass(sub) {
		return false, true, lang.Errorf(lang.TypeError, "issubclass() arg 1 must be a class")
	}
	d := dataOf(cls)
	cacheable := reflect.TypeOf(sub).Comparable()
	if cacheable {
		if r, ok := d.cached(sub); ok {
			return r, true, nil
		}
	}
	r, err := findSubclass(cls, d, sub, call)
	if err == nil && cacheable {
		d.remember(sub, r)
	}
	return r, true, err
}

// findSubclass is __subclasscheck__'s search: the hook, the MRO, the
// registry, then the subclasses.
func findSubclass(cls *lang.UserClass, d *abcData, sub lang.Value, call func(fn lang.Value, args ...lang.Value) (lang.Value, error)) (bool, error) {
	if hook, ok := cls.Attr("__subclasshook__"); ok {
		r, err := call(hook, sub)
		if err != nil {
			return false, err
		}
		if r != lang.NotImplemented {
			return lang.Truth(r)
		}
	}
	if u, ok := sub.(*lang.UserClass); ok {
		for _, k := range u.Bases() {
			if k == cls {
				return true, nil
			}
		}
	}
	for _, r := range d.registry {
		if ok, err := lang.IsSubclass(sub, r); err != nil || ok {
			return ok, err
		}
	}
	for _, r := range d.subclasses {
		if ok, err := lang.IsSubclass(sub, r); err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

// made records sub as a direct subclass of its bases of metaclass
// ABCMeta (for __subclasscheck__'s last step) and gives it
// __abstractmethods__, the names of its abstract methods, as
// ABCMeta.__new__ does.
func made(sub *lang.UserClass) error {
	names := abstractNames(sub)
	elems := make([]lang.Value, len(names))
	for i, n := range names {
		elems[i] = n
	}
	set, err := lang.NewSet(elems, true)
	if err != nil {
		return err
	}
	if err := sub.SetAttr("__abstractmethods__", set); err != nil {
		return err
	}
	bases, _ := sub.Attr("__bases__")
	t, _ := bases.(lang.Tuple)
	for _, b := range t {
		if u, ok := b.(*lang.UserClass); ok && u != sub && isABC(u) {
			d := dataOf(u)
			d.subclasses = append(d.subclasses, sub)
		}
	}
	return nil
}

// isABC reports whether c's metaclass is ABCMeta or derives from it.
func isABC(c *lang.UserClass) bool {
	m, ok := lang.TypeOf(c).(*lang.UserClass)
	if !ok {
		return false
	}
	for _, k := range m.Bases() {
		if k == abcMeta {
			return true
		}
	}
	return false
}

// register is ABCMeta.register: a method of the metaclass, so
// C.register(V) for a class C of metaclass ABCMeta.
var register = lang.NewBuiltin(lang.AsValue, "register(cls, subclass)",
	"Registers subclass as a virtual subclass of cls: issubclass(subclass, cls) and isinstance of subclass's instances hold without deriving from cls. Returns subclass, so that it decorates a class.",
	func(a *lang.Args) (lang.Value, error) {
		cls, ok := a.Value("cls").(*lang.UserClass)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "register() must be called on an ABC class")
		}
		sub := a.Value("subclass")
		if !isClass(sub) {
			return nil, lang.Errorf(lang.TypeError, "Can only register classes")
		}
		if ok, err := lang.IsSubclass(sub, cls); err != nil || ok {
			return sub, err // already a subclass
		}
		if ok, err := lang.IsSubclass(cls, sub); err != nil {
			return nil, err
		} else if ok {
			return nil, lang.Errorf(lang.RuntimeError, "Refusing to create an inheritance cycle")
		}
		d := dataOf(cls)
		d.registry = append(d.registry, sub)
		cacheMu.Lock()
		invalidation++
		cacheMu.Unlock()
		return sub, nil
	})

// subclassHook is ABC's default __subclasshook__: NotImplemented, which
// leaves the question to the registry and the MRO.
var subclassHook = lang.NewBuiltin(lang.AsValue, "__subclasshook__(cls, subclass)",
	"Decides issubclass(subclass, cls) for an ABC: True, False, or NotImplemented (the default) to leave it to the usual rules; a subclass overrides it as a classmethod.",
	func(a *lang.Args) (lang.Value, error) { return lang.NotImplemented, nil })

// deprecatedForm is abstractclassmethod, abstractstaticmethod or
// abstractproperty: the decorator named wrap over a function marked
// abstract, as CPython's deprecated forms are.
func deprecatedForm(name, wrap string) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, name+"(callable)",
		"Deprecated: "+wrap+"(abstractmethod(callable)), which a subclass of ABC must override.",
		func(a *lang.Args) (lang.Value, error) {
			f := a.Value("callable")
			if f != nil && reflect.TypeOf(f).Comparable() {
				abstract.Store(f, true)
			}
			w, _ := lang.LookupBuiltin(wrap)
			return a.Call(w, f)
		})
}

// getCacheToken is abc.get_cache_token: the count of registrations,
// which changes whenever a register may change an isinstance answer.
var getCacheToken = lang.NewBuiltin(lang.AsValue, "get_cache_token()",
	"A token that changes with every ABCMeta.register anywhere (the count of them): a cache of isinstance answers keyed by it stays valid while it is equal.",
	func(a *lang.Args) (lang.Value, error) {
		cacheMu.Lock()
		defer cacheMu.Unlock()
		return int64(invalidation), nil
	})

// updateAbstractmethods is abc.update_abstractmethods: recomputes the
// __abstractmethods__ of a class of metaclass ABCMeta after methods were
// set on it (a class decorator may); other classes are returned as they
// are.
var updateAbstractmethods = lang.NewBuiltin(lang.AsValue, "update_abstractmethods(cls)",
	"Recomputes cls.__abstractmethods__ after its methods changed (as a class decorator that adds methods calls it) and returns cls; a class that is not an ABC is returned unchanged.",
	func(a *lang.Args) (lang.Value, error) {
		cls, ok := a.Value("cls").(*lang.UserClass)
		if !ok {
			return a.Value("cls"), nil
		}
		if _, has := cls.Lookup("__abstractmethods__"); !has {
			return cls, nil
		}
		names := abstractNames(cls)
		elems := make([]lang.Value, len(names))
		for i, n := range names {
			elems[i] = n
		}
		set, err := lang.NewSet(elems, true)
		if err == nil {
			err = cls.SetAttr("__abstractmethods__", set)
		}
		return cls, err
	})

func init() {
	abcModule.Attrs["get_cache_token"] = getCacheToken
	abcModule.Attrs["update_abstractmethods"] = updateAbstractmethods
	abcModule.Attrs["abstractclassmethod"] = deprecatedForm("abstractclassmethod", "classmethod")
	abcModule.Attrs["abstractstaticmethod"] = deprecatedForm("abstractstaticmethod", "staticmethod")
	abcModule.Attrs["abstractproperty"] = deprecatedForm("abstractproperty", "property")
	_ = abcMeta.SetAttr("register", register.BindingSelf())
	_ = abcClass.SetAttr("__subclasshook__", lang.NewClassMethod(subclassHook))
	abcMeta.SetMetaHooks(&lang.ClassHooks{Made: made, SubclassCheck: subclassCheck}, refuseAbstract)
}
