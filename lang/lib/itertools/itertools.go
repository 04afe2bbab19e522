// Package itertools is Python's itertools module. The iterators over
// one source (count, cycle, repeat, islice, chain, accumulate, pairwise,
// starmap, takewhile, dropwhile, filterfalse, compress, groupby, tee) and
// zip_longest compute their elements as they are asked for (lazy.go), as
// CPython's; the combinatoric ones (product, combinations, permutations,
// combinations_with_replacement) compute theirs when called, into an
// iterator that yields them once.
package itertools

import (
	"github.com/kael-dev/kael/lang"
)

// iterTool is an itertools iterator of elems, type itertools.<name>.
func iterTool(name string, elems []lang.Value) *lang.Iterator {
	return lang.NewIterator("itertools."+name, elems)
}

// iterGrowth checks that n elements may be made, as collect bounds lists:
// more is a MemoryError; an interrupt stops the work.
func iterGrowth(name string, n int) error {
	if n > lang.MaxCollect {
		return lang.Errorf(lang.MemoryError, "itertools.%s would make more than %d elements", name, lang.MaxCollect).
			WithHint("kael's itertools compute their elements at once; loop over smaller pieces")
	}
	return lang.PollInterrupt(n)
}

// collectAll collects each iterable.
func collectAll(iterables lang.Tuple) ([][]lang.Value, error) {
	out := make([][]lang.Value, len(iterables))
	for i, it := range iterables {
		elems, err := lang.Collect(it)
		if err != nil {
			return nil, err
		}
		out[i] = elems
	}
	return out, nil
}

// nonNegative reads an int argument that must not be negative.
func nonNegative(a *lang.Args, name, msg string) (int, error) {
	n := a.Int(name)
	if err := a.Err(); err != nil {
		return 0, err
	}
	if n < 0 {
		return 0, lang.Errorf(lang.ValueError, "%s", msg)
	}
	return n, nil
}

// productOf is the Cartesian product of pools, the last cycling fastest.
func productOf(pools [][]lang.Value) ([]lang.Value, error) {
	out := []lang.Value{lang.Tuple{}}
	for _, pool := range pools {
		if len(pool) > 0 && len(out) > lang.MaxCollect/len(pool) {
			return nil, iterGrowth("product", lang.MaxCollect+1)
		}
		next := make([]lang.Value, 0, len(out)*len(pool))
		for _, prefix := range out {
			for _, e := range pool {
				if err := iterGrowth("product", len(next)); err != nil {
					return nil, err
				}
				next = append(next, append(append(lang.Tuple{}, prefix.(lang.Tuple)...), e))
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
		if count > lang.MaxCollect {
			return lang.MaxCollect + 1
		}
	}
	return count
}

// selections is itertools.combinations or permutations of pool.
func selections(name string, pool []lang.Value, r int, ordered bool) (lang.Value, error) {
	if err := iterGrowth(name, selectionCount(len(pool), r, ordered)); err != nil {
		return nil, err
	}
	var out []lang.Value
	err := choose(len(pool), r, ordered, func(idx []int) error {
		if err := iterGrowth(name, len(out)); err != nil {
			return err
		}
		t := make(lang.Tuple, len(idx))
		for i, j := range idx {
			t[i] = pool[j]
		}
		out = append(out, t)
		return nil
	})
	return iterTool(name, out), err
}

// isliceBound reads an islice bound: None or an int from 0 on.
func isliceBound(v lang.Value, what string) (int, bool, error) {
	if _, none := v.(lang.NoneType); none {
		return 0, false, nil
	}
	i, ok := lang.AsInt(v)
	if !ok || i < 0 {
		return 0, false, lang.Errorf(lang.ValueError, "%s argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.", what)
	}
	return int(min(i, int64(lang.MaxCollect)+1)), true, nil
}

// isliceArgs reads islice's start, stop and step, as CPython checks them.
func isliceArgs(args lang.Tuple) (start, stop, step int, hasStop bool, err error) {
	if len(args) == 0 || len(args) > 3 {
		return 0, 0, 0, false, lang.Errorf(lang.TypeError, "islice expected 2 to 4 arguments, got %d", len(args)+1)
	}
	step = 1
	if len(args) == 1 {
		stop, hasStop, err = isliceBound(args[0], "Stop")
		return start, stop, step, hasStop, err
	}
	if start, _, err = isliceBound(args[0], "Indices"); err == nil {
		stop, hasStop, err = isliceBound(args[1], "Stop")
	}
	if err == nil && len(args) == 3 {
		var given bool
		if step, given, err = isliceBound(args[2], "Step"); err == nil && (!given || step == 0) {
			if given {
				err = lang.Errorf(lang.ValueError, "Step for islice() must be a positive integer or None.")
			}
			step = max(step, 1)
		}
	}
	return start, stop, step, hasStop, err
}

var itertoolsModule = &lang.Module{Name: "itertools", Attrs: map[string]lang.Value{}}

func init() {
	add := func(m *lang.Module, sig, doc string, fn func(a *lang.Args) (lang.Value, error)) *lang.Builtin {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		m.Attrs[b.Name] = b
		return b
	}
	it := itertoolsModule
	add(it, "product(*iterables, repeat=1)", "The tuples of the Cartesian product of the iterables (repeated repeat times), the last one cycling fastest: product('ab', [1, 2]).", func(a *lang.Args) (lang.Value, error) {
		repeat, err := nonNegative(a, "repeat", "repeat argument cannot be negative")
		if err != nil {
			return nil, err
		}
		pools, err := collectAll(a.Value("iterables").(lang.Tuple))
		if err != nil {
			return nil, err
		}
		var all [][]lang.Value
		for range repeat {
			all = append(all, pools...)
		}
		out, err := productOf(all)
		return iterTool("product", out), err
	})
	add(it, "combinations(iterable, r)", "The r-element tuples of the elements in their order, without repeats: combinations('abc', 2) gives ab, ac, bc.", func(a *lang.Args) (lang.Value, error) {
		r, err := nonNegative(a, "r", "r must be non-negative")
		if err != nil {
			return nil, err
		}
		pool, err := lang.Collect(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		return selections("combinations", pool, r, false)
	})
	add(it, "permutations(iterable, r=None)", "The r-element orderings of the elements (all of them when r is None), in lexicographic order of position.", func(a *lang.Args) (lang.Value, error) {
		pool, err := lang.Collect(a.Value("iterable"))
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
	defLazy(it, add)

	lang.RegisterModule("itertools", "Python's itertools: count, cycle, repeat, islice, chain, accumulate, takewhile, groupby, tee, ... (lazy, as CPython's), and product, combinations, permutations (computed when called).", func() *lang.Module { return itertoolsModule })
}
