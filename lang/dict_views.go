package lang

import "github.com/kael-dev/kael/lang/syntax"

// Dict views: what d.keys(), d.values() and d.items() return, as in
// Python: live views of the dict (they show its later changes), sized,
// iterable, printed as dict_keys([...]); the keys and items views are
// sets for the set operators (d.keys() - {"a"}, d.items() & other) and
// the subset comparisons.

// dictView is a view of a dict.
type dictView struct {
	d    *Dict
	kind viewKind
}

type viewKind uint8

const (
	viewKeys viewKind = iota
	viewValues
	viewItems
)

// TypeName returns dict_keys, dict_values or dict_items.
func (v *dictView) TypeName() string {
	return [...]string{"dict_keys", "dict_values", "dict_items"}[v.kind]
}

// elems are the view's elements, a snapshot in insertion order.
func (v *dictView) elems() []Value {
	switch v.kind {
	case viewKeys:
		return v.d.Keys()
	case viewValues:
		return v.d.Values()
	}
	out := make([]Value, v.d.Len()) // Len brings a globals dict up to date
	for i, k := range v.d.keys {
		out[i] = Tuple{k, v.d.vals[i]}
	}
	return out
}

// PyRepr is dict_keys(['a', 'b']).
func (v *dictView) PyRepr() string { return Repr(v) }

// repr is the view's repr inside repr's walk: a view inside itself (a
// values view stored in its dict) shows as ..., as in CPython.
func (v *dictView) repr(active map[any]bool) string {
	if active[v] {
		return "..."
	}
	active[v] = true
	defer delete(active, v)
	return v.TypeName() + "([" + joinRepr(v.elems(), active) + "])"
}

func (v *dictView) String() string { return v.PyRepr() }

// Length is len(view).
func (v *dictView) Length() (int64, error) { return int64(v.d.Len()), nil }

// Iterate yields the elements, walking the dict as its iterator does
// (dictWalk): a change of its size raises RuntimeError.
func (v *dictView) Iterate(yield func(Value) bool) error {
	return newDictWalk(v.d, false).iterate(v.kind, yield)
}

// HashKey refuses: views are unhashable.
func (v *dictView) HashKey() (string, error) {
	return "", Errorf(TypeError, "unhashable type: '%s'", v.TypeName())
}

// Equal: a keys or items view equals a set or view with the same
// elements; a values view only itself.
func (v *dictView) Equal(o Value) bool {
	s, ok := v.asSet()
	if !ok {
		return o == Value(v)
	}
	var t *Set
	switch x := o.(type) {
	case *Set:
		t = x
	case *dictView:
		if t, ok = x.asSet(); !ok {
			return false
		}
	default:
		return false
	}
	return s.Len() == t.Len() && s.subsetOf(t)
}

// asSet is the set of a keys or items view's elements; ok is false for a
// values view, which is no set.
func (v *dictView) asSet() (*Set, bool) {
	if v.kind == viewValues {
		return nil, false
	}
	s, err := setOf(v, false)
	return s, err == nil // an item with an unhashable value is not in a set
}

// viewBinary applies | & - ^ when an operand is a keys or items view:
// the other may be any iterable, and the result is a set.
func viewBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	switch op {
	case syntax.PIPE, syntax.AMP, syntax.MINUS, syntax.CARET:
	default:
		return nil, false, nil
	}
	va, aView := a.(*dictView)
	vb, bView := b.(*dictView)
	if (!aView || va.kind == viewValues) && (!bView || vb.kind == viewValues) {
		return nil, false, nil
	}
	// As CPython's, the operator raises what making a set of an operand
	// raises: an operand that is not iterable, an unhashable element.
	x, err := operandSet(a)
	if err != nil {
		return nil, true, err
	}
	y, err := operandSet(b)
	if err != nil {
		return nil, true, err
	}
	return x.algebra(op, y), true, nil
}

// operandSet is an operand of a view's set operator as a set.
func operandSet(v Value) (*Set, error) {
	if s, ok := v.(*Set); ok {
		return s, nil
	}
	return setOf(v, false)
}

// viewCompare applies < <= > >= between a keys or items view and a set
// or view.
func viewCompare(op syntax.Token, a, b Value) (Value, bool) {
	_, aView := a.(*dictView)
	_, bView := b.(*dictView)
	if !aView && !bView {
		return nil, false
	}
	x, err := viewOrSet(a)
	if err != nil {
		return nil, false
	}
	y, err := viewOrSet(b)
	if err != nil {
		return nil, false
	}
	return setCompare(op, x, y)
}

// viewOrSet is a set, or the set of a keys or items view.
func viewOrSet(v Value) (*Set, error) {
	switch x := v.(type) {
	case *Set:
		return x, nil
	case *dictView:
		if s, ok := x.asSet(); ok {
			return s, nil
		}
	}
	return nil, Errorf(TypeError, "not a set")
}

// The views' methods and attribute beside their special methods
// (typeDunderNames): a keys or items view's isdisjoint, and every view's
// mapping, a read-only proxy of its dict.
func init() {
	for _, t := range []string{"dict_keys", "dict_items"} {
		defMethod(t, "isdisjoint(self, other)", "Whether the view and the iterable other have no element in common.", func(a *Args) (Value, error) {
			x, err := operandSet(a.Value("self"))
			if err != nil {
				return nil, err
			}
			y, err := operandSet(a.Value("other"))
			if err != nil {
				return nil, err
			}
			return x.algebra(syntax.AMP, y).Len() == 0, nil
		})
	}
	defProperty("mapping", func(v Value) Value { return NewMappingProxy(v.(*dictView).d) }, "dict_keys", "dict_values", "dict_items")
}
