package lang

import "github.com/kael-dev/kael/lang/syntax"

// dialectBinary applies the binary operators of Python values that the
// core operator table leaves alone: str % args (printf-style formatting),
// the set operators | & - ^, and + and * of named tuples (as tuples).
// ok is false when the operands are not its business.
func dialectBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	if s, isStr := a.(string); isStr && op == syntax.PERCENT {
		r, err := percentFormat(s, b)
		return r, true, err
	}
	if r, ok, err := namedTupleBinary(op, a, b); ok || err != nil {
		return r, ok, err
	}
	return setBinary(op, a, b)
}

// dialectCompare applies the ordering comparisons of the values of this
// layer: the subset relations of sets.
func dialectCompare(op syntax.Token, a, b Value) (Value, bool) { return setCompare(op, a, b) }

// Iterable is a value that can be looped over: sets and iterators.
type Iterable interface {
	Iterate(yield func(Value) bool) error
}

// valueWithEqual is a value with an == of its own (devices, sizes, sets).
type valueWithEqual interface{ Equal(other Value) bool }

// dialectEqual is == for the values of this dialect layer; ok is false
// when neither operand is one.
func dialectEqual(a, b Value, depth int) (eq, ok bool) {
	if x, isEq := a.(valueWithEqual); isEq {
		return x.Equal(b), true
	}
	if y, isEq := b.(valueWithEqual); isEq {
		return y.Equal(a), true
	}
	return false, false
}
