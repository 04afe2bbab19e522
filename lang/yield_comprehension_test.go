package lang

import "testing"

// yieldInComprehensionCases: yield inside a comprehension or generator
// expression is a SyntaxError in CPython 3.11, except in the first
// iterable, which runs in the enclosing function.
var yieldInComprehensionCases = []struct{ src, want string }{
	{"def g(): [(yield x) for x in ()]", "1:12-19: 'yield' inside list comprehension"},
	{"def g(): [x for x in () if not (yield x)]", "1:33-40: 'yield' inside list comprehension"},
	{"def g(): [y for x in () for y in [(yield x)]]", "1:36-43: 'yield' inside list comprehension"},
	{"def g(): {(yield x) for x in ()}", "1:12-19: 'yield' inside set comprehension"},
	{"def g(): {(yield x): x for x in ()}", "1:12-19: 'yield' inside dict comprehension"},
	{"def g(): {x: (yield x) for x in ()}", "1:15-22: 'yield' inside dict comprehension"},
	{"def g(): ((yield x) for x in ())", "1:12-19: 'yield' inside generator expression"},
	{"def g(): [(yield from x) for x in ()]", "1:12-24: 'yield' inside list comprehension"},
	{"def g(): [[y for y in (yield)] for x in ()]", "1:24-29: 'yield' inside list comprehension"},
	{"class C: [(yield x) for x in ()]", "1:12-19: 'yield' inside list comprehension"},
	{"def g(): [x for x in [(yield 1)]]", "ok"},
	{"def g(): [lambda: (yield) for x in ()]", "ok"},
}

func TestYieldInComprehension(t *testing.T) {
	for _, tt := range yieldInComprehensionCases {
		if got := syntaxErrorOutcome(tt.src); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestYieldInComprehensionMatchesCPython(t *testing.T) {
	checkCasesAgainst(t, "CPython", yieldInComprehensionCases, cpythonSyntaxErrors(t, caseSources(yieldInComprehensionCases)))
}

// TestYieldInFirstIterable: the first iterable of a comprehension may
// yield, as in CPython: its function is a generator.
func TestYieldInFirstIterable(t *testing.T) {
	cases := []struct{ src, want string }{
		{"def g():\n    return [x * 2 for x in (yield 1)]\nit = g()\nnext(it)\ntry:\n    it.send([1, 2])\nexcept StopIteration as e:\n    r = e.value\nr", "[2, 4]"},
	}
	checkCellCases(t, "", cases)
	checkCellCasesAgainstCPython(t, "", cases)
}
