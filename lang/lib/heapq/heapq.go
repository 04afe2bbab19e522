// Package heapq is Python's heapq module: a binary min-heap kept in a
// list, with CPython's sift algorithm (so the list holds the same order
// as in CPython), nlargest, nsmallest and merge. Elements compare with <,
// their classes' __lt__ included.
package heapq

import (
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// less is x < y as the language decides it.
func less(a *lang.Args, x, y lang.Value) (bool, error) {
	r, err := a.Binary(syntax.LT, x, y)
	if err != nil {
		return false, err
	}
	return lang.Truth(r)
}

// heapList reads the heap argument: a list.
func heapList(a *lang.Args) (*lang.List, error) {
	l, ok := a.Value("heap").(*lang.List)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s() argument 1 must be list, not %s", a.Builtin().Name, lang.TypeName(a.Value("heap")))
	}
	return l, nil
}

// siftDown is CPython's _siftdown: the element at pos moves up towards
// start while it is smaller than its parent.
func siftDown(a *lang.Args, h []lang.Value, start, pos int) error {
	item := h[pos]
	for pos > start {
		parent := (pos - 1) >> 1
		lt, err := less(a, item, h[parent])
		if err != nil {
			return err
		}
		if !lt {
			break
		}
		h[pos] = h[parent]
		pos = parent
	}
	h[pos] = item
	return nil
}

// siftUp is CPython's _siftup: the hole at pos moves down to a leaf along
// the smaller children, then the item settles with siftDown.
func siftUp(a *lang.Args, h []lang.Value, pos int) error {
	end, start, item := len(h), pos, h[pos]
	child := 2*pos + 1
	for child < end {
		right := child + 1
		if right < end {
			lt, err := less(a, h[child], h[right])
			if err != nil {
				return err
			}
			if !lt {
				child = right
			}
		}
		h[pos] = h[child]
		pos = child
		child = 2*pos + 1
	}
	h[pos] = item
	return siftDown(a, h, start, pos)
}

// Push is heappush(h, item): CPython's order, which queue.PriorityQueue
// keeps too.
func Push(a *lang.Args, h *lang.List, item lang.Value) error {
	h.Elems = append(h.Elems, item)
	return siftDown(a, h.Elems, 0, len(h.Elems)-1)
}

// Pop is heappop(h): the smallest item, an IndexError when h is empty.
func Pop(a *lang.Args, h *lang.List) (lang.Value, error) {
	if len(h.Elems) == 0 {
		return nil, lang.Errorf(lang.IndexError, "index out of range")
	}
	last := h.Elems[len(h.Elems)-1]
	h.Elems = h.Elems[:len(h.Elems)-1]
	if len(h.Elems) == 0 {
		return last, nil
	}
	top := h.Elems[0]
	h.Elems[0] = last
	return top, siftUp(a, h.Elems, 0)
}

func heapify(a *lang.Args, h []lang.Value) error {
	for i := len(h)/2 - 1; i >= 0; i-- {
		if err := siftUp(a, h, i); err != nil {
			return err
		}
	}
	return nil
}

// keyed pairs an element with its key for nlargest, nsmallest and merge.
type keyed struct{ key, elem lang.Value }

// selectN is nsmallest (largest false) or nlargest: the n first of
// iterable in that order, stable for equal keys, as CPython's.
func selectN(a *lang.Args, largest bool) (lang.Value, error) {
	n := a.Int("n")
	if err := a.Err(); err != nil {
		return nil, err
	}
	elems, err := lang.Collect(a.Value("iterable"))
	if err != nil {
		return nil, err
	}
	items := make([]keyed, len(elems))
	for i, e := range elems {
		items[i] = keyed{e, e}
		if !a.IsNone("key") {
			if items[i].key, err = a.Call(a.Value("key"), e); err != nil {
				return nil, err
			}
		}
	}
	var cmpErr error
	slices.SortStableFunc(items, func(x, y keyed) int {
		if cmpErr != nil {
			return 0
		}
		if largest {
			x, y = y, x
		}
		lt, err := less(a, x.key, y.key)
		if err != nil {
			cmpErr = err
			return 0
		}
		if lt {
			return -1
		}
		if gt, err := less(a, y.key, x.key); err != nil || gt {
			cmpErr = err
			return 1
		}
		return 0
	})
	if cmpErr != nil {
		return nil, cmpErr
	}
	n = max(0, min(n, len(items)))
	out := make([]lang.Value, n)
	for i := range out {
		out[i] = items[i].elem
	}
	return &lang.List{Elems: out}, nil
}

