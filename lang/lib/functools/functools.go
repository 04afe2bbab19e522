// Package functools is Python's functools module: reduce, partial,
// wraps, lru_cache and cache (cache.go), cached_property and
// total_ordering (ordering.go), cmp_to_key (cmpkey.go).
package functools

import (
	"slices"

	"github.com/kael-dev/kael/lang"
)

var module = &lang.Module{Name: "functools", Attrs: map[string]lang.Value{}}

func init() {
	add := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) *lang.Builtin {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		module.Attrs[b.Name] = b
		return b
	}
	add("reduce(function, iterable, *initial)", "Folds the elements from the left: reduce(f, [a, b, c]) is f(f(a, b), c), starting from initial when given; an empty iterable without initial is a TypeError.", func(a *lang.Args) (lang.Value, error) {
		initial := a.Value("initial").(lang.Tuple)
		if len(initial) > 1 {
			return nil, lang.Errorf(lang.TypeError, "reduce expected at most 3 arguments, got %d", 2+len(initial))
		}
		elems, err := lang.Collect(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		elems = append(append([]lang.Value{}, initial...), elems...)
		if len(elems) == 0 {
			return nil, lang.Errorf(lang.TypeError, "reduce() of empty iterable with no initial value")
		}
		acc := elems[0]
		for _, e := range elems[1:] {
			if acc, err = a.Call(a.Value("function"), acc, e); err != nil {
				return nil, err
			}
		}
		return acc, nil
	})
	add("partial(func, *args)", "func with its first arguments (and keyword arguments) fixed: partial(f, 1, k=2)(3) is f(1, 3, k=2).", func(a *lang.Args) (lang.Value, error) {
		fn, fixed := a.Value("func"), append(lang.Tuple{}, a.Value("args").(lang.Tuple)...)
		if !lang.Callable(fn) {
			return nil, lang.Errorf(lang.TypeError, "the first argument must be callable")
		}
		kwNames, kwVals := a.Keywords()
		kwNames, kwVals = append([]string{}, kwNames...), append([]lang.Value{}, kwVals...)
		return lang.NewBuiltin(lang.AsValue, "partial(*args)", "A functools.partial of "+lang.Repr(fn)+".", func(c *lang.Args) (lang.Value, error) {
			names, vals := append([]string{}, kwNames...), append([]lang.Value{}, kwVals...)
			callNames, callVals := c.Keywords()
			for i, n := range callNames { // a keyword of the call replaces a fixed one
				if j := slices.Index(names, n); j >= 0 {
					vals[j] = callVals[i]
					continue
				}
				names, vals = append(names, n), append(vals, callVals[i])
			}
			pos := append(append(lang.Tuple{}, fixed...), c.Value("args").(lang.Tuple)...)
			return c.CallKw(fn, pos, names, vals)
		}).CollectKeywords(), nil
	}).CollectKeywords()

	add("wraps(wrapped)", "A decorator for the wrapper function of a decorator: @wraps(f) above def inner(...) gives inner f's __name__, __qualname__ and __doc__, so that a decorated function (or method) keeps its names.", func(a *lang.Args) (lang.Value, error) {
		wrapped := a.Value("wrapped")
		return lang.NewBuiltin(lang.AsValue, "wraps(wrapper)", "Gives wrapper the names of "+lang.Repr(wrapped)+".", func(c *lang.Args) (lang.Value, error) {
			w := c.Value("wrapper")
			if f, ok := w.(*lang.Function); ok {
				f.TakeNames(wrapped)
			}
			return w, nil
		}), nil
	})

	defCache(add)
	add("total_ordering(cls)", "A class decorator that adds the comparisons a class lacks from the one it defines (with ==), as CPython's.", totalOrdering)

	lang.RegisterModule("functools", "Python's functools: reduce, partial, wraps, lru_cache, cache, cached_property, total_ordering and cmp_to_key.", func() *lang.Module { return module })
}
