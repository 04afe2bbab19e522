package collections

import (
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// deque: a double-ended queue, optionally bounded (maxlen): appending to a
// full one drops an element from the other end.

type deque struct {
	elems  []lang.Value
	maxlen int // -1: unbounded
	// state counts the changes that CPython's deque counts (adds,
	// removals, rotations): an iterator made before one raises
	// RuntimeError('deque mutated during iteration') at its next step.
	state uint64
	// inRepr is set while repr(d) runs: d met again is [...]
	inRepr bool
}

var (
	_ lang.HasAttrs        = (*deque)(nil)
	_ lang.Sized           = (*deque)(nil)
	_ lang.Iterable        = (*deque)(nil)
	_ lang.ItemGetter      = (*deque)(nil)
	_ lang.SubscriptSetter = (*deque)(nil)
	_ lang.Equaler         = (*deque)(nil)
	_ lang.Hashable        = (*deque)(nil)
	_ lang.TypeNamer       = (*deque)(nil)
	_ lang.ClassNamer      = (*deque)(nil)
	_ lang.Reprer          = (*deque)(nil)
)

// dequeMethods are deque's methods, by name; self is the deque.
var dequeMethods = map[string]*lang.Builtin{}

// Attr returns maxlen or a bound method.
func (d *deque) Attr(name string) (lang.Value, bool) {
	if name == "maxlen" {
		if d.maxlen < 0 {
			return lang.None, true
		}
		return int64(d.maxlen), true
	}
	if m, ok := dequeMethods[name]; ok {
		return &lang.BoundMethod{Recv: d, Method: m}, true
	}
	return nil, false
}

// AttrNames lists maxlen and the methods.
func (d *deque) AttrNames() []string {
	names := []string{"maxlen"}
	for n := range dequeMethods {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Length is len(d).
func (d *deque) Length() (int64, error) { return int64(len(d.elems)), nil }

// Iterate yields the elements from the left, as the deque's iterator: a
// change of the deque between two steps raises RuntimeError.
func (d *deque) Iterate(yield func(lang.Value) bool) error {
	next := d.walk()
	for {
		v, ok, err := next()
		if !ok {
			return err
		}
		if !yield(v) {
			return nil
		}
	}
}

// walk is the step of CPython's deque iterator: the elements from the
// left, as many as the deque held when it began, and RuntimeError once
// the deque has changed.
func (d *deque) walk() func() (lang.Value, bool, error) {
	state, left, i := d.state, len(d.elems), 0
	return func() (lang.Value, bool, error) {
		if d.state != state {
			left = 0
			return nil, false, lang.Errorf(lang.RuntimeError, "deque mutated during iteration")
		}
		if left == 0 || i >= len(d.elems) {
			return nil, false, nil
		}
		left--
		i++
		return d.elems[i-1], true, nil
	}
}

// Iter is iter(d): the deque's live iterator.
func (d *deque) Iter() (lang.Value, error) {
	return lang.NewLazyIterator("_collections._deque_iterator", d.walk()), nil
}

// index converts an index of d, negative from the right.
func (d *deque) index(key lang.Value) (int, error) {
	if _, isFloat := key.(float64); isFloat {
		return 0, lang.Errorf(lang.TypeError, "sequence index must be integer, not 'float'")
	}
	n, err := lang.IndexValue(key) // an int, or a value with __index__
	if err != nil {
		return 0, lang.Errorf(lang.TypeError, "sequence index must be integer, not '%s'", lang.TypeName(key))
	}
	i, ok := n.(int64)
	if !ok {
		return 0, lang.Errorf(lang.IndexError, "cannot fit 'int' into an index-sized integer")
	}
	if i < 0 {
		i += int64(len(d.elems))
	}
	if i < 0 || i >= int64(len(d.elems)) {
		return 0, lang.Errorf(lang.IndexError, "deque index out of range")
	}
	return int(i), nil
}

// GetItem is d[i].
func (d *deque) GetItem(key lang.Value) (lang.Value, error) {
	i, err := d.index(key)
	if err != nil {
		return nil, err
	}
	return d.elems[i], nil
}

// SetSubscript is d[i] = v.
func (d *deque) SetSubscript(subs []lang.Subscript, v lang.Value) error {
	i, err := d.subscriptIndex(subs)
	if err != nil {
		return err
	}
	d.elems[i] = v
	return nil
}

// Equal compares with another deque element by element.
func (d *deque) Equal(other lang.Value) bool {
	o, ok := other.(*deque)
	return ok && lang.Equal(lang.Tuple(d.elems), lang.Tuple(o.elems))
}

// HashKey refuses: a deque is mutable.
func (d *deque) HashKey() (string, error) {
	return "", lang.Errorf(lang.TypeError, "unhashable type: 'collections.deque'")
}

// TypeName is collections.deque, CPython's tp_name, which its messages
// say ('collections.deque' object has no attribute ...); __name__ is deque.
func (d *deque) TypeName() string { return "collections.deque" }

// ClassName is collections.deque.
func (d *deque) ClassName() string { return "collections.deque" }

// PyRepr is deque([1, 2]) or deque([1, 2], maxlen=3).
func (d *deque) PyRepr() string { return d.reprAs("deque") }

// reprAs is the repr under the class name: name([1, 2], maxlen=3). A
// deque met again inside its own repr (d.append(d), or through a list
// or a subclass's instance) is [...], as CPython's Py_ReprEnter makes it.
func (d *deque) reprAs(name string) string {
	if d.inRepr {
		return "[...]"
	}
	d.inRepr = true
	defer func() { d.inRepr = false }()
	parts := make([]string, len(d.elems))
	for i, e := range d.elems {
		parts[i] = lang.Repr(e)
	}
	s := name + "([" + strings.Join(parts, ", ") + "]"
	if d.maxlen >= 0 {
		s += ", maxlen=" + lang.Repr(int64(d.maxlen))
	}
	return s + ")"
}

// String is the repr.
func (d *deque) String() string { return d.PyRepr() }

// push adds v at the right (or left), dropping from the other end when
// d is full.
func (d *deque) push(v lang.Value, left bool) {
	d.state++
	if d.maxlen == 0 {
		return
	}
	if d.maxlen > 0 && len(d.elems) == d.maxlen {
		if left {
			d.elems = d.elems[:len(d.elems)-1]
		} else {
			d.elems = d.elems[1:]
		}
	}
	if left {
		d.elems = append([]lang.Value{v}, d.elems...)
	} else {
		d.elems = append(d.elems, v)
	}
}

// extend pushes the elements of src as it yields them, so that those
// before an error stay, as CPython's deque_extend; src may be d itself
// (its elements are taken first).
func (d *deque) extend(src lang.Value, left bool) error {
	if o, ok := dequeOf(src); ok && o == d {
		for _, e := range slices.Clone(d.elems) {
			d.push(e, left)
		}
		return nil
	}
	return lang.Iterate(src, func(e lang.Value) bool {
		d.push(e, left)
		return true
	})
}

func (d *deque) rotate(n int) {
	if len(d.elems) == 0 {
		return
	}
	if len(d.elems) > 1 {
		d.state++
	}
	n %= len(d.elems)
	if n < 0 {
		n += len(d.elems)
	}
	d.elems = append(slices.Clone(d.elems[len(d.elems)-n:]), d.elems[:len(d.elems)-n]...)
}

// dequeClass is collections.deque(iterable=(), maxlen=None).
var dequeClass = lang.NewBuiltin(lang.AsValue, "deque(iterable=(), maxlen=None)",
	"A double-ended queue: append and pop at both ends; with maxlen, appending to a full deque drops from the other end.",
	func(a *lang.Args) (lang.Value, error) {
		maxlen, err := dequeMaxlen(a)
		if err != nil {
			return nil, err
		}
		d := &deque{maxlen: maxlen}
		return d, d.extend(a.Value("iterable"), false)
	})

// dequeMaxlen is the maxlen argument of deque(): -1 for None.
func dequeMaxlen(a *lang.Args) (int, error) {
	if a.IsNone("maxlen") {
		return -1, nil
	}
	v := a.Value("maxlen")
	n, ok := v.(int64)
	if b, isBool := v.(bool); isBool {
		n, ok = 0, true
		if b {
			n = 1
		}
	}
	if !ok {
		return 0, lang.Errorf(lang.TypeError, "an integer is required")
	}
	if n < 0 {
		return 0, lang.Errorf(lang.ValueError, "maxlen must be non-negative")
	}
	return int(n), nil
}

func dequeSelf(a *lang.Args, method string) (*deque, error) {
	d, ok := dequeOf(a.Value("self"))
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "descriptor '%s' for 'collections.deque' objects doesn't apply to a '%s' object", method, lang.TypeName(a.Value("self")))
	}
	return d, nil
}

// dequeMethod registers a method whose fn gets the deque.
func dequeMethod(sig, doc string, fn func(a *lang.Args, d *deque) (lang.Value, error)) {
	var b *lang.Builtin
	b = lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		d, err := dequeSelf(a, b.Name)
		if err != nil {
			return nil, err
		}
		return fn(a, d)
	})
	dequeMethods[b.Name] = b
}

