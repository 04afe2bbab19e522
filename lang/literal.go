package lang

import (
	"fmt"
	"strings"

	"github.com/kael-dev/kael/lang/syntax"
)

// LiteralEval is Python's ast.literal_eval of a text: the value of a
// literal (strings, bytes, numbers, tuples, lists, dicts, sets, booleans,
// None, Ellipsis, signed numbers and 1+2j sums); anything else (names,
// calls, operators) is CPython's ValueError, naming the node as
// <ast.Name object>. inspect reads parameter defaults with it too.
func LiteralEval(src string) (Value, error) {
	src = strings.TrimLeft(src, " \t")
	x, err := syntax.ParseExpr(src)
	if err != nil {
		return nil, Errorf(SyntaxError, "%s", err)
	}
	if !isLiteral(x, 0) {
		return nil, Errorf(ValueError, "malformed node or string on line 1: %s", nodeText(x))
	}
	// Literals only: the evaluator of signature defaults computes them.
	return newInterp(nil, nil, "", "", nil).eval(x)
}

// maxLiteralDepth bounds the nesting literal_eval accepts.
const maxLiteralDepth = 100

// isLiteral reports whether x is what ast.literal_eval accepts: strings,
// bytes, numbers, tuples, lists, dicts, sets, booleans, None and Ellipsis,
// signed numbers and complex sums (1+2j).
func isLiteral(x syntax.Expr, depth int) bool {
	if depth > maxLiteralDepth {
		return false
	}
	switch e := x.(type) {
	case *syntax.IntLit, *syntax.FloatLit, *syntax.StringLit, *syntax.BoolLit, *syntax.NoneLit, *syntax.EllipsisLit:
		return true
	case *syntax.ParenExpr:
		return isLiteral(e.X, depth+1)
	case *syntax.UnaryExpr:
		return (e.Op == syntax.MINUS || e.Op == syntax.PLUS) && number(e.X)
	case *syntax.BinaryExpr:
		if e.Op != syntax.PLUS && e.Op != syntax.MINUS {
			return false
		}
		im, ok := e.Y.(*syntax.FloatLit)
		return ok && im.Imag && (number(e.X) || signedNumber(e.X))
	case *syntax.TupleExpr:
		return all(e.Elts, depth)
	case *syntax.ListExpr:
		return all(e.Elts, depth)
	case *syntax.SetExpr:
		return all(e.Elts, depth)
	case *syntax.DictExpr:
		for _, en := range e.Entries {
			if en.Key == nil || !isLiteral(en.Key, depth+1) || !isLiteral(en.Value, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

func all(xs []syntax.Expr, depth int) bool {
	for _, x := range xs {
		if !isLiteral(x, depth+1) {
			return false
		}
	}
	return true
}

func number(x syntax.Expr) bool {
	switch x.(type) {
	case *syntax.IntLit, *syntax.FloatLit:
		return true
	}
	return false
}

func signedNumber(x syntax.Expr) bool {
	u, ok := x.(*syntax.UnaryExpr)
	return ok && (u.Op == syntax.MINUS || u.Op == syntax.PLUS) && number(u.X)
}

// nodeText names a node as CPython's message does: <ast.Name object>.
func nodeText(x syntax.Expr) string {
	name := strings.TrimPrefix(fmt.Sprintf("%T", x), "*syntax.")
	switch name {
	case "Ident":
		name = "Name"
	case "CallExpr":
		name = "Call"
	case "BinaryExpr":
		name = "BinOp"
	case "UnaryExpr":
		name = "UnaryOp"
	case "AttrExpr":
		name = "Attribute"
	}
	return "<ast." + name + " object>"
}
