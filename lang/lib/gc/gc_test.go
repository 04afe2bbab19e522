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
	// A generator dropped while suspended is closed by the collection at
	// the latest (CPython closes it at once): its finally clauses and
	// with statements' exits run.
	{droppedPrelude + "g = f(1)\nnext(g)\ndel g\ngc.collect()\nlog", "[('finally', 1)]"},
	{droppedPrelude + "g = f(2)\nnext(g)\ng = None\ngc.collect()\nlog", "[('finally', 2)]"},
	{droppedPrelude + "gs = [f(3), f(4)]\nnext(gs[0])\ndel gs\ngc.collect()\nlog", "[('finally', 3)]"},
	{droppedPrelude + "g = w()\nnext(g)\ndel g\ngc.collect()\nlog", "[('exit', 'GeneratorExit')]"},
	{droppedPrelude + "def use():\n    g = f(5)\n    return next(g)\nuse()\ngc.collect()\nlog", "[('finally', 5)]"},
	{droppedPrelude + "g = f(6)\ndel g\ngc.collect()\nlog", "[]"},                        // never started: nothing to close
	{droppedPrelude + "g = f(7)\nlist(g)\ndel g\ngc.collect()\nlog", "[('finally', 7)]"}, // ran to its end
	{droppedPrelude + "g = bad()\nnext(g)\ndel g\ngc.collect()\nlog", "[('bad', 'GeneratorExit')]"},
	{droppedPrelude + "g = stubborn()\nnext(g)\ndel g\ngc.collect()\nlog", "[('stubborn', 'GeneratorExit')]"},
}

// droppedPrelude defines the generators that the dropped-generator cases
// drop suspended: each logs what its closing ran.
const droppedPrelude = `log = []
def f(n):
    try:
        yield 1
        yield 2
    finally:
        log.append(("finally", n))
class CM:
    def __enter__(self):
        return self
    def __exit__(self, typ, val, tb):
        log.append(("exit", typ.__name__))
def w():
    with CM():
        yield 1
def bad():
    try:
        yield 1
    except BaseException as e:
        log.append(("bad", type(e).__name__))
        raise ValueError("boom")
def stubborn():
    try:
        yield 1
    except GeneratorExit as e:
        log.append(("stubborn", type(e).__name__))
        yield 2
`

func TestGC(t *testing.T) {
	langtest.CheckCellCases(t, "import gc\n", cases)
	cpython.CheckCellCases(t, "import gc\n", cases)
}
