package collections_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// dequePrelude has the helpers of CPython's test_deque: an __eq__ that
// raises, one that empties the deque it is in, a deque subclass.
const dequePrelude = `from collections import deque
import copy
class BadCmp:
    def __eq__(self, other):
        raise RuntimeError('bad')
class MutateCmp:
    def __init__(self, d, result):
        self.d, self.result = d, result
    def __eq__(self, other):
        self.d.clear()
        return self.result
class D(deque):
    pass
`

// TestDequeOperatorsMatchCPython runs deque's operators, item deletion,
// order, copies, reversed() and re-initialisation, with and without
// maxlen, in kael and in CPython 3.11 and compares the outcomes: values
// and CPython's error messages.
func TestDequeOperatorsMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, dequePrelude, []string{
		// + and +=
		"d = deque([1, 2])\ne = d\nd += [3, 4]\nd += 'ab'\nd += d\nd, e is d",
		"deque('abc') + deque('def'), deque() + deque(), deque('ab') + deque()",
		"d = deque()\nd + d is d, (d + d) == d",
		"deque('abcdef', maxlen=4) + deque('gh'), (deque('ab', maxlen=3) + deque('xyz')).maxlen",
		"deque('abc') + 'def'",
		"deque([1]) + [2]",
		"[2] + deque([1])",
		"d = deque('ab')\nd += 5",
		"d = deque('ab')\nd += None",
		"deque('ab') - deque('a')",
		// * and *=
		"d = deque('abc')\nd * -5, d * 0, d * 1, d * 2, 3 * d, 0 * d, (d * 1) is d",
		"d = deque('abc', maxlen=5)\nd * -5, d * 0, d * 1, d * 2, d * 30, (d * 2).maxlen",
		"d = deque('a', 500)\nd *= 1000\nlen(d), d.maxlen",
		"[len(deque('abcdef', 500).__imul__(n)) for n in (-10, -1, 0, 1, 2, 10, 499, 500, 501)]",
		"r = []\nfor n in (-1, 0, 1, 2, 7):\n    d = deque('abcdef', 10)\n    d *= n\n    r.append(''.join(d))\nr",
		"d = deque()\nd *= 10\nd, d.maxlen",
		"d = deque(maxlen=0)\nd.append(1)\nd *= 2\nd += [1]\nd",
		"d = deque('ab')\ne = d\nd *= 2\nd, e is d",
		"deque('ab') * True, deque('ab') * False",
		"deque('ab') * 1.5",
		"1.5 * deque('ab')",
		"deque('ab') * 'x'",
		"'x' * deque('ab')",
		"deque('ab') * 2**70",
		"d = deque([1], maxlen=3)\nd *= 10**18\nd",
		"import numpy as np\ndeque(range(3)) * np.int64(2), deque(range(5))[np.int64(2)]",
		// indexing and del
		"d = deque([1, 2, 3, 4])\ndel d[1]\ndel d[-1]\nd",
		"d = deque([1, 2, 3])\ndel d[3]",
		"d = deque([1, 2, 3])\ndel d[-4]",
		"d = deque([1, 2, 3])\ndel d['a']",
		"d = deque([1, 2, 3])\ndel d[1:2]",
		"d = deque([1, 2])\ndel d[0], d[0]\nd",
		"d = deque([1, 2, 3])\nd[1:2]",
		"d = deque([1, 2, 3])\nd[1:2] = [5]",
		"deque([1])[2**70]",
		"deque([1])[1.0]",
		"d = deque(range(5))\nd[True], d[-True], d.__getitem__(-1)",
		"deque().__getitem__(0)",
		"d = deque([1, 2])\nit = iter(d)\ndel d[0]\nnext(it)",
		// the order of two deques, as lists'
		"deque([1, 2]) < deque([1, 3]), deque([1, 2]) <= deque([1, 2]), deque([2]) > deque([1, 5]), deque([1]) >= deque([1, 0])",
		"xs = [deque(s) for s in ('', 'a', 'b', 'ab', 'ba', 'abc', 'xba', 'cba')]\n[(x < y, x <= y, x > y, x >= y) == (list(x) < list(y), list(x) <= list(y), list(x) > list(y), list(x) >= list(y)) for x in xs for y in xs].count(False)",
		"deque([1]) < [2]",
		"deque([1]) < 1",
		"deque([1, 'a']) < deque([1, 2])",
		"deque([float('nan')]) < deque([float('nan')]), deque([1, 2]) <= deque([1, 2.0])",
		"class A:\n    def __eq__(self, o): return False\n    def __lt__(self, o): return 'yes'\ndeque([A()]) < deque([A()]), [A()] < [A()]",
		"sorted([deque([2]), deque([1, 5]), deque([1])]), max(deque([3]), deque([2, 9]))",
		"deque([1, 2]) == [1, 2], deque([1, 2]) != [1, 2], deque([1, 2], maxlen=5) == deque([1, 2])",
		// reversed
		"list(reversed(deque('abcd'))), type(reversed(deque())).__name__, list(deque('ab').__reversed__())",
		"d = deque([1, 2, 3])\nit = reversed(d)\nnext(it)\nd.append(4)\nnext(it)",
		"d = deque([1, 2, 3])\nit = reversed(d)\nd[0] = 7\nlist(it)",
		// copies
		"d = deque([[1], 2], maxlen=4)\nc = copy.copy(d)\ne = copy.deepcopy(d)\nc, e, c[0] is d[0], e[0] is d[0], e.maxlen, type(e).__name__",
		"d = deque([[1]])\nd.append(d)\ne = copy.deepcopy(d)\ne, e[1] is e, e[0] is d[0]",
		"deque([1, 2]).__reduce__()[:3], deque([1], 3).__reduce__()[:3], list(deque([1, 2]).__reduce__()[3])",
		// __init__ again, as deque_init
		"d = deque(range(3), 5)\nd.__init__([7, 8])\nd, d.maxlen",
		"d = deque(range(3))\nd.__init__('ab', 1)\nd",
		"d = deque([1])\nd.__init__(None)",
		"d = deque([1])\nit = iter(d)\nd.__init__([2])\nnext(it)",
		// mutation by an element's __eq__
		"d = deque(range(20))\nd[10] = MutateCmp(d, False)\n20 in d",
		"d = deque(range(20))\nd[10] = MutateCmp(d, False)\nd.index(20)",
		"d = deque(range(20))\nd[10] = BadCmp()\nd.index(20)",
		"d = deque(range(20))\nd[10] = BadCmp()\n20 in d",
		"class M:\n    def __eq__(self, other):\n        self.d.pop()\n        return True\nm = M()\nd = deque([1, 2, 3, m, 4, 5])\nm.d = d\nd.count(3)",
		"d = deque(['ab'])\nd.extend([MutateCmp(d, True), 'c'])\nd.remove('c')",
		"d = deque(['ab'])\nd.extend([MutateCmp(d, False), 'c'])\nd.remove('c')",
		"d = deque(['a', 'b', BadCmp(), 'c'])\nd.remove('c')",
		// index and insert as list's
		"d = deque('ABCDEFGHIABCDEFGHI')\ns = list(d)\nbad = []\nfor start in range(-40, 40, 3):\n    for stop in range(-40, 40, 5):\n        for e in 'ACIZ':\n            try:\n                want = s.index(e, start, stop)\n            except ValueError:\n                want = None\n            try:\n                got = d.index(e, start, stop)\n            except ValueError:\n                got = None\n            if got != want:\n                bad.append((e, start, stop))\nbad",
		"deque('AAA').index('Hello world', 0, 4)",
		"r = []\nfor i in range(-6, 6):\n    d, s = deque('ABC'), list('ABC')\n    d.insert(i, 'Z')\n    s.insert(i, 'Z')\n    r.append(''.join(d))\nr",
		"d = deque('ABC', maxlen=3)\nd.insert(2, None)",
		// the class: methods, special methods, deque[int]
		"d = deque([1])\ndeque.append(d, 2)\ndeque.__len__(d), deque.__getitem__(d, -1), d",
		"[n for n in dir(deque) if n.startswith('__') and n not in dir(object)]",
		"d = deque([1])\nhasattr(d, '__sub__'), hasattr(d, '__radd__'), d.__add__(deque([2])), d.__mul__(2), d.__rmul__(2), d.__iadd__([3]), d.__imul__(2)",
		"deque[int], deque[int, str], deque[int]([1, 2]), deque.__class_getitem__(int) == deque[int]",
		"import collections\ncollections.OrderedDict[str, int], collections.Counter[str], collections.defaultdict[str, list]",
		// arguments as CPython's "n" and slice-index formats
		"d = deque(range(5))\nd.rotate('x')",
		"d = deque(range(5))\nd.rotate(1.0)",
		"d = deque(range(5))\nd.rotate(2**70)",
		"d = deque(range(5))\nd.insert('a', 1)",
		"d = deque(range(5))\nd.insert(2**70, 1)",
		"d = deque(range(5))\nd.index(1, 'a')",
		"d = deque(range(5))\nd.index(4, -2**70, 2**70), d.index(3, 1, 4), d.index(0, -10)",
		"d = deque(range(5))\nd.index(4, 2**70)",
		"import numpy as np\nd = deque(range(5))\nd.rotate(np.int64(2))\nd.insert(np.int64(1), 'x')\nd, d.index(3, np.int64(1))",
		"deque([1], maxlen=True), deque([1], maxlen=False)",
		"deque([1], maxlen=2.5)",
		// extend keeps what came before an error, takes the sequence protocol
		"def g():\n    yield 1\n    raise ValueError('boom')\nd = deque([0])\ntry:\n    d.extend(g())\nexcept ValueError as e:\n    r = str(e)\nr, d",
		"class S:\n    def __getitem__(self, i):\n        if i < 3: return i\n        raise IndexError\nd = deque(S())\nd.extend(S())\nd += S()\nd",
		"deque([1]).extend(None)",
		"d = deque(maxlen=0)\nit = iter(range(5))\nd.extend(it)\nlist(it)",
		"d = deque([1, 2, 3])\nd.extend(iter(d))",
		// + and * with an instance: __index__, the reflected method, the TypeError
		"class I:\n    def __index__(self): return 2\nd = deque('ab')\ne = d * I()\nd *= I()\nd, e, I() * deque('x')",
		"class I:\n    pass\ndeque('ab') * I()",
		"class I:\n    pass\nI() * deque('ab')",
		"class I:\n    pass\ndeque('ab') + I()",
		"class I:\n    pass\nI() + deque('ab')",
		"class I:\n    def __radd__(self, o): return 'r'\n    def __rmul__(self, o): return 'm'\ndeque('ab') + I(), deque('ab') * I()",
		// a deque met again in its own repr
		"d = deque([1])\nd.append(d)\nd, [d]",
		"d = deque([1])\nd.append([d])\nd",
		// the type's name in messages is CPython's tp_name
		"deque().foo",
		"deque()()",
		"d = deque([1, 2])\nd.maxlen = 3",
		"hash(deque())",
	})
}

