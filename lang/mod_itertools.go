package lang

import (
	"slices"

	"github.com/kael-dev/kael/lang/syntax"
)

// The itertools and functools modules in small: the finite iterators
// (product, chain, combinations, permutations, accumulate, islice,
// zip_longest, pairwise, repeat) and reduce and partial. As kael's map
// and filter, each computes its elements when called, into an iterator
// that yields them once; the infinite ones (count, cycle, repeat without
// times) cannot be, and are absent.

// iterTool is an itertools iterator of elems, type itertools.<name>.
func iterTool(name string, elems []Value) *Iterator {
	return &Iterator{kind: "itertools." + name, elems: elems}
}

// iterGrowth checks that n elements may be made, as collect bounds lists:
// more is a MemoryError; an interrupt stops the work.
func iterGrowth(name string, n int) error {
	if n > MaxCollect {
		return Errorf(MemoryError, "itertools.%s would make more than %d elements", name, MaxCollect).
			WithHint("kael's itertools compute their elements at once; loop over smaller pieces")
	}
	return PollInterrupt(n)
}

// collectAll collects each iterable.
func collectAll(iterables Tuple) ([][]Value, error) {
	out := make([][]Value, len(iterables))
	for i, it := range iterables {
		elems, err := Collect(it)
		if err != nil {
			return nil, err
		}
		out[i] = elems
	}
	return out, nil
}

// nonNegative reads an int argument that must not be negative.
func nonNegative(a *Args, name, msg string) (int, error) {
	n := a.Int(name)
	if err := a.Err(); err != nil {
		return 0, err
	}
	if n < 0 {
		return 0, Errorf(ValueError, "%s", msg)
	}
	return n, nil
}

// productOf is the Cartesian product of pools, the last cycling fastest.
func productOf(pools [][]Value) ([]Value, error) {
	out := []Value{Tuple{}}
	for _, pool := range pools {
		if len(pool) > 0 && len(out) > MaxCollect/len(pool) {
			return nil, iterGrowth("product", MaxCollect+1)
		}
		next := make([]Value, 0, len(out)*len(pool))
		for _, prefix := range out {
			for _, e := range pool {
				if err := iterGrowth("product", len(next)); err != nil {
					return nil, err
				}
				next = append(next, append(append(Tuple{}, prefix.(Tuple)...), e))
			}
		}
		out = next
	}
	return out, nil
}

// choose calls emit with each r-element selection of n indices, in
// lexicographic order: ordered (permutations) or not (combinations).
func choose(n, r int, ordered bool, emit func(idx []int) error) error {
	if r > n {
		return nil
	}
	idx := make([]int, 0, r)
	used := make([]bool, n)
	var rec func(start int) error
	rec = func(start int) error {
		if len(idx) == r {
			return emit(idx)
		}
		from, to := start, n-(r-len(idx)) // leave enough elements for the rest
		if ordered {
			from, to = 0, n-1
		}
		for i := from; i <= to; i++ {
			if used[i] {
				continue
			}
			used[i] = true
			idx = append(idx, i)
			if err := rec(i + 1); err != nil {
				return err
			}
			idx = idx[:len(idx)-1]
			used[i] = false
		}
		return nil
	}
	return rec(0)
}

// selectionCount is how many selections choose makes, or more than
// MaxCollect when that is more.
func selectionCount(n, r int, ordered bool) int {
	if r > n {
		return 0
	}
	if !ordered {
		r = min(r, n-r) // C(n, r) = C(n, n-r), whose partial products stay smaller
	}
	count := 1
	for i := range r {
		count = count * (n - i)
		if !ordered {
			count /= i + 1 // exact: a product of i+1 consecutive ints divides by (i+1)!
		}
		if count > MaxCollect {
			return MaxCollect + 1
		}
	}
	return count
}

// selections is itertools.combinations or permutations of pool.
func selections(name string, pool []Value, r int, ordered bool) (Value, error) {
	if err := iterGrowth(name, selectionCount(len(pool), r, ordered)); err != nil {
		return nil, err
	}
	var out []Value
	err := choose(len(pool), r, ordered, func(idx []int) error {
		if err := iterGrowth(name, len(out)); err != nil {
			return err
		}
		t := make(Tuple, len(idx))
		for i, j := range idx {
			t[i] = pool[j]
		}
		out = append(out, t)
		return nil
	})
	return iterTool(name, out), err
}

