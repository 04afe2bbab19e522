package copy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestCopySubclassesMatchCPython copies objects of classes derived from
// int, str, tuple and set.
func TestCopySubclassesMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"class A(int):\n    pass\nclass T(tuple):\n    pass\nclass S(set):\n    pass\n", []string{
		"a = A(3)\na.tag = [1]\nb = copy.copy(a)\nc = copy.deepcopy(a)\nb, type(b).__name__, b.tag is a.tag, c, c.tag == a.tag, c.tag is a.tag",
		"t = T(([1], 2))\nu = copy.deepcopy(t)\nu[0].append(5)\nt, u, type(u).__name__, copy.copy(t) == t",
		"s = S([1, 2])\nc = copy.copy(s)\nc.add(3)\nsorted(s), sorted(c), type(c).__name__, sorted(copy.deepcopy(s))",
	})
}

// reducing is a class whose own __reduce__ copy honours, a list subclass
// whose reduction has list items, and one whose reduction is a name.
const reducing = `class R:
    def __init__(self, n, tag=None):
        self.n, self.tag = n, tag
    def __reduce__(self):
        return (R, (self.n,), {'tag': self.tag, 'seen': True})
class RS(R):
    def __setstate__(self, st):
        self.got = sorted(st)
class L:
    def __init__(self):
        self.items = []
    def append(self, x):
        self.items.append(x)
    def __reduce_ex__(self, proto):
        return (L, (), None, iter(self.items))
class Single:
    def __reduce__(self):
        return 'Single'
`

// TestCopyUsesReduceMatchesCPython: copy and deepcopy rebuild an object
// from its class's __reduce_ex__ or __reduce__, as CPython's do.
func TestCopyUsesReduceMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+reducing, []string{
		"r = R(2, [1])\nc, d = copy.copy(r), copy.deepcopy(r)\nc.n, c.tag is r.tag, c.seen, d.n, d.tag == r.tag, d.tag is r.tag, type(d).__name__",
		"c = copy.copy(RS(5, 'x'))\ntype(c).__name__, c.got, hasattr(c, 'tag')",
		"l = L()\nl.items = [[1], 2]\nc, d = copy.copy(l), copy.deepcopy(l)\nc.items, c.items[0] is l.items[0], d.items, d.items[0] is l.items[0]",
		"s = Single()\ncopy.copy(s) is s, copy.deepcopy([s])[0] is s",
	})
}
