package functools

import (
	"fmt"

	"github.com/kael-dev/kael/lang"
)

// lru_cache, cache and cached_property: a function's results kept by its
// arguments (the least recently used dropped beyond maxsize), and an
// attribute computed once per object.

// cacheInfo is the type of cache_info()'s named tuple.
var cacheInfo = &lang.ReturnType{Name: "CacheInfo", Module: "functools", Fields: []string{"hits", "misses", "maxsize", "currsize"}}

// kwMark separates the positional arguments from the keyword ones in a
// cache key, as CPython's kwd_mark.
type kwMark struct{}

// HashKey makes the mark a tuple element.
func (kwMark) HashKey() (string, error) { return "functools.kwd_mark", nil }

// cachedFunc is what lru_cache makes of a function.
type cachedFunc struct {
	fn           lang.Value
	maxsize      int // -1: unbounded
	entries      *lang.Dict
	hits, misses int64
	call         *lang.Builtin
}

var (
	_ lang.HasAttrs   = (*cachedFunc)(nil)
	_ lang.Descriptor = (*cachedFunc)(nil)
	_ lang.Reprer     = (*cachedFunc)(nil)
)

func newCachedFunc(fn lang.Value, maxsize int) *cachedFunc {
	c := &cachedFunc{fn: fn, maxsize: maxsize, entries: lang.NewDict()}
	c.call = lang.NewBuiltin(lang.AsValue, "wrapper(*args)", "The cached function.", func(a *lang.Args) (lang.Value, error) {
		pos, _ := a.Value("args").(lang.Tuple)
		names, vals := a.Keywords()
		return c.lookup(a, pos, names, vals)
	}).CollectKeywords()
	return c
}

// lookup returns the cached result of fn(*pos, **kw), calling fn on a
// miss.
func (c *cachedFunc) lookup(a *lang.Args, pos lang.Tuple, names []string, vals []lang.Value) (lang.Value, error) {
	key := append(lang.Tuple{}, pos...)
	if len(names) > 0 {
		key = append(key, kwMark{})
		for i, n := range names {
			key = append(key, n, vals[i])
		}
	}
	if c.maxsize != 0 {
		if v, ok, err := c.entries.Get(key); err != nil {
			return nil, err
		} else if ok {
			c.hits++
			_, _ = c.entries.MoveToEnd(key, true)
			return v, nil
		}
	}
	c.misses++
	v, err := a.CallKw(c.fn, pos, names, vals)
	if err != nil || c.maxsize == 0 {
		return v, err
	}
	if err := c.entries.Set(key, v); err != nil {
		return nil, err
	}
	if c.maxsize > 0 && c.entries.Len() > c.maxsize {
		_, _ = c.entries.Delete(c.entries.Keys()[0])
	}
	return v, nil
}

// Attr gives __call__, cache_info, cache_clear, cache_parameters,
// __wrapped__ and the function's names.
func (c *cachedFunc) Attr(name string) (lang.Value, bool) {
	switch name {
	case "__call__":
		return c.call, true
	case "__wrapped__":
		return c.fn, true
	case "cache_info":
		return lang.NewBuiltin(lang.AsValue, "cache_info()", "The cache's statistics: hits, misses, maxsize, currsize.", func(a *lang.Args) (lang.Value, error) {
			return lang.NewNamedTuple(cacheInfo, c.hits, c.misses, c.maxsizeValue(), int64(c.entries.Len())), nil
		}), true
	case "cache_clear":
		return lang.NewBuiltin(lang.AsValue, "cache_clear()", "Empties the cache and its statistics.", func(a *lang.Args) (lang.Value, error) {
			c.entries, c.hits, c.misses = lang.NewDict(), 0, 0
			return lang.None, nil
		}), true
	case "cache_parameters":
		return lang.NewBuiltin(lang.AsValue, "cache_parameters()", "The cache's maxsize and typed.", func(a *lang.Args) (lang.Value, error) {
			d := lang.NewDict()
			_ = d.Set("maxsize", c.maxsizeValue())
			_ = d.Set("typed", false)
			return d, nil
		}), true
	case "__name__", "__qualname__", "__doc__", "__module__":
		if h, ok := c.fn.(lang.HasAttrs); ok {
			return h.Attr(name)
		}
		if f, ok := c.fn.(*lang.Function); ok && name == "__name__" {
			return f.Name, true
		}
	}
	return nil, false
}

