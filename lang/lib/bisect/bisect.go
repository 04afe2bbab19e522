// Package bisect is Python's bisect module: binary search in a sorted
// list (bisect_left, bisect_right) and insertion that keeps it sorted
// (insort_left, insort_right), with key= as Python 3.10's.
package bisect

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// search is CPython's bisect: the index where x goes in a[lo:hi], before
// equal elements (left) or after them.
func search(a *lang.Args, x lang.Value, left bool) (int, error) {
	seq := a.Value("a")
	lo := a.Int("lo")
	if err := a.Err(); err != nil {
		return 0, err
	}
	if lo < 0 {
		return 0, lang.Errorf(lang.ValueError, "lo must be non-negative")
	}
	n, err := lang.Len(seq)
	if err != nil {
		return 0, err
	}
	hi := int(n.(int64))
	if !a.IsNone("hi") {
		hi = a.Int("hi")
		if err := a.Err(); err != nil {
			return 0, err
		}
	}
	for lo < hi {
		mid := (lo + hi) / 2
		elem, err := lang.Index(seq, []lang.Subscript{{Value: int64(mid)}})
		if err != nil {
			return 0, err
		}
		if !a.IsNone("key") {
			if elem, err = a.Call(a.Value("key"), elem); err != nil {
				return 0, err
			}
		}
		var r lang.Value
		if left {
			r, err = a.Binary(syntax.LT, elem, x)
		} else {
			r, err = a.Binary(syntax.LT, x, elem)
		}
		if err != nil {
			return 0, err
		}
		t, err := lang.Truth(r)
		if err != nil {
			return 0, err
		}
		if t == left {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, nil
}

func bisectFn(name string, left bool) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, name+"(a, x, lo=0, hi=None, *, key=None)",
		"The index where x would be inserted in the sorted a[lo:hi] to keep it sorted ("+map[bool]string{true: "before", false: "after"}[left]+" equal elements); key applies to a's elements.",
		func(a *lang.Args) (lang.Value, error) {
			i, err := search(a, a.Value("x"), left)
			return int64(i), err
		})
}

func insortFn(name string, left bool) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, name+"(a, x, lo=0, hi=None, *, key=None)",
		"Inserts x in the sorted list a, keeping it sorted ("+map[bool]string{true: "before", false: "after"}[left]+" equal elements); key applies to x and a's elements.",
		func(a *lang.Args) (lang.Value, error) {
			x := a.Value("x")
			k := x
			if !a.IsNone("key") {
				var err error
				if k, err = a.Call(a.Value("key"), x); err != nil {
					return nil, err
				}
			}
			i, err := search(a, k, left)
			if err != nil {
				return nil, err
			}
			getattr, _ := lang.LookupBuiltin("getattr")
			insert, err := a.Call(getattr, a.Value("a"), "insert")
			if err != nil {
				return nil, err
			}
			_, err = a.Call(insert, int64(i), x)
			return lang.None, err
		})
}

func init() {
	right, insort := bisectFn("bisect_right", false), insortFn("insort_right", false)
	m := &lang.Module{Name: "bisect", Attrs: map[string]lang.Value{
		"bisect_left":  bisectFn("bisect_left", true),
		"bisect_right": right,
		"bisect":       right,
		"insort_left":  insortFn("insort_left", true),
		"insort_right": insort,
		"insort":       insort,
	}}
	lang.RegisterModule("bisect", "Python's bisect: binary search in sorted lists (bisect_left, bisect_right) and sorted insertion (insort).",
		func() *lang.Module { return m })
}
