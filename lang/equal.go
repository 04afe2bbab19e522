package lang

import (
	"strconv"

	"github.com/kael-dev/kael/internal/pyhash"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// equal is Python's == for non-tensor values. Lists compare element-wise
// with lists and tuples with tuples, never a list with a tuple ((2, 3) ==
// [2, 3] is False, as in Python); a torch.Size is a tuple, so
// x.shape == (2, 3) holds and x.shape == [2, 3] does not; dicts compare their entries. It walks nested containers with a stack of its own, not
// Go's, so lists nested any depth compare correctly; a pair of lists or
// dicts met again while being compared (a list holding itself) counts as
// equal there, and the rest of the comparison decides.
func equal(a, b Value) bool {
	eq, _ := equalE(a, b)
	return eq
}

// equalE is equal, with the error of an element's == whose truth is
// ambiguous: [torch.zeros(2)] == [torch.ones(2)] raises as Python's list
// comparison does, where equal gives false.
func equalE(a, b Value) (bool, error) {
	type pair struct{ a, b Value }
	stack := []pair{{a, b}}
	var seen map[pair]bool // pairs of lists or dicts being compared
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if eq, ok := dialectEqual(p.a, p.b, 0); ok { // sets, sizes, devices
			if !eq {
				return false, nil
			}
			continue
		}
		switch x := p.a.(type) {
		case *List, Tuple:
			if l, ok := p.a.(*List); ok {
				if l == p.b {
					continue // the same list, as Python's identity shortcut
				}
				if m, ok := p.b.(*List); ok {
					if seen[pair{l, m}] {
						continue
					}
					if seen == nil {
						seen = map[pair]bool{}
					}
					seen[pair{l, m}] = true
				}
			}
			if listTupleMix(p.a, p.b) {
				return false, nil
			}
			xs, _ := seqElems(p.a)
			ys, ok := seqElems(p.b)
			if !ok || len(xs) != len(ys) {
				return false, nil
			}
			for i := len(xs) - 1; i >= 0; i-- {
				if !sameObject(xs[i], ys[i]) {
					stack = append(stack, pair{xs[i], ys[i]})
				}
			}
		case *Dict:
			if eq, ok := dictKindEqual(x, p.b); ok {
				if !eq {
					return false, nil
				}
				continue
			}
			y, ok := p.b.(*Dict)
			if !ok || x.Len() != y.Len() {
				return false, nil
			}
			if x == y || seen[pair{x, y}] {
				continue
			}
			if seen == nil {
				seen = map[pair]bool{}
			}
			seen[pair{x, y}] = true
			for i := len(x.keys) - 1; i >= 0; i-- {
				v, found, _ := y.Get(x.keys[i])
				if !found {
					return false, nil
				}
				stack = append(stack, pair{x.vals[i], v})
			}
		default:
			if simpleLeaf(p.a) && simpleLeaf(p.b) { // the common case: no == of a library's own
				if !equalLeaf(p.a, p.b) {
					return false, nil
				}
				continue
			}
			if eq, ok, err := operandEqual(p.a, p.b); ok {
				if err != nil || !eq {
					return false, err
				}
				continue
			}
			if !equalLeaf(p.a, p.b) {
				return false, nil
			}
		}
	}
	return true, nil
}

// listTupleMix reports whether one of a and b is a list and the other a
// tuple (a named tuple or a torch.Size included), which Python never
// finds equal.
func listTupleMix(a, b Value) bool {
	return isPlainList(a) && isTupleKind(b) || isTupleKind(a) && isPlainList(b)
}

func isPlainList(v Value) bool {
	l, ok := v.(*List)
	return ok && !l.size
}

func isTupleKind(v Value) bool {
	switch v.(type) {
	case Tuple, *NamedTuple:
		return true
	}
	_, isSize := sizeTuple(v)
	return isSize
}

// sameObject reports whether a and b are one instance of a user class:
// Python compares the elements of containers (==, in, index) identity
// first, so such an element equals itself without calling its __eq__.
func sameObject(a, b Value) bool {
	switch x := a.(type) {
	case *Instance:
		return x == b
	case float64, Complex:
		return sameNaN(a, b)
	}
	return false
}

