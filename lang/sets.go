package lang

import (
	"math/big"
	"sort"
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// Python's set and frozenset. A set holds hashable values (as dict keys
// do) in a Dict, which answers membership, and keeps them in CPython's
// order in a table beside it (set_table.go).

// Set is a set or, when frozen, a frozenset.
type Set struct {
	d      *Dict // the elements, as keys
	frozen bool
	t      setTable // the elements in CPython's order
}

func newSet(frozen bool) *Set { return &Set{d: NewDict(), frozen: frozen} }

// add adds k, as set_add_key.
func (s *Set) add(k Value) error {
	added, err := s.d.insert(k, None)
	if added {
		s.t.addNew(k, orderHash(k))
		s.resyncIfDiverged()
	}
	return err
}

// addHashed is add for a key whose order hash is known (another set's).
func (s *Set) addHashed(k Value, h int64) error {
	added, err := s.d.insert(k, None)
	if added {
		s.t.addNew(k, h)
		s.resyncIfDiverged()
	}
	return err
}

// resyncIfDiverged rebuilds the table from the Dict's keys, in their
// order, when the two no longer hold as many elements: a user __eq__ or
// __hash__ run by a lookup changed the set (cleared it, added to it)
// while an operation was between the Dict and the table. CPython's one
// table cannot diverge; kael's two must not, or the set would print or
// pop an element it does not hold.
func (s *Set) resyncIfDiverged() {
	if s.t.used == s.d.Len() {
		return
	}
	finger := s.t.finger
	s.t = setTable{finger: finger}
	for _, k := range s.d.Keys() {
		s.t.addNew(k, orderHash(k))
	}
}

// discard removes k, reporting whether it was there.
func (s *Set) discard(k Value) (bool, error) {
	found, err := s.d.Delete(k)
	if err != nil || !found {
		return found, err
	}
	if s.t.remove(orderHash(k), func(e Value) bool { return sameSetKey(e, k) }) {
		return true, nil
	}
	// k equals an element of another hash (an instance of a class
	// with __eq__): find the element the Dict no longer holds.
	for i, e := range s.t.slots {
		if e.key != nil && !s.has(e.key) {
			s.t.slots[i] = setSlot{nil, -1}
			s.t.used--
			break
		}
	}
	s.resyncIfDiverged()
	return true, nil
}

// sameSetKey reports whether the element e is k: an instance by identity
// (its __eq__ ran for the Dict), anything else by ==.
func sameSetKey(e, k Value) bool {
	if x, ok := e.(*Instance); ok {
		return Value(x) == k
	}
	if _, ok := k.(*Instance); ok {
		return false
	}
	return elemEqual(e, k)
}

// keys returns the elements in iteration order.
func (s *Set) keys() []Value { return s.t.keys() }

// clear empties the set, as set_clear_internal.
func (s *Set) clear() {
	s.d = NewDict()
	s.t = setTable{finger: s.t.finger}
}

// swapBodies gives s the elements (and table) of o, as set_swap_bodies,
// which leaves set.pop's finger where it was.
func (s *Set) swapBodies(o *Set) {
	finger := s.t.finger
	s.d, s.t = o.d, o.t
	s.t.finger = finger
}

// merge adds o's elements, as set_merge.
func (s *Set) merge(o *Set) error {
	if o == s || o.t.used == 0 {
		return nil
	}
	allNew := s.t.used == 0
	if allNew {
		for _, e := range o.t.slots {
			if e.key != nil {
				if err := s.d.Set(e.key, None); err != nil {
					return err
				}
			}
		}
	}
	var err error
	s.t.merge(&o.t, func(k Value, h int64) {
		if allNew {
			s.t.addNew(k, h)
		} else if err == nil {
			err = s.addHashed(k, h)
		}
	})
	s.resyncIfDiverged()
	return err
}

// update adds the elements of v, as set_update_internal: a set's by
// merge, a dict's keys after one resize, any other iterable's in turn.
func (s *Set) update(v Value) error {
	switch x := v.(type) {
	case *Set:
		return s.merge(x)
	case *Dict:
		if x.kind == nil && x.ns == nil {
			s.t.presize(x.Len())
			for _, k := range x.Keys() {
				if err := s.add(k); err != nil {
					return err
				}
			}
			return nil
		}
	}
	var err error
	iterErr := Iterate(v, func(e Value) bool {
		if err = PollInterrupt(s.Len()); err == nil {
			err = s.add(e)
		}
		return err == nil
	})
	if iterErr != nil {
		return iterErr
	}
	return err
}

// setOf builds a set from the elements of an iterable.
func setOf(v Value, frozen bool) (*Set, error) {
	if start, stop, step, ok := rangeBounds(v); ok { // refused at once, not after 2**26 elements
		n, _ := new(big.Float).SetInt(bigRangeLen(start, stop, step)).Float64()
		if err := checkLength(n, "a set of %.0f elements needs too much memory", n); err != nil {
			return nil, err
		}
	}
	s := newSet(frozen)
	if err := s.update(v); err != nil {
		return nil, err
	}
	return s, nil
}

// TypeName returns "set" or "frozenset".
func (s *Set) TypeName() string {
	if s.frozen {
		return "frozenset"
	}
	return "set"
}

// Len returns the number of elements.
func (s *Set) Len() int { return s.d.Len() }

func (s *Set) has(v Value) bool {
	_, found, err := s.d.Get(v)
	return err == nil && found
}

// String returns the text print shows, as the repr.
func (s *Set) String() string { return s.PyRepr() }

// PyRepr returns {1, 2}, set(), frozenset({1, 2}) or frozenset().
func (s *Set) PyRepr() string {
	var body string
	if s.Len() > 0 {
		body = "{" + joinRepr(s.keys(), map[any]bool{}) + "}"
	}
	switch {
	case s.frozen:
		return "frozenset(" + body + ")"
	case body == "":
		return "set()"
	}
	return body
}

// Equal reports whether v is a set or frozenset with the same elements.
func (s *Set) Equal(v Value) bool {
	o, ok := v.(*Set)
	return ok && o.Len() == s.Len() && s.subsetOf(o)
}

func (s *Set) subsetOf(o *Set) bool {
	for _, k := range s.d.keys {
		if !o.has(k) {
			return false
		}
	}
	return true
}

// HashKey makes a frozenset usable as a dict key; a set is unhashable, as
// in Python.
func (s *Set) HashKey() (string, error) {
	if !s.frozen {
		return "", Errorf(TypeError, "unhashable type: 'set'")
	}
	keys := make([]string, 0, s.Len())
	for _, k := range s.d.keys {
		h, _ := hashKey(k)
		keys = append(keys, h)
	}
	sort.Strings(keys)
	return "frozenset{" + strings.Join(keys, ",") + "}", nil
}

// setWalk is a set iterator, CPython's setiterobject: it walks the table's
// slots, and a change of the set's size raises RuntimeError.
type setWalk struct {
	s    *Set
	used int
	pos  int
}

func newSetWalk(s *Set) *setWalk { return &setWalk{s: s, used: s.t.used} }

// next returns the next element; ok is false at the end.
func (w *setWalk) next() (Value, bool, error) {
	s := w.s
	if s == nil {
		return nil, false, nil
	}
	if w.used != s.t.used {
		w.used = -1
		return nil, false, Errorf(RuntimeError, "Set changed size during iteration")
	}
	for i := w.pos; i < len(s.t.slots); i++ {
		if k := s.t.slots[i].key; k != nil {
			w.pos = i + 1
			return k, true, nil
		}
	}
	w.s = nil
	return nil, false, nil
}

// Iterate calls yield for each element, walking the set as its iterator
// does: a change of its size raises RuntimeError.
func (s *Set) Iterate(yield func(Value) bool) error {
	w := newSetWalk(s)
	for {
		v, ok, err := w.next()
		if !ok {
			return err
		}
		if !yield(v) {
			return nil
		}
	}
}

// copyAs is set_copy: a new set, or frozenset, of s's elements.
func (s *Set) copyAs(frozen bool) *Set {
	c := newSet(frozen)
	_ = c.merge(s)
	return c
}

// intersection is set_intersection for a set operand: the smaller set's
// elements (other's when the sizes are equal) in the larger, in the
// smaller's order.
func (s *Set) intersection(o *Set, frozen bool) *Set {
	out := newSet(frozen)
	big, small := s, o
	if o.Len() > s.Len() {
		big, small = o, s
	}
	for _, e := range small.t.slots {
		if e.key != nil && big.has(e.key) {
			_ = out.addHashed(e.key, e.hash)
		}
	}
	return out
}

// difference is set_difference for a set operand.
func (s *Set) difference(o *Set, frozen bool) *Set {
	if s.Len()>>2 > o.Len() { // set_copy_and_difference
		out := s.copyAs(frozen)
		_ = out.inPlace(syntax.MINUS, o)
		return out
	}
	out := newSet(frozen)
	for _, e := range s.t.slots {
		if e.key != nil && !o.has(e.key) {
			_ = out.addHashed(e.key, e.hash)
		}
	}
	return out
}

// symmetricUpdate is set_symmetric_difference_update with a set: each of
// o's elements, in o's order, removed from s when there, else added.
func (s *Set) symmetricUpdate(o *Set) {
	if o == s {
		s.clear()
		return
	}
	for _, e := range o.t.slots {
		if e.key == nil {
			continue
		}
		if found, _ := s.discard(e.key); !found {
			_ = s.addHashed(e.key, e.hash)
		}
	}
}

// algebra returns s op o for the set operators | & - ^, built in
// CPython's order: a copy of s updated with o, the smaller set's elements
// in the other, s's elements not in o, a copy of o updated with s.
func (s *Set) algebra(op syntax.Token, o *Set) *Set {
	switch op {
	case syntax.PIPE:
		out := s.copyAs(s.frozen)
		_ = out.merge(o)
		return out
	case syntax.AMP:
		return s.intersection(o, s.frozen)
	case syntax.MINUS:
		return s.difference(o, s.frozen)
	case syntax.CARET:
		return symmetricOf(o, s, s.frozen)
	}
	return newSet(s.frozen)
}

// symmetricOf is a copy of o updated with s's elements (o ^ s, built in
// set_symmetric_difference's order): the table changes element by
// element, and the Dict is made once at the end, from the table, rather
// than changed by a deletion per common element.
func symmetricOf(o, s *Set, frozen bool) *Set {
	out := newSet(frozen)
	if o == s {
		return out
	}
	out.t.merge(&o.t, nil) // o's table, copied: out's is empty

	for _, e := range s.t.slots {
		if e.key == nil {
			continue
		}
		k := e.key
		if o.has(k) {
			if !out.t.remove(e.hash, func(x Value) bool { return sameSetKey(x, k) }) {
				return slowSymmetric(o, s, frozen)
			}
		} else {
			out.t.addNew(k, e.hash)
		}
	}
	out.d = NewDict()
	for _, k := range out.t.keys() {
		_ = out.d.Set(k, None)
	}
	return out
}

// slowSymmetric is symmetricOf through the Dict, for elements that equal
// one of another hash (instances of classes with __eq__).
func slowSymmetric(o, s *Set, frozen bool) *Set {
	out := o.copyAs(frozen)
	out.symmetricUpdate(s)
	return out
}

// inPlace is s op= o for a set s: |= &= -= ^= change s itself.
func (s *Set) inPlace(op syntax.Token, o *Set) error {
	switch op {
	case syntax.PIPE:
		return s.merge(o)
	case syntax.AMP:
		s.swapBodies(s.intersection(o, false))
	case syntax.MINUS:
		if o == s {
			s.clear()
			return nil
		}
		for _, e := range o.t.slots {
			if e.key != nil {
				if _, err := s.discard(e.key); err != nil {
					return err
				}
			}
		}
		s.t.purge()
	case syntax.CARET:
		s.symmetricUpdate(o)
	}
	return nil
}

// setBinary applies | & - ^ to two sets; ok is false for other operands.
func setBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	if r, ok, err := viewBinary(op, a, b); ok || err != nil {
		return r, ok, err
	}
	x, xok := a.(*Set)
	y, yok := b.(*Set)
	if !xok || !yok {
		return nil, false, nil
	}
	switch op {
	case syntax.PIPE, syntax.AMP, syntax.MINUS, syntax.CARET:
		return x.algebra(op, y), true, nil
	}
	return nil, false, nil
}

