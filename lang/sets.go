package lang

import (
	"math/big"
	"sort"
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// Python's set and frozenset. A set holds hashable values (as dict keys
// do) and keeps them in insertion order; CPython's order is arbitrary (by
// hash), so code that prints a set of strings may show another order in
// CPython.

// Set is a set or, when frozen, a frozenset.
type Set struct {
	d      *Dict // the elements, as keys
	frozen bool
}

func newSet(frozen bool) *Set { return &Set{d: NewDict(), frozen: frozen} }

// setOf builds a set from the elements of an iterable.
func setOf(v Value, frozen bool) (*Set, error) {
	if start, stop, step, ok := rangeBounds(v); ok { // refused at once, not after 2**26 elements
		n, _ := new(big.Float).SetInt(bigRangeLen(start, stop, step)).Float64()
		if err := checkLength(n, "a set of %.0f elements needs too much memory", n); err != nil {
			return nil, err
		}
	}
	s := newSet(frozen)
	var err error
	iterErr := Iterate(v, func(e Value) bool {
		if err = PollInterrupt(s.Len()); err == nil {
			err = s.d.Set(e, None)
		}
		return err == nil
	})
	if iterErr != nil {
		return nil, iterErr
	}
	return s, err
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
		body = "{" + joinRepr(s.d.keys, map[any]bool{}) + "}"
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

// Iterate calls yield for each element, walking the set as its iterator
// does (dictWalk): a change of its size raises RuntimeError.
func (s *Set) Iterate(yield func(Value) bool) error {
	return newDictWalk(s.d, true).iterate(viewKeys, yield)
}

func (s *Set) copyAs(frozen bool) *Set {
	c := newSet(frozen)
	for _, k := range s.d.keys {
		_ = c.d.Set(k, None)
	}
	return c
}

// setAlgebra returns s op o for the set operators | & - ^.
func (s *Set) algebra(op syntax.Token, o *Set) *Set {
	out := newSet(s.frozen)
	switch op {
	case syntax.PIPE:
		out = s.copyAs(s.frozen)
		for _, k := range o.d.keys {
			_ = out.d.Set(k, None)
		}
	case syntax.AMP:
		for _, k := range s.d.keys {
			if o.has(k) {
				_ = out.d.Set(k, None)
			}
		}
	case syntax.MINUS:
		for _, k := range s.d.keys {
			if !o.has(k) {
				_ = out.d.Set(k, None)
			}
		}
	case syntax.CARET:
		for _, k := range s.d.keys {
			if !o.has(k) {
				_ = out.d.Set(k, None)
			}
		}
		for _, k := range o.d.keys {
			if !s.has(k) {
				_ = out.d.Set(k, None)
			}
		}
	}
	return out
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

// otherSets reads the iterables a set method takes as sets.
func otherSets(a *Args) ([]*Set, error) {
	var out []*Set
	for _, v := range a.Value("others").(Tuple) {
		s, ok := v.(*Set)
		if !ok {
			var err error
			if s, err = setOf(v, true); err != nil {
				return nil, err
			}
		}
		out = append(out, s)
	}
	return out, nil
}

func init() {
	NewBuiltin(AsFunc, "set(iterable=())", "A new set of the elements of iterable: set([1, 2, 2]) is {1, 2}. Sets support | & - ^, the subset comparisons and in; kael's keep insertion order.", func(a *Args) (Value, error) {
		return setOf(a.Value("iterable"), false)
	})
	NewBuiltin(AsFunc, "frozenset(iterable=())", "An immutable, hashable set of the elements of iterable.", func(a *Args) (Value, error) {
		return setOf(a.Value("iterable"), true)
	})
	for _, typ := range []string{"set", "frozenset"} {
		combine := func(name string, op syntax.Token, doc string) {
			defMethod(typ, name+"(self, *others)", doc, func(a *Args) (Value, error) {
				others, err := otherSets(a)
				if err != nil {
					return nil, err
				}
				out := self[*Set](a).copyAs(typ == "frozenset")
				for _, o := range others {
					out = out.algebra(op, o)
				}
				return out, nil
			})
		}
		combine("union", syntax.PIPE, "A new set with the elements of the set and of every other iterable (|).")
		combine("intersection", syntax.AMP, "A new set with the elements common to the set and every other iterable (&).")
		combine("difference", syntax.MINUS, "A new set with the elements of the set that are in no other iterable (-).")
		combine("symmetric_difference", syntax.CARET, "A new set with the elements in exactly one of the set and the other iterable (^).")
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
			return s.algebra(syntax.AMP, o).Len() == 0
		})
		defMethod(typ, "copy(self)", "A shallow copy of the set.", func(a *Args) (Value, error) {
			return self[*Set](a).copyAs(typ == "frozenset"), nil
		})
	}
	defMethod("set", "add(self, elem)", "Adds elem to the set.", func(a *Args) (Value, error) {
		return None, self[*Set](a).d.Set(a.Value("elem"), None)
	})
	defMethod("set", "remove(self, elem)", "Removes elem; KeyError when it is not there.", func(a *Args) (Value, error) {
		found, err := self[*Set](a).d.Delete(a.Value("elem"))
		if err == nil && !found {
			err = keyError(a.Value("elem"))
		}
		return None, err
	})
	defMethod("set", "discard(self, elem)", "Removes elem if it is there.", func(a *Args) (Value, error) {
		_, err := self[*Set](a).d.Delete(a.Value("elem"))
		return None, err
	})
	defMethod("set", "pop(self)", "Removes and returns an element (kael's: the first added); KeyError when the set is empty.", func(a *Args) (Value, error) {
		s := self[*Set](a)
		if s.Len() == 0 {
			return nil, Errorf(KeyError, "'pop from an empty set'")
		}
		k := s.d.keys[0]
		_, err := s.d.Delete(k)
		return k, err
	})
	defMethod("set", "clear(self)", "Removes every element.", func(a *Args) (Value, error) {
		self[*Set](a).d = NewDict()
		return None, nil
	})
	update := func(name string, op syntax.Token, doc string) {
		sig := name + "(self, *others)"
		if op == syntax.CARET {
			sig = name + "(self, other)"
		}
		defMethod("set", sig, doc, func(a *Args) (Value, error) {
			var others []*Set
			if op == syntax.CARET {
				o, err := setOf(a.Value("other"), true)
				if err != nil {
					return nil, err
				}
				others = []*Set{o}
			} else {
				var err error
				if others, err = otherSets(a); err != nil {
					return nil, err
				}
			}
			s := self[*Set](a)
			out := s
			for _, o := range others {
				out = out.algebra(op, o)
			}
			s.d = out.copyAs(false).d
			return None, nil
		})
	}
	update("intersection_update", syntax.AMP, "Keeps only the elements also in every other iterable (&=).")
	update("difference_update", syntax.MINUS, "Removes the elements of every other iterable (-=).")
	update("symmetric_difference_update", syntax.CARET, "Keeps the elements in exactly one of the set and other (^=).")
	defMethod("set", "update(self, *others)", "Adds the elements of every other iterable (|=).", func(a *Args) (Value, error) {
		others, err := otherSets(a)
		if err != nil {
			return nil, err
		}
		s := self[*Set](a)
		for _, o := range others {
			for _, k := range o.d.keys {
				if err := s.d.Set(k, None); err != nil {
					return nil, err
				}
			}
		}
		return None, nil
	})
}

// setDisplay makes the set of a display's evaluated elements; on error,
// bad is the index of the unhashable element.
func setDisplay(vals []Value) (s *Set, bad int, err error) {
	s = newSet(false)
	for i, v := range vals {
		if err := s.d.Set(v, None); err != nil {
			return nil, i, err
		}
	}
	return s, 0, nil
}
