package lang

import "github.com/kael-dev/kael/lang/syntax"

// dialectBinary applies the binary operators of Python values that the
// core operator table leaves alone: str % args and bytes % args
// (printf-style formatting), the set operators | & - ^, and + and * of
// named tuples (as tuples).
// ok is false when the operands are not its business.
func dialectBinary(op syntax.Token, a, b Value) (Value, bool, error) {
	if s, isStr := a.(string); isStr && op == syntax.PERCENT {
		r, err := percentFormat(s, b)
		return r, true, err
	}
	if op == syntax.PERCENT {
		switch x := a.(type) {
		case Bytes:
			r, err := printfFormat(string(x.b), b, true)
			return Bytes{b: []byte(r)}, true, err
		case *ByteArray:
			r, err := printfFormat(string(x.b), b, true)
			return &ByteArray{b: []byte(r)}, true, err
		}
	}
	if r, ok, err := namedTupleBinary(op, a, b); ok || err != nil {
		return r, ok, err
	}
	if x, isOp := a.(Operand); isOp {
		if r, ok, err := x.BinaryOp(op, b, false); ok || err != nil {
			return r, ok, err
		}
	}
	if y, isOp := b.(Operand); isOp {
		if r, ok, err := y.BinaryOp(op, a, true); ok || err != nil {
			return r, ok, err
		}
	}
	return setBinary(op, a, b)
}

// dialectCompare applies the ordering comparisons of the values of this
// layer: the subset relations of sets, and the order of an Orderer.
func dialectCompare(op syntax.Token, a, b Value) (Value, bool, error) {
	c, ok := 0, false
	var err error
	if x, isOrd := a.(Orderer); isOrd {
		c, ok, err = x.Order(b)
	} else if y, isOrd := b.(Orderer); isOrd {
		c, ok, err = y.Order(a)
		c = -c
	}
	if err != nil {
		return nil, false, err
	}
	if ok {
		switch op {
		case syntax.LT, syntax.LE, syntax.GT, syntax.GE:
			return orderHolds(op, c), true, nil
		}
	}
	r, ok := setCompare(op, a, b)
	return r, ok, nil
}

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
