package lang

import "testing"

// TestTracebackThroughDundersMatchesCPython raises in a user class's
// __iter__, __next__, __getitem__, __len__, __eq__ and __hash__ called by
// a for loop, list(), sorted(), len(), in and a dict lookup inside a
// function, and compares the traceback's (line, function) entries with
// CPython's: the function's own line is there, under its name, between
// its caller's and the special method's.
func TestTracebackThroughDundersMatchesCPython(t *testing.T) {
	prelude := `import traceback
class It:
    def __iter__(self):
        raise ValueError('iter')
class Nx:
    def __iter__(self):
        return self
    def __next__(self):
        raise ValueError('next')
class Gi:
    def __getitem__(self, i):
        raise KeyError(i)
class Ln:
    def __len__(self):
        raise TypeError('len')
class Eq:
    def __eq__(self, o):
        raise TypeError('eq')
    def __hash__(self):
        return 1
class Hs:
    def __hash__(self):
        raise TypeError('hash')
def entries(f, *args):
    try:
        f(*args)
    except Exception as e:
        return type(e).__name__, [(x.lineno, x.name) for x in traceback.extract_tb(e.__traceback__)]
`
	srcs := []string{
		"def f():\n    for x in It():\n        pass\nentries(f)",
		"def f():\n    for x in Nx():\n        pass\nentries(f)",
		"def f():\n    return list(Nx())\nentries(f)",
		"def f():\n    return sorted(Gi())\nentries(f)",
		"def f():\n    return len(Ln())\nentries(f)",
		"def f():\n    return Eq() in [1, Eq()]\nentries(f)",
		"def f():\n    return {}[Hs()]\nentries(f)",
		"def f():\n    return {Hs()}\nentries(f)",
		"def f():\n    x = 1\n    return [y for y in It()]\nentries(f)",
		"def g():\n    return list(Nx())\ndef f():\n    return g()\nentries(f)",
		"def f():\n    return sorted([3, 1], key=lambda v: {}[Hs()])\nentries(f)",
		"def f():\n    return max(It())\nentries(f)",
	}
	for i := range srcs { // one cell, so that the lines count alike
		srcs[i] = prelude + srcs[i]
	}
	checkMatchesCPython(t, "", srcs)
}

// TestComprehensionIterCalledOnce checks, beside CPython, that a
// comprehension calls its first iterable's __iter__ once, in the
// enclosing frame, and iterates what it returned as a for loop does: an
// iterator class with __next__ and no __iter__ of its own included.
func TestComprehensionIterCalledOnce(t *testing.T) {
	prelude := `
class It:
    def __init__(self): self.i = 0
    def __next__(self):
        self.i += 1
        if self.i > 2: raise StopIteration
        return self.i
class A:
    n = 0
    def __iter__(self):
        A.n += 1
        return It()
class L:
    def __iter__(self): return iter([3, 4])
`
	checkMatchesCPython(t, prelude, []string{
		"[x for x in A()], A.n",
		"{x for x in A()}, {x: x for x in A()}, A.n",
		"sorted(x * 2 for x in A()), sum(x for x in A()), A.n",
		"[x for x in L()], [(x, y) for x in A() for y in L()]",
	})
}
