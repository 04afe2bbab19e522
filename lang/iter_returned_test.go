package lang

import "testing"

// TestIterReturnedNonIteratorMatchesCPython: an __iter__ that returns a
// list, tuple, dict, str, None, a number or a container of a library (a
// deque) rather than an iterator is CPython's TypeError "iter() returned
// non-iterator of type ...", in a for loop, iter(), a comprehension,
// unpacking and the builtins that iterate; one that returns an iterator
// of the engine's or a library's (a file, itertools.count) iterates it,
// and iter(x) calls __iter__ once and returns what it returned.
func TestIterReturnedNonIteratorMatchesCPython(t *testing.T) {
	prelude := "class R:\n    calls = 0\n    def __init__(self, r):\n        self.r = r\n    def __iter__(self):\n        R.calls += 1\n        return self.r\n"
	checkMatchesCPython(t, prelude, []string{
		"for x in R([1, 2]): pass",
		"iter(R([1]))",
		"list(R((1,)))",
		"[x for x in R('ab')]",
		"{x for x in R({1: 2})}",
		"a, b = R([1, 2])",
		"sorted(R({1: 2}))",
		"list(R(None))",
		"list(R(3))",
		"list(R(range(2)))",
		"set(R({1}))",
		"max(R([1]))",
		"sum(R([1]))",
		"dict(R([(1, 2)]))",
		"list(zip(R([1]), [2]))",
		"list(enumerate(R([1])))",
		"from collections import deque\nlist(R(deque([1])))",
		"list(R(b'ab'))",
		"[*R((1,))]",
		"print(*R([1]))",
		"list(R(iter([1, 2]))), list(R(x for x in 'ab')), list(R(map(str, [1]))), list(R(reversed([1, 2]))), list(R(iter({1: 2}.items()))), list(R(R(iter([3]))))",
		"import itertools\nlist(itertools.islice(R(itertools.count()), 3)), list(R(itertools.chain([1], [2]))), list(R(filter(None, [0, 1]))), list(R(zip([1], [2])))",
		"import io\nlist(R(io.StringIO('a\\nb')))",
		"it = iter([1, 2])\nr = R(it)\niter(r) is it, R.calls",
		"R.calls = 0\nlist(R(iter([1, 2]))), R.calls",
		"class N:\n    def __iter__(self):\n        return self\nlist(N())",
		// x in y and str.join reword iter()'s TypeError, as CPython
		"1 in R([1])",
		"1 in R(None)",
		"class N:\n    def __iter__(self):\n        return self\n1 in N()",
		"' '.join(R(['a']))",
		"b' '.join(R([b'a']))",
		"' '.join(5)",
		"b' '.join(None)",
		"class N:\n    pass\n' '.join(N())",
		"class S:\n    def __getitem__(self, i):\n        if i < 2: return 'x'\n        raise IndexError\n' '.join(S()), 'x' in S()",
		"def g():\n    yield 'a'\n    raise TypeError('mine')\n' '.join(g())",
		"' '.join(R(iter(['a', 'b']))), 1 in R(iter([1]))",
	})
}

// TestSequenceIndexBoundsMatchCPython: list.index and tuple.index take
// start and stop, as CPython's.
func TestSequenceIndexBoundsMatchCPython(t *testing.T) {
	checkMatchesCPython(t, "", []string{
		"[1, 2, 3, 2].index(2, 2), [1, 2, 3].index(2, -2, 5), (1, 2, 3, 2).index(2, 2), [1, 2].index(2, -10**30, 10**30), [1, 2, 3].index(3, True)",
		"[1, 2].index(2, 0, 1)",
		"[1, 2].index(1, 10**30)",
		"[1, 2].index(2, 'a')",
		"[1, 2].index(2, None, None)",
		"(1, 2).index(2, 0, 1)",
		"(1, 2).index(5)",
		"s = list('ABCABC')\n[s.index('C', i, j) for i in range(-7, 3) for j in range(3, 8)]",
		"import numpy as np\n[1, 2, 3].index(3, np.int64(1))",
	})
}
