package lang

import "testing"

// seqOrderCases: <, <=, > and >= between two lists or two tuples decide
// at the first index whose elements are not equal, asking == (a user
// __eq__ first, identity before it) and then the operator between those
// elements, as CPython's list and tuple comparisons do; the calls a user
// class sees are logged, so their order is compared too.
var seqOrderCases = []string{
	"n1 = float('nan')\nn2 = float('nan')\n(n1, 1) < (n2, 2), [n1, 1] <= [n2, 0], (1, n1) < (1, 2), (n1,) > (n2,)",
	"(1, 2) < (1, 2, 0), (1, 2) >= (1,), [] < [0], [[1, 2], 3] < [[1, 3], 0], () <= ()",
	"(1, 'a') < (1, 'b'), (True, 2) < (1, 3), (1, 2.5) > (1.0, 2), ('ab', 1) < ('ab',)",
	"(None, 1) < (None, 2)",
	"(1, None) < (1, 2)",
	"(1, 2) < (1, 'a')",
	"[1] < (1,)",
	"log = []\nclass E:\n    def __init__(s, v): s.v = v\n    def __eq__(s, o):\n        log.append(('eq', s.v, o.v))\n        return s.v == o.v\n    def __lt__(s, o):\n        log.append(('lt', s.v, o.v))\n        return s.v < o.v\n(E(1), 2) < (E(1), 3), (E(1), 2) < (E(2), 1), [E(3)] >= [E(3), 0], log",
	"log = []\nclass E:\n    def __init__(s, v): s.v = v\n    def __eq__(s, o):\n        log.append(('eq', s.v, o.v))\n        return s.v == o.v\n    def __lt__(s, o):\n        log.append(('lt', s.v, o.v))\n        return s.v < o.v\n[t[0].v for t in sorted([(E(2), 1), (E(1), 2), (E(2), 0)])], log",
	"class L:\n    def __eq__(s, o): return NotImplemented\n    def __lt__(s, o): return 'yes'\n(L(),) < (L(),)",
	"class Q:\n    def __eq__(s, o): raise ValueError('no eq')\n(Q(), 1) < (Q(), 2)",
	"class Q:\n    def __eq__(s, o): raise ValueError('no eq')\nq = Q()\n(q, 1) < (q, 2), [q] <= [q]",
	"a = [1]\na.append(a)\na < a, a <= a, (a, 1) < (a, 2)",
	"from collections import namedtuple\nP = namedtuple('P', 'x y')\nP(1, 2) < (1, 3), P(1, 2) < P(1, 1), (1, 3) > P(1, 2)",
	"d = []\nfor i in range(3000):\n    d = [d, 0]\ne = []\nfor i in range(3000):\n    e = [e, 1]\ntry:\n    r = d < e\nexcept RecursionError:\n    r = 'RecursionError'\nr",
	"sorted([(2, 'b'), (1, 'z'), (2, 'a'), (1, 'a')]), max([(1, 2), (1, 3), (0, 9)]), min([[3], [1, 2], [1]])",
}

// extremumCases: min and max compare each key with the best so far by <
// or > and its truth, as CPython's do.
var extremumCases = []string{
	"log = []\nclass E:\n    def __init__(s, v): s.v = v\n    def __eq__(s, o):\n        log.append(('eq', s.v, o.v))\n        return s.v == o.v\n    def __lt__(s, o):\n        log.append(('lt', s.v, o.v))\n        return s.v < o.v\n    def __gt__(s, o):\n        log.append(('gt', s.v, o.v))\n        return s.v > o.v\nmax([E(1), E(3), E(2)]).v, min([E(1), E(3), E(0)]).v, max([(E(1), 1), (E(1), 3)])[1], log",
	"n1 = float('nan')\nn2 = float('nan')\nmax([(n1, 1), (n2, 2)]), min([(1, n1), (1, n2)])",
	"max([1, 'a'])",
	"min([(1,), [1]])",
	"max([None, None])",
	"max('hello'), min([3, 1, 2], key=lambda x: -x), max([], default=5), max(1, 2.5, 2), min([[2], [1, 5]])",
	"max([{1}, {1, 2}]), min([{1, 2}, {1}])",
	"class G:\n    def __gt__(s, o): return [1]\nx, y = G(), G()\nmax([x, y]) is y",
}

func TestExtremumAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", extremumCases)
}

func TestSeqOrderAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", seqOrderCases)
}