// sameNaN reports whether a and b are the same NaN object: a NaN equals
// nothing, itself included, but Python's containers take the same object
// as equal (x = math.nan; [x] == [x] and x in [x] are True). A float is
// boxed once, when it is made, and every copy of the Value shares that
// box, so one NaN passed around is one box; two NaNs made apart
// (float('nan') twice) are two, as in CPython.
func sameNaN(a, b Value) bool {
	return isNaNValue(a) && isNaNValue(b) && ifaceType(a) == ifaceType(b) && boxOf(a) == boxOf(b)
}

// nanKey is a NaN's dict key: its box, since a NaN equals only itself
// (sameNaN) and two NaNs made apart are two keys, as in CPython, whose
// NaNs hash by identity. The dict keeps the key Value, so the box lives
// as long as the entry and no other value takes its address.
func nanKey(v Value) string {
	return "N" + strconv.FormatUint(uint64(uintptr(boxOf(v))), 16)
}

// nanHash is hash() of a NaN or of a complex number with a NaN part:
// CPython's identity hash (the address rotated right by four bits) for
// each NaN part, combined as a complex's parts are.
func nanHash(v Value) int64 {
	p := uint64(uintptr(boxOf(v)))
	id := p>>4 | p<<60
	part := func(f float64) uint64 {
		if f != f {
			return id
		}
		h, _ := pyhash.Float(f)
		return uint64(h)
	}
	var h uint64
	switch x := v.(type) {
	case float64:
		h = id
	case Complex:
		h = part(real(x)) + 1000003*part(imag(x))
	}
	if int64(h) == -1 {
		return -2
	}
	return int64(h)
}

// isNaNValue reports whether v is a float NaN or a complex number with a
// NaN part (equal to nothing).
func isNaNValue(v Value) bool {
	switch x := v.(type) {
	case float64:
		return x != x
	case Complex:
		return real(x) != real(x) || imag(x) != imag(x)
	}
	return false
}

// elemEqual is == between an element of a container and a value, as
// Python's searches (in, index, count, remove) compare: identity first.
func elemEqual(a, b Value) bool { return sameObject(a, b) || equal(a, b) }

// elemEqualE is elemEqual with the error of an ambiguous truth.
func elemEqualE(a, b Value) (bool, error) {
	if sameObject(a, b) {
		return true, nil
	}
	return equalE(a, b)
}

// simpleLeaf reports whether v is a number, string, bool or None, whose
// == equalLeaf decides without asking an operand.
func simpleLeaf(v Value) bool {
	switch v.(type) {
	case int64, float64, string, bool, NoneType:
		return true
	}
	return false
}

// operandEqual is == between elements of containers when one of them is
// a tensor or a library value with an == of its own (a NumPy array): as
// Python's containers compare, the same object is equal, else the truth
// of a == b, which is an error for several elements. ok is false for the
// other values.
func operandEqual(a, b Value) (eq, ok bool, err error) {
	_, ta := a.(*tensor.Tensor)
	_, tb := b.(*tensor.Tensor)
	if ta || tb {
		if ta && tb && a == b {
			return true, true, nil
		}
		if !tensorLike(a, b) {
			return false, true, nil // Tensor.__eq__ gives NotImplemented: identity decides
		}
		x, _ := ToTensor(a)
		y, _ := ToTensor(b)
		r, err := tensor.Eq(x, y)
		if err != nil {
			return false, true, err
		}
		eq, err := Truth(r)
		return eq, true, err
	}
	_, oa := a.(Operand)
	_, ob := b.(Operand)
	if !oa && !ob {
		return false, false, nil
	}
	if oa && ob && a == b {
		return true, true, nil
	}
	r, ok, err := operandBinary(syntax.EQL, a, b)
	if !ok || err != nil {
		return false, ok, err
	}
	eq, err = Truth(r)
	return eq, true, err
}

// Equal is Python's == as a truth value, for Go code: numbers, strings
// and containers element by element, values with an == of their own
// (Equaler) by it, the rest by identity.
func Equal(a, b Value) bool { return equal(a, b) }