// TestDequeSubclassOperatorsMatchCPython checks the operators of a class
// derived from deque: + and * make the subclass (copied as copy()
// copies), += and *= write into the instance, del, the order and the
// class's __init__ again.
func TestDequeSubclassOperatorsMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, dequePrelude, []string{
		"d = D([1, 2], maxlen=3)\nd + deque([3, 4]), d * 2, 2 * d, type(d + d).__name__, type(d * 2).__name__, (d * 2).maxlen",
		"d = D([1, 2])\ne = d\nd += [3]\nd *= 2\ndel d[0]\nd, d is e, d < D([3]), d >= deque([2, 3]), sorted([D([2]), D([1])])",
		"D([1]) + [2]",
		"D([1]) < [2]",
		"deque([1]) + D([2]), deque([1]) < D([2])",
		"list(reversed(D([1, 2])))",
		"d = D([1, 2], 3)\nd.__init__('ab')\nd, d.maxlen",
		"class K(deque):\n    def __init__(self):\n        deque.__init__(self, [1, 2], maxlen=1)\nK()",
		"class K(deque):\n    def __init__(self, newarg=1):\n        deque.__init__(self)\nK(newarg=1)",
		"class X(deque):\n    def __iter__(self):\n        return iter([])\nX([1, 2, 3]) == X([4, 5, 6]), list(X([1]))",
		"d = D([1])\nd.append(d)\nd, repr(d)",
		"d = D(range(20))\nd[10] = MutateCmp(d, False)\n20 in d",
		"d = D(range(20))\nd[10] = BadCmp()\n20 in d",
		"d = D([1, 2])\n2 in d, 3 in d, d.count(2), d.index(2)",
		"d = D([1])\nd.maxlen = 2",
		"d = D([1])\ndel d.maxlen",
		"d = D([1])\nd.x = 1\ndel d.x\nd.__dict__",
		"import copy\nd = D('abcde', maxlen=4)\nd.x = ['x']\ne = copy.deepcopy(d)\ntype(e).__name__, e, e.x, e.x is d.x, e.maxlen",
	})
}