// setCompare applies the subset comparisons < <= > >= to two sets.
func setCompare(op syntax.Token, a, b Value) (Value, bool) {
	x, xok := a.(*Set)
	y, yok := b.(*Set)
	if !xok || !yok {
		return viewCompare(op, a, b)
	}
	switch op {
	case syntax.LE:
		return x.subsetOf(y), true
	case syntax.LT:
		return x.Len() < y.Len() && x.subsetOf(y), true
	case syntax.GE:
		return y.subsetOf(x), true
	case syntax.GT:
		return y.Len() < x.Len() && y.subsetOf(x), true
	}
	return nil, false
}

// intersectWith is set_intersection: s's elements also in v, in the
// order CPython finds them.
func (s *Set) intersectWith(v Value, frozen bool) (*Set, error) {
	if o, ok := v.(*Set); ok {
		if o == s {
			return s.copyAs(frozen), nil
		}
		return s.intersection(o, frozen), nil
	}
	out := newSet(frozen)
	var err error
	iterErr := Iterate(v, func(e Value) bool {
		var found bool
		if _, found, err = s.d.Get(e); err == nil && found {
			err = out.add(e)
		}
		return err == nil
	})
	if iterErr != nil {
		return nil, iterErr
	}
	return out, err
}

// differenceWith is set_difference: s's elements not in v.
func (s *Set) differenceWith(v Value, frozen bool) (*Set, error) {
	switch o := v.(type) {
	case *Set:
		return s.difference(o, frozen), nil
	case *Dict:
		if o.kind == nil && o.ns == nil && s.Len()>>2 <= o.Len() {
			out := newSet(frozen)
			for _, e := range s.t.slots {
				if e.key == nil {
					continue
				}
				_, found, err := o.Get(e.key)
				if err != nil {
					return nil, err
				}
				if !found {
					_ = out.addHashed(e.key, e.hash)
				}
			}
			return out, nil
		}
	}
	out := s.copyAs(frozen)
	return out, out.differenceUpdate(v)
}

