package weakref_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/std"
)

var cases = []langtest.Case{
	{"c = C()\nr = weakref.ref(c)\nr() is c, callable(r)", "(True, True)"},
	{"c = C()\nr = weakref.ref(c)\nkeep = [c]\ndel c\ngc.collect()\nr() is keep[0]", "True"},
	{"def f():\n    c = C()\n    return weakref.ref(c)\nr = f()\ngc.collect()\nr() is None", "True"},
	{"weakref.ref(3)", "TypeError: cannot create weak reference to 'int' object"},
	{"weakref.ref([1])", "TypeError: cannot create weak reference to 'list' object"},
}

func TestRef(t *testing.T) {
	const prelude = "import gc, weakref\nclass C:\n    pass\n"
	langtest.CheckCellCases(t, prelude, cases)
	cpython.CheckCellCases(t, prelude, cases)
}
