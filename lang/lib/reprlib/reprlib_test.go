package reprlib_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/collections" // a case shortens a deque
	_ "github.com/kael-dev/kael/lang/lib/reprlib"
)

// reprlibCases are compared with CPython 3.11's outcomes.
var reprlibCases = []string{
	"reprlib.repr(list(range(100))), reprlib.repr(tuple(range(3))), reprlib.repr((1,)), reprlib.repr([])",
	"reprlib.repr('a' * 100), reprlib.repr('short'), reprlib.repr(2 ** 200), reprlib.repr(12345)",
	"reprlib.repr(set(range(20))), reprlib.repr(frozenset('abcdefgh')), reprlib.repr(set()), reprlib.repr(frozenset())",
	"reprlib.repr({i: str(i) for i in range(10)}), reprlib.repr({}), reprlib.repr({'b': 1, 'a': [1, [2, [3]]]})",
	"reprlib.repr([[[[[[[[1]]]]]]]]), reprlib.repr({1: {2: {3: {4: {5: {6: {7: 8}}}}}}})",
	"reprlib.repr({3, 1, 2}), reprlib.repr({'b', 'a'}), reprlib.repr([1.5, None, True])",
	"class A:\n    def __repr__(self):\n        return 'A' * 50\nreprlib.repr(A()), reprlib.repr([A()])",
	"class Bad:\n    def __repr__(self):\n        raise ValueError('no')\nreprlib.repr(Bad()).startswith('<Bad instance at 0x')",
	"r = reprlib.Repr()\nr.maxlist = 2\nr.maxstring = 10\nr.fillvalue = '~'\nr.repr([1, 2, 3]), r.repr('abcdefghijklmnop'), r.maxlevel, r.maxdict, r.maxother",
	"r = reprlib.Repr()\nr.maxlevel = 1\nr.repr([1, [2], (3,), {4: 5}, set()])",
	"class L(list):\n    @reprlib.recursive_repr()\n    def __repr__(self):\n        return '<' + ', '.join(map(repr, self)) + '>'\nx = L([1, 2])\nx.append(x)\nrepr(x), L.__repr__.__name__, L.__repr__.__qualname__",
	"class M:\n    def __init__(self):\n        self.me = self\n    @reprlib.recursive_repr('<loop>')\n    def __repr__(self):\n        return 'M(' + repr(self.me) + ')'\nrepr(M())",
	"import collections\nreprlib.repr(collections.deque(range(10)))",
	"sorted(reprlib.__all__), reprlib.aRepr.maxlong",
}

func TestReprlibMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "import reprlib\n", reprlibCases)
}