var heapqModule = &lang.Module{Name: "heapq", Attrs: map[string]lang.Value{
	"heappush": lang.NewBuiltin(lang.AsValue, "heappush(heap, item)", "Pushes item onto the heap, keeping it a heap.",
		func(a *lang.Args) (lang.Value, error) {
			l, err := heapList(a)
			if err != nil {
				return nil, err
			}
			return lang.None, Push(a, l, a.Value("item"))
		}),
	"heappop": lang.NewBuiltin(lang.AsValue, "heappop(heap)", "Pops the smallest item off the heap, keeping it a heap.",
		func(a *lang.Args) (lang.Value, error) {
			l, err := heapList(a)
			if err != nil {
				return nil, err
			}
			return Pop(a, l)
		}),
	"heapify": lang.NewBuiltin(lang.AsValue, "heapify(heap)", "Makes the list a heap, in place.",
		func(a *lang.Args) (lang.Value, error) {
			l, err := heapList(a)
			if err != nil {
				return nil, err
			}
			return lang.None, heapify(a, l.Elems)
		}),
	"heapreplace": lang.NewBuiltin(lang.AsValue, "heapreplace(heap, item)", "Pops the smallest item and pushes item: the popped item may be larger than item.",
		func(a *lang.Args) (lang.Value, error) {
			l, err := heapList(a)
			if err != nil {
				return nil, err
			}
			if len(l.Elems) == 0 {
				return nil, lang.Errorf(lang.IndexError, "index out of range")
			}
			top := l.Elems[0]
			l.Elems[0] = a.Value("item")
			return top, siftUp(a, l.Elems, 0)
		}),
	"heappushpop": lang.NewBuiltin(lang.AsValue, "heappushpop(heap, item)", "Pushes item, then pops the smallest: faster than the two calls.",
		func(a *lang.Args) (lang.Value, error) {
			l, err := heapList(a)
			if err != nil {
				return nil, err
			}
			item := a.Value("item")
			if len(l.Elems) == 0 {
				return item, nil
			}
			lt, err := less(a, l.Elems[0], item)
			if err != nil || !lt {
				return item, err
			}
			top := l.Elems[0]
			l.Elems[0] = item
			return top, siftUp(a, l.Elems, 0)
		}),
	"nlargest": lang.NewBuiltin(lang.AsValue, "nlargest(n, iterable, key=None)", "The n largest elements, largest first (by key).",
		func(a *lang.Args) (lang.Value, error) { return selectN(a, true) }),
	"nsmallest": lang.NewBuiltin(lang.AsValue, "nsmallest(n, iterable, key=None)", "The n smallest elements, smallest first (by key).",
		func(a *lang.Args) (lang.Value, error) { return selectN(a, false) }),
	"merge": lang.NewBuiltin(lang.AsValue, "merge(*iterables, key=None, reverse=False)", "The sorted iterables merged into one sorted iterator.",
		func(a *lang.Args) (lang.Value, error) {
			iterables, _ := a.Value("iterables").(lang.Tuple)
			var all []lang.Value
			for _, it := range iterables {
				elems, err := lang.Collect(it)
				if err != nil {
					return nil, err
				}
				all = append(all, elems...)
			}
			sorted, _ := lang.LookupBuiltin("sorted")
			r, err := a.CallKw(sorted, []lang.Value{&lang.List{Elems: all}}, []string{"key", "reverse"}, []lang.Value{a.Value("key"), a.Value("reverse")})
			if err != nil {
				return nil, err
			}
			return lang.NewIterator("generator", r.(*lang.List).Elems), nil
		}),
}}

func init() {
	lang.RegisterModule("heapq", "Python's heapq: a min-heap in a list (heappush, heappop, heapify, ...), nlargest, nsmallest, merge.",
		func() *lang.Module { return heapqModule })
}