// differenceUpdate is set_difference_update_internal: v's elements
// removed from s.
func (s *Set) differenceUpdate(v Value) error {
	if o, ok := v.(*Set); ok {
		return s.inPlace(syntax.MINUS, o)
	}
	var err error
	iterErr := Iterate(v, func(e Value) bool {
		_, err = s.discard(e)
		return err == nil
	})
	if iterErr != nil {
		return iterErr
	}
	if err == nil {
		s.t.purge()
	}
	return err
}

// symmetricWith is set_symmetric_difference: a set of v's elements (of
// s's type) updated with s's.
func (s *Set) symmetricWith(v Value, frozen bool) (*Set, error) {
	if o, ok := v.(*Set); ok {
		return symmetricOf(o, s, frozen), nil
	}
	o, err := setOf(v, frozen)
	if err != nil {
		return nil, err
	}
	return symmetricOf(o, s, frozen), nil
}

func init() {
	NewBuiltin(AsFunc, "set(iterable=())", "A new set of the elements of iterable: set([1, 2, 2]) is {1, 2}. Sets support | & - ^, the subset comparisons and in; they iterate in CPython's order.", func(a *Args) (Value, error) {
		return setOf(a.Value("iterable"), false)
	})
	NewBuiltin(AsFunc, "frozenset(iterable=())", "An immutable, hashable set of the elements of iterable.", func(a *Args) (Value, error) {
		if s, ok := a.Value("iterable").(*Set); ok && s.frozen {
			return s, nil // frozenset(fs) is fs, as in CPython
		}
		return setOf(a.Value("iterable"), true)
	})
	for _, typ := range []string{"set", "frozenset"} {
		frozen := typ == "frozenset"
		defMethod(typ, "union(self, *others)", "A new set with the elements of the set and of every other iterable (|).", func(a *Args) (Value, error) {
			out := self[*Set](a).copyAs(frozen)
			for _, o := range a.Value("others").(Tuple) {
				if err := out.update(o); err != nil {
					return nil, err
				}
			}
			return out, nil
		})
		defMethod(typ, "intersection(self, *others)", "A new set with the elements common to the set and every other iterable (&).", func(a *Args) (Value, error) {
			out := self[*Set](a)
			others := a.Value("others").(Tuple)
			if len(others) == 0 {
				return out.copyAs(frozen), nil
			}
			for _, o := range others {
				var err error
				if out, err = out.intersectWith(o, frozen); err != nil {
					return nil, err
				}
			}
			return out, nil
		})
		defMethod(typ, "difference(self, *others)", "A new set with the elements of the set that are in no other iterable (-).", func(a *Args) (Value, error) {
			s := self[*Set](a)
			others := a.Value("others").(Tuple)
			if len(others) == 0 {
				return s.copyAs(frozen), nil
			}
			out, err := s.differenceWith(others[0], frozen)
			if err != nil {
				return nil, err
			}
			for _, o := range others[1:] {
				if err := out.differenceUpdate(o); err != nil {
					return nil, err
				}
			}
			return out, nil
		})
		defMethod(typ, "symmetric_difference(self, other)", "A new set with the elements in exactly one of the set and the other iterable (^).", func(a *Args) (Value, error) {
			return self[*Set](a).symmetricWith(a.Value("other"), frozen)
		})
		relation := func(name, doc string, f func(s, o *Set) bool) {
			defMethod(typ, name+"(self, other)", doc, func(a *Args) (Value, error) {
				o, err := setOf(a.Value("other"), true)
				if err != nil {
					return nil, err
				}
				return f(self[*Set](a), o), nil
			})
		}
		relation("issubset", "Whether every element is in other (<=).", func(s, o *Set) bool { return s.subsetOf(o) })
		relation("issuperset", "Whether every element of other is in the set (>=).", func(s, o *Set) bool { return o.subsetOf(s) })
		relation("isdisjoint", "Whether the set and other have no element in common.", func(s, o *Set) bool {
			return s.intersection(o, true).Len() == 0
		})
		defMethod(typ, "copy(self)", "A shallow copy of the set.", func(a *Args) (Value, error) {
			s := self[*Set](a)
			if frozen && s.frozen {
				return s, nil // a frozenset's copy is itself, as in CPython
			}
			return s.copyAs(frozen), nil
		})
	}
	defMethod("set", "add(self, elem)", "Adds elem to the set.", func(a *Args) (Value, error) {
		return None, self[*Set](a).add(a.Value("elem"))
	})
	defMethod("set", "remove(self, elem)", "Removes elem; KeyError when it is not there.", func(a *Args) (Value, error) {
		found, err := self[*Set](a).discard(a.Value("elem"))
		if err == nil && !found {
			err = keyError(a.Value("elem"))
		}
		return None, err
	})
	defMethod("set", "discard(self, elem)", "Removes elem if it is there.", func(a *Args) (Value, error) {
		_, err := self[*Set](a).discard(a.Value("elem"))
		return None, err
	})
	defMethod("set", "pop(self)", "Removes and returns an element, the first in the table from where the last pop stopped, as CPython's; KeyError when the set is empty.", func(a *Args) (Value, error) {
		s := self[*Set](a)
		if s.Len() == 0 {
			return nil, Errorf(KeyError, "'pop from an empty set'")
		}
		s.resyncIfDiverged() // the table is never empty while the Dict is not
		k := s.t.pop()
		_, err := s.d.Delete(k)
		s.resyncIfDiverged()
		return k, err
	})
	defMethod("set", "clear(self)", "Removes every element.", func(a *Args) (Value, error) {
		self[*Set](a).clear()
		return None, nil
	})
	defMethod("set", "intersection_update(self, *others)", "Keeps only the elements also in every other iterable (&=).", func(a *Args) (Value, error) {
		s := self[*Set](a)
		out := s
		for _, o := range a.Value("others").(Tuple) {
			var err error
			if out, err = out.intersectWith(o, false); err != nil {
				return nil, err
			}
		}
		if out != s {
			s.swapBodies(out)
		}
		return None, nil
	})
	defMethod("set", "difference_update(self, *others)", "Removes the elements of every other iterable (-=).", func(a *Args) (Value, error) {
		s := self[*Set](a)
		for _, o := range a.Value("others").(Tuple) {
			if err := s.differenceUpdate(o); err != nil {
				return nil, err
			}
		}
		return None, nil
	})
	defMethod("set", "symmetric_difference_update(self, other)", "Keeps the elements in exactly one of the set and other (^=).", func(a *Args) (Value, error) {
		s := self[*Set](a)
		o, isSet := a.Value("other").(*Set)
		if !isSet {
			var err error
			if o, err = setOf(a.Value("other"), false); err != nil {
				return nil, err
			}
		}
		s.symmetricUpdate(o)
		return None, nil
	})
	defMethod("set", "update(self, *others)", "Adds the elements of every other iterable (|=).", func(a *Args) (Value, error) {
		s := self[*Set](a)
		for _, o := range a.Value("others").(Tuple) {
			if err := s.update(o); err != nil {
				return nil, err
			}
		}
		return None, nil
	})
}

