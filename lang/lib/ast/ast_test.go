package ast_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/std"
)

// TestLiteralEval holds literal_eval to CPython's, values and refusals.
func TestLiteralEval(t *testing.T) {
	cases := []cpython.Case{
		{Src: "ast.literal_eval('1')", Want: "1"},
		{Src: "ast.literal_eval('-2.5')", Want: "-2.5"},
		{Src: "ast.literal_eval(\"'abc'\")", Want: "'abc'"},
		{Src: "ast.literal_eval('[1, (2, 3), {\"a\": None}, True]')", Want: "[1, (2, 3), {'a': None}, True]"},
		{Src: "ast.literal_eval('{1, 2}')", Want: "{1, 2}"},
		{Src: "ast.literal_eval('  3e-4')", Want: "0.0003"},
		{Src: "ast.literal_eval('1+2j')", Want: "(1+2j)"},
		{Src: "ast.literal_eval('()')", Want: "()"},
		{Src: "ast.literal_eval('0.1')", Want: "0.1"},
		{Src: "ast.literal_eval('x')", Want: "ValueError: malformed node or string on line 1: <ast.Name object>"},
		{Src: "ast.literal_eval('f(1)')", Want: "ValueError: malformed node or string on line 1: <ast.Call object>"},
		{Src: "ast.literal_eval('1 + 2')", Want: "ValueError: malformed node or string on line 1: <ast.BinOp object>"},
	}
	langtest.CheckCellCases(t, "import ast\n", cases)
	// CPython's messages carry the node's address: compare the rest.
	var ok []cpython.Case
	for _, c := range cases[:9] {
		ok = append(ok, c)
	}
	cpython.CheckCellCases(t, "import ast\n", ok)
}
