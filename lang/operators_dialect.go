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

// dialectEqual is == for the values of this dialect layer; ok is false
// when neither operand is one.
func dialectEqual(a, b Value, depth int) (eq, ok bool) {
	if x, isEq := a.(Equaler); isEq {
		return x.Equal(b), true
	}
	if y, isEq := b.(Equaler); isEq {
		return y.Equal(a), true
	}
	return false, false
}
