package dataclasses

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/copy"
)

// asdict, astuple and replace: a dataclass instance taken apart into
// containers, or copied with changes.

// isInstance reports whether v is an instance of a dataclass.
func isInstance(v lang.Value) bool {
	_, isObj := v.(*lang.Instance)
	_, ok := dataclassFields(v)
	return isObj && ok
}

// converter takes values apart recursively as asdict and astuple do:
// dataclass instances into factory's containers, lists, tuples and dicts
// rebuilt, everything else deep-copied.
type converter struct {
	a       *lang.Args
	factory lang.Value // dict_factory or tuple_factory
	asDict  bool
	memo    *copy.Memo
}

func (c *converter) convert(v lang.Value, depth int) (lang.Value, error) {
	if depth > lang.MaxDepth {
		return nil, lang.Errorf(lang.RecursionError, "maximum recursion depth exceeded while calling a Python object")
	}
	switch x := v.(type) {
	case *lang.Instance:
		if fs, ok := dataclassFields(x); ok {
			var items []lang.Value
			for _, f := range fs {
				fv, err := getField(x, f.name)
				if err != nil {
					return nil, err
				}
				if fv, err = c.convert(fv, depth+1); err != nil {
					return nil, err
				}
				if c.asDict {
					items = append(items, lang.Tuple{f.name, fv})
				} else {
					items = append(items, fv)
				}
			}
			return c.a.Call(c.factory, &lang.List{Elems: items})
		}
	case *lang.List:
		out := make([]lang.Value, len(x.Elems))
		for i, e := range x.Elems {
			var err error
			if out[i], err = c.convert(e, depth+1); err != nil {
				return nil, err
			}
		}
		return &lang.List{Elems: out}, nil
	case lang.Tuple:
		out := make(lang.Tuple, len(x))
		for i, e := range x {
			var err error
			if out[i], err = c.convert(e, depth+1); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *lang.Dict:
		out := lang.NewDict()
		for _, k := range x.Keys() {
			val, _, _ := x.Get(k)
			ck, err := c.convert(k, depth+1)
			if err != nil {
				return nil, err
			}
			cv, err := c.convert(val, depth+1)
			if err != nil {
				return nil, err
			}
			if err := out.Set(ck, cv); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return c.memo.DeepCopy(c.a, v)
}

var asdictBuiltin = lang.NewBuiltin(lang.AsValue, "asdict(obj, *, dict_factory=dict)",
	"A dataclass instance as a dict of its fields, recursing into dataclasses, lists, tuples and dicts; other values deep-copied.",
	func(a *lang.Args) (lang.Value, error) {
		obj := a.Value("obj")
		if !isInstance(obj) {
			return nil, lang.Errorf(lang.TypeError, "asdict() should be called on dataclass instances")
		}
		c := &converter{a: a, factory: a.Value("dict_factory"), asDict: true, memo: copy.NewMemo()}
		return c.convert(obj, 0)
	})

var astupleBuiltin = lang.NewBuiltin(lang.AsValue, "astuple(obj, *, tuple_factory=tuple)",
	"A dataclass instance as a tuple of its fields, recursing as asdict does.",
	func(a *lang.Args) (lang.Value, error) {
		obj := a.Value("obj")
		if !isInstance(obj) {
			return nil, lang.Errorf(lang.TypeError, "astuple() should be called on dataclass instances")
		}
		c := &converter{a: a, factory: a.Value("tuple_factory"), memo: copy.NewMemo()}
		return c.convert(obj, 0)
	})

var replaceBuiltin = lang.NewBuiltin(lang.AsValue, "replace(obj, **changes)",
	"A new instance of obj's dataclass with the fields of obj, except those changes names.",
	func(a *lang.Args) (lang.Value, error) {
		obj := a.Value("obj")
		if !isInstance(obj) {
			return nil, lang.Errorf(lang.TypeError, "replace() should be called on dataclass instances")
		}
		x := obj.(*lang.Instance)
		names, vals := a.Keywords()
		names, vals = append([]string(nil), names...), append([]lang.Value(nil), vals...)
		changed := map[string]bool{}
		for _, n := range names {
			changed[n] = true
		}
		all, _ := allFields(x)
		for _, f := range all {
			switch {
			case f.kind == classVar:
				continue
			case !f.init:
				if changed[f.name] {
					return nil, lang.Errorf(lang.ValueError, "field %s is declared with init=False, it cannot be specified with replace()", f.name)
				}
				continue
			case changed[f.name]:
				continue
			case f.kind == initVar && f.def == nil:
				return nil, lang.Errorf(lang.ValueError, "InitVar '%s' must be specified with replace()", f.name)
			}
			v, err := getField(x, f.name)
			if err != nil {
				return nil, err
			}
			names, vals = append(names, f.name), append(vals, v)
		}
		return a.CallKw(x.Class(), nil, names, vals)
	}).CollectKeywords()
