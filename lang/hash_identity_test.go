package lang_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestIdentityHashMatchesCPython checks the objects Python hashes by
// identity (functions, builtins, types, methods, modules, generators,
// iterators, properties, layers and optimizers) as dict keys and set
// elements, ranges hashed by value, and the containers that stay
// unhashable, against CPython (PyTorch's modules and optimizers too).
func TestIdentityHashMatchesCPython(t *testing.T) {
	prelude := `import math, torch
def f(): pass
def g(): yield 1
class C:
    def m(self): pass
def err(fn):
    try:
        return fn()
    except TypeError as e:
        return 'TypeError: ' + str(e)
`
	langtest.CheckMatchesCPython(t, prelude, []string{
		"d = {int: 'int', str: 'str', len: 'len', f: 'f', math: 'math', torch.zeros: 'zeros', type: 'type', object: 'object'}\n[d[k] for k in (int, str, len, f, math, torch.zeros, type, object)]",
		"hash(len) == hash(len), hash(f) == hash(f), hash(int) == hash(str), len({int, int, float})",
		"lin = torch.nn.Linear(2, 2)\nnet = torch.nn.Sequential(lin, torch.nn.ReLU())\nseen = set()\nfor m in net.modules():\n    seen.add(m)\nlen(seen), lin in seen, torch.nn.Linear(2, 2) in seen",
		"opt = torch.optim.SGD(torch.nn.Linear(1, 1).parameters(), lr=0.1)\n{opt: 1}[opt]",
		"gen = g()\nit = iter([1, 2])\ns = {gen, it, C.m, property(f), staticmethod(f), ...}\nlen(s), gen in s, it in s, ... in s",
		"o = C()\nhash(o.m) == hash(o.m)",
		"{range(3): 'a'}[range(0, 3)], hash(range(0)) == hash(range(5, 5)), hash(range(1, 2, 5)) == hash(range(1, 3, 7)), len({range(0, 4, 2), range(0, 3, 2)})",
		"[err(lambda: hash(x)) for x in ([1], {1: 2}, {1}, bytearray(b'a'), {}.keys())]",
		"hash(NotImplemented) == hash(NotImplemented), hash(...) == hash(Ellipsis)",
	})
}
