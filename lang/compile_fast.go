package lang

import (
	"github.com/kael-dev/kael/lang/syntax"
)

// Fast paths for the arithmetic and comparisons of plain loops: int and
// float operands are computed here, without the general operator's type
// switches; every other operand, and every case that can fail (overflow,
// division by zero), goes to the general operator (operators.go), which
// gives the same answers and errors.

func (c *compiler) binaryExpr(x *syntax.BinaryExpr) evalFn {
	l, r := c.expr(x.X), c.expr(x.Y)
	op := x.Op
	general := func(in *interp, a, b Value) (Value, error) {
		v, err := in.binary(op, a, b, x)
		return v, in.wrapNode(err, x)
	}
	switch op {
	case syntax.PLUS:
		return func(in *interp) (Value, error) {
			a, err := l(in)
			if err != nil {
				return nil, err
			}
			b, err := r(in)
			if err != nil {
				return nil, err
			}
			switch a := a.(type) {
			case int64:
				if b, ok := b.(int64); ok {
					if s := a + b; (s > a) == (b > 0) {
						return s, nil
					}
				}
			case float64:
				if b, ok := b.(float64); ok {
					return a + b, nil
				}
			}
			return general(in, a, b)
		}
	case syntax.MINUS:
		return func(in *interp) (Value, error) {
			a, err := l(in)
			if err != nil {
				return nil, err
			}
			b, err := r(in)
			if err != nil {
				return nil, err
			}
			switch a := a.(type) {
			case int64:
				if b, ok := b.(int64); ok {
					if s := a - b; (s < a) == (b > 0) {
						return s, nil
					}
				}
			case float64:
				if b, ok := b.(float64); ok {
					return a - b, nil
				}
			}
			return general(in, a, b)
		}
	case syntax.STAR:
		return func(in *interp) (Value, error) {
			a, err := l(in)
			if err != nil {
				return nil, err
			}
			b, err := r(in)
			if err != nil {
				return nil, err
			}
			switch a := a.(type) {
			case int64:
				if b, ok := b.(int64); ok {
					if p, ok := mulInt(a, b); ok {
						return p, nil
					}
				}
			case float64:
				if b, ok := b.(float64); ok {
					return a * b, nil
				}
			}
			return general(in, a, b)
		}
	}
	return func(in *interp) (Value, error) {
		a, err := l(in)
		if err != nil {
			return nil, err
		}
		b, err := r(in)
		if err != nil {
			return nil, err
		}
		return general(in, a, b)
	}
}

func compareOrdered[T int64 | float64](op syntax.Token, a, b T) bool {
	switch op {
	case syntax.LT:
		return a < b
	case syntax.LE:
		return a <= b
	case syntax.GT:
		return a > b
	case syntax.GE:
		return a >= b
	case syntax.EQL:
		return a == b
	}
	return a != b
}

// fastCompareValue compiles a single comparison a < b (<, <=, >, >=, ==,
// !=) used for its value; nil for anything else.
func (c *compiler) fastCompareValue(cmp *syntax.CompareExpr) evalFn {
	if len(cmp.Ops) != 1 {
		return nil
	}
	op := cmp.Ops[0].Op
	switch op {
	case syntax.LT, syntax.LE, syntax.GT, syntax.GE, syntax.EQL, syntax.NEQ:
	default:
		return nil
	}
	l, r := c.expr(cmp.X), c.expr(cmp.Ops[0].Y)
	return func(in *interp) (Value, error) {
		a, err := l(in)
		if err != nil {
			return nil, err
		}
		b, err := r(in)
		if err != nil {
			return nil, err
		}
		if ai, ok := a.(int64); ok {
			if bi, ok := b.(int64); ok {
				return compareOrdered(op, ai, bi), nil
			}
		}
		if af, ok := a.(float64); ok {
			if bf, ok := b.(float64); ok {
				return compareOrdered(op, af, bf), nil
			}
		}
		at := chainLink{cmp, 0}
		v, err := in.compare(op, a, b, at)
		if err != nil {
			return nil, in.errorAt(err, at.Span())
		}
		return v, nil
	}
}
