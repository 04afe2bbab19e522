package pickle_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// subclassCases round-trip objects of classes derived from int, str and
// tuple. CPython's harness cannot pickle a class of its cells (it finds
// no module holding them), so the outcomes are CPython 3.11's for the
// same code run as a script.
var subclassCases = []langtest.Case{
	{"a = A(7)\na.tag = 'x'\nb = pickle.loads(pickle.dumps(a))\nb, type(b).__name__, b.tag, pickle.loads(pickle.dumps(S('hi'), 4)), type(pickle.loads(pickle.dumps(S('hi')))).__name__", "(7, 'A', 'x', 'hi', 'S')"},
	{"p = pickle.loads(pickle.dumps(T((1, 2))))\np, type(p).__name__, p[1]", "((1, 2), 'T', 2)"},
}

func TestPickleSubclasses(t *testing.T) {
	langtest.CheckCellCases(t, picklePrelude+"class A(int):\n    pass\nclass S(str):\n    pass\nclass T(tuple):\n    pass\n", subclassCases)
}
