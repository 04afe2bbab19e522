package lang

import (
	"fmt"
	"math"
)

// zip, map, filter, enumerate and reversed: lazy iterators of their own
// types, as CPython's, computing each element when next() or a loop asks
// for it, so that they work over endless inputs (zip(itertools.count(),
// xs)) and are consumed once.

func init() {
	pythonClasses = append(pythonClasses, "zip", "map", "filter", "enumerate", "reversed")
	supportedDunders["__reversed__"] = true
	NewBuiltin(AsFunc, "zip(*iterables, strict=False)", "An iterator of tuples of corresponding elements, as long as the shortest input; with strict=True a ValueError when their lengths differ.", func(a *Args) (Value, error) {
		strict, err := Truth(a.Value("strict"))
		if err != nil {
			return nil, err
		}
		its := a.Value("iterables").(Tuple)
		if z := zipInPlace(its); z != nil {
			z.rows.strict = strict
			return &z.it, nil
		}
		pulls, err := steppers(its)
		if err != nil {
			return nil, err
		}
		return &lazyIterator{kind: "zip", rows: &zipRows{pulls: pulls, strict: strict}}, nil
	}).setFast(func(_ *interp, n int, x, y Value) (Value, bool) {
		// zip(xs, ys) of lists and tuples: one allocation, no Args
		if _, ok := inPlaceElems(x); n == 0 || !ok {
			return nil, false
		}
		if _, ok := inPlaceElems(y); n == 2 && !ok {
			return nil, false
		}
		z := &zipIter{}
		z.rows.two = [2]Value{x, y}
		z.rows.seqs = z.rows.two[:n]
		z.it = lazyIterator{kind: "zip", rows: &z.rows}
		return &z.it, true
	})
	NewBuiltin(AsFunc, "map(function, *iterables)", "An iterator of function applied to the elements of the iterables, side by side until the shortest ends, each computed when asked for.", func(a *Args) (Value, error) {
		its := a.Value("iterables").(Tuple)
		if len(its) == 0 {
			return nil, Errorf(TypeError, "map() must have at least two arguments.")
		}
		pulls, err := steppers(its)
		if err != nil {
			return nil, err
		}
		z := &zipRows{pulls: pulls}
		fn, s, args := a.Value("function"), a.Session(), z.pullTuple
		return &lazyIterator{kind: "map", pull: func() (Value, bool, error) {
			row, ok, err := args()
			if !ok || err != nil {
				return nil, false, err
			}
			v, err := s.CallHook(fn, row.(Tuple)...)
			return v, err == nil, err
		}}, nil
	})
	NewBuiltin(AsFunc, "filter(function, iterable)", "An iterator of the elements of iterable for which function is true (or, with None, which are true themselves), each found when asked for.", func(a *Args) (Value, error) {
		p, err := stepper(a.Value("iterable"))
		if err != nil {
			return nil, err
		}
		fn, s := a.Value("function"), a.Session()
		_, keepTrue := fn.(NoneType)
		return &lazyIterator{kind: "filter", pull: func() (Value, bool, error) {
			for {
				e, ok, err := p()
				if !ok || err != nil {
					return nil, false, err
				}
				keep := e
				if !keepTrue {
					if keep, err = s.CallHook(fn, e); err != nil {
						return nil, false, err
					}
				}
				t, err := Truth(keep)
				if err != nil {
					return nil, false, err
				}
				if t {
					return e, true, nil
				}
			}
		}}, nil
	})
	NewBuiltin(AsFunc, "enumerate(iterable, start=0)", "An iterator of pairs (index, element) for each element of iterable, counting from start.", func(a *Args) (Value, error) {
		start := a.Int64("start")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return enumerateLazily(a.Value("iterable"), start)
	}).setFast(func(_ *interp, n int, x, _ Value) (Value, bool) {
		// enumerate(xs) of a list, a tuple or zip's iterator: no Args
		l, isLazy := x.(*lazyIterator)
		if _, ok := inPlaceElems(x); n != 1 || !ok && !(isLazy && l.rows != nil) {
			return nil, false
		}
		v, err := enumerateLazily(x, 0)
		return v, err == nil
	})
	NewBuiltin(AsFunc, "reversed(seq)", "An iterator over the elements of the sequence seq from the last to the first (seq's __reversed__ when its class defines one).", func(a *Args) (Value, error) {
		return reversedOf(a.Value("seq"))
	})
}

