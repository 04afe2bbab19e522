package lang_test

import (
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestChainConcatMatchesCPython checks long + chains of lists, which
// kael extends in place once a step of the chain has made a list of its
// own: the operands themselves, named or repeated, never change, and the
// results and errors are CPython's.
func TestChainConcatMatchesCPython(t *testing.T) {
	terms := func(n int, term string) string { return strings.Repeat(term+" + ", n-1) + term }
	langtest.CheckMatchesCPython(t, "", []string{
		"a = [1]\nx = a + [2] + " + terms(16, "a") + " + [3]\na, x, len(x)",
		"b = [0]\ny = " + terms(20, "b") + "\nb, y",
		"t = " + terms(20, "(1,)") + "\nt",
		"s = " + terms(20, "'ab'") + "\ns",
		"z = " + terms(20, "[1]") + " + (1,)",
		"z = " + terms(30, "[[1]]") + "\nz[0].append(2)\nz[:3]",
		"n = " + terms(40, "1") + "\nn",
	})
}
