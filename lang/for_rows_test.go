package lang

import "testing"

// forRowsCases: a for loop whose target is names that take zip's or
// enumerate's tuples apart has the elements stored straight into the
// names (no tuple); everything else about the loop must stay CPython's:
// the order of pulls, next() on the same iterator inside the body,
// strict's errors, errors of the sources, break, else and return, and
// targets the tuples do not fit. Each runs under kael and CPython 3.11.
var forRowsCases = []string{
	"L, W, out = [3, 1, 2], 'abc', []\nfor j, (a, w) in enumerate(zip(L, W)):\n    out.append((j, a, w))\nout, j, a, w",
	"out = []\nfor a, b, c in zip([1, 2], 'xy', (5.0, 6.0)):\n    out.append((a, b, c))\nout",
	"out = []\nfor j, x in enumerate('abc', 10):\n    out.append((j, x))\nout",
	"out = []\nz = zip([1, 2, 3, 4, 5], 'abcde')\nfor a, b in z:\n    out.append((a, b, next(z, None)))\nout",
	"out = []\ne = enumerate(zip([1, 2, 3], 'abc'))\nfor j, (a, b) in e:\n    out.append((j, a, b, next(e, None)))\nout, list(e)",
	"out = []\nfor a, b in zip([1, 2, 3], 'ab', strict=True):\n    out.append((a, b))",
	"out = []\ntry:\n    for a, b in zip([1, 2], 'abc', strict=True):\n        out.append((a, b))\nexcept ValueError as e:\n    out.append(str(e))\nout",
	"def g():\n    yield 1\n    yield 2\n    raise KeyError('boom')\nout = []\ntry:\n    for j, (a, b) in enumerate(zip(g(), 'abc')):\n        out.append((j, a, b))\nexcept KeyError as e:\n    out.append(repr(e))\nout, j, a, b",
	"for j, (a, b, c) in enumerate(zip([1], [2])):\n    pass",
	"for a, b in enumerate(zip([1], [2], [3])):\n    pass\na, b",
	"out = []\nfor j, p in enumerate(zip([1, 2], 'ab')):\n    out.append((j, p))\nout",
	"for j, (a, b) in enumerate(zip([1, 2, 3], 'abc')):\n    if j == 1:\n        break\nelse:\n    j = 'else'\nj, a, b",
	"for a, b in zip([1], 'a'):\n    pass\nelse:\n    a = 'else'\na, b",
	"def f():\n    for j, (a, b) in enumerate(zip([1, 2, 3], 'abc')):\n        if j == 2:\n            return j, a, b\nf()",
	"out = []\nfor i, (j, (a, b)) in enumerate(enumerate(zip([1, 2], 'ab'))):\n    out.append((i, j, a, b))\nout",
	"out = []\nfor (a, b), c in zip([(1, 2), (3, 4)], 'xy'):\n    out.append((a, b, c))\nout",
	"out = []\nfor a, *b in zip([1, 2], 'ab', 'cd'):\n    out.append((a, b))\nout",
	"out = []\nfor [a, b] in zip([1, 2], 'ab'):\n    out.append((a, b))\nout",
	"n = 0\nfor a, b in zip([], 'ab'):\n    n += 1\nfor x in zip():\n    n += 1\nn",
	"xs = [1]\nfor i, x in enumerate(xs):\n    if i < 3:\n        xs.append(x + 1)\nxs",
	"a, (b, c) = 1, (2, 3)\nd, (e, d) = 4, (5, 6)\nx, (y, z) = 7, [8, 9]\na, b, c, d, e, x, y, z",
	"a, (b, c) = 1, (2, 3, 4)",
	"a, (b, c) = 1, 2",
	// zip and enumerate of lists and tuples read them in place: a list's
	// length at each step, an argument at its end done for good (as
	// CPython's list iterator), strict's errors and what follows them
	"L, M = [1, 2, 3], (4, 5, 6)\nout = []\nfor a, b in zip(L, M):\n    out.append((a, b))\n    if a == 1:\n        L.append(9)\n        L.pop(0)\nout, list(zip(L, M, L)), list(zip(M)), list(zip((1,), [2, 3])), type(zip(L, M)).__name__",
	"A, B, C = [1, 2, 3], [4, 5], [7, 8, 9]\nz = zip(A, B, C, strict=True)\nout = []\nfor _ in range(5):\n    try:\n        out.append(next(z))\n    except ValueError as e:\n        out.append(str(e))\n        B.append(6)\n        C.append(10)\n    except StopIteration:\n        out.append('stop')\nout",
	"A, B = [1], [2, 3]\nz = zip(A, B, strict=True)\nout = [next(z)]\nfor _ in range(3):\n    try:\n        out.append(next(z))\n    except ValueError as e:\n        out.append(str(e))\n    except StopIteration:\n        out.append('stop')\nout",
	"A, B = [1, 2], [3]\nout = []\ntry:\n    for a, b in zip(A, B, strict=True):\n        out.append((a, b))\nexcept ValueError as e:\n    out.append(str(e))\nB.append(4)\nout, list(zip(A, B))",
	"xs = [1, 2, 3]\ne = enumerate(xs, 5)\nout = [next(e)]\nxs.pop()\nout += list(e)\nxs.append(4)\nout += list(e)\nout, list(enumerate((7, 8))), list(enumerate(zip([1, 2], (3, 4)))), type(enumerate([])).__name__",
	"out = []\nfor j, (a, b) in enumerate(zip([1, 2, 3], (4, 5))):\n    out.append((j, a, b))\nfor j, x in enumerate((6, 7)):\n    out.append((j, x))\nout",
	// the loop's row kept from run to run: a run inside a run
	// (recursion, generators of one loop suspended in turn, a source
	// that runs the loop) fills its own
	"def f(d):\n    out = []\n    for a, b in zip([d, d + 1], (d * 2, d * 3)):\n        out.append((a, b, f(d + 1) if d < 2 else None, a, b))\n    return out\nf(0)",
	"def g(k):\n    for j, (a, b) in enumerate(zip([k, k + 1, k + 2], 'abc')):\n        yield j, a, b\nx, y = g(0), g(10)\nlist(zip(x, y)), [r for r in g(5)]",
	"def h(k):\n    s = []\n    for a, b in zip([k, k], src(k)):\n        s.append((a, b))\n    return s\ndef src(k):\n    yield k\n    if k < 2:\n        yield h(k + 1)\nh(0)",
	// an error from a source or a function leaves zip, enumerate, map
	// and filter going, as CPython's: the next call pulls again
	flaky + "out = []\nfor it in (zip(Flaky(), 'abcdef'), enumerate(Flaky()), map(str, Flaky()), filter(None, Flaky()), map(lambda a, b: 1 // a + b, [1, 0, 2], [10, 20, 30])):\n    for _ in range(5):\n        try:\n            out.append(next(it))\n        except (ValueError, ZeroDivisionError) as e:\n            out.append(type(e).__name__)\n        except StopIteration:\n            out.append('stop')\nout",
	flaky + "out = []\nz = zip(Flaky(), 'abcdef')\nfor _ in range(2):\n    try:\n        for a, b in z:\n            out.append((a, b))\n    except ValueError:\n        out.append('VE')\nout",
}