func defDeque() {
	lang.RegisterClass(dequeClass, "collections.deque")
	lang.RegisterGenericClass("collections.deque")
	dequeMethod("append(self, x)", "Adds x at the right end.", func(a *lang.Args, d *deque) (lang.Value, error) {
		d.push(a.Value("x"), false)
		return lang.None, nil
	})
	dequeMethod("appendleft(self, x)", "Adds x at the left end.", func(a *lang.Args, d *deque) (lang.Value, error) {
		d.push(a.Value("x"), true)
		return lang.None, nil
	})
	dequeMethod("pop(self)", "Removes and returns the rightmost element.", func(a *lang.Args, d *deque) (lang.Value, error) {
		if len(d.elems) == 0 {
			return nil, lang.Errorf(lang.IndexError, "pop from an empty deque")
		}
		v := d.elems[len(d.elems)-1]
		d.elems = d.elems[:len(d.elems)-1]
		d.state++
		return v, nil
	})
	dequeMethod("popleft(self)", "Removes and returns the leftmost element.", func(a *lang.Args, d *deque) (lang.Value, error) {
		if len(d.elems) == 0 {
			return nil, lang.Errorf(lang.IndexError, "pop from an empty deque")
		}
		v := d.elems[0]
		d.elems = d.elems[1:]
		d.state++
		return v, nil
	})
	dequeMethod("extend(self, iterable)", "Appends the elements of iterable at the right.", func(a *lang.Args, d *deque) (lang.Value, error) {
		return lang.None, d.extend(a.Value("iterable"), false)
	})
	dequeMethod("extendleft(self, iterable)", "Appends the elements of iterable at the left, one by one (so they end up reversed).", func(a *lang.Args, d *deque) (lang.Value, error) {
		return lang.None, d.extend(a.Value("iterable"), true)
	})
	dequeMethod("rotate(self, n=1)", "Rotates n steps to the right (left when n is negative).", func(a *lang.Args, d *deque) (lang.Value, error) {
		n, err := ssizeArg(a.Value("n"))
		if err != nil {
			return nil, err
		}
		d.rotate(n)
		return lang.None, nil
	})
	dequeMethod("clear(self)", "Removes every element.", func(a *lang.Args, d *deque) (lang.Value, error) {
		if len(d.elems) > 0 {
			d.state++
		}
		d.elems = nil
		return lang.None, nil
	})
	dequeMethod("copy(self)", "A shallow copy.", func(a *lang.Args, d *deque) (lang.Value, error) {
		return &deque{elems: slices.Clone(d.elems), maxlen: d.maxlen}, nil
	})
	dequeMethod("__copy__(self)", "A shallow copy, for copy.copy.", func(a *lang.Args, d *deque) (lang.Value, error) {
		return &deque{elems: slices.Clone(d.elems), maxlen: d.maxlen}, nil
	})
	dequeMethod("count(self, x)", "How many elements equal x.", func(a *lang.Args, d *deque) (lang.Value, error) {
		n, state := int64(0), d.state
		for i := 0; i < len(d.elems); i++ {
			if lang.Equal(d.elems[i], a.Value("x")) {
				n++
			}
			if d.state != state { // an element's __eq__ changed d
				return nil, lang.Errorf(lang.RuntimeError, "deque mutated during iteration")
			}
		}
		return n, nil
	})
	dequeMethod("index(self, x, start=0, stop=9223372036854775807)", "The position of the first element equal to x.", func(a *lang.Args, d *deque) (lang.Value, error) {
		lo, err := sliceBound(a.Value("start"), len(d.elems))
		if err != nil {
			return nil, err
		}
		hi, err := sliceBound(a.Value("stop"), len(d.elems))
		if err != nil {
			return nil, err
		}
		state := d.state
		for i := lo; i < hi && i < len(d.elems); i++ {
			if lang.Equal(d.elems[i], a.Value("x")) {
				return int64(i), nil
			}
			if d.state != state { // an element's __eq__ changed d
				return nil, lang.Errorf(lang.RuntimeError, "deque mutated during iteration")
			}
		}
		return nil, lang.Errorf(lang.ValueError, "%s is not in deque", lang.Repr(a.Value("x")))
	})
	dequeMethod("insert(self, i, x)", "Inserts x before position i.", func(a *lang.Args, d *deque) (lang.Value, error) {
		i, err := ssizeArg(a.Value("i"))
		if err != nil {
			return nil, err
		}
		if d.maxlen >= 0 && len(d.elems) >= d.maxlen {
			return nil, lang.Errorf(lang.IndexError, "deque already at its maximum size")
		}
		i = clampIndex(i, len(d.elems))
		d.elems = slices.Insert(d.elems, i, a.Value("x"))
		d.state++
		return lang.None, nil
	})
	dequeMethod("remove(self, value)", "Removes the first element equal to value.", func(a *lang.Args, d *deque) (lang.Value, error) {
		state := d.state
		for i := 0; i < len(d.elems); i++ {
			eq := lang.Equal(d.elems[i], a.Value("value"))
			if d.state != state { // an element's __eq__ changed d: CPython's IndexError
				return nil, lang.Errorf(lang.IndexError, "deque mutated during iteration")
			}
			if eq {
				d.elems = slices.Delete(d.elems, i, i+1)
				d.state++
				return lang.None, nil
			}
		}
		return nil, lang.Errorf(lang.ValueError, "%s is not in deque", lang.Repr(a.Value("value")))
	})
	dequeMethod("__reversed__(self)", "A reverse iterator over the deque.", func(a *lang.Args, d *deque) (lang.Value, error) {
		return d.ReverseIter()
	})
	// __reduce__ as CPython's: (deque, () or ((), maxlen), None, iter(d)),
	// which copy.deepcopy (and copy.copy) rebuild the deque from
	dequeMethod("__reduce__(self)", "Return state information for pickling.", func(a *lang.Args, d *deque) (lang.Value, error) {
		args := lang.Tuple{}
		if d.maxlen >= 0 {
			args = lang.Tuple{lang.Tuple{}, int64(d.maxlen)}
		}
		it, _ := d.Iter()
		return lang.Tuple{dequeClass, args, lang.None, it}, nil
	})
	// __init__ again, as CPython's deque_init: the new maxlen, then the
	// elements of iterable in place of the old ones
	dequeMethod("__init__(self, iterable=(), maxlen=None)", "Initialize self: empties it, sets maxlen and appends the elements of iterable.", func(a *lang.Args, d *deque) (lang.Value, error) {
		maxlen, err := dequeMaxlen(a)
		if err != nil {
			return nil, err
		}
		d.maxlen = maxlen
		if len(d.elems) > 0 {
			d.elems = nil
			d.state++
		}
		return lang.None, d.extend(a.Value("iterable"), false)
	})
	dequeMethod("reverse(self)", "Reverses the elements in place.", func(a *lang.Args, d *deque) (lang.Value, error) {
		slices.Reverse(d.elems)
		return lang.None, nil
	})
}

