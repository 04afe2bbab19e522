package itertools_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/itertools"
	_ "github.com/kael-dev/kael/lang/lib/operator"
)

const prelude = "import itertools as it\n"

const naturals = "def naturals():\n    i = 0\n    while True:\n        yield i\n        i += 1\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
// The tables of the combinatoric iterators are in lang/pyfidelity_test.go.
var cases = []langtest.Case{
	{"list(it.islice(it.count(), 5)), list(it.islice(it.count(10, 2.5), 3)), list(zip('abc', it.count(1))), next(it.count(-3))", "([0, 1, 2, 3, 4], [10, 12.5, 15.0], [('a', 1), ('b', 2), ('c', 3)], -3)"},
	{"list(it.islice(it.cycle('ab'), 5)), list(it.cycle([])), list(it.repeat(7, 3)), list(zip(range(3), it.repeat('x'))), list(it.repeat(1, -2))", "(['a', 'b', 'a', 'b', 'a'], [], [7, 7, 7], [(0, 'x'), (1, 'x'), (2, 'x')], [])"},
	{"list(it.chain([1], (2, 3), 'ab')), list(it.chain.from_iterable([[1, 2], [], [3]])), list(it.chain.from_iterable(['ab', 'c'])), list(it.chain())", "([1, 2, 3, 'a', 'b'], [1, 2, 3], ['a', 'b', 'c'], [])"},
	{"import operator\nlist(it.accumulate([1, 2, 3, 4])), list(it.accumulate([1, 2, 3], operator.mul, initial=10)), list(it.accumulate([3, 1, 4], max)), list(it.accumulate([], initial=0))", "([1, 3, 6, 10], [10, 10, 20, 60], [3, 3, 4], [0])"},
	{"list(it.starmap(pow, [(2, 3), (3, 2)])), list(it.takewhile(lambda x: x < 3, [1, 2, 5, 1])), list(it.dropwhile(lambda x: x < 3, [1, 2, 5, 1]))", "([8, 9], [1, 2], [5, 1])"},
	{"list(it.filterfalse(lambda x: x % 2, range(6))), list(it.filterfalse(None, [0, 1, '', 'a'])), list(it.compress('abcdef', [1, 0, 1, 0, 1])), list(it.compress('ab', it.repeat(1)))", "([0, 2, 4], [0, ''], ['a', 'c', 'e'], ['a', 'b'])"},
	{"[(k, list(g)) for k, g in it.groupby('aaabbcaa')], [(k, len(list(g))) for k, g in it.groupby([1, 3, 2, 4, 5], key=lambda x: x % 2)], list(it.groupby([]))", "([('a', ['a', 'a', 'a']), ('b', ['b', 'b']), ('c', ['c']), ('a', ['a', 'a'])], [(1, 2), (0, 2), (1, 1)], [])"},
	{"words = sorted(['apple', 'avocado', 'banana', 'cherry', 'blueberry'])\n{k: list(g) for k, g in it.groupby(words, key=lambda w: w[0])}", "{'a': ['apple', 'avocado'], 'b': ['banana', 'blueberry'], 'c': ['cherry']}"},
	{"a, b = it.tee(iter([1, 2, 3]))\nnext(a), list(b), list(a), len(it.tee('ab', 3)), it.tee('ab', 0)", "(1, [1, 2, 3], [2, 3], 3, ())"},
	{"list(it.pairwise('abcd')), list(it.pairwise('a')), list(it.combinations_with_replacement('abc', 2)), list(it.combinations_with_replacement([1, 2], 3)), list(it.combinations_with_replacement([], 2)), list(it.combinations_with_replacement('ab', 0))", "([('a', 'b'), ('b', 'c'), ('c', 'd')], [], [('a', 'a'), ('a', 'b'), ('a', 'c'), ('b', 'b'), ('b', 'c'), ('c', 'c')], [(1, 1, 1), (1, 1, 2), (1, 2, 2), (2, 2, 2)], [], [()])"},
	{naturals + "list(it.islice(naturals(), 2, 10, 3)), list(it.takewhile(lambda x: x < 4, naturals())), list(it.islice(it.accumulate(naturals()), 5)), list(it.islice(it.chain(naturals(), []), 3))", "([2, 5, 8], [0, 1, 2, 3], [0, 1, 3, 6, 10], [0, 1, 2])"},
	{naturals + "g = naturals()\nlist(it.islice(g, 3)), next(g), list(it.islice(it.dropwhile(lambda x: x < 100, g), 2))", "([0, 1, 2], 3, [100, 101])"},
	{"c = it.count()\n[next(c) for _ in range(3)], type(c).__name__, type(it.islice('a', 1)).__name__", "([0, 1, 2], 'count', 'islice')"},
	{"for i, x in zip(it.count(), 'ab'):\n    pass\n(i, x), list(it.islice(it.count(), 0)), list(it.islice('abc', 1, None))", "((1, 'b'), [], ['b', 'c'])"},
	{"it.count('a')", "TypeError: a number is required"},
	{"list(it.starmap(pow, [1]))", "TypeError: 'int' object is not iterable"},
	{"list(it.takewhile(lambda x: 1 / x, [1, 0]))", "ZeroDivisionError: division by zero"},
	{"it.tee([1], -1)", "ValueError: n must be >= 0"},
	{"list(it.combinations_with_replacement('ab', -1))", "ValueError: r must be non-negative"},
	// after an error of its source or its function: chain, compress,
	// takewhile and starmap go on; islice and pairwise have ended, as CPython's
	{flaky + "out = []\nfor i in (it.chain(Flaky(), [9]), it.compress(Flaky(), [1] * 5), it.takewhile(lambda x: 1 // (x - 1) < 5, [0, 1, 2, 3]), it.starmap(lambda x: 1 // x, [(1,), (0,), (2,)]), it.islice(Flaky(), 4), it.pairwise(Flaky())):\n    for _ in range(5):\n        try:\n            out.append(next(i))\n        except (ValueError, ZeroDivisionError) as e:\n            out.append(type(e).__name__)\n        except StopIteration:\n            out.append('stop')\nout",
		"[1, 'ValueError', 3, 4, 9, 1, 'ValueError', 3, 4, 'stop', 0, 'ZeroDivisionError', 2, 3, 'stop', 1, 'ZeroDivisionError', 0, 'stop', 'stop', 1, 'ValueError', 'stop', 'stop', 'stop', 'ValueError', 'stop', 'stop', 'stop', 'stop']"},
	// zip_longest steps its sources as asked (endless ones too), pads the
	// ended ones, and ends for good at an error
	{naturals + "z = it.zip_longest(naturals(), 'ab', fillvalue='-')\n[next(z) for _ in range(4)], list(it.zip_longest()), list(it.zip_longest([1, 2, 3], 'x')), list(it.zip_longest('ab', [1], fillvalue=0)), type(z).__name__", "([(0, 'a'), (1, 'b'), (2, '-'), (3, '-')], [], [(1, 'x'), (2, None), (3, None)], [('a', 1), ('b', 0)], 'zip_longest')"},
	{flaky + "z = it.zip_longest(Flaky(), [7])\nout = []\nfor _ in range(3):\n    try:\n        out.append(next(z))\n    except ValueError:\n        out.append('ValueError')\n    except StopIteration:\n        out.append('stop')\nout", "[(1, 7), 'ValueError', 'stop']"},
	{"it.zip_longest([1], 5)", "TypeError: 'int' object is not iterable"},
	// a range is stepped, not collected, however long
	{"z = it.zip_longest(range(10**12), 'ab')\n[next(z) for _ in range(3)], list(it.islice(range(10**12), 2, 6)), list(it.pairwise(range(-3, 3, 2))), list(it.islice(range(5, -5, -3), 10)), next(it.tee(range(10**15))[1])", "([(0, 'a'), (1, 'b'), (2, None)], [2, 3, 4, 5], [(-3, -1), (-1, 1)], [5, 2, -1, -4], 0)"},
	// tee: an error of the source reaches the iterator that asked and ends
	// nothing; iterators in step over an endless source
	{flaky + "a, b = it.tee(Flaky())\nout = []\nfor i in (a, b):\n    for _ in range(5):\n        try:\n            out.append(next(i))\n        except ValueError:\n            out.append('VE')\n        except StopIteration:\n            out.append('stop')\nout", "[1, 'VE', 3, 4, 'stop', 1, 3, 4, 'stop', 'stop']"},
	{"a, b, c = it.tee(it.count(), 3)\nfor _ in range(20000):\n    next(a), next(b)\nnext(a), next(b), next(c), next(c)", "(20000, 20000, 0, 1)"},
}

// flaky defines Flaky, an iterator whose second step raises and which
// ends after its fourth.
const flaky = "class Flaky:\n    def __init__(self):\n        self.n = 0\n    def __iter__(self):\n        return self\n    def __next__(self):\n        self.n += 1\n        if self.n == 2:\n            raise ValueError('flaky')\n        if self.n > 4:\n            raise StopIteration\n        return self.n\n"

func TestItertools(t *testing.T) { langtest.CheckCellCases(t, prelude, cases) }

func TestAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, prelude, cases) }
