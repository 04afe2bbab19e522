package lang

import "testing"

// TestClassDictIsMappingProxyMatchesCPython: C.__dict__ and vars(C) are
// read-only mappingproxies, as types.MappingProxyType makes.
func TestClassDictIsMappingProxyMatchesCPython(t *testing.T) {
	checkMatchesCPython(t, "import types\nclass C:\n    x = 1\n    def f(self):\n        pass\n", []string{
		"d = C.__dict__\ntype(d).__name__, isinstance(d, types.MappingProxyType), d['x'], d.get('x'), d.get('nope', 7), 'x' in d, 'f' in d, [k for k in d if not k.startswith('__')]",
		"d = C.__dict__\nlen(d) == len(list(d)), type(d.copy()).__name__, d.copy()['x'], [k for k in d.keys() if k == 'x'], 1 in list(d.values()), ('x', 1) in d.items(), type(vars(C)).__name__",
		"C.__dict__['x'] = 2",
		"del C.__dict__['x']",
		"C.__dict__['nope']",
		"m = types.MappingProxyType({'a': 1})\nm, m['a'], m == {'a': 1}, m | {'b': 2}, {'b': 2} | m, dict(m), len(m), list(m.items())",
		"types.MappingProxyType([1])",
		"m = types.MappingProxyType({'a': 1})\nm['a'] = 5",
	})
}
