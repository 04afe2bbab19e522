package lang

import (
	"cmp"
	"slices"
	"strings"
	"unicode"

	"github.com/kael-dev/kael/lang/syntax"
)

// The methods of lists, dicts, tuples and strings, as in Python.

func init() {
	defListMethods()
	defDictMethods()
	defDictUnionMethods()
	defStrMethods()
	for _, typ := range []string{"tuple", "list", "torch.Size"} {
		defMethod(typ, "index(self, value, start=0, stop=9223372036854775807)", "The position of the first element equal to value, looking in [start:stop]; ValueError when there is none.", func(a *Args) (Value, error) {
			elems, _, _ := Sequence(a.Value("self"))
			lo, err := sliceIndexArg(a.Value("start"), len(elems))
			if err != nil {
				return nil, err
			}
			hi, err := sliceIndexArg(a.Value("stop"), len(elems))
			if err != nil {
				return nil, err
			}
			for i := lo; i < hi && i < len(elems); i++ {
				if eq, err := elemEqualE(elems[i], a.Value("value")); eq || err != nil {
					return int64(i), err
				}
			}
			if typ != "list" {
				return nil, Errorf(ValueError, "tuple.index(x): x not in tuple")
			}
			return nil, Errorf(ValueError, "%s is not in list", Repr(a.Value("value")))
		})
		defMethod(typ, "count(self, value)", "The number of elements equal to value.", func(a *Args) (Value, error) {
			elems, _, _ := Sequence(a.Value("self"))
			n := int64(0)
			for _, e := range elems {
				eq, err := elemEqualE(e, a.Value("value"))
				if err != nil {
					return nil, err
				}
				if eq {
					n++
				}
			}
			return n, nil
		})
	}
}

// joinIterError is str.join's and bytes.join's error for what they could
// not iterate: iter()'s TypeError (not iterable, a non-iterator from
// __iter__) is CPython's PySequence_Fast's "can only join an iterable";
// an error the iteration raised is as it is.
func joinIterError(v Value, err error) error {
	e, ok := err.(*Error)
	notIterable := !IsIterable(v)
	if x, isInstance := v.(*Instance); isInstance {
		notIterable = !x.HasOwn("__iter__") && !x.HasOwn("__getitem__")
	}
	if ok && e.Kind == TypeError && (e.Err == errNonIterator || notIterable) {
		return Errorf(TypeError, "can only join an iterable")
	}
	return err
}

// sliceIndexArg is a start or stop argument of index() for a sequence of
// n elements, as CPython's _PyEval_SliceIndexNotNone and list.index
// take it: an int (or __index__), negative from the end, clamped to [0, n].
func sliceIndexArg(v Value, n int) (int, error) {
	x, err := IndexValue(v)
	if err != nil {
		return 0, Errorf(TypeError, "slice indices must be integers or have an __index__ method")
	}
	i, ok := x.(int64)
	if !ok { // beyond int64: an end
		if b, isBig := x.(BigInt); isBig && b.v.Sign() < 0 {
			return 0, nil
		}
		return n, nil
	}
	if i < 0 {
		i += int64(n)
	}
	return int(max(0, min(i, int64(n)))), nil
}

// self returns the receiver of a method of a list, dict or str.
func self[T any](a *Args) T { return a.Value("self").(T) }