// clampIndex is a slice bound of a sequence of n: negative from the end,
// clamped to [0, n].
func clampIndex(i, n int) int {
	if i < 0 {
		i += n
	}
	return max(0, min(i, n))
}

// ssizeArg is an integer argument of CPython's "n" format (rotate's n,
// insert's index): an int or a value with __index__.
func ssizeArg(v lang.Value) (int, error) {
	x, err := lang.IndexValue(v)
	if err != nil {
		return 0, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(v))
	}
	i, ok := x.(int64)
	if !ok {
		return 0, lang.Errorf(lang.OverflowError, "Python int too large to convert to C ssize_t")
	}
	return int(i), nil
}

// sliceBound is index()'s start or stop for a deque of n elements, as
// CPython's _PyEval_SliceIndexNotNone: an int beyond the ends clamps.
func sliceBound(v lang.Value, n int) (int, error) {
	x, err := lang.IndexValue(v)
	if err != nil {
		return 0, lang.Errorf(lang.TypeError, "slice indices must be integers or have an __index__ method")
	}
	i, ok := x.(int64)
	if !ok {
		c, _ := lang.Compare(x, int64(0))
		if c < 0 {
			return 0, nil
		}
		return n, nil
	}
	return clampIndex(int(max(min(i, 1<<62), -(1<<62))), n), nil
}
