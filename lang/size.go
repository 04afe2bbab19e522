package lang

import "github.com/kael-dev/kael/lang/syntax"

// A torch.Size is a *List marked size (NewSize): tensors' shape arguments
// take it wherever they take a list. PyTorch derives torch.Size from
// tuple, so for Python's operators it is that tuple: it equals tuples and
// other sizes but no list, orders only against them, fills a % format's
// arguments, refuses item assignment and deletion, and its slices, its +
// with a tuple and its * by an int are torch.Size again (tuple + size is
// a tuple), as THPSize's sequence methods make them.

// sizeTuple returns the sizes of a torch.Size as a tuple; ok is false for
// any other value.
func sizeTuple(v Value) (Tuple, bool) {
	l, ok := v.(*List)
	if !ok || !l.size {
		return nil, false
	}
	return Tuple(l.Elems), true
}

// isSize reports whether v is a torch.Size.
func isSize(v Value) bool {
	_, ok := sizeTuple(v)
	return ok
}

// sizeBinary is + and * with a torch.Size operand, as tuple's with the
// result made a torch.Size where PyTorch's is; ok is false when the tuple
// operation declines the operands.
func sizeBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	ta, aSize := sizeTuple(a)
	tb, bSize := sizeTuple(b)
	if op != syntax.PLUS && op != syntax.STAR {
		return nil, false, nil
	}
	x, y := a, b
	if aSize {
		x = ta
	}
	if bSize {
		y = tb
	}
	r, ok, err := sequenceBinary(op, x, y)
	if !ok || err != nil {
		return r, ok, err
	}
	if t, isTuple := r.(Tuple); isTuple && (aSize || op == syntax.STAR) {
		return &List{Elems: t, size: true}, true, nil
	}
	return r, true, nil
}

// sequenceTypeName is the name Python's sequence messages give v's type:
// a torch.Size's are tuple's ("tuple index out of range").
func sequenceTypeName(v Value) string {
	if _, ok := sizeTuple(v); ok {
		return "tuple"
	}
	return TypeName(v)
}
