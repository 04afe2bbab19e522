package lang

import "testing"

// TestMethodDescriptorsMatchCPython checks the methods of builtin types
// read from their class (dict.__getitem__, str.upper) as CPython's method
// descriptors: stored in a class they bind as functions do (the AttrDict
// idiom __getattr__ = dict.__getitem__), and they take instances of
// classes derived from their type, running on the value those keep.
func TestMethodDescriptorsMatchCPython(t *testing.T) {
	checkMatchesCPython(t, `class AttrDict(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__
    __delattr__ = dict.__delitem__
class E(dict):
    get2 = dict.get
class S(str):
    shout = str.upper
class L(list):
    push = list.append
    def __setitem__(self, i, v):
        list.__setitem__(self, i, v * 2)
class I(int):
    pass
class D(dict):
    def __setitem__(self, k, v):
        dict.__setitem__(self, k, [v])
class Plain:
    up = str.upper
`, []string{
		"d = AttrDict(a=1)\nd.b = 2\nd.a, d.b, d",
		"d = AttrDict(a=1, b=2)\ndel d.a\nd",
		"AttrDict().missing",
		"E(x=1).get2('x'), E(x=1).get2('y', 5)",
		"S('ab').shout(), type(S('ab').shout()).__name__",
		"l = L([1])\nl.push(3)\nl[0] = 5\nl, list.__len__(l), list.__getitem__(l, 1)",
		"d = D()\nd['k'] = 1\nd, dict.get(d, 'k'), dict.keys(d), dict.__contains__(d, 'k')",
		"int.__add__(I(2), 3), int.bit_length(I(5)), str.upper(S('x'))",
		"Plain().up()",
		"dict.__getitem__([1], 0)",
		"str.upper(I(1))",
	})
}
