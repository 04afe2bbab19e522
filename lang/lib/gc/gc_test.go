package gc_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/std"
)

var cases = []langtest.Case{
	{"isinstance(gc.collect(), int)", "True"},
	{"gc.isenabled()", "True"},
	{"class C:\n    pass\nimport weakref\nc = C()\nr = weakref.ref(c)\nalive = r() is c\ndel c\ngc.collect()\nalive, r()", "(True, None)"},
}

func TestGC(t *testing.T) {
	langtest.CheckCellCases(t, "import gc\n", cases)
	cpython.CheckCellCases(t, "import gc\n", cases)
}