func defListMethods() {
	defMethod("list", "append(self, value)", "Adds value at the end of the list.", func(a *Args) (Value, error) {
		l := self[*List](a)
		l.Elems = append(l.Elems, a.Value("value"))
		return None, nil
	})
	defMethod("list", "extend(self, iterable)", "Adds the elements of iterable at the end of the list.", func(a *Args) (Value, error) {
		return None, extendList(self[*List](a), a.Value("iterable"))
	})
	defMethod("list", "insert(self, index, value)", "Inserts value before position index (clamped to the list, negative counting from the end).", func(a *Args) (Value, error) {
		l, i := self[*List](a), a.Int("index")
		if err := a.Err(); err != nil {
			return nil, err
		}
		n := len(l.Elems)
		if i < 0 {
			i = max(i+n, 0)
		}
		i = min(i, n)
		l.Elems = append(l.Elems[:i], append([]Value{a.Value("value")}, l.Elems[i:]...)...)
		return None, nil
	})
	defMethod("list", "pop(self, index=-1)", "Removes and returns the element at index (the last by default).", func(a *Args) (Value, error) {
		l := self[*List](a)
		if len(l.Elems) == 0 {
			return nil, Errorf(IndexError, "pop from empty list")
		}
		i, err := seqIndex(a.Value("index"), len(l.Elems), "pop")
		if err != nil {
			return nil, err
		}
		v := l.Elems[i]
		l.Elems = append(l.Elems[:i:i], l.Elems[i+1:]...)
		return v, nil
	})
	defMethod("list", "remove(self, value)", "Removes the first element equal to value; ValueError when there is none.", func(a *Args) (Value, error) {
		l := self[*List](a)
		for i, e := range l.Elems {
			eq, err := elemEqualE(e, a.Value("value"))
			if err != nil {
				return nil, err
			}
			if eq {
				l.Elems = append(l.Elems[:i:i], l.Elems[i+1:]...)
				return None, nil
			}
		}
		return nil, Errorf(ValueError, "list.remove(x): x not in list")
	})
	defMethod("list", "clear(self)", "Removes every element.", func(a *Args) (Value, error) {
		self[*List](a).Elems = nil
		return None, nil
	})
	defMethod("list", "copy(self)", "A shallow copy of the list.", func(a *Args) (Value, error) {
		return &List{Elems: append([]Value(nil), self[*List](a).Elems...)}, nil
	})
	defMethod("list", "reverse(self)", "Reverses the list in place.", func(a *Args) (Value, error) {
		e := self[*List](a).Elems
		for i, j := 0, len(e)-1; i < j; i, j = i+1, j-1 {
			e[i], e[j] = e[j], e[i]
		}
		return None, nil
	})
	defMethod("list", "sort(self, *, key=None, reverse=False)", "Sorts the list in place, stably, by the elements or by key(element).", func(a *Args) (Value, error) {
		l, rev := self[*List](a), a.Bool("reverse")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !rev && a.IsNone("key") {
			if sorted, ok := sortedPlain(l.Elems); ok {
				l.Elems = sorted
				return None, nil
			}
		}
		return None, a.in.sortList(l, a.Value("key"), rev)
	})
}

// sortList is CPython 3.11's list.sort (list_sort_impl): the list looks
// empty while key= and < run, key= is called on each element in order
// first (an error there leaves the list as it was), reverse= reverses
// the list before and after a stable sort, and the sort is timSort's,
// CPython's own, by < alone. On an error from < the list is the
// permutation the sort left it in; a list changed by key= or < is
// "ValueError: list modified during sort", with what was put in it
// dropped, as in CPython.
func (in *interp) sortList(l *List, key Value, reverse bool) error {
	items := l.Elems
	l.Elems = nil
	all := sortSlice{keys: items}
	if _, noKey := key.(NoneType); !noKey {
		all = sortSlice{keys: make([]Value, len(items)), values: items}
		for i, e := range items {
			k, err := in.call(key, []Value{e}, nil, nil, in.stmtNode())
			if err != nil {
				l.Elems = items
				return err
			}
			all.keys[i] = k
		}
	}
	if reverse {
		all.reverse(0, len(items))
	}
	at := in.stmtNode()
	err := timSort(all, func(x, y Value) (bool, error) { return in.sortLess(x, y, at) })
	// CPython marks the emptied list so that any operation on it that
	// stores (append, insert, extend by one) is seen; an emptied list
	// that held nothing since (clear, a slice assignment of nothing) is
	// not a change.
	if err == nil && cap(l.Elems) != 0 {
		err = Errorf(ValueError, "list modified during sort")
	}
	if reverse {
		reverseValues(items)
	}
	l.Elems = items
	return err
}

