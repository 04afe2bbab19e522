package lang

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// Explain describes what evaluating a binary expression does, step by step:
// the operands' dtypes, promotion, casts, broadcasting, the iterator's loop
// and the dispatch (the REPL's :explain). The operands are evaluated; the
// operation itself is not run. For other expressions it reports the value's
// type, dtype and shape.
func (s *Session) Explain(ctx context.Context, expr string) (text string, e *Error) {
	defer func() {
		if r := recover(); r != nil {
			text, e = "", &Error{Kind: InternalError, Msg: fmt.Sprintf("kael crashed while explaining this expression: %v", r), Src: expr}
		}
	}()
	x, err := syntax.ParseExpr(expr)
	if err != nil {
		e := ToError(err)
		e.Src = expr
		return "", e
	}
	for {
		p, ok := x.(*syntax.ParenExpr)
		if !ok {
			break
		}
		x = p.X
	}
	in := newInterp(ctx, s, expr, "", nil)
	if b, ok := x.(*syntax.BinaryExpr); ok {
		if op, ok := binaryOperators[b.Op]; ok {
			return in.explainBinary(op.Spec, b)
		}
	}
	if c, ok := x.(*syntax.CompareExpr); ok && len(c.Ops) == 1 {
		if op, ok := binaryOperators[c.Ops[0].Op]; ok {
			return in.explainBinary(op.Spec, &syntax.BinaryExpr{X: c.X, OpPos: c.Ops[0].OpPos, Op: c.Ops[0].Op, Y: c.Ops[0].Y})
		}
	}
	v, err := in.eval(x)
	if err != nil {
		return "", in.errorAt(err, x.Span()).settle()
	}
	if t, ok := v.(*tensor.Tensor); ok {
		return expr + " is a " + Summary(t) + "; :explain shows the steps of a binary operation such as a + b", nil
	}
	return expr + " is a " + TypeName(v) + "; :explain shows the steps of a binary operation such as a + b", nil
}

func (in *interp) explainBinary(spec *tensor.BinarySpec, b *syntax.BinaryExpr) (string, *Error) {
	operand := func(x syntax.Expr) (*tensor.Tensor, *Error) {
		v, err := in.eval(x)
		if err != nil {
			return nil, in.errorAt(err, x.Span())
		}
		t, err := ToTensor(v)
		if err != nil {
			return nil, in.errorAt(Errorf(TypeError, ":explain works on tensor operations; this operand is a %s", TypeName(v)), x.Span())
		}
		return t, nil
	}
	a, e := operand(b.X)
	if e != nil {
		return "", e
	}
	c, e := operand(b.Y)
	if e != nil {
		return "", e
	}
	steps, err := spec.ExplainBinary(a, c)
	var out strings.Builder
	for i, st := range steps {
		out.WriteString(strconv.Itoa(i+1) + ". " + st + "\n")
	}
	if err != nil {
		return out.String(), in.errorAt(err, b.Span())
	}
	return out.String(), nil
}
