package functools

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// total_ordering: the comparisons a class lacks, derived from the one it
// defines (and ==), as CPython's table of _gt_from_lt and the others.

// derivation is how one comparison follows from the root's result r:
// negate r, then combine with self == other (and) or self != other (or).
type derivation struct {
	negate bool
	with   syntax.Token // syntax.EQL: r or self == other; syntax.NEQ: r and self != other; 0: r alone
}

// derivations are CPython's, by root, then by the method derived.
var derivations = map[string]map[string]derivation{
	"__lt__": {"__gt__": {true, syntax.NEQ}, "__le__": {false, syntax.EQL}, "__ge__": {true, 0}},
	"__le__": {"__ge__": {true, syntax.EQL}, "__lt__": {false, syntax.NEQ}, "__gt__": {true, 0}},
	"__gt__": {"__lt__": {true, syntax.NEQ}, "__ge__": {false, syntax.EQL}, "__le__": {true, 0}},
	"__ge__": {"__le__": {true, syntax.EQL}, "__gt__": {false, syntax.NEQ}, "__lt__": {true, 0}},
}

// derive writes the method that computes name from root.
func derive(name, root string, d derivation) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, name+"(self, other)", "Derived by functools.total_ordering from "+root+".",
		func(a *lang.Args) (lang.Value, error) {
			self, other := a.Value("self"), a.Value("other")
			x, ok := self.(*lang.Instance)
			if !ok {
				return lang.NotImplemented, nil
			}
			m, ok := x.Method(root)
			if !ok {
				return lang.NotImplemented, nil
			}
			r, err := a.Call(m, other)
			if err != nil || r == lang.NotImplemented {
				return r, err
			}
			t, err := lang.Truth(r)
			if err != nil {
				return nil, err
			}
			if d.negate {
				t = !t
			}
			if d.with == 0 || d.with == syntax.EQL && t || d.with == syntax.NEQ && !t {
				return t, nil
			}
			e, err := a.Binary(d.with, self, other)
			if err != nil {
				return nil, err
			}
			return lang.Truth(e)
		}).BindingSelf()
}

func totalOrdering(a *lang.Args) (lang.Value, error) {
	cls, ok := a.Value("cls").(*lang.UserClass)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "total_ordering needs a class, not %s", lang.TypeName(a.Value("cls")))
	}
	root := ""
	defined := map[string]bool{}
	for _, op := range []string{"__lt__", "__le__", "__gt__", "__ge__"} {
		if _, ok := cls.Lookup(op); ok {
			defined[op] = true
			if op > root { // CPython takes max() of the names
				root = op
			}
		}
	}
	if root == "" {
		return nil, lang.Errorf(lang.ValueError, "must define at least one ordering operation: < > <= >=")
	}
	for name, d := range derivations[root] {
		if !defined[name] {
			if err := cls.SetAttr(name, derive(name, root, d)); err != nil {
				return nil, err
			}
		}
	}
	return cls, nil
}