// stepper is pullerOf, reading a list or tuple in place rather than
// collecting it first: a list's iterator sees the elements appended while
// it runs, as CPython's does, and once at the end stays there, as
// CPython's drops its list (a strict zip's argument found short does not
// see what is appended after the ValueError).
func stepper(v Value) (puller, error) { return stepperFrom(v, 0) }

// stepperFrom is stepper starting at element i of a list or tuple (the
// elements before it taken already; ended, an iterator at its end for
// good); i is 0 for any other v.
func stepperFrom(v Value, i int) (puller, error) {
	switch x := v.(type) {
	case *List:
		return func() (Value, bool, error) {
			if i >= len(x.Elems) {
				i = ended
				return nil, false, nil
			}
			i++
			return x.Elems[i-1], true, nil
		}, nil
	case Tuple:
		return func() (Value, bool, error) {
			if i >= len(x) {
				return nil, false, nil
			}
			i++
			return x[i-1], true, nil
		}, nil
	}
	return pullerOf(v)
}

// ended is stepperFrom's index of an iterator at its end for good.
const ended = math.MaxInt

// steppers is stepper of each iterable.
func steppers(iterables Tuple) ([]puller, error) {
	pulls := make([]puller, len(iterables))
	for i, it := range iterables {
		p, err := stepper(it)
		if err != nil {
			return nil, err
		}
		pulls[i] = p
	}
	return pulls, nil
}

// zipRows steps pulls side by side, a tuple of their elements each
// step, until the first ends; strict, a ValueError unless all end
// together, with CPython's message.
//
// When every argument is a list or a tuple, seqs holds them in place of
// pulls, read at index i in place (a list's length read at each step, as
// its iterator does): no puller per argument. The first argument found
// at its end ends a zip that is not strict for good (its lazyIterator is
// done); a strict zip then turns seqs into pullers standing where
// CPython's iterators stand, and goes on with them, so that its errors
// and what follows them are CPython's.
type zipRows struct {
	pulls  []puller
	strict bool
	seqs   []Value // lists and tuples, in place of pulls
	i      int     // the index in seqs of the next row
	two    [2]Value
}

// zipIter is a zip's iterator and its rows in one allocation.
type zipIter struct {
	it   lazyIterator
	rows zipRows
}

// inPlaceElems returns the elements of a list or tuple, which zip and
// enumerate read in place; ok is false for any other v.
func inPlaceElems(v Value) (elems []Value, ok bool) {
	switch x := v.(type) {
	case *List:
		return x.Elems, true
	case Tuple:
		return x, true
	}
	return nil, false
}

// zipInPlace returns the zip of its, lists and tuples read in place, or
// nil when one of its is something else (or there are none).
func zipInPlace(its Tuple) *zipIter {
	if len(its) == 0 {
		return nil
	}
	for _, s := range its {
		if _, ok := inPlaceElems(s); !ok {
			return nil
		}
	}
	z := &zipIter{}
	z.rows.seqs = its
	z.it = lazyIterator{kind: "zip", rows: &z.rows}
	return z
}

// width is the number of zip's arguments.
func (z *zipRows) width() int { return len(z.pulls) + len(z.seqs) }

func (z *zipRows) pullTuple() (Value, bool, error) {
	if z.width() == 0 {
		return nil, false, nil
	}
	row := make(Tuple, z.width())
	if ok, err := z.pullRow(row); !ok || err != nil {
		return nil, false, err
	}
	return row, true, nil
}