// AttrNames lists the attributes.
func (c *cachedFunc) AttrNames() []string {
	return []string{"__call__", "__wrapped__", "cache_clear", "cache_info", "cache_parameters"}
}

// Get binds the cached function to obj when it is a method: self is
// part of the key, as in CPython.
func (c *cachedFunc) Get(obj lang.Value) (lang.Value, error) {
	return &lang.BoundMethod{Recv: obj, Method: c.call}, nil
}

// PyRepr names the function wrapped.
func (c *cachedFunc) PyRepr() string {
	return "<functools._lru_cache_wrapper object wrapping " + lang.Repr(c.fn) + ">"
}

func (c *cachedFunc) maxsizeValue() lang.Value {
	if c.maxsize < 0 {
		return lang.None
	}
	return int64(c.maxsize)
}

// lruCache is lru_cache(maxsize=128, typed=False), and lru_cache applied
// to a function directly.
func lruCache(a *lang.Args) (lang.Value, error) {
	m := a.Value("maxsize")
	if lang.Callable(m) {
		if _, isBool := m.(bool); !isBool {
			return newCachedFunc(m, 128), nil
		}
	}
	if a.Bool("typed") {
		return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "kael's lru_cache does not keep typed=True's separate entries").
			WithHint("drop typed=True: 1 and 1.0 share an entry")
	}
	size := -1
	if m != lang.None {
		n, ok := lang.AsInt(m)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "Expected first argument to be an integer, a callable, or None")
		}
		size = max(int(n), 0)
	}
	return lang.NewBuiltin(lang.AsValue, "decorating_function(user_function)", fmt.Sprintf("Caches user_function's results (maxsize %v).", lang.Repr(m)),
		func(a *lang.Args) (lang.Value, error) {
			return newCachedFunc(a.Value("user_function"), size), nil
		}), nil
}

// cachedProperty is functools.cached_property: the first read through an
// object computes func(obj) and stores it as the object's attribute.
type cachedProperty struct {
	fn   lang.Value
	name string
}

var (
	_ lang.Descriptor = (*cachedProperty)(nil)
	_ lang.HasAttrs   = (*cachedProperty)(nil)
)

// Get computes the value and stores it on obj, where later reads find it.
func (p *cachedProperty) Get(obj lang.Value) (lang.Value, error) {
	x, ok := obj.(*lang.Instance)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "cached_property needs an object of a class, not %s", lang.TypeName(obj))
	}
	v, err := x.Session().CallHook(p.fn, x)
	if err != nil {
		return nil, err
	}
	x.SetOwn(p.name, v)
	return v, nil
}

// Attr gives func and the function's names.
func (p *cachedProperty) Attr(name string) (lang.Value, bool) {
	switch name {
	case "func":
		return p.fn, true
	case "attrname":
		return p.name, true
	case "__doc__":
		if h, ok := p.fn.(lang.HasAttrs); ok {
			return h.Attr("__doc__")
		}
	}
	return nil, false
}

// AttrNames lists func and attrname.
func (p *cachedProperty) AttrNames() []string { return []string{"attrname", "func"} }

// TypeName is cached_property.
func (p *cachedProperty) TypeName() string { return "functools.cached_property" }

func funcName(fn lang.Value) string {
	if f, ok := fn.(*lang.Function); ok {
		return f.Name
	}
	if h, ok := fn.(lang.HasAttrs); ok {
		if n, ok := h.Attr("__name__"); ok {
			if s, ok := n.(string); ok {
				return s
			}
		}
	}
	if b, ok := fn.(*lang.Builtin); ok {
		return b.Name
	}
	return ""
}

func defCache(add func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) *lang.Builtin) {
	add("lru_cache(maxsize=128, typed=False)", "A decorator that keeps a function's results by its arguments (hashable ones), dropping the least recently used beyond maxsize (None: no bound); the function gets cache_info() and cache_clear(). @lru_cache works without parentheses too.", lruCache)
	add("cache(user_function)", "lru_cache(maxsize=None)(user_function): every result kept.", func(a *lang.Args) (lang.Value, error) {
		return newCachedFunc(a.Value("user_function"), -1), nil
	})
	add("cached_property(func)", "A property computed once per object: the first read stores func(obj) as the object's attribute.", func(a *lang.Args) (lang.Value, error) {
		fn := a.Value("func")
		return &cachedProperty{fn: fn, name: funcName(fn)}, nil
	})
}
