// Package functools is Python's functools module. Its Go part, the module
// _functools, has reduce, wraps, update_wrapper, lru_cache and cache
// (cache.go), cached_property and total_ordering (ordering.go) and
// cmp_to_key (cmpkey.go); functools itself is Python (module.py): those
// names, the class partial, and singledispatch, singledispatchmethod and
// partialmethod from dispatch.py.
package functools

import (
	_ "embed"
	"strings"

	"github.com/kael-dev/kael/lang"
)

var module = &lang.Module{Name: "_functools", Attrs: map[string]lang.Value{}}

//go:embed module.py
var source string

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
	wraps := add("wraps(wrapped, assigned=None, updated=None)", "A decorator for the wrapper function of a decorator: @wraps(f) above def inner(...) is update_wrapper(inner, f): inner gets f's __module__, __name__, __qualname__, __doc__, its __dict__'s items and __wrapped__ = f, so that a decorated function (or method) keeps its names.", func(a *lang.Args) (lang.Value, error) {
		wrapped, assigned, updated := a.Value("wrapped"), a.Value("assigned"), a.Value("updated")
		return lang.NewBuiltin(lang.AsValue, "wraps(wrapper)", "update_wrapper(wrapper, "+lang.Repr(wrapped)+").", func(c *lang.Args) (lang.Value, error) {
			return updateWrapper(c, c.Value("wrapper"), wrapped, assigned, updated)
		}), nil
	})
	update := add("update_wrapper(wrapper, wrapped, assigned=None, updated=None)", "Makes wrapper look like wrapped: each attribute named in assigned copied from wrapped (when it has it), each dict attribute named in updated updated with wrapped's, and wrapper.__wrapped__ = wrapped; returns wrapper.", func(a *lang.Args) (lang.Value, error) {
		return updateWrapper(a, a.Value("wrapper"), a.Value("wrapped"), a.Value("assigned"), a.Value("updated"))
	})
	// the defaults are the module's tuples, which a signature's text
	// cannot write: set them, and the text help shows
	for _, b := range []*lang.Builtin{wraps, update} {
		b.SetDefault("assigned", wrapperAssignments)
		b.SetDefault("updated", wrapperUpdates)
		b.Sig = strings.Replace(b.Sig, "assigned=None, updated=None", "assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES", 1)
	}
	module.Attrs["WRAPPER_ASSIGNMENTS"] = wrapperAssignments
	module.Attrs["WRAPPER_UPDATES"] = wrapperUpdates

	defCache(add)
	add("total_ordering(cls)", "A class decorator that adds the comparisons a class lacks from the one it defines (with ==), as CPython's.", totalOrdering)

	lang.RegisterSourceModule("functools", "Python's functools: reduce, partial, wraps, lru_cache, cache, cached_property, total_ordering, cmp_to_key, singledispatch and partialmethod.", source)
	lang.RegisterModule("_functools", "The part of functools written in Go: reduce, wraps, update_wrapper, lru_cache, cache, cached_property, total_ordering and cmp_to_key.", func() *lang.Module { return module })
}

// wrapperAssignments and wrapperUpdates are WRAPPER_ASSIGNMENTS and
// WRAPPER_UPDATES.
var (
	wrapperAssignments = lang.Tuple{"__module__", "__name__", "__qualname__", "__doc__", "__annotations__"}
	wrapperUpdates     = lang.Tuple{"__dict__"}
)

// updateWrapper is CPython's update_wrapper: getattr/setattr of each
// name, as Python code does (a wrapped that lacks a name is skipped).
// A wrapper that is not a Python function (a builtin kael cannot give
// attributes) is returned as it is, as kael's wraps always did.
func updateWrapper(a *lang.Args, wrapper, wrapped, assigned, updated lang.Value) (lang.Value, error) {
	w, ok := wrapper.(*lang.Function)
	if !ok {
		return wrapper, nil
	}
	names, err := attrNames(assigned)
	if err != nil {
		return nil, err
	}
	// The three names of a Python function go over as kael's own, so
	// that a method's qualified name is still set when its class is made
	// (C.m); the rest, and another wrapped's, through setattr.
	isOwn := func(n string) bool { return n == "__name__" || n == "__qualname__" || n == "__doc__" }
	_, takeNames := wrapped.(*lang.Function)
	if takeNames {
		n := 0
		for _, name := range names {
			if isOwn(name) {
				n++
			}
		}
		takeNames = n == 3
	}
	if takeNames {
		w.TakeNames(wrapped)
	}
	for _, n := range names {
		if takeNames && isOwn(n) {
			continue
		}
		v, err := lang.GetAttr(wrapped, n)
		if isAttributeError(err) {
			continue
		} else if err != nil {
			return nil, err
		}
		if err := lang.SetAttr(wrapper, n, v); err != nil {
			return nil, err
		}
	}
	if names, err = attrNames(updated); err != nil {
		return nil, err
	}
	for _, n := range names {
		mine, err := lang.GetAttr(wrapper, n)
		if err != nil {
			return nil, err
		}
		theirs, err := lang.GetAttr(wrapped, n)
		if isAttributeError(err) {
			theirs = lang.NewDict()
		} else if err != nil {
			return nil, err
		}
		update, err := lang.GetAttr(mine, "update")
		if err != nil {
			return nil, err
		}
		if _, err := a.Call(update, theirs); err != nil {
			return nil, err
		}
	}
	return wrapper, lang.SetAttr(wrapper, "__wrapped__", wrapped)
}

// attrNames are the attribute names of v, an iterable of strs.
func attrNames(v lang.Value) ([]string, error) {
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(elems))
	for i, e := range elems {
		s, ok := e.(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "attribute name must be string, not '%s'", lang.TypeName(e))
		}
		out[i] = s
	}
	return out, nil
}

func isAttributeError(err error) bool {
	return err != nil && lang.ToError(err).Kind == lang.AttributeError
}
