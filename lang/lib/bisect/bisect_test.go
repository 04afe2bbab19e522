package bisect_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/bisect"
)

const prelude = "import bisect\nfrom bisect import bisect_left, bisect_right, insort, insort_left\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	{"a = [1, 2, 2, 2, 5, 8]\n[bisect_left(a, x) for x in (0, 2, 3, 8, 9)], [bisect_right(a, x) for x in (0, 2, 3, 8, 9)], bisect.bisect(a, 2)", "([0, 1, 4, 5, 6], [0, 4, 4, 6, 6], 4)"},
	{"a = [1, 2, 2, 2, 5, 8]\nbisect_left(a, 2, 2), bisect_right(a, 2, 0, 3), bisect_left(a, 9, hi=3), bisect_left([], 1)", "(2, 3, 3, 0)"},
	{"a = []\nfor x in [5, 1, 4, 1, 3]:\n    insort(a, x)\ninsort_left(a, 4)\nbisect.insort_right(a, 4.0)\na", "[1, 1, 3, 4, 4, 4.0, 5]"},
	{"def grade(score, breakpoints=[60, 70, 80, 90], grades='FDCBA'):\n    return grades[bisect.bisect(breakpoints, score)]\n[grade(s) for s in [33, 99, 77, 70, 89, 90, 100]]", "['F', 'A', 'C', 'C', 'B', 'A', 'A']"},
	{"data = [('red', 5), ('blue', 1), ('yellow', 8), ('black', 0)]\ndata.sort(key=lambda r: r[1])\nkeys = [r[1] for r in data]\ndata[bisect_left(keys, 5)], bisect_left(data, 5, key=lambda r: r[1])", "(('red', 5), 2)"},
	{"a = [(1, 'a'), (3, 'c')]\ninsort(a, (2, 'b'), key=lambda r: r[0])\na", "[(1, 'a'), (2, 'b'), (3, 'c')]"},
	{"bisect_left([1, 2], 1, -1)", "ValueError: lo must be non-negative"},
	{"bisect_left([1, 'a'], 2)", "TypeError: '<' not supported between instances of 'str' and 'int'"},
	{"bisect_left(3, 1)", "TypeError: object of type 'int' has no len()"},
	{"bisect_left(range(0, 100, 5), 42), bisect_right((1, 2, 3), 2)", "(9, 2)"},
}

func TestBisect(t *testing.T) { langtest.CheckCellCases(t, prelude, cases) }

func TestAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, prelude, cases) }