// setDisplay makes the set of a display's evaluated elements, added in
// turn as BUILD_SET adds them; on error, bad is the index of the
// unhashable element.
func setDisplay(vals []Value) (s *Set, bad int, err error) {
	s = newSet(false)
	for i, v := range vals {
		if err := s.add(v); err != nil {
			return nil, i, err
		}
	}
	return s, 0, nil
}

// constSetDisplay is the set of a display of more than two constants,
// which CPython compiles to a frozenset constant (built from the tuple of
// the elements, then rebuilt in its own order when the compiler merges
// constants) that SET_UPDATE merges into an empty set.
func constSetDisplay(vals []Value) (*Set, int, error) {
	f, bad, err := setDisplay(vals)
	if err != nil {
		return nil, bad, err
	}
	g, _, _ := setDisplay(f.keys())
	s := newSet(false)
	_ = s.merge(g)
	return s, 0, nil
}

// allConstant reports whether every element of a display is one that
// CPython's compiler folds to a constant: a literal, a tuple of them, or
// an operator on them (-1, 2**40).
func allConstant(elts []syntax.Expr) bool {
	for _, e := range elts {
		if !constantExpr(e) {
			return false
		}
	}
	return true
}

func constantExpr(e syntax.Expr) bool {
	switch x := e.(type) {
	case *syntax.IntLit, *syntax.FloatLit, *syntax.StringLit, *syntax.BoolLit, *syntax.NoneLit, *syntax.EllipsisLit:
		return true
	case *syntax.ParenExpr:
		return constantExpr(x.X)
	case *syntax.UnaryExpr:
		return constantExpr(x.X)
	case *syntax.BinaryExpr:
		return constantExpr(x.X) && constantExpr(x.Y)
	case *syntax.TupleExpr:
		return !hasStarred(x.Elts) && allConstant(x.Elts)
	}
	return false
}
