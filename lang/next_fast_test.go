package lang

import "testing"

// nextFastCases: next(it) and next(it, default) of an engine iterator
// answer without binding an Args (next's fast path); exhausted without a
// default, of a generator, of a user iterator, of a non-iterator, with
// too many arguments they go to the Go function. Every one
// must give CPython's outcome, in a loop as well (the call site warm).
var nextFastCases = []string{
	"it = iter([1, 2])\nnext(it), next(it, -1), next(it, -1), next(it, None), list(it)",
	"it = iter([])\n[next(it, i) for i in range(3)]",
	"it = iter('ab')\nd = []\nnext(it), next(it, d) is d, next(it, d) is d",
	"it = iter([])\nnext(it)",
	"it = iter((1,))\nnext(it)\ntry:\n    next(it)\nexcept StopIteration as e:\n    r = ('stop', e.args)\nr",
	"it = iter({'a': 1, 'b': 2})\nnext(it), next(it), next(it, 'end')",
	"it = iter(range(3))\n[next(it, -1) for _ in range(5)]",
	"def g():\n    yield 1\nit = g()\nnext(it), next(it, 'done'), next(it, 'done')",
	"class C:\n    def __iter__(self):\n        return self\n    def __next__(self):\n        raise StopIteration\nnext(C(), 7)",
	"next([1, 2], 0)",
	"next(iter([]), 1, 2)",
	"next()",
	"s = 0\nit = iter([5, 6])\nfor i in range(6):\n    x = next(it, -1)\n    s = s + (1 if x < 0 else x)\ns",
}

func TestNextFastPathAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", nextFastCases)
}
