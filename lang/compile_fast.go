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
	ints, floats := fastArith(op)
	return func(in *interp) (Value, error) {
		a, b, err := evalPair(in, l, r)
		if err != nil {
			return nil, err
		}
		if ints != nil {
			switch a := a.(type) {
			case int64:
				if b, ok := b.(int64); ok {
					if v, ok := ints(a, b); ok {
						return v, nil
					}
				}
			case float64:
				if b, ok := b.(float64); ok && floats != nil {
					return floats(a, b), nil
				}
			}
		}
		v, err := in.binary(op, a, b, x)
		return v, in.wrapNode(err, x)
	}
}

// fastArith returns the int and float versions of +, - and * (and the
// int one of %); the int one reports false when the general operator must
// decide (overflow). Other operators have none.
func fastArith(op syntax.Token) (func(a, b int64) (int64, bool), func(a, b float64) float64) {
	switch op {
	case syntax.PLUS:
		return addInt, func(a, b float64) float64 { return a + b }
	case syntax.MINUS:
		return func(a, b int64) (int64, bool) {
				s := a - b
				return s, (s < a) == (b > 0)
			}, func(a, b float64) float64 {
				return a - b
			}
	case syntax.STAR:
		return mulInt, func(a, b float64) float64 { return a * b }
	case syntax.PERCENT:
		// Only the plain case: the general operator has Python's signs,
		// float modulo and division by zero.
		return func(a, b int64) (int64, bool) {
			if a < 0 || b <= 0 {
				return 0, false
			}
			return a % b, true
		}, nil
	}
	return nil, nil
}

// addInt returns a+b and whether it fits in an int64.
func addInt(a, b int64) (int64, bool) {
	s := a + b
	return s, (s > a) == (b > 0)
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
		a, b, err := evalPair(in, l, r)
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

// evalPair evaluates the two operands of a binary operation, left first.
func evalPair(in *interp, l, r evalFn) (a, b Value, err error) {
	if a, err = l(in); err == nil {
		b, err = r(in)
	}
	return a, b, err
}
