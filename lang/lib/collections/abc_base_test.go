package collections_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

const abcBasePrelude = `from collections.abc import *
import collections.abc as cabc
def err(f, *args):
    try:
        return f(*args)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
class Store(MutableMapping):
    def __init__(self, *args, **kw):
        self.d = {}
        self.update(*args, **kw)
    def __getitem__(self, k): return self.d[k.lower()]
    def __setitem__(self, k, v): self.d[k.lower()] = v
    def __delitem__(self, k): del self.d[k.lower()]
    def __iter__(self): return iter(self.d)
    def __len__(self): return len(self.d)
class Seq(Sequence):
    def __init__(self, n): self.n = n
    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(range(self.n))[i]
        if not -self.n <= i < self.n:
            raise IndexError(i)
        return i % self.n * 10
    def __len__(self): return self.n
class LSet(Set):
    def __init__(self, items=()): self.items = list(dict.fromkeys(items))
    def __contains__(self, x): return x in self.items
    def __iter__(self): return iter(self.items)
    def __len__(self): return len(self.items)
`

// abcBaseCases derive from collections.abc's classes, with CPython 3.11's
// outcomes: the mixin methods, the abstract methods' errors, isinstance
// and issubclass.
var abcBaseCases = []langtest.Case{
	{"s = Store(A=1, b=2)\ns['C'] = 3\ns.get('a'), s.get('z', 0), 'B' in s, sorted(s.keys()), sorted(s.values()), sorted(s.items()), len(s), s == {'a': 1, 'b': 2, 'c': 3}, s.pop('a'), s.setdefault('d', 4), s.popitem(), err(s.pop, 'zz'), s.pop('zz', 9), sorted(s)", "(1, 0, True, ['a', 'b', 'c'], [1, 2, 3], [('a', 1), ('b', 2), ('c', 3)], 3, True, 1, 4, ('b', 2), \"KeyError: 'zz'\", 9, ['c', 'd'])"},
	{"s = Store(x=1)\ns.clear()\nlen(s), isinstance(s, Mapping), isinstance(s, MutableMapping), isinstance(s, Sized), isinstance(s, dict), issubclass(Store, Mapping), type(s.keys()).__name__, isinstance(s.keys(), Set)", "(0, True, True, True, False, True, 'KeysView', True)"},
	{"q = Seq(4)\nlist(q), q[1], 20 in q, 5 in q, q.index(30), q.count(10), list(reversed(q)), len(q), err(q.index, 5), isinstance(q, Sequence), isinstance(q, MutableSequence), isinstance(q, Reversible)", "([0, 10, 20, 30], 10, True, False, 3, 1, [30, 20, 10, 0], 4, 'ValueError: ', True, False, True)"},
	{"a, b = LSet('abc'), LSet('bcd')\nsorted(a & b), sorted(a | b), sorted(a - b), sorted(a ^ b), a <= LSet('abcd'), a < a, a == LSet('cba'), a.isdisjoint(LSet('xy')), type(a & b).__name__, sorted(a & {'a', 'z'})", "(['b', 'c'], ['a', 'b', 'c', 'd'], ['a'], ['a', 'd'], True, False, True, True, 'LSet', ['a'])"},
	{"class It(Iterator):\n    def __init__(self): self.i = 0\n    def __next__(self):\n        self.i += 1\n        if self.i > 3:\n            raise StopIteration\n        return self.i\nit = It()\niter(it) is it, list(It()), isinstance(it, Iterable), isinstance(it, Iterator), [k.__name__ for k in It.__mro__]", "(True, [1, 2, 3], True, True, ['It', 'Iterator', 'Iterable', 'object'])"},
	{"class L(MutableSequence):\n    def __init__(self): self.x = []\n    def __getitem__(self, i): return self.x[i]\n    def __setitem__(self, i, v): self.x[i] = v\n    def __delitem__(self, i): del self.x[i]\n    def __len__(self): return len(self.x)\n    def insert(self, i, v): self.x.insert(i, v)\nl = L()\nl.append(1); l.extend([2, 3]); l += [4]; l.reverse(); l.remove(2)\nl.x, l.pop(), l.pop(0), l.x, l.index(3)", "([3], 1, 4, [3], 0)"},
	{"class M(Mapping):\n    pass\nerr(M)", "\"TypeError: Can't instantiate abstract class M with abstract methods __getitem__, __iter__, __len__\""},
	{"class S(Sized):\n    pass\nclass H(Hashable):\n    pass\nclass C(Callable):\n    def __call__(self): return 7\nerr(S), err(H), C()(), isinstance(C(), Callable)", "(\"TypeError: Can't instantiate abstract class S with abstract method __len__\", \"TypeError: Can't instantiate abstract class H with abstract method __hash__\", 7, True)"},
	{"[isinstance(v, k) for v, k in [([], MutableSequence), ((), Sequence), ('', Sequence), ({}, MutableMapping), (set(), MutableSet), (frozenset(), Set), ({}.keys(), KeysView), ({}.items(), ItemsView), ({}.values(), ValuesView), (iter([]), Iterator), ((x for x in ()), Generator), (len, Callable), (1, Hashable), ([], Hashable), (b'', ByteString), (range(3), Sequence), ({}, Sequence), ([], Mapping)]]", "[True, True, True, True, True, True, True, True, True, True, True, True, True, False, True, True, False, False]"},
	{"class W:\n    def __iter__(self): return iter([])\n    def __len__(self): return 0\nissubclass(W, Iterable), issubclass(W, Sized), issubclass(W, Iterator), isinstance(W(), Iterable), issubclass(list, Sequence), issubclass(dict, Sequence), issubclass(Store, Iterable), issubclass(Seq, Collection)", "(True, True, False, True, True, False, True, True)"},
	{"class V:\n    pass\nSequence.register(V)\nisinstance(V(), Sequence), issubclass(V, Sequence), isinstance(V(), Mapping), Mapping, cabc.Mapping is Mapping, Mapping.__module__, MutableMapping.__mro__[1].__name__", "(True, True, False, <class 'collections.abc.Mapping'>, True, 'collections.abc', 'Mapping')"},
	{"class Cnt(Container):\n    def __contains__(self, x): return x == 1\nclass D(Store):\n    pass\nd = D(k=1)\n1 in Cnt(), 2 in Cnt(), isinstance(d, Store), isinstance(d, MutableMapping), isinstance(Store(), D), dict(d), {**d}", "(True, False, True, True, False, {'k': 1}, {'k': 1})"},
}

func TestABCBases(t *testing.T) {
	langtest.CheckCellCases(t, abcBasePrelude, abcBaseCases)
}

func TestABCBasesAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, abcBasePrelude, abcBaseCases)
}
