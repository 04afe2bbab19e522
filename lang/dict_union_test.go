package lang

import "testing"

// dictUnionCases are PEP 584's dict union on dicts and user subclasses
// of dict, with CPython 3.11's outcomes (TestDictUnionAgainstCPython
// checks them there).
var dictUnionCases = []struct{ src, want string }{
	{"d = {'a': 1, 'b': 2}\ne = {'b': 3, 'c': 4}\nd | e, e | d, d", "({'a': 1, 'b': 3, 'c': 4}, {'b': 2, 'c': 4, 'a': 1}, {'a': 1, 'b': 2})"},
	{"{'a': 1} | [('b', 2)]", "TypeError: unsupported operand type(s) for |: 'dict' and 'list'"},
	{"[] | {}", "TypeError: unsupported operand type(s) for |: 'list' and 'dict'"},
	{"{} | 1", "TypeError: unsupported operand type(s) for |: 'dict' and 'int'"},
	{"d = {'a': 1}\ne = d\nd |= {'b': 2}\nd |= [('c', 3)]\nd |= (('a', 0),)\ne, e is d", "({'a': 0, 'b': 2, 'c': 3}, True)"},
	{"d = {}\nd |= 3", "TypeError: 'int' object is not iterable"},
	{"d = {}\nd |= [1]", "TypeError: cannot convert dictionary update sequence element #0 to a sequence"},
	{"d = {}\nd |= ['ab', 'cde']", "ValueError: dictionary update sequence element #1 has length 3; 2 is required"},
	{"{}.update([(1, 2), (3,)])", "ValueError: dictionary update sequence element #1 has length 1; 2 is required"},
	{"d = {1: 2}\nd.__or__({3: 4}), d.__or__([]), d.__ror__({3: 4, 1: 0}), d.__ior__({5: 6}), d", "({1: 2, 3: 4}, NotImplemented, {3: 4, 1: 2}, {1: 2, 5: 6}, {1: 2, 5: 6})"},
	{"dict.__or__({1: 2}, {3: 4}), dict.__ior__({}, [(1, 1)])", "({1: 2, 3: 4}, {1: 1})"},
	// subclasses: the operators are dict's, or the class's own
	{"class E(dict):\n    pass\nr = E(a=1) | {'b': 2}\ns = {'b': 2} | E(a=1)\ntype(r).__name__, r, type(s).__name__, s", "('dict', {'a': 1, 'b': 2}, 'dict', {'b': 2, 'a': 1})"},
	{"class E(dict):\n    pass\ne = E(a=1)\nf = e\ne |= [('b', 2)]\ntype(e).__name__, e, e is f", "('E', {'a': 1, 'b': 2}, True)"},
	{"class D(dict):\n    def __or__(self, o):\n        return 'D.or'\n    def __ror__(self, o):\n        return 'D.ror'\nD() | {}, {} | D(), [] | D()", "('D.or', 'D.ror', 'D.ror')"},
	{"class F(dict):\n    def __ior__(self, o):\n        return 'F.ior'\nf = F()\nf |= {}\nf", "'F.ior'"},
	{"class G(dict):\n    def __or__(self, o):\n        r = super().__or__(o)\n        return G(r) if r is not NotImplemented else r\ng = G(a=1) | {'b': 2}\ntype(g).__name__, g", "('G', {'a': 1, 'b': 2})"},
	{"class E(dict):\n    pass\nE() | []", "TypeError: unsupported operand type(s) for |: 'E' and 'list'"},
	{"class M:\n    def keys(self):\n        return ['x', 'y']\n    def __getitem__(self, k):\n        return k * 2\nd = {}\nd |= M()\nd.update(M())\nd, dict(M())", "({'x': 'xx', 'y': 'yy'}, {'x': 'xx', 'y': 'yy'})"},
}

func TestDictUnion(t *testing.T) {
	for _, c := range dictUnionCases {
		if got := cellOutcome(NewSession(IO{}), c.src); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

func TestDictUnionAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", dictUnionCases)
}