// sortLess is list.sort's comparison, Python's x < y and its truth; ints,
// floats and strs of the same type compare here directly, with the same
// answer (a NaN is less than nothing and nothing is less than a NaN).
func (in *interp) sortLess(x, y Value, at syntax.Node) (bool, error) {
	switch a := x.(type) {
	case int64:
		if b, ok := y.(int64); ok {
			return a < b, nil
		}
	case float64:
		if b, ok := y.(float64); ok {
			return a < b, nil
		}
	case string:
		if b, ok := y.(string); ok {
			return a < b, nil
		}
	}
	r, err := in.compare(syntax.LT, x, y, at)
	if err != nil {
		return false, err
	}
	return Truth(r)
}

// sortedPlain returns a sorted copy of elems when they are all ints
// (int64), all floats none of which is NaN, or all strs: then Compare's
// order is Go's < of the values (a str's code points, in its UTF-8
// bytes), a total order whose stable sort is sortOrder's. ok is false,
// with nothing done, for any other elements.
func sortedPlain(elems []Value) (sorted []Value, ok bool) { return sortedPlainAs(elems, nil) }

// sortedList is sortedPlain as a new list (sorted's), the list and its
// elements in one allocation when it is short (newShortList); nil for
// other elements.
func sortedList(elems []Value) *List {
	var l *List
	if _, ok := sortedPlainAs(elems, &l); !ok {
		return nil
	}
	return l
}

// sortedPlainAs is sortedPlain; with list non-nil, the sorted elements
// are those of a new list stored there.
func sortedPlainAs(elems []Value, list **List) (sorted []Value, ok bool) {
	if len(elems) == 0 {
		if list != nil {
			*list = &List{Elems: []Value{}}
		}
		return []Value{}, true
	}
	switch elems[0].(type) {
	case int64:
		return sortedOf[int64](elems, list)
	case float64:
		for _, e := range elems {
			if f, isFloat := e.(float64); isFloat && f != f {
				return nil, false
			}
		}
		return sortedOf[float64](elems, list)
	case string:
		return sortedOf[string](elems, list)
	}
	return nil, false
}

// newShortList returns a list of n elements, nil Values to fill, its
// elements in the same allocation as the list when n is at most 8 (an
// allocation saved, as CPython's list and its items array are two).
func newShortList(n int) *List {
	switch {
	case n <= 2:
		b := &struct {
			l List
			a [2]Value
		}{}
		b.l.Elems = b.a[:n]
		return &b.l
	case n <= 4:
		b := &struct {
			l List
			a [4]Value
		}{}
		b.l.Elems = b.a[:n]
		return &b.l
	case n <= 6:
		b := &struct {
			l List
			a [6]Value
		}{}
		b.l.Elems = b.a[:n]
		return &b.l
	case n <= 8:
		b := &struct {
			l List
			a [8]Value
		}{}
		b.l.Elems = b.a[:n]
		return &b.l
	}
	return &List{Elems: make([]Value, n)}
}

// sortedOf is sortedPlainAs of elements that should all be Ts.
func sortedOf[T int64 | float64 | string](elems []Value, list **List) ([]Value, bool) {
	for _, e := range elems {
		if _, ok := e.(T); !ok {
			return nil, false
		}
	}
	var sorted []Value
	if list != nil {
		*list = newShortList(len(elems))
		sorted = (*list).Elems
		copy(sorted, elems)
	} else {
		sorted = slices.Clone(elems)
	}
	if len(sorted) > insertionSortMax {
		slices.SortStableFunc(sorted, func(x, y Value) int { return cmp.Compare(x.(T), y.(T)) })
		return sorted, true
	}
	// A short list (the common sorted(pair), sorted of a few scores):
	// insertion sort, stable, as SortStableFunc's own for up to 20
	// elements, with the comparison inline rather than through a call
	// per pair.
	for i := 1; i < len(sorted); i++ {
		v, key := sorted[i], sorted[i].(T)
		j := i
		for ; j > 0 && key < sorted[j-1].(T); j-- {
			sorted[j] = sorted[j-1]
		}
		sorted[j] = v
	}
	return sorted, true
}