// isliceBound reads an islice bound: None or an int from 0 on.
func isliceBound(v Value, what string) (int, bool, error) {
	if _, none := v.(NoneType); none {
		return 0, false, nil
	}
	i, ok := AsInt(v)
	if !ok || i < 0 {
		return 0, false, Errorf(ValueError, "%s argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.", what)
	}
	return int(min(i, int64(MaxCollect)+1)), true, nil
}

var itertoolsModule = &Module{Name: "itertools", Attrs: map[string]Value{}}

var functoolsModule = &Module{Name: "functools", Attrs: map[string]Value{}}

func init() {
	add := func(m *Module, sig, doc string, fn func(a *Args) (Value, error)) *Builtin {
		b := NewBuiltin(AsValue, sig, doc, fn)
		m.Attrs[b.Name] = b
		return b
	}
	it := itertoolsModule
	add(it, "product(*iterables, repeat=1)", "The tuples of the Cartesian product of the iterables (repeated repeat times), the last one cycling fastest: product('ab', [1, 2]).", func(a *Args) (Value, error) {
		repeat, err := nonNegative(a, "repeat", "repeat argument cannot be negative")
		if err != nil {
			return nil, err
		}
		pools, err := collectAll(a.Value("iterables").(Tuple))
		if err != nil {
			return nil, err
		}
		var all [][]Value
		for range repeat {
			all = append(all, pools...)
		}
		out, err := productOf(all)
		return iterTool("product", out), err
	})
	add(it, "chain(*iterables)", "The elements of each iterable in turn.", func(a *Args) (Value, error) {
		pools, err := collectAll(a.Value("iterables").(Tuple))
		if err != nil {
			return nil, err
		}
		var out []Value
		for _, p := range pools {
			if err := iterGrowth("chain", len(out)+len(p)); err != nil {
				return nil, err
			}
			out = append(out, p...)
		}
		return iterTool("chain", out), nil
	})
	add(it, "combinations(iterable, r)", "The r-element tuples of the elements in their order, without repeats: combinations('abc', 2) gives ab, ac, bc.", func(a *Args) (Value, error) {
		r, err := nonNegative(a, "r", "r must be non-negative")
		if err != nil {
			return nil, err
		}
		pool, err := Collect(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		return selections("combinations", pool, r, false)
	})
	add(it, "permutations(iterable, r=None)", "The r-element orderings of the elements (all of them when r is None), in lexicographic order of position.", func(a *Args) (Value, error) {
		pool, err := Collect(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		r := len(pool)
		if !a.IsNone("r") {
			if r, err = nonNegative(a, "r", "r must be non-negative"); err != nil {
				return nil, err
			}
		}
		return selections("permutations", pool, r, true)
	})
	add(it, "accumulate(iterable, func=None, *, initial=None)", "The running totals of the elements (with +, or with func(total, element)), starting from initial when given.", func(a *Args) (Value, error) {
		elems, err := Collect(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		var out []Value
		if !a.IsNone("initial") {
			out = append(out, a.Value("initial"))
		}
		for _, e := range elems {
			if len(out) == 0 {
				out = append(out, e)
				continue
			}
			var total Value
			if a.IsNone("func") {
				total, err = a.in.binary(syntax.PLUS, out[len(out)-1], e, spanNode(a.in.stmtSpan()))
			} else {
				total, err = a.Call(a.Value("func"), out[len(out)-1], e)
			}
			if err != nil {
				return nil, err
			}
			out = append(out, total)
		}
		return iterTool("accumulate", out), nil
	})
	add(it, "islice(iterable, *args)", "islice(it, stop) or islice(it, start, stop, step=1): the elements at those positions, as a slice takes them (no negative positions).", func(a *Args) (Value, error) {
		args := a.Value("args").(Tuple)
		if len(args) == 0 || len(args) > 3 {
			return nil, Errorf(TypeError, "islice expected 2 to 4 arguments, got %d", len(args)+1)
		}
		start, stop, step := 0, 0, 1
		var hasStop bool
		var err error
		if len(args) == 1 {
			stop, hasStop, err = isliceBound(args[0], "Stop")
		} else {
			if start, _, err = isliceBound(args[0], "Indices"); err == nil {
				stop, hasStop, err = isliceBound(args[1], "Stop")
			}
			if err == nil && len(args) == 3 {
				var given bool
				if step, given, err = isliceBound(args[2], "Step"); err == nil && (!given || step == 0) {
					if given {
						err = Errorf(ValueError, "Step for islice() must be a positive integer or None.")
					}
					step = max(step, 1)
				}
			}
		}
		if err != nil {
			return nil, err
		}
		elems, err := Collect(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		if !hasStop || stop > len(elems) {
			stop = len(elems)
		}
		var out []Value
		for i := start; i < stop; i += step {
			out = append(out, elems[i])
		}
		return iterTool("islice", out), nil
	})
	add(it, "zip_longest(*iterables, fillvalue=None)", "Tuples of corresponding elements, as long as the longest iterable, the shorter ones padded with fillvalue.", func(a *Args) (Value, error) {
		pools, err := collectAll(a.Value("iterables").(Tuple))
		if err != nil {
			return nil, err
		}
		n := 0
		for _, p := range pools {
			n = max(n, len(p))
		}
		out := make([]Value, n)
		for i := range out {
			t := make(Tuple, len(pools))
			for j, p := range pools {
				t[j] = a.Value("fillvalue")
				if i < len(p) {
					t[j] = p[i]
				}
			}
			out[i] = t
		}
		return iterTool("zip_longest", out), nil
	})
	add(it, "pairwise(iterable)", "The overlapping pairs of consecutive elements: pairwise([1, 2, 3]) gives (1, 2), (2, 3).", func(a *Args) (Value, error) {
		elems, err := Collect(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		var out []Value
		for i := 1; i < len(elems); i++ {
			out = append(out, Tuple{elems[i-1], elems[i]})
		}
		return iterTool("pairwise", out), nil
	})
	add(it, "repeat(object, times)", "object, times times. Without times itertools.repeat is endless in Python, which kael's iterators, computed at once, cannot be: times is required.", func(a *Args) (Value, error) {
		n := max(a.Int("times"), 0)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := iterGrowth("repeat", n); err != nil {
			return nil, err
		}
		out := make([]Value, n)
		for i := range out {
			out[i] = a.Value("object")
		}
		return iterTool("repeat", out), nil
	})
	it.MissingHint = "kael's itertools has the finite iterators (product, chain, combinations, permutations, accumulate, islice, zip_longest, pairwise, repeat with times); count and cycle are endless, which kael's iterators, computed at once, cannot be"

	ft := functoolsModule
	add(ft, "reduce(function, iterable, *initial)", "Folds the elements from the left: reduce(f, [a, b, c]) is f(f(a, b), c), starting from initial when given; an empty iterable without initial is a TypeError.", func(a *Args) (Value, error) {
		initial := a.Value("initial").(Tuple)
		if len(initial) > 1 {
			return nil, Errorf(TypeError, "reduce expected at most 3 arguments, got %d", 2+len(initial))
		}
		elems, err := Collect(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		elems = append(append([]Value{}, initial...), elems...)
		if len(elems) == 0 {
			return nil, Errorf(TypeError, "reduce() of empty iterable with no initial value")
		}
		acc := elems[0]
		for _, e := range elems[1:] {
			if acc, err = a.Call(a.Value("function"), acc, e); err != nil {
				return nil, err
			}
		}
		return acc, nil
	})
	partial := add(ft, "partial(func, *args)", "func with its first arguments (and keyword arguments) fixed: partial(f, 1, k=2)(3) is f(1, 3, k=2).", func(a *Args) (Value, error) {
		fn, fixed := a.Value("func"), append(Tuple{}, a.Value("args").(Tuple)...)
		if !Callable(fn) {
			return nil, Errorf(TypeError, "the first argument must be callable")
		}
		kwNames, kwVals := append([]string{}, a.kwNames...), append([]Value{}, a.kwVals...)
		p := &Builtin{Name: "partial", Sig: "partial(*args)", Doc: "A functools.partial of " + Repr(fn) + ".",
			params: []param{{name: "args", variadic: true}}, acceptsKeywords: true}
		p.fn = func(c *Args) (Value, error) {
			names, vals := append([]string{}, kwNames...), append([]Value{}, kwVals...)
			for i, n := range c.kwNames { // a keyword of the call replaces a fixed one
				if j := slices.Index(names, n); j >= 0 {
					vals[j] = c.kwVals[i]
					continue
				}
				names, vals = append(names, n), append(vals, c.kwVals[i])
			}
			pos := append(append(Tuple{}, fixed...), c.Value("args").(Tuple)...)
			return c.in.call(fn, pos, names, vals, spanNode(c.in.stmtSpan()))
		}
		return p, nil
	})
	partial.acceptsKeywords = true

	RegisterModule("itertools", "Python's itertools in small: the finite iterators, computed when called.", func() *Module { return itertoolsModule })
	RegisterModule("functools", "Python's functools in small: reduce and partial.", func() *Module { return functoolsModule })
}