// takes reports whether t is one name per argument.
func (z *zipRows) takes(t *targetCode) bool {
	return z.width() > 0 && t.name == nil && !t.starred && len(t.elts) == z.width() && allNames(t.elts)
}

func (z *zipRows) pullInto(dst []Value, _ *targetCode) (bool, error) { return z.pullRow(dst) }

// pullRow pulls one element of each argument into row (as long as the
// arguments).
func (z *zipRows) pullRow(row []Value) (bool, error) {
	if z.seqs == nil {
		return z.pullRowFrom(row, 0)
	}
	for j, s := range z.seqs {
		elems, _ := inPlaceElems(s)
		if z.i < len(elems) {
			row[j] = elems[z.i]
			continue
		}
		if !z.strict {
			return false, nil
		}
		// Pullers where CPython's iterators stand: the arguments
		// before j have given this row's element.
		pulls := make([]puller, len(z.seqs))
		for k, s := range z.seqs {
			at := z.i // not yet asked for this row's element
			if k < j {
				at++
			} else if k == j {
				at = ended
			}
			pulls[k], _ = stepperFrom(s, at)
		}
		z.pulls, z.seqs = pulls, nil
		return z.pullRowFrom(row, j)
	}
	z.i++
	return true, nil
}

// pullRowFrom is pullRow of pulls from argument j0 on, the row's
// elements before it given.
func (z *zipRows) pullRowFrom(row []Value, j0 int) (bool, error) {
	for j := j0; j < len(z.pulls); j++ {
		p := z.pulls[j]
		v, ok, err := p()
		if err != nil {
			return false, err
		}
		if ok {
			row[j] = v
			continue
		}
		if !z.strict {
			return false, nil
		}
		if j > 0 {
			return false, Errorf(ValueError, "zip() argument %d is shorter than %s", j+1, zipArguments(j))
		}
		for k := 1; k < len(z.pulls); k++ {
			_, ok, err := z.pulls[k]()
			if err != nil {
				return false, err
			}
			if ok {
				return false, Errorf(ValueError, "zip() argument %d is longer than %s", k+1, zipArguments(k))
			}
		}
		return false, nil
	}
	return true, nil
}

// zipArguments names the first n arguments as zip's strict errors do:
// "argument 1", "arguments 1-3".
func zipArguments(n int) string {
	if n == 1 {
		return "argument 1"
	}
	return fmt.Sprintf("arguments 1-%d", n)
}

// enumerateLazily is enumerate(src, start).
func enumerateLazily(src Value, start int64) (Value, error) {
	x := &enumIter{}
	e := &x.rows
	e.i = start
	if l, ok := src.(*lazyIterator); ok && l.rows != nil {
		e.inner = l // its puller made when asked for (enumerate(zip(a, b)) needs none)
	} else if _, ok := inPlaceElems(src); ok {
		e.seq = src
	} else {
		p, err := stepper(src)
		if err != nil {
			return nil, err
		}
		e.src = p
	}
	x.it = lazyIterator{kind: "enumerate", rows: e}
	return &x.it, nil
}

// enumerateRows counts the elements of src: (i, element) pairs.
type enumerateRows struct {
	src   puller
	inner *lazyIterator // src's iterator when it makes tuples itself (enumerate(zip(a, b)))
	seq   Value         // a list or tuple read in place, in place of src
	k     int           // seq's next index
	i     int64
}

// enumIter is an enumerate's iterator and its rows in one allocation.
type enumIter struct {
	it   lazyIterator
	rows enumerateRows
}

// next is the next element of enumerate's source.
func (e *enumerateRows) next() (Value, bool, error) {
	if e.seq != nil {
		elems, _ := inPlaceElems(e.seq)
		if e.k >= len(elems) {
			return nil, false, nil
		}
		e.k++
		return elems[e.k-1], true, nil
	}
	if e.src == nil {
		e.src = e.inner.next
	}
	return e.src()
}

