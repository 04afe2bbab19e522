package lang

import "testing"

// dictViewCases check d.keys(), d.values() and d.items() as views and
// sets, against CPython.
var dictViewCases = []struct{ src, want string }{
	{"d = {'a': 1, 'b': 2}\n(d.keys(), d.values(), d.items())", "(dict_keys(['a', 'b']), dict_values([1, 2]), dict_items([('a', 1), ('b', 2)]))"},
	{"d = {'a': 1, 'b': 2}\nd.keys() - {'a'}", "{'b'}"},
	{"d = {'a': 1, 'b': 2}\nsorted(d.keys() & {'a', 'c'}), sorted(d.keys() | ['z']), sorted(d.keys() ^ {'a', 'z'}), sorted({'a', 'z'} - d.keys())", "(['a'], ['a', 'b', 'z'], ['b', 'z'], ['z'])"},
	{"d = {'a': 1, 'b': 2}\n(d.items() - {('a', 1)}, d.items() == {('a', 1), ('b', 2)}, d.keys() == {'a', 'b'}, d.keys() == ['a', 'b'])", "({('b', 2)}, True, True, False)"},
	{"d = {'a': 1, 'b': 2}\n(d.keys() <= {'a', 'b', 'c'}, d.keys() < {'a'}, d.keys() >= {'a'}, d.keys() == d.keys(), d.values() == d.values())", "(True, False, True, True, False)"},
	{"d = {'a': 1}\nk = d.keys()\nd['b'] = 2\n(list(k), len(k), 'b' in k, ('b', 2) in d.items(), 2 in d.values())", "(['a', 'b'], 2, True, True, True)"},
	{"e = {}\n(bool(e.keys()), bool({'a': 0}.values()), 'y' if e.items() else 'n')", "(False, True, 'n')"},
	{"d = {}\nd['v'] = d.values()\ne = {}\ne['i'] = e.items()\n(repr(d), repr(d.values()), repr(e.items()), str(d))", `("{'v': dict_values([...])}", 'dict_values([dict_values([...])])', "dict_items([('i', dict_items([('i', ...)]))])", "{'v': dict_values([...])}")`},
	{"d = {'a': 1}\nd.keys()[0]", "TypeError: 'dict_keys' object is not subscriptable"},
	{"d = {'a': 1}\nhash(d.keys())", "TypeError: unhashable type: 'dict_keys'"},
	{"d = {'a': 1}\nd.values() - {1}", "TypeError: unsupported operand type(s) for -: 'dict_values' and 'set'"},
	{"d = {'a': 1}\nd.keys() | 5", "TypeError: 'int' object is not iterable"},
	{"d = {'a': [1]}\nd.items() | {1}", "TypeError: unhashable type: 'list'"},
	{"d = {'a': 1}\nd.keys() - [[1]]", "TypeError: unhashable type: 'list'"},
	{"class X:\n    def __ror__(self, o): return 'r'\n{'a': 1}.keys() | X()", "TypeError: 'X' object is not iterable"},
	{"d = {'a': 1, 'b': 2}\n[k + str(v) for k, v in d.items()], sorted(d.values()), max(d.keys()), tuple(d), type(d.keys()).__name__", "(['a1', 'b2'], [1, 2], 'b', ('a', 'b'), 'dict_keys')"},
}

func TestDictViewsMatchCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", dictViewCases)
}

// pythonSemanticsCases are small semantics of the issue: tensor == None,
// chained comparisons, the truth of objects, __contains__, the __eq__ and
// __hash__ rule, class decorators; against PyTorch.
var pythonSemanticsCases = []string{
	"t = torch.zeros(2)\n(t == None, t != None, None == t, None != t, t == 'a', t != 'a')",
	"t = torch.zeros(2)\nt < None",
	"(torch.zeros(2) == 0).tolist()",
	"(1 < 2 < 3 > 2, 1 < 2 > 3, 1 == 1.0 != 2)",
	"class C:\n    def __contains__(self, x): return x == 1\n(1 in C(), 2 in C(), 2 not in C())",
	"class B:\n    def __bool__(self): return False\nclass L:\n    def __len__(self): return 0\nclass N: pass\n(bool(B()), not B(), 'y' if L() else 'n', bool(N()), len([x for x in [B(), N()] if x]))",
	"class E:\n    def __eq__(self, o): return True\nhash(E())",
	"class E:\n    def __eq__(self, o): return True\n{E()}",
	"class H:\n    def __eq__(self, o): return isinstance(o, H)\n    def __hash__(self): return 5\n(hash(H()), len({H(), H()}), H() == H())",
	"class U:\n    __hash__ = None\nhash(U())",
	"def register(cls):\n    cls.tag = cls.__name__.lower()\n    return cls\n@register\nclass Thing: pass\nThing.tag",
	"def with_arg(n):\n    def deco(cls):\n        cls.n = n\n        return cls\n    return deco\n@with_arg(3)\nclass K: pass\nK().n",
}

func TestPythonSemanticsMatchTorch(t *testing.T) {
	checkMatchesTorch(t, "import torch\n", pythonSemanticsCases)
}
