package itertools

import (
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// The lazy iterators: each computes its elements as they are asked for
// (lang.NewLazyIterator), as CPython's do, so that the endless ones
// (count, cycle, repeat without times) and those over endless or
// generator sources (islice(count(), 5), takewhile over a generator)
// work. Functions they take are called with the session's CallHook, as
// the iterator outlives the call that made it.

// next is one step of a lazy iterator.
type next = func() (lang.Value, bool, error)

func lazy(name string, step next) lang.Value { return lang.NewLazyIterator("itertools."+name, step) }

// caller calls a function of the program from a lazy iterator.
type caller struct{ s *lang.Session }

func (c caller) call(fn lang.Value, args ...lang.Value) (lang.Value, error) {
	return c.s.CallHook(fn, args...)
}

func (c caller) truth(fn lang.Value, args ...lang.Value) (bool, error) {
	r, err := c.call(fn, args...)
	if err != nil {
		return false, err
	}
	return lang.Truth(r)
}

// plus is x + y, for accumulate's default.
var plus = lang.NewBuiltin(lang.AsValue, "add(a, b)", "a + b.", func(a *lang.Args) (lang.Value, error) {
	return a.Binary(syntax.PLUS, a.Value("a"), a.Value("b"))
})

// chainClass is itertools.chain: callable, with chain.from_iterable.
type chainClass struct{ call, fromIterable *lang.Builtin }

// Attr gives __call__ and from_iterable.
func (c *chainClass) Attr(name string) (lang.Value, bool) {
	switch name {
	case "__call__":
		return c.call, true
	case "from_iterable":
		return c.fromIterable, true
	case "__name__":
		return "chain", true
	}
	return nil, false
}

// AttrNames lists from_iterable.
func (c *chainClass) AttrNames() []string { return []string{"from_iterable"} }

// PyRepr is the class's repr.
func (c *chainClass) PyRepr() string { return "<class 'itertools.chain'>" }

// String is the repr.
func (c *chainClass) String() string { return c.PyRepr() }

// chainOf is the elements of each iterable that sources gives, in turn.
func chainOf(sources next) next {
	var cur next
	return func() (lang.Value, bool, error) {
		for {
			if cur == nil {
				src, ok, err := sources()
				if !ok || err != nil {
					return nil, false, err
				}
				if cur, err = lang.Puller(src); err != nil {
					return nil, false, err
				}
			}
			v, ok, err := cur()
			if err != nil {
				return nil, false, err
			}
			if ok {
				return v, true, nil
			}
			cur = nil
		}
	}
}

// tuplePuller steps through the elements of a tuple.
func tuplePuller(t lang.Tuple) next {
	i := 0
	return func() (lang.Value, bool, error) {
		if i >= len(t) {
			return nil, false, nil
		}
		i++
		return t[i-1], true, nil
	}
}

func defLazy(it *lang.Module, add func(m *lang.Module, sig, doc string, fn func(a *lang.Args) (lang.Value, error)) *lang.Builtin) {
	add(it, "count(start=0, step=1)", "start, start + step, start + 2*step, ... without end.", func(a *lang.Args) (lang.Value, error) {
		cur, step := a.Value("start"), a.Value("step")
		for _, v := range []lang.Value{cur, step} {
			if _, ok := lang.AsFloat(v); !ok {
				return nil, lang.Errorf(lang.TypeError, "a number is required")
			}
		}
		s := caller{a.Session()}
		return lazy("count", func() (lang.Value, bool, error) {
			v := cur
			next, err := s.call(plus, cur, step)
			if err != nil {
				return nil, false, err
			}
			cur = next
			return v, true, nil
		}), nil
	})
	add(it, "cycle(iterable)", "The elements of iterable, then again and again without end (none when it is empty).", func(a *lang.Args) (lang.Value, error) {
		src, err := lang.Puller(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		var saved []lang.Value
		done, i := false, 0
		return lazy("cycle", func() (lang.Value, bool, error) {
			if !done {
				v, ok, err := src()
				if err != nil {
					return nil, false, err
				}
				if ok {
					saved = append(saved, v)
					return v, true, nil
				}
				done = true
			}
			if len(saved) == 0 {
				return nil, false, nil
			}
			v := saved[i%len(saved)]
			i++
			return v, true, nil
		}), nil
	})
	add(it, "repeat(object, times=None)", "object, times times, or without end when times is None.", func(a *lang.Args) (lang.Value, error) {
		obj := a.Value("object")
		n := -1
		if !a.IsNone("times") {
			n = max(a.Int("times"), 0)
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lazy("repeat", func() (lang.Value, bool, error) {
			if n == 0 {
				return nil, false, nil
			}
			if n > 0 {
				n--
			}
			return obj, true, nil
		}), nil
	})
	chainFn := lang.NewBuiltin(lang.AsValue, "chain(*iterables)", "The elements of each iterable in turn.", func(a *lang.Args) (lang.Value, error) {
		return lazy("chain", chainOf(tuplePuller(a.Value("iterables").(lang.Tuple)))), nil
	})
	fromIterable := lang.NewBuiltin(lang.AsValue, "from_iterable(iterable)", "The elements of each iterable that iterable gives, in turn.", func(a *lang.Args) (lang.Value, error) {
		sources, err := lang.Puller(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		return lazy("chain", chainOf(sources)), nil
	})
	it.Attrs["chain"] = &chainClass{call: chainFn, fromIterable: fromIterable}
	add(it, "islice(iterable, *args)", "islice(it, stop) or islice(it, start, stop, step=1): the elements at those positions, as a slice takes them (no negative positions); it asks the source for no more than it needs.", func(a *lang.Args) (lang.Value, error) {
		start, stop, step, hasStop, err := isliceArgs(a.Value("args").(lang.Tuple))
		if err != nil {
			return nil, err
		}
		src, err := lang.Puller(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		i, nextWanted, failed := 0, start, false
		return lazy("islice", func() (lang.Value, bool, error) {
			for !failed && (!hasStop || nextWanted < stop) {
				v, ok, err := src()
				if !ok || err != nil {
					failed = err != nil // CPython's islice lets its source go at an error: it has ended
					return nil, false, err
				}
				i++
				if i-1 == nextWanted {
					nextWanted += step
					return v, true, nil
				}
			}
			return nil, false, nil
		}), nil
	})
	add(it, "accumulate(iterable, func=None, *, initial=None)", "The running totals of the elements (with +, or with func(total, element)), starting from initial when given.", func(a *lang.Args) (lang.Value, error) {
		src, err := lang.Puller(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		fn := lang.Value(plus)
		if !a.IsNone("func") {
			fn = a.Value("func")
		}
		s := caller{a.Session()}
		var total lang.Value
		if !a.IsNone("initial") {
			total = a.Value("initial")
		}
		pending := total != nil
		return lazy("accumulate", func() (lang.Value, bool, error) {
			if pending {
				pending = false
				return total, true, nil
			}
			v, ok, err := src()
			if !ok || err != nil {
				return nil, false, err
			}
			if total == nil {
				total = v
			} else if total, err = s.call(fn, total, v); err != nil {
				return nil, false, err
			}
			return total, true, nil
		}), nil
	})
	add(it, "pairwise(iterable)", "The overlapping pairs of consecutive elements: pairwise([1, 2, 3]) gives (1, 2), (2, 3).", func(a *lang.Args) (lang.Value, error) {
		src, err := lang.Puller(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		var prev lang.Value
		failed := false // CPython's pairwise lets its source go at an error: it has ended
		return lazy("pairwise", func() (lang.Value, bool, error) {
			if failed {
				return nil, false, nil
			}
			if prev == nil {
				v, ok, err := src()
				if !ok || err != nil {
					failed = err != nil
					return nil, false, err
				}
				prev = v
			}
			v, ok, err := src()
			if !ok || err != nil {
				failed = err != nil
				return nil, false, err
			}
			pair := lang.Tuple{prev, v}
			prev = v
			return pair, true, nil
		}), nil
	})
	add(it, "starmap(function, iterable)", "function(*args) for each tuple args of iterable.", func(a *lang.Args) (lang.Value, error) {
		src, err := lang.Puller(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		fn, s := a.Value("function"), caller{a.Session()}
		return lazy("starmap", func() (lang.Value, bool, error) {
			v, ok, err := src()
			if !ok || err != nil {
				return nil, false, err
			}
			args, err := lang.Collect(v)
			if err != nil {
				return nil, false, err
			}
			r, err := s.call(fn, args...)
			return r, err == nil, err
		}), nil
	})
	add(it, "takewhile(predicate, iterable)", "The elements while predicate(element) is true; it stops at the first false one.", func(a *lang.Args) (lang.Value, error) {
		src, err := lang.Puller(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		pred, s, stopped := a.Value("predicate"), caller{a.Session()}, false
		return lazy("takewhile", func() (lang.Value, bool, error) {
			if stopped {
				return nil, false, nil
			}
			v, ok, err := src()
			if !ok || err != nil {
				return nil, false, err
			}
			t, err := s.truth(pred, v)
			if err != nil {
				return nil, false, err // the predicate's error, after which CPython's takewhile goes on
			}
			if !t {
				stopped = true
				return nil, false, nil
			}
			return v, true, nil
		}), nil
	})
	add(it, "dropwhile(predicate, iterable)", "The elements from the first one for which predicate(element) is false.", func(a *lang.Args) (lang.Value, error) {
		src, err := lang.Puller(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		pred, s, dropping := a.Value("predicate"), caller{a.Session()}, true
		return lazy("dropwhile", func() (lang.Value, bool, error) {
			for {
				v, ok, err := src()
				if !ok || err != nil {
					return nil, false, err
				}
				if dropping {
					t, err := s.truth(pred, v)
					if err != nil {
						return nil, false, err
					}
					if t {
						continue
					}
					dropping = false
				}
				return v, true, nil
			}
		}), nil
	})
	add(it, "filterfalse(function, iterable)", "The elements for which function(element) is false (the false elements when function is None).", func(a *lang.Args) (lang.Value, error) {
		src, err := lang.Puller(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		fn, s := a.Value("function"), caller{a.Session()}
		return lazy("filterfalse", func() (lang.Value, bool, error) {
			for {
				v, ok, err := src()
				if !ok || err != nil {
					return nil, false, err
				}
				var t bool
				if fn == lang.None {
					t, err = lang.Truth(v)
				} else {
					t, err = s.truth(fn, v)
				}
				if err != nil {
					return nil, false, err
				}
				if !t {
					return v, true, nil
				}
			}
		}), nil
	})
	add(it, "compress(data, selectors)", "The elements of data whose selector is true, until either runs out.", func(a *lang.Args) (lang.Value, error) {
		data, err := lang.Puller(a.Value("data"))
		if err != nil {
			return nil, err
		}
		sel, err := lang.Puller(a.Value("selectors"))
		if err != nil {
			return nil, err
		}
		return lazy("compress", func() (lang.Value, bool, error) {
			for {
				v, ok, err := data()
				if !ok || err != nil {
					return nil, false, err
				}
				s, ok, err := sel()
				if !ok || err != nil {
					return nil, false, err
				}
				t, err := lang.Truth(s)
				if err != nil {
					return nil, false, err
				}
				if t {
					return v, true, nil
				}
			}
		}), nil
	})
	add(it, "zip_longest(*iterables, fillvalue=None)", "Tuples of corresponding elements, as long as the longest iterable, the shorter ones padded with fillvalue.", func(a *lang.Args) (lang.Value, error) {
		iterables := a.Value("iterables").(lang.Tuple)
		pulls := make([]next, len(iterables))
		for i, v := range iterables {
			p, err := lang.Puller(v)
			if err != nil {
				return nil, err
			}
			pulls[i] = p
		}
		return lazy("zip_longest", zipLongest(pulls, a.Value("fillvalue"))), nil
	})
	add(it, "groupby(iterable, key=None)", "(key, group) for each run of consecutive elements with the same key(element) (the element itself when key is None); each group is an iterator of the run.", func(a *lang.Args) (lang.Value, error) {
		src, err := lang.Puller(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		keyFn, s := a.Value("key"), caller{a.Session()}
		keyOf := func(v lang.Value) (lang.Value, error) {
			if keyFn == lang.None {
				return v, nil
			}
			return s.call(keyFn, v)
		}
		var pendingVal, pendingKey lang.Value
		have, done := false, false
		return lazy("groupby", func() (lang.Value, bool, error) {
			if !have {
				if done {
					return nil, false, nil
				}
				v, ok, err := src()
				if !ok || err != nil {
					done = true
					return nil, false, err
				}
				if pendingKey, err = keyOf(v); err != nil {
					return nil, false, err
				}
				pendingVal, have = v, true
			}
			k, group := pendingKey, []lang.Value{pendingVal}
			have = false
			for {
				v, ok, err := src()
				if err != nil {
					return nil, false, err
				}
				if !ok {
					done = true
					break
				}
				vk, err := keyOf(v)
				if err != nil {
					return nil, false, err
				}
				eq, err := s.call(equalTo, vk, k)
				if err != nil {
					return nil, false, err
				}
				if same, _ := lang.Truth(eq); !same {
					pendingVal, pendingKey, have = v, vk, true
					break
				}
				group = append(group, v)
			}
			return lang.Tuple{k, lang.NewIterator("itertools._grouper", group)}, true, nil
		}), nil
	})
	add(it, "tee(iterable, n=2)", "n independent iterators over the elements of iterable, which is stepped once.", func(a *lang.Args) (lang.Value, error) {
		n := a.Int("n")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if n < 0 {
			return nil, lang.Errorf(lang.ValueError, "n must be >= 0")
		}
		src, err := lang.Puller(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		q := &teeQueue{src: src, pos: make([]int, n)}
		out := make(lang.Tuple, n)
		for j := range out {
			out[j] = lazy("_tee", func() (lang.Value, bool, error) { return q.next(j) })
		}
		return out, nil
	})
	add(it, "combinations_with_replacement(iterable, r)", "The r-element tuples of the elements in their order, each element repeatable: combinations_with_replacement('ab', 2) gives aa, ab, bb.", func(a *lang.Args) (lang.Value, error) {
		r, err := nonNegative(a, "r", "r must be non-negative")
		if err != nil {
			return nil, err
		}
		pool, err := lang.Collect(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		var out []lang.Value
		idx := make([]int, r)
		if len(pool) == 0 && r > 0 {
			return iterTool("combinations_with_replacement", nil), nil
		}
		for {
			if err := iterGrowth("combinations_with_replacement", len(out)); err != nil {
				return nil, err
			}
			t := make(lang.Tuple, r)
			for i, j := range idx {
				t[i] = pool[j]
			}
			out = append(out, t)
			i := r - 1
			for i >= 0 && idx[i] == len(pool)-1 {
				i--
			}
			if i < 0 {
				break
			}
			v := idx[i] + 1
			for k := i; k < r; k++ {
				idx[k] = v
			}
		}
		return iterTool("combinations_with_replacement", out), nil
	})
}

// equalTo is a == b, for groupby's keys.
var equalTo = lang.NewBuiltin(lang.AsValue, "eq(a, b)", "a == b.", func(a *lang.Args) (lang.Value, error) {
	return a.Binary(syntax.EQL, a.Value("a"), a.Value("b"))
})

// zipLongest is zip_longest's step, as CPython's: an iterable that ends
// is padded with fill from then on, the tuples end when the last one
// does, and an error from any of them ends them all.
func zipLongest(pulls []next, fill lang.Value) next {
	active := len(pulls)
	return func() (lang.Value, bool, error) {
		if active == 0 {
			return nil, false, nil
		}
		t := make(lang.Tuple, len(pulls))
		for i, pull := range pulls {
			if pull == nil {
				t[i] = fill
				continue
			}
			v, ok, err := pull()
			if err != nil {
				active = 0
				return nil, false, err
			}
			if !ok {
				active--
				if active == 0 {
					return nil, false, nil
				}
				pulls[i], v = nil, fill
			}
			t[i] = v
		}
		return t, true, nil
	}
}

// teeQueue is what tee's iterators share: the source's elements that
// some iterator has not read yet, as CPython's linked blocks hold them
// (an element every iterator read is dropped, so that iterators moving
// together over an endless source use bounded memory).
type teeQueue struct {
	src   next
	buf   []lang.Value // the elements from index base on
	base  int
	pos   []int // each iterator's next index
	ended bool
}

// next is iterator j's step. An error of the source reaches the
// iterator that asked and ends nothing: the next step asks the source
// again, as CPython's tee does.
func (q *teeQueue) next(j int) (lang.Value, bool, error) {
	i := q.pos[j] - q.base
	if i == len(q.buf) {
		if q.ended {
			return nil, false, nil
		}
		v, ok, err := q.src()
		if err != nil {
			return nil, false, err
		}
		if !ok {
			q.ended = true
			return nil, false, nil
		}
		q.buf = append(q.buf, v)
	}
	v := q.buf[i]
	q.pos[j]++
	if i == 0 && slices.Min(q.pos) > q.base {
		q.buf[0] = nil
		q.buf = q.buf[1:]
		q.base++
	}
	return v, true, nil
}