func (e *enumerateRows) pullTuple() (Value, bool, error) {
	v, ok, err := e.next()
	if !ok || err != nil {
		return nil, ok, err
	}
	e.i++
	return Tuple{e.i - 1, v}, true, nil
}

// takes reports whether t is two targets, a name and a name or a target
// that the source's own tuples fit (j, (a, b) over enumerate(zip(x, y))).
func (e *enumerateRows) takes(t *targetCode) bool {
	if t.name != nil || t.starred || len(t.elts) != 2 || t.elts[0].name == nil {
		return false
	}
	sub := t.elts[1]
	return sub.name != nil || e.inner != nil && e.inner.rows.takes(sub)
}

func (e *enumerateRows) pullInto(dst []Value, t *targetCode) (bool, error) {
	if sub := t.elts[1]; sub.name == nil {
		if ok, err := e.inner.nextInto(dst[1:], sub); !ok || err != nil {
			return ok, err
		}
	} else {
		v, ok, err := e.next()
		if !ok || err != nil {
			return ok, err
		}
		dst[1] = v
	}
	e.i++
	dst[0] = e.i - 1
	return true, nil
}

// reversedOf is reversed(v): a list read backwards in place, a range's
// ints computed, __reversed__ of a class defining it, the sequence
// protocol (__len__ and __getitem__) of one that does not, and the other
// sequences collected; what has no order is not reversible.
func reversedOf(v Value) (Value, error) {
	switch x := v.(type) {
	case *List:
		i := len(x.Elems) - 1
		return &lazyIterator{kind: "list_reverseiterator", pull: func() (Value, bool, error) {
			if i < 0 || i >= len(x.Elems) {
				return nil, false, nil
			}
			i--
			return x.Elems[i+1], true, nil
		}}, nil
	case *Range, *bigRange:
		r, ok := x.(*Range)
		if !ok || r.count() > math.MaxInt64 {
			start, stop, step, _ := rangeBounds(x)
			return reversedRange(start, stop, step), nil
		}
		i := r.Len()
		return &lazyIterator{kind: "range_iterator", pull: func() (Value, bool, error) {
			if i <= 0 {
				return nil, false, nil
			}
			i--
			return r.Start + i*r.Step, true, nil
		}}, nil
	case *Set, *Iterator, *Generator, *lazyIterator:
		return nil, notReversible(v)
	case *Instance:
		if r, ok, err := x.hook("__reversed__"); ok || err != nil {
			return r, err
		}
		if x.HasOwn("__len__") && x.HasOwn("__getitem__") {
			n, err := Len(x)
			if err != nil {
				return nil, err
			}
			i, _ := n.(int64)
			return &lazyIterator{kind: "reversed", pull: func() (Value, bool, error) {
				if i <= 0 {
					return nil, false, nil
				}
				i--
				v, _, err := x.hook("__getitem__", i)
				return v, err == nil, err
			}}, nil
		}
		if x.HasOwn("__iter__") || x.HasOwn("__next__") {
			return nil, notReversible(v)
		}
	case ReverseIterMaker: // a deque's own reverse iterator
		return x.ReverseIter()
	}
	elems, err := Collect(v)
	if err != nil {
		return nil, notReversible(v)
	}
	for i, j := 0, len(elems)-1; i < j; i, j = i+1, j-1 {
		elems[i], elems[j] = elems[j], elems[i]
	}
	kind := "reversed"
	switch TypeName(v) {
	case "dict", "dict_keys":
		kind = "dict_reversekeyiterator"
	case "dict_values":
		kind = "dict_reversevalueiterator"
	case "dict_items":
		kind = "dict_reverseitemiterator"
	}
	return NewIterator(kind, elems), nil
}

// notReversible is reversed()'s TypeError for v.
func notReversible(v Value) error {
	return Errorf(TypeError, "'%s' object is not reversible", TypeName(v))
}