// insertionSortMax is the longest list sortedOf sorts by insertion.
const insertionSortMax = 20

func defDictMethods() {
	defMethod("dict", "keys(self)", "A view of the keys, in insertion order: iterable, sized, live, and a set for | & - ^ and the subset comparisons (d.keys() - {'a'}).", func(a *Args) (Value, error) {
		return &dictView{d: self[*Dict](a), kind: viewKeys}, nil
	})
	defMethod("dict", "values(self)", "A view of the values, in insertion order: iterable, sized and live.", func(a *Args) (Value, error) {
		return &dictView{d: self[*Dict](a), kind: viewValues}, nil
	})
	defMethod("dict", "items(self)", "A view of the (key, value) pairs, in insertion order: iterable, sized, live, and a set for | & - ^.", func(a *Args) (Value, error) {
		return &dictView{d: self[*Dict](a), kind: viewItems}, nil
	})
	defMethod("dict", "get(self, key, default=None)", "The value stored under key, or default when there is none.", func(a *Args) (Value, error) {
		v, found, err := self[*Dict](a).Get(a.Value("key"))
		if err != nil || !found {
			return a.Value("default"), err
		}
		return v, nil
	})
	defMethod("dict", "popitem(self)", "Removes and returns the (key, value) pair added last; a KeyError when the dict is empty.", func(a *Args) (Value, error) {
		k, v, ok, err := self[*Dict](a).DeleteLast()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, Errorf(KeyError, "'popitem(): dictionary is empty'")
		}
		return Tuple{k, v}, nil
	})
	defClassFunction("dict", "fromkeys(iterable, value=None)", "A new dict with the elements of iterable as keys, each with the value value (the same object for all).", func(a *Args) (Value, error) {
		d := NewDict()
		var err error
		iterErr := Iterate(a.Value("iterable"), func(k Value) bool {
			err = d.Set(k, a.Value("value"))
			return err == nil
		})
		if iterErr != nil {
			return nil, iterErr
		}
		return d, err
	})
	defMethod("dict", "pop(self, key, *default)", "Removes key and returns its value; without the key, returns default when given, else raises KeyError.", func(a *Args) (Value, error) {
		d := self[*Dict](a)
		key := a.Value("key")
		v, found, err := d.Get(key)
		if err != nil {
			return nil, err
		}
		if found {
			_, err := d.Delete(key)
			return v, err
		}
		if dflt := a.Value("default").(Tuple); len(dflt) == 1 {
			return dflt[0], nil
		} else if len(dflt) > 1 {
			return nil, Errorf(TypeError, "pop expected at most 2 arguments, got %d", len(dflt)+1)
		}
		return nil, keyError(key)
	})
	defMethod("dict", "setdefault(self, key, default=None)", "The value stored under key; when there is none, stores default there first.", func(a *Args) (Value, error) {
		d := self[*Dict](a)
		v, found, err := d.Get(a.Value("key"))
		if err != nil || found {
			return v, err
		}
		return a.Value("default"), d.Set(a.Value("key"), a.Value("default"))
	})
	defMethod("dict", "update(self, *iterable)", "Stores every (key, value) of a dict or a sequence of pairs, then the keyword arguments: d.update(lr=0.01).", func(a *Args) (Value, error) {
		if err := self[*Dict](a).updateArgs(a, "update"); err != nil {
			return nil, err
		}
		return None, nil
	})
	typeMethods["dict"]["update"].acceptsKeywords = true
	defMethod("dict", "copy(self)", "A shallow copy of the dict.", func(a *Args) (Value, error) {
		d := self[*Dict](a)
		out := NewDict()
		d.sync()
		for i, k := range d.keys {
			_ = out.Set(k, d.vals[i]) // k was hashable in d
		}
		return out, nil
	})
	defMethod("dict", "clear(self)", "Removes every entry.", func(a *Args) (Value, error) {
		*self[*Dict](a) = *NewDict()
		return None, nil
	})
}