// flaky defines Flaky, an iterator whose second step raises and which
// ends after its fourth.
const flaky = "class Flaky:\n    def __init__(self):\n        self.n = 0\n    def __iter__(self):\n        return self\n    def __next__(self):\n        self.n += 1\n        if self.n == 2:\n            raise ValueError('flaky')\n        if self.n > 4:\n            raise StopIteration\n        return self.n\n"

func TestForRowsAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", forRowsCases)
}

// compRowsCases: a comprehension's for clause takes zip's and
// enumerate's rows into its names as a for loop does (rowTarget), in
// list, set and dict comprehensions and generator expressions, with the
// same rules: next() on the iterator in a condition, strict's errors,
// errors of the sources, targets the tuples do not fit, nested clauses,
// closures over the names, and the names staying the comprehension's.
var compRowsCases = []string{
	"L, W = [3, 1, 2, 5, 4], 'abcde'\n[a for j, (a, w) in enumerate(zip(L, W))], [(j, a, w) for j, (a, w) in enumerate(zip(L, W)) if j % 2]",
	"L, W = [3, 1, 2], 'abc'\n{k: v for k, v in zip(W, L)}, sorted({k for k, v in zip(W, L)}), sum(j for j, a in enumerate(L)), dict((k, v) for k, v in zip(W, L))",
	"L = [3, 1, 2]\n[x + y for x, y in zip(L, L) for z in range(2)], [x + y for z in range(2) for x, y in zip(L, L)]",
	"L, W = [3, 1], 'ab'\n[(i, a, b, c) for i, (a, b, c) in enumerate(zip(L, W, L))], [(i, p) for i, p in enumerate(zip(L, W, L))], [(i, a, b) for i, ((a, b)) in enumerate(zip(L, W))]",
	"z = zip([1, 2, 3, 4, 5], 'abcde')\n[a for a, b in z if next(z, None) is not None], list(z)",
	"[a for a, b in zip([1, 2, 3], 'ab', strict=True)]",
	"[a for a, b, c in zip([1, 2], 'ab')]",
	"[(a, b) for [a, b] in zip([1, 2], 'ab')], [(a, b) for a, *b in zip([1, 2], 'ab', 'cd')], [(a, b, c) for (a, b), c in zip([(1, 2), (3, 4)], 'xy')]",
	"def g():\n    yield 1\n    raise KeyError('boom')\n[a for a, b in zip(g(), 'ab')]",
	"e = enumerate([3, 1, 2], 10)\n[(i, x) for i, x in e], list(e)",
	"def f():\n    return [lambda: a + b for a, b in zip([1, 2], [10, 20])]\n[h() for h in f()]",
	"a = 99\n[a for a, b in zip([1, 2], 'ab')], a",
	"g = ((j, a) for j, (a, b) in enumerate(zip([1, 2, 3], 'abc')))\nnext(g), list(g)",
	flaky + "z = zip(Flaky(), 'abcdef')\nout = []\nfor _ in range(2):\n    try:\n        out.append([(a, b) for a, b in z])\n    except ValueError:\n        out.append('VE')\nout",
}

func TestComprehensionRowsAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", compRowsCases)
}
