package collections

import (
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// ChainMap, as CPython's collections.ChainMap: a class whose instances
// keep their mappings in the list attribute maps, looked up in order;
// writes and deletions go to the first. Its methods are those of
// CPython's class written in Go, so a subclass may override them
// (__missing__ included), the | operators of 3.11 among them. The views
// keys(), items() and values() are not there.

// chainMaps returns the mappings of the ChainMap self: its maps.
func chainMaps(a *lang.Args) ([]lang.Value, error) {
	v, err := lang.GetAttr(a.Value("self"), "maps")
	if err != nil {
		return nil, err
	}
	return lang.Collect(v)
}

// chainMethod is a method of ChainMap that works on the mappings.
func chainMethod(sig, doc string, fn func(a *lang.Args, maps []lang.Value) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		maps, err := chainMaps(a)
		if err != nil {
			return nil, err
		}
		return fn(a, maps)
	})
}

// chainKeys lists the keys of the mappings once each, in CPython's
// order: the last mapping's first.
func chainKeys(maps []lang.Value) ([]lang.Value, error) {
	seen := lang.NewDict()
	for i := len(maps) - 1; i >= 0; i-- {
		keys, err := lang.Collect(maps[i])
		if err != nil {
			return nil, err
		}
		for _, k := range keys {
			if err := seen.Set(k, lang.None); err != nil {
				return nil, err
			}
		}
	}
	return seen.Keys(), nil
}

// chainLookup is self[key] over the mappings; found is false when none
// has key.
func chainLookup(maps []lang.Value, key lang.Value) (v lang.Value, found bool, err error) {
	for _, m := range maps {
		v, err := lang.Index(m, []lang.Subscript{{Value: key}})
		if err == nil {
			return v, true, nil
		}
		if lang.ToError(err).Kind != lang.KeyError {
			return nil, false, err
		}
	}
	return nil, false, nil
}

// chainMapType is chainMapClass, for the methods that test for it (a
// reference from the class's own initialiser would be a cycle).
var chainMapType lang.Value

func init() {
	chainMapType = chainMapClass
	_ = chainMapClass.SetAttr("__doc__", "ChainMap(*maps): the mappings maps (a list; one empty dict when none) seen as one, the first that has a key giving its value; writes and del go to the first. CPython's class: a subclass may override its methods.")
}