// updateArgs is dict(...) and d.update(...): at most one dict or
// sequence of pairs, then the keyword arguments, in order.
func (d *Dict) updateArgs(a *Args, fn string) error {
	pos := a.Value("iterable").(Tuple)
	if len(pos) > 1 {
		return Errorf(TypeError, "%s expected at most 1 argument, got %d", fn, len(pos))
	}
	if len(pos) == 1 {
		if err := d.update(pos[0]); err != nil {
			return err
		}
	}
	for i, k := range a.kwNames {
		if err := d.Set(k, a.kwVals[i]); err != nil {
			return err
		}
	}
	return nil
}

// update stores every (key, value) of src, a dict, a mapping (an object
// with keys()) or a sequence of pairs, in d; a malformed pair is
// CPython's TypeError or ValueError.
func (d *Dict) update(src Value) error {
	if p, ok := src.(*MappingProxy); ok { // C.__dict__
		src = p.d
	}
	if s, ok := containerOf(src).(*Dict); ok { // a dict, or a dict subclass's
		if s == d {
			return nil
		}
		for i, k := range s.Keys() {
			if err := d.Set(k, s.vals[i]); err != nil {
				return err
			}
		}
		return nil
	}
	if x, ok := src.(*Instance); ok && x.HasOwn("keys") {
		return d.updateFromMapping(x)
	}
	if m, ok := src.(Mapping); ok {
		keys, vals, err := m.MappingItems()
		if err != nil {
			return err
		}
		for i, k := range keys {
			if err := d.Set(k, vals[i]); err != nil {
				return err
			}
		}
		return nil
	}
	pairs, err := Collect(src)
	if err != nil {
		return err
	}
	for i, p := range pairs {
		kv, err := Collect(p)
		if err != nil {
			return Errorf(TypeError, "cannot convert dictionary update sequence element #%d to a sequence", i)
		}
		if len(kv) != 2 {
			return Errorf(ValueError, "dictionary update sequence element #%d has length %d; 2 is required", i, len(kv))
		}
		if err := d.Set(kv[0], kv[1]); err != nil {
			return err
		}
	}
	return nil
}

