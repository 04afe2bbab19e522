package dataclasses

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/collections"
)

// makeDataclass is make_dataclass: a class named cls_name made as
// type(cls_name, bases, namespace) does, whose annotations are the fields
// (a name alone is typing.Any, as CPython's text says; (name, type); or
// (name, type, Field) whose Field is the default), turned into a data
// class by dataclass with the keywords given.
var makeDataclass = lang.NewBuiltin(lang.AsValue,
	"make_dataclass(cls_name, fields, *, bases=(), namespace=None, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False, match_args=True, kw_only=False, slots=False, weakref_slot=False)",
	"A new data class named cls_name whose fields are given as names, (name, type) or (name, type, field()) items, as a class statement with those annotations and @dataclass(...) makes it.",
	func(a *lang.Args) (lang.Value, error) {
		items, err := lang.Collect(a.Value("fields"))
		if err != nil {
			return nil, err
		}
		ns := lang.NewDict()
		if !a.IsNone("namespace") {
			extra, ok := a.Value("namespace").(*lang.Dict)
			if !ok {
				return nil, a.WrongType("namespace", "dict", a.Value("namespace"))
			}
			for _, k := range extra.Keys() {
				v, _, _ := extra.Get(k)
				if err := ns.Set(k, v); err != nil {
					return nil, err
				}
			}
		}
		annotations := lang.NewDict()
		seen := map[string]bool{}
		for _, item := range items {
			var name, tp lang.Value = item, "typing.Any"
			if _, isStr := item.(string); !isStr {
				parts, err := lang.Collect(item)
				if err != nil || len(parts) < 2 || len(parts) > 3 {
					return nil, lang.Errorf(lang.TypeError, "Invalid field: %s", lang.Repr(item))
				}
				name, tp = parts[0], parts[1]
				if len(parts) == 3 {
					if err := ns.Set(name, parts[2]); err != nil {
						return nil, err
					}
				}
			}
			s, ok := name.(string)
			if !ok || !collections.IsIdentifier(s) {
				return nil, lang.Errorf(lang.TypeError, "Field names must be valid identifiers: %s", lang.Repr(name))
			}
			if collections.IsKeyword(s) {
				return nil, lang.Errorf(lang.TypeError, "Field names must not be keywords: %s", lang.Repr(name))
			}
			if seen[s] {
				return nil, lang.Errorf(lang.TypeError, "Field name duplicated: %s", lang.Repr(name))
			}
			seen[s] = true
			if err := annotations.Set(s, tp); err != nil {
				return nil, err
			}
		}
		if err := ns.Set("__annotations__", annotations); err != nil {
			return nil, err
		}
		// CPython 3.11 makes the class with types.new_class, so its
		// __module__ is 'types'
		if err := ns.Set("__module__", "types"); err != nil {
			return nil, err
		}
		typ, _ := lang.LookupBuiltin("type")
		bases, err := lang.Collect(a.Value("bases"))
		if err != nil {
			return nil, err
		}
		cls, err := a.Call(typ, a.Value("cls_name"), lang.Tuple(bases), ns)
		if err != nil {
			return nil, err
		}
		var kwNames []string
		var kwVals []lang.Value
		for _, n := range []string{"init", "repr", "eq", "order", "unsafe_hash", "frozen", "match_args", "kw_only", "slots", "weakref_slot"} {
			kwNames, kwVals = append(kwNames, n), append(kwVals, a.Value(n))
		}
		return a.CallKw(dataclassBuiltin, []lang.Value{cls}, kwNames, kwVals)
	})