var chainMapClass = lang.MustNewClass("ChainMap", "collections", nil,
	lang.NewBuiltin(lang.AsValue, "__init__(self, *maps)", "A view of maps (one empty dict when none) as one mapping, the first that has a key giving its value.", func(a *lang.Args) (lang.Value, error) {
		maps := a.Value("maps").(lang.Tuple)
		l := &lang.List{Elems: append([]lang.Value(nil), maps...)}
		if len(maps) == 0 {
			l.Elems = []lang.Value{lang.NewDict()}
		}
		return lang.None, lang.SetAttr(a.Value("self"), "maps", l)
	}),
	lang.NewBuiltin(lang.AsValue, "__missing__(self, key)", "Raises KeyError(key): what self[key] does when no mapping has key.", func(a *lang.Args) (lang.Value, error) {
		return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(a.Value("key")))
	}),
	chainMethod("__getitem__(self, key)", "The value of key in the first mapping that has it, else self.__missing__(key).", func(a *lang.Args, maps []lang.Value) (lang.Value, error) {
		v, found, err := chainLookup(maps, a.Value("key"))
		if found || err != nil {
			return v, err
		}
		missing, err := lang.GetAttr(a.Value("self"), "__missing__")
		if err != nil {
			return nil, err
		}
		return a.Call(missing, a.Value("key"))
	}),
	chainMethod("get(self, key, default=None)", "The value of key in the first mapping that has it, else default.", func(a *lang.Args, maps []lang.Value) (lang.Value, error) {
		v, found, err := chainLookup(maps, a.Value("key"))
		if !found && err == nil {
			return a.Value("default"), nil
		}
		return v, err
	}),
	chainMethod("__setitem__(self, key, value)", "Sets key in the first mapping.", func(a *lang.Args, maps []lang.Value) (lang.Value, error) {
		return lang.None, lang.SetItem(maps[0], a.Value("key"), a.Value("value"))
	}),
	chainMethod("__delitem__(self, key)", "Deletes key from the first mapping; KeyError when it lacks it.", func(a *lang.Args, maps []lang.Value) (lang.Value, error) {
		if err := lang.DelItem(maps[0], a.Value("key")); err != nil {
			if lang.ToError(err).Kind == lang.KeyError {
				return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr("Key not found in the first mapping: "+lang.Repr(a.Value("key"))))
			}
			return nil, err
		}
		return lang.None, nil
	}),
	chainMethod("__len__(self)", "The number of distinct keys of the mappings.", func(a *lang.Args, maps []lang.Value) (lang.Value, error) {
		keys, err := chainKeys(maps)
		return int64(len(keys)), err
	}),
	chainMethod("__iter__(self)", "The distinct keys of the mappings, the last mapping's first.", func(a *lang.Args, maps []lang.Value) (lang.Value, error) {
		keys, err := chainKeys(maps)
		return lang.NewIterator("dict_keyiterator", keys), err
	}),
	chainMethod("__contains__(self, key)", "Whether a mapping has key.", func(a *lang.Args, maps []lang.Value) (lang.Value, error) {
		for _, m := range maps {
			in, err := a.Compare(syntax.IN, a.Value("key"), m)
			if err != nil || in == true {
				return in, err
			}
		}
		return false, nil
	}),
	chainMethod("__bool__(self)", "Whether a mapping is not empty.", func(a *lang.Args, maps []lang.Value) (lang.Value, error) {
		for _, m := range maps {
			if t, err := lang.Truth(m); t || err != nil {
				return t, err
			}
		}
		return false, nil
	}),
	chainMethod("__repr__(self)", "ChainMap({...}, {...}), the class's name and the mappings' reprs.", func(a *lang.Args, maps []lang.Value) (lang.Value, error) {
		parts := make([]string, len(maps))
		for i, m := range maps {
			parts[i] = lang.Repr(m)
		}
		cls := lang.TypeOf(a.Value("self"))
		name, err := lang.GetAttr(cls, "__name__")
		if err != nil {
			return nil, err
		}
		return lang.Str(name) + "(" + strings.Join(parts, ", ") + ")", nil
	}),
	chainMethod("new_child(self, m=None)", "A ChainMap of the class of self with m (a new dict when None) before self's mappings.", func(a *lang.Args, maps []lang.Value) (lang.Value, error) {
		m := a.Value("m")
		if a.IsNone("m") {
			m = lang.NewDict()
		}
		return a.Call(lang.TypeOf(a.Value("self")), append([]lang.Value{m}, maps...)...)
	}),
	chainMethod("copy(self)", "A ChainMap of the class of self with a copy of the first mapping and the others shared.", func(a *lang.Args, maps []lang.Value) (lang.Value, error) {
		if len(maps) == 0 {
			return nil, lang.Errorf(lang.IndexError, "list index out of range")
		}
		first, err := callAttr(a, maps[0], "copy")
		if err != nil {
			return nil, err
		}
		return a.Call(lang.TypeOf(a.Value("self")), append([]lang.Value{first}, maps[1:]...)...)
	}),
	lang.NewBuiltin(lang.AsValue, "__or__(self, other)", "self | other: a copy of self (see copy) whose first mapping is updated with the mapping other; NotImplemented when other is not a mapping.", func(a *lang.Args) (lang.Value, error) {
		other := a.Value("other")
		if !isMapping(other) {
			return lang.NotImplemented, nil
		}
		m, err := callAttr(a, a.Value("self"), "copy")
		if err != nil {
			return nil, err
		}
		return m, chainUpdateFirst(a, m, other)
	}),
	chainMethod("__ror__(self, other)", "other | self: a ChainMap of the class of self over one dict, other's entries updated with each of self's mappings, the last first; NotImplemented when other is not a mapping.", func(a *lang.Args, maps []lang.Value) (lang.Value, error) {
		other := a.Value("other")
		if !isMapping(other) {
			return lang.NotImplemented, nil
		}
		dictClass, _ := lang.LookupBuiltin("dict")
		m, err := a.Call(dictClass, other)
		if err != nil {
			return nil, err
		}
		for i := len(maps) - 1; i >= 0; i-- {
			if _, err := callAttr(a, m, "update", maps[i]); err != nil {
				return nil, err
			}
		}
		return a.Call(lang.TypeOf(a.Value("self")), m)
	}),
	lang.NewBuiltin(lang.AsValue, "__ior__(self, other)", "self |= other: updates the first mapping with other (a mapping or (key, value) pairs) and gives self.", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self"), chainUpdateFirst(a, a.Value("self"), a.Value("other"))
	}),
)

// callAttr calls obj.name(args...).
func callAttr(a *lang.Args, obj lang.Value, name string, args ...lang.Value) (lang.Value, error) {
	m, err := lang.GetAttr(obj, name)
	if err != nil {
		return nil, err
	}
	return a.Call(m, args...)
}

// chainUpdateFirst is cm.maps[0].update(other).
func chainUpdateFirst(a *lang.Args, cm, other lang.Value) error {
	mv, err := lang.GetAttr(cm, "maps")
	if err == nil {
		var first lang.Value
		if first, err = lang.Index(mv, []lang.Subscript{{Value: int64(0)}}); err == nil {
			_, err = callAttr(a, first, "update", other)
		}
	}
	return err
}

// isMapping reports whether v is a collections.abc.Mapping of kael's: a
// dict (of any subclass) or a ChainMap.
func isMapping(v lang.Value) bool {
	if _, ok := v.(*lang.Dict); ok {
		return true
	}
	dictClass, _ := lang.LookupBuiltin("dict")
	for _, c := range []lang.Value{dictClass, chainMapType} {
		if ok, _ := lang.IsInstance(v, c); ok {
			return true
		}
	}
	return false
}
