package collections

import (
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// defaultdict and OrderedDict: dicts whose missing key calls a factory,
// and dicts whose order counts in == and can be changed.

// defaultState is a defaultdict's state: its factory, and the session
// that calls it.
type defaultState struct {
	factory lang.Value // None for none
	sess    *lang.Session
}

// defaultdictKind is defaultdict's; defDicts gives it its behaviour.
var defaultdictKind = &lang.DictKind{Name: "defaultdict", Class: "collections.defaultdict"}

func newDefaultdict(st *defaultState) *lang.Dict {
	return lang.NewDictOf(defaultdictKind, &defaultState{factory: st.factory, sess: st.sess})
}

// plainRepr is a dict's repr, {k: v, ...}.
func plainRepr(d *lang.Dict, elem func(lang.Value) string) string {
	parts := make([]string, d.Len())
	for i, k := range d.Keys() {
		v, _, _ := d.Get(k)
		parts[i] = elem(k) + ": " + elem(v)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// unionOf is d | other (other | d when reflected) for a dict subclass:
// a new dict of make's kind with both entries, the right side winning.
func unionOf(op syntax.Token, d *lang.Dict, other lang.Value, reflected bool, make func() *lang.Dict) (lang.Value, bool, error) {
	o, ok := other.(*lang.Dict)
	if op != syntax.PIPE || !ok {
		return nil, false, nil
	}
	out := make()
	first, second := d, o
	if reflected {
		first, second = o, d
	}
	copyDict(first, out)
	copyDict(second, out)
	return out, true, nil
}

// fillDict adds what dict(*args, **kwargs) would hold to d.
func fillDict(a *lang.Args, d *lang.Dict, args lang.Tuple) error {
	if len(args) > 1 {
		return lang.Errorf(lang.TypeError, "%s expected at most 1 argument, got %d", d.Kind().Name, len(args))
	}
	names, vals := a.Keywords()
	if len(args) == 0 && len(names) == 0 {
		return nil
	}
	dictClass, _ := lang.LookupBuiltin("dict")
	src, err := a.CallKw(dictClass, args, names, vals)
	if err != nil {
		return err
	}
	copyDict(src.(*lang.Dict), d)
	return nil
}

// defaultdictClass is collections.defaultdict(default_factory=None, /,
// *args, **kwargs).
var defaultdictClass = lang.NewBuiltin(lang.AsValue, "defaultdict(default_factory=None, *args)",
	"A dict whose missing key d[k] is set to default_factory() first: defaultdict(list) collects lists.",
	func(a *lang.Args) (lang.Value, error) {
		f := a.Value("default_factory")
		if f != lang.None && !lang.Callable(f) {
			return nil, lang.Errorf(lang.TypeError, "first argument must be callable or None")
		}
		d := newDefaultdict(&defaultState{factory: f, sess: a.Session()})
		args, _ := a.Value("args").(lang.Tuple)
		return d, fillDict(a, d, args)
	}).CollectKeywords()

// orderedKind is OrderedDict's; defDicts gives it its behaviour.
var orderedKind = &lang.DictKind{Name: "OrderedDict", Class: "collections.OrderedDict", Mutated: "OrderedDict mutated during iteration"}

func newOrdered() *lang.Dict { return lang.NewDictOf(orderedKind, nil) }

// NewOrderedDict returns an empty collections.OrderedDict, for libraries
// whose results are OrderedDicts in Python (torch's state_dict()).
func NewOrderedDict() *lang.Dict { return newOrdered() }

// orderedClass is collections.OrderedDict(mapping_or_iterable=(), /, **kwargs).
var orderedClass = lang.NewBuiltin(lang.AsValue, "OrderedDict(*args)",
	"A dict that remembers insertion order in ==, with move_to_end and popitem(last=).",
	func(a *lang.Args) (lang.Value, error) {
		d := newOrdered()
		args, _ := a.Value("args").(lang.Tuple)
		return d, fillDict(a, d, args)
	}).CollectKeywords()

func kindSelf(a *lang.Args, kind *lang.DictKind, method string) (*lang.Dict, error) {
	d, ok := a.Value("self").(*lang.Dict)
	if !ok || d.Kind() != kind {
		return nil, lang.Errorf(lang.TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", method, kind.Name, lang.TypeName(a.Value("self")))
	}
	return d, nil
}

func defDicts() {
	defaultdictKind.Missing = func(d *lang.Dict, key lang.Value) (lang.Value, error) {
		st := d.State().(*defaultState)
		if st.factory == lang.None {
			return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(key))
		}
		v, err := st.sess.CallHook(st.factory)
		if err != nil {
			return nil, err
		}
		return v, d.Set(key, v)
	}
	defaultdictKind.Reduce = func(d *lang.Dict) (lang.Tuple, bool) {
		if f := d.State().(*defaultState).factory; f != lang.None {
			return lang.Tuple{f}, true
		}
		return lang.Tuple{}, true
	}
	defaultdictKind.Repr = func(d *lang.Dict, elem func(lang.Value) string) string {
		return "defaultdict(" + elem(d.State().(*defaultState).factory) + ", " + plainRepr(d, elem) + ")"
	}
	defaultdictKind.Attr = func(d *lang.Dict, name string) (lang.Value, bool) {
		if name == "default_factory" {
			return d.State().(*defaultState).factory, true
		}
		return nil, false
	}
	defaultdictKind.SetAttr = func(d *lang.Dict, name string, v lang.Value) (bool, error) {
		if name != "default_factory" {
			return false, nil
		}
		if v != lang.None && !lang.Callable(v) {
			return true, lang.Errorf(lang.TypeError, "first argument must be callable or None")
		}
		d.State().(*defaultState).factory = v
		return true, nil
	}
	defaultdictKind.AttrNames = []string{"default_factory"}
	defaultdictKind.CopyState = func(state lang.Value) lang.Value {
		st := state.(*defaultState)
		return &defaultState{factory: st.factory, sess: st.sess}
	}
	defaultdictKind.Binary = func(op syntax.Token, d *lang.Dict, other lang.Value, reflected bool) (lang.Value, bool, error) {
		return unionOf(op, d, other, reflected, func() *lang.Dict { return newDefaultdict(d.State().(*defaultState)) })
	}
	orderedKind.Repr = func(d *lang.Dict, elem func(lang.Value) string) string {
		if d.Len() == 0 {
			return "OrderedDict()"
		}
		parts := make([]string, d.Len())
		for i, k := range d.Keys() {
			v, _, _ := d.Get(k)
			parts[i] = "(" + elem(k) + ", " + elem(v) + ")"
		}
		return "OrderedDict([" + strings.Join(parts, ", ") + "])"
	}
	orderedKind.Equal = func(d *lang.Dict, other lang.Value) (bool, bool) {
		o, ok := other.(*lang.Dict)
		if !ok || o.Kind() != d.Kind() {
			return false, false
		}
		if d.Len() != o.Len() {
			return false, true
		}
		ok1, ok2 := d.Keys(), o.Keys()
		for i := range ok1 {
			if !lang.Equal(ok1[i], ok2[i]) {
				return false, true
			}
		}
		return lang.Equal(copyDict(d, lang.NewDict()), copyDict(o, lang.NewDict())), true
	}
	orderedKind.Binary = func(op syntax.Token, d *lang.Dict, other lang.Value, reflected bool) (lang.Value, bool, error) {
		return unionOf(op, d, other, reflected, newOrdered)
	}
	lang.RegisterClass(defaultdictClass, "collections.defaultdict")
	lang.RegisterGenericClass("collections.defaultdict")
	lang.RegisterSubclass("collections.defaultdict", "dict")
	lang.RegisterClass(orderedClass, "collections.OrderedDict")
	lang.RegisterGenericClass("collections.OrderedDict")
	lang.RegisterSubclass("collections.OrderedDict", "dict")
	lang.RegisterTypeMethod("defaultdict", lang.NewBuiltin(lang.AsValue, "copy(self)", "A new defaultdict with the same factory and entries.",
		func(a *lang.Args) (lang.Value, error) {
			d, err := kindSelf(a, defaultdictKind, "copy")
			if err != nil {
				return nil, err
			}
			return copyDict(d, newDefaultdict(d.State().(*defaultState))), nil
		}))
	lang.RegisterTypeMethod("OrderedDict", lang.NewBuiltin(lang.AsValue, "copy(self)", "A new OrderedDict with the same entries.",
		func(a *lang.Args) (lang.Value, error) {
			d, err := kindSelf(a, orderedKind, "copy")
			if err != nil {
				return nil, err
			}
			return copyDict(d, newOrdered()), nil
		}))
	lang.RegisterTypeMethod("OrderedDict", lang.NewBuiltin(lang.AsValue, "move_to_end(self, key, last=True)", "Moves key to the end (or, last=False, to the start); a KeyError when it is missing.",
		func(a *lang.Args) (lang.Value, error) {
			d, err := kindSelf(a, orderedKind, "move_to_end")
			if err != nil {
				return nil, err
			}
			last := a.Bool("last")
			if err := a.Err(); err != nil {
				return nil, err
			}
			found, err := d.MoveToEnd(a.Value("key"), last)
			if err == nil && !found {
				err = lang.Errorf(lang.KeyError, "%s", lang.Repr(a.Value("key")))
			}
			return lang.None, err
		}))
	lang.RegisterTypeMethod("OrderedDict", lang.NewBuiltin(lang.AsValue, "popitem(self, last=True)", "Removes and returns the last (key, value) pair, or the first with last=False.",
		func(a *lang.Args) (lang.Value, error) {
			d, err := kindSelf(a, orderedKind, "popitem")
			if err != nil {
				return nil, err
			}
			last := a.Bool("last")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if d.Len() == 0 {
				return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr("dictionary is empty"))
			}
			keys := d.Keys()
			k := keys[0]
			if last {
				k = keys[len(keys)-1]
			}
			v, _, _ := d.Get(k)
			_, err = d.Delete(k)
			return lang.Tuple{k, v}, err
		}))
}
