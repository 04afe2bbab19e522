// Package ast is Python's ast module in small: literal_eval, which reads
// Python literals from text (minGPT's configuration overrides use it).
// kael has no ast node classes; parse, dump and NodeVisitor are absent.
package ast

import (
	"context"
	"fmt"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// maxLiteralDepth bounds the nesting literal_eval accepts.
const maxLiteralDepth = 100

// literal reports whether x is what ast.literal_eval accepts: strings,
// bytes, numbers, tuples, lists, dicts, sets, booleans, None and Ellipsis,
// signed numbers and complex sums (1+2j).
func literal(x syntax.Expr, depth int) bool {
	if depth > maxLiteralDepth {
		return false
	}
	switch e := x.(type) {
	case *syntax.IntLit, *syntax.FloatLit, *syntax.StringLit, *syntax.BoolLit, *syntax.NoneLit, *syntax.EllipsisLit:
		return true
	case *syntax.ParenExpr:
		return literal(e.X, depth+1)
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
			if en.Key == nil || !literal(en.Key, depth+1) || !literal(en.Value, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

func all(xs []syntax.Expr, depth int) bool {
	for _, x := range xs {
		if !literal(x, depth+1) {
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

var astModule = &lang.Module{Name: "ast", Attrs: map[string]lang.Value{
	"literal_eval": lang.NewBuiltin(lang.AsValue, "literal_eval(node_or_string)", "The value of a Python literal written as text: strings, bytes, numbers, tuples, lists, dicts, sets, booleans, None; anything else (names, calls, operators) is a ValueError.", func(a *lang.Args) (lang.Value, error) {
		src, ok := a.Value("node_or_string").(string)
		if !ok {
			return nil, lang.Errorf(lang.ValueError, "malformed node or string: %s", lang.Repr(a.Value("node_or_string")))
		}
		trimmed := src
		for len(trimmed) > 0 && (trimmed[0] == ' ' || trimmed[0] == '\t') {
			trimmed = trimmed[1:]
		}
		x, err := syntax.ParseExpr(trimmed)
		if err != nil {
			return nil, lang.Errorf(lang.SyntaxError, "%s", err)
		}
		if !literal(x, 0) {
			return nil, lang.Errorf(lang.ValueError, "malformed node or string on line 1: %s", nodeText(x))
		}
		// Literals only: the engine computes them, in a session of their own.
		r := lang.NewSession(lang.IO{}).Exec(context.Background(), "<unknown>", trimmed)
		if r.Err != nil {
			return nil, r.Err
		}
		return r.Value, nil
	}),
}, Doc: "Python's ast module in small: literal_eval."}

func init() {
	lang.RegisterModule("ast", astModule.Doc, func() *lang.Module { return astModule })
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
