// Package types is Python's types module, for what programs use of it:
// the classes of the interpreter's values (FunctionType, MethodType,
// ModuleType, NoneType, ...), found as CPython's types.py finds them,
// SimpleNamespace, resolve_bases and DynamicClassAttribute, written in
// Python, MappingProxyType, the engine's mappingproxy, (types.py, run once
// per session that
// imports the module), and new_class and prepare_class, which make
// classes dynamically, in Go: new_class(name, bases, kwds, exec_body)
// runs exec_body on the new class's namespace and makes the class as
// type(name, bases, ns, **kwds) does, and prepare_class returns the
// metaclass, the namespace its __prepare__ makes and the keywords left, as
// a class statement takes these steps. types.py imports these two from
// the helper module _types.
package types

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/sys" // types.py imports sys (ModuleType is type(sys))
)

//go:embed types.py
var source string

func init() {
	lang.RegisterSourceModule("types", "Names for built-in types (FunctionType, MethodType, ModuleType, ...) and dynamic type creation: SimpleNamespace, new_class and prepare_class.", source)
	lang.RegisterModule("_types", "The part of types written in Go: new_class and prepare_class.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{
			"MappingProxyType": lang.MappingProxyClass,
			"_mark_function": lang.NewBuiltin(lang.AsValue, "_mark_function(func)",
				"Marks a generator function's generators as ones await takes (CO_ITERABLE_COROUTINE); whether func needs no wrapper (a generator, coroutine or async generator function).",
				func(a *lang.Args) (lang.Value, error) {
					return lang.MarkIterableCoroutineFunction(a.Value("func")), nil
				}),
			"_mark_generator": lang.NewBuiltin(lang.AsValue, "_mark_generator(value)",
				"Marks value, when a generator, as one await takes; returns value.",
				func(a *lang.Args) (lang.Value, error) {
					lang.MarkIterableCoroutine(a.Value("value"))
					return a.Value("value"), nil
				}),
			"new_class": lang.NewBuiltin(lang.AsValue, "new_class(name, bases=(), kwds=None, exec_body=None)",
				"A new class named name with those bases, as a class statement makes it: exec_body(ns), when given, fills its namespace first; kwds may name the metaclass, and the others go to it (and the bases' __init_subclass__).",
				func(a *lang.Args) (lang.Value, error) {
					meta, ns, kwNames, kwVals, err := prepare(a)
					if err != nil {
						return nil, err
					}
					if !a.IsNone("exec_body") {
						if _, err := a.Call(a.Value("exec_body"), ns); err != nil {
							return nil, err
						}
					}
					return a.CallKw(meta, []lang.Value{a.Value("name"), a.Value("bases"), ns}, kwNames, kwVals)
				}),
			"prepare_class": lang.NewBuiltin(lang.AsValue, "prepare_class(name, bases=(), kwds=None)",
				"(metaclass, namespace, kwds) for a class named name: the metaclass that makes it (kwds' metaclass or the bases'), the namespace its __prepare__ returns and a copy of kwds without metaclass.",
				func(a *lang.Args) (lang.Value, error) {
					meta, ns, kwNames, kwVals, err := prepare(a)
					if err != nil {
						return nil, err
					}
					rest := lang.NewDict()
					for i, k := range kwNames {
						if err := rest.Set(k, kwVals[i]); err != nil {
							return nil, err
						}
					}
					return lang.Tuple{meta, ns, rest}, nil
				}),
		}}
	})
}

// prepare checks the name, bases and kwds of new_class or prepare_class
// and returns the metaclass, the namespace it prepares and the keywords
// without metaclass (lang.PrepareClass).
func prepare(a *lang.Args) (lang.Value, *lang.Dict, []string, []lang.Value, error) {
	bases, ok := a.Value("bases").(lang.Tuple)
	if !ok {
		return nil, nil, nil, nil, a.WrongType("bases", "tuple", a.Value("bases"))
	}
	name, ok := a.Value("name").(string)
	if !ok {
		return nil, nil, nil, nil, a.WrongType("name", "str", a.Value("name"))
	}
	var names []string
	var vals []lang.Value
	if !a.IsNone("kwds") {
		kw, ok := a.Value("kwds").(*lang.Dict)
		if !ok {
			return nil, nil, nil, nil, a.WrongType("kwds", "dict", a.Value("kwds"))
		}
		for i, k := range kw.Keys() {
			s, ok := k.(string)
			if !ok {
				return nil, nil, nil, nil, lang.Errorf(lang.TypeError, "keywords must be strings")
			}
			names, vals = append(names, s), append(vals, kw.Values()[i])
		}
	}
	return lang.PrepareClass(a, name, bases, names, vals)
}
