package lang

import "testing"

// setLookupCases check that x in s for a set or frozenset is a lookup by
// hash, as CPython's set.__contains__: an element's __eq__ runs only for
// an element of equal hash, an unhashable item is a TypeError (a set
// subclass too), and equal numbers of different types are one key. A
// walk over the elements, as kael once did, calls every element's __eq__
// and answers False for [1] in {...} instead of raising.
var setLookupCases = []string{
	"calls = []\nclass E:\n    def __init__(self, n):\n        self.n = n\n    def __eq__(self, o):\n        calls.append(self.n)\n        return isinstance(o, E) and o.n == self.n\n    def __hash__(self):\n        return self.n\ns = {E(i) for i in range(20)}\nr = (E(7) in s, E(30) in s, E(3) in frozenset(s), E(25) not in s)\nr, sorted(calls)",
	"class V:\n    pass\nvs = [V() for _ in range(5)]\ns = set(vs)\n[v in s for v in vs], V() in s",
	"1.0 in {1}, True in {1}, 2 in {2.0}, (1, 2) in {(1, 2)}, 'a' in frozenset('abc'), None in {None}",
	"[1] in {1, 2}",
	"{1} in {frozenset({1})}, frozenset() in {frozenset()}",
	// equal hashes, unequal keys: separate entries, found by ==
	"class E:\n    def __init__(self, n):\n        self.n = n\n    def __eq__(self, o):\n        return isinstance(o, E) and o.n == self.n\n    def __hash__(self):\n        return 0\n    def __repr__(self):\n        return f'E({self.n})'\ns = {E(1), E(2), E(1), E(3)}\nd = {E(1): 'a', E(2): 'b'}\nd[E(3)] = 'c'\nd[E(1)] = 'z'\nr1 = (len(s), len(d), E(4) in s, E(2) in s, d[E(2)], d)\ndel d[E(1)]\ns.discard(E(2))\nd[E(5)] = 'e'\nr1, d, sorted(s, key=lambda e: e.n), d.pop(E(3)), d, E(1) in d, E(5) in d",
	"class E:\n    def __init__(self, n):\n        self.n = n\n    def __eq__(self, o):\n        return isinstance(o, E) and o.n == self.n\n    def __hash__(self):\n        return 7\nd = {(E(1), 'x'): 1, (E(2), 'x'): 2, frozenset([E(3)]): 3, frozenset([E(4)]): 4}\nlen(d), d[(E(2), 'x')], d[(E(1), 'x')], d[frozenset([E(4)])], (E(9), 'x') in d",
	"class E:\n    def __eq__(self, o):\n        raise ValueError('eq')\n    def __hash__(self):\n        return 1\ns = {E()}\nE() in s",
	"{} in set()",
}

func TestSetLookupMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, "", setLookupCases)
}
