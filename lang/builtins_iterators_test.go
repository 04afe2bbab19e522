package lang

import "testing"

// builtinIteratorCases: zip, map, filter, enumerate and reversed are lazy
// iterators of their own types, consumed once, over endless inputs too;
// each runs under kael and CPython 3.11, whose outcomes must agree.
var builtinIteratorCases = []string{
	"type(zip([], [])).__name__, type(enumerate([])).__name__, type(map(str, [])).__name__, type(filter(None, [])).__name__",
	"type(reversed([1])).__name__, type(reversed(range(3))).__name__, type(reversed((1,))).__name__, type(reversed('ab')).__name__, type(reversed({1: 2})).__name__",
	"z = zip([1, 2], [3, 4])\nnext(z), list(z), list(z), iter(z) is z",
	"import itertools\nlist(zip(itertools.count(), 'abc')), next(map(lambda x: x * 2, itertools.count(5))), next(filter(lambda x: x > 3, itertools.count())), next(enumerate(itertools.count(), 1))",
	"list(zip([1, 2], [1], strict=True))",
	"list(zip([1], [1, 2], strict=True))",
	"list(zip([1], [1], [1, 2], strict=True))",
	"list(zip([1, 2], [1, 2], [3], strict=True))",
	"list(zip([1, 2], 'ab', strict=True)), list(zip(strict=True)), list(zip())",
	"list(enumerate('ab', start=5)), list(map(lambda a, b: a + b, [1, 2, 3], [10, 20])), list(filter(None, [0, 1, 2, '', None, 'a']))",
	"m = map(int, '123')\nnext(m), list(m), list(m)",
	"log = []\ndef h(x):\n    log.append(x)\n    return x\nm = map(h, [1, 2, 3])\nbefore = list(log)\nnext(m)\nbefore, log",
	"isinstance(zip(), zip), isinstance(map(str, []), map), isinstance(enumerate([]), enumerate), isinstance([], zip), repr(zip()).split(' ')[0]",
	"zip(1)",
	"map(str)",
	"enumerate(1)",
	"reversed(iter([1]))",
	"reversed({1, 2})",
	"xs = [1, 2, 3]\nr = reversed(xs)\nnext(r), xs.pop(), xs.pop(), list(r)",
	"xs = [1]\nfor i, x in enumerate(xs):\n    if i < 3:\n        xs.append(x + 1)\nxs",
	"class S:\n    def __len__(self):\n        return 3\n    def __getitem__(self, i):\n        return i * 10\nclass R:\n    def __reversed__(self):\n        return iter('zyx')\nlist(reversed(S())), list(reversed(R())), type(reversed(S())).__name__",
	"list(reversed(range(1, 10, 3))), list(reversed(range(0))), list(reversed({'a': 1, 'b': 2})), list(reversed({'a': 1}.items())), list(reversed(b'ab'))",
	"def g():\n    yield from range(3)\nlist(zip(g(), g())), list(enumerate(g())), list(map(str, g()))",
}

func TestBuiltinIteratorsAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", builtinIteratorCases)
}