// updateFromMapping stores x[k] for every k of x.keys() in d, as
// dict.update does with an object that has keys() (a ChainMap, a user
// mapping).
func (d *Dict) updateFromMapping(x *Instance) error {
	_, err := hooked(x, func(in *interp) (Value, error) {
		keys, _, err := in.callSpecial(x, "keys")
		if err != nil {
			return nil, err
		}
		ks, err := Collect(keys)
		if err != nil {
			return nil, err
		}
		for _, k := range ks {
			v, err := Index(x, []Subscript{{Value: k}})
			if err == nil {
				err = d.Set(k, v)
			}
			if err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	return err
}

func defStrMethods() {
	defMethod("str", "join(self, iterable)", "The strings of iterable joined with this string between them.", func(a *Args) (Value, error) {
		elems, err := Collect(a.Value("iterable"))
		if err != nil {
			return nil, joinIterError(a.Value("iterable"), err)
		}
		parts := make([]string, len(elems))
		sep := self[string](a)
		size := float64(len(sep)) * float64(max(len(elems)-1, 0))
		for i, e := range elems {
			s, ok := valueOf(e).(string)
			if !ok {
				return nil, Errorf(TypeError, "sequence item %d: expected str instance, %s found", i, TypeName(e)).
					WithHint("convert the items first: sep.join([str(x) for x in items])")
			}
			parts[i] = s
			size += float64(len(s))
		}
		if err := checkLength(size, "joining %d strings into one of %.0f bytes needs too much memory", len(parts), size); err != nil {
			return nil, err
		}
		return strings.Join(parts, sep), nil
	})
	defMethod("str", "split(self, sep=None, maxsplit=-1)", "The parts of the string between occurrences of sep, or between runs of whitespace when sep is None; at most maxsplit splits when it is not -1.", func(a *Args) (Value, error) {
		s, n := self[string](a), a.Int("maxsplit")
		whitespace := a.IsNone("sep")
		var sep string
		if !whitespace {
			sep = a.Str("sep")
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		var parts []string
		switch {
		case whitespace:
			parts = splitSpace(s, n)
		case sep == "":
			return nil, Errorf(ValueError, "empty separator")
		default:
			if n < 0 {
				n = -1
			} else {
				n++
			}
			parts = strings.SplitN(s, sep, n)
		}
		out := make([]Value, len(parts))
		for i, p := range parts {
			out[i] = p
		}
		return &List{Elems: out}, nil
	})
	for _, op := range []struct {
		name  string
		trim  func(s, cutset string) string
		space func(s string, f func(rune) bool) string
		doc   string
	}{
		{"strip", strings.Trim, strings.TrimFunc, "The string without leading and trailing whitespace (or the characters of chars)."},
		{"lstrip", strings.TrimLeft, strings.TrimLeftFunc, "The string without leading whitespace (or the characters of chars)."},
		{"rstrip", strings.TrimRight, strings.TrimRightFunc, "The string without trailing whitespace (or the characters of chars)."},
	} {
		defMethod("str", op.name+"(self, chars=None)", op.doc, func(a *Args) (Value, error) {
			s := self[string](a)
			if a.IsNone("chars") {
				return op.space(s, unicode.IsSpace), nil
			}
			chars := a.Str("chars")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return op.trim(s, chars), nil
		})
	}
	defMethod("str", "upper(self)", "The string in upper case.", func(a *Args) (Value, error) {
		return strUpper(self[string](a)), nil
	})
	defMethod("str", "lower(self)", "The string in lower case.", func(a *Args) (Value, error) {
		return strLower(self[string](a)), nil
	})
	defMethod("str", "replace(self, old, new, count=-1)", "The string with occurrences of old replaced by new (the first count of them when count is not -1).", func(a *Args) (Value, error) {
		old, repl, n := a.Str("old"), a.Str("new"), a.Int("count")
		if err := a.Err(); err != nil {
			return nil, err
		}
		s := self[string](a)
		if len(repl) > len(old) {
			m := strings.Count(s, old)
			if n >= 0 {
				m = min(m, n)
			}
			size := float64(len(s)) + float64(m)*float64(len(repl)-len(old))
			if err := checkLength(size, "replacing %d occurrences makes a string of %.0f bytes, which needs too much memory", m, size); err != nil {
				return nil, err
			}
		}
		return strings.Replace(s, old, repl, n), nil
	})
}

// splitSpace splits s at runs of whitespace, as Python's str.split() with
// no separator: at most n splits when n >= 0, the rest kept whole.
func splitSpace(s string, n int) []string {
	var parts []string
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	for s != "" {
		if n >= 0 && len(parts) == n {
			return append(parts, s)
		}
		end := strings.IndexFunc(s, unicode.IsSpace)
		if end < 0 {
			return append(parts, s)
		}
		parts = append(parts, s[:end])
		s = strings.TrimLeftFunc(s[end:], unicode.IsSpace)
	}
	return parts
}

// extendList adds v's elements at the end of l, as list.extend and
// list += do: a list's or a tuple's at once (l's own included), any other
// iterable's one by one, so that an error midway keeps the elements
// already taken, as CPython's list_extend does.
func extendList(l *List, v Value) error {
	var elems []Value
	switch x := v.(type) {
	case *List:
		elems = x.Elems
	case Tuple:
		elems = x
	case *Range:
		var err error
		if elems, err = Collect(x); err != nil {
			return err
		}
	default:
		var stopped error
		err := Iterate(v, func(e Value) bool {
			if stopped = PollInterrupt(len(l.Elems)); stopped == nil && len(l.Elems) >= growthLimit {
				stopped = concatGuard(l, len(l.Elems), 1)
			}
			if stopped != nil {
				return false
			}
			l.Elems = append(l.Elems, e)
			return true
		})
		if err == nil {
			err = stopped
		}
		return err
	}
	if err := concatGuard(l, len(l.Elems), len(elems)); err != nil {
		return err
	}
	l.Elems = append(l.Elems, elems...)
	return nil
}
