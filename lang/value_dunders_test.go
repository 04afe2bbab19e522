package lang

import "testing"

// valueDunderCases: object's attributes on builtin values and classes,
// the builtin classes' unbound methods (their reprs, their type checks,
// subclass instances), NotImplemented from bound special methods, and
// the builtin types' __new__ called explicitly.
var valueDunderCases = []string{
	// unbound methods read from the class, and their reprs
	"str.upper, int.__add__, list.append, dict.__setitem__, dict.__getitem__, object.__setattr__, object.__getattribute__, object.__eq__, object.__init__, object.__format__",
	"ValueError.__str__(ValueError('x')), BaseException.__repr__(ValueError(1)), Exception.__str__(Exception('a', 'b')), BaseException.__repr__, BaseException.__str__",
	"str.upper(1)",
	"int.__add__('a', 1)",
	"dict.__setitem__([], 1, 2)",
	"BaseException.__str__(1)",
	"list(map(str.upper, ['a', 'b'])), sorted(['B', 'a', 'C'], key=str.lower), [].__class__.__name__, (1).__class__, type(None).__name__",
	"import functools, operator\nfunctools.partial(int.__add__, 1)(2), operator.methodcaller('upper')('ab'), type({1: 2}).__len__({1: 2})",
	// subclasses of builtin types reach the base's methods
	"class L(list):\n    def __getitem__(self, i):\n        return ('L', list.__getitem__(self, i))\nL([5, 6])[1]",
	"class D(dict):\n    def __setitem__(self, k, v):\n        dict.__setitem__(self, k, v * 2)\nd = D()\nd['a'] = 2\nd",
	"class S(str):\n    def shout(self):\n        return str.upper(self) + '!'\nS('hi').shout()",
	"class E(Exception):\n    def __str__(self):\n        return Exception.__str__(self) + '!'\nstr(E('bad')), repr(E('bad'))",
	"class E(Exception):\n    def __str__(self):\n        return super().__str__() + '?'\n    def __repr__(self):\n        return 'E:' + super().__repr__()\nstr(E('a')), repr(E('a')), ValueError('x').__str__(), ValueError('x').__repr__(), KeyError('k').__repr__()",
	"class E(Exception):\n    def __init__(self, *args):\n        super().__init__(*args)\n        Exception.__init__(self, 'again', *args)\nE(1).args",
	"class Frozen:\n    def __init__(self, x):\n        object.__setattr__(self, 'x', x)\n    def __setattr__(self, k, v):\n        raise AttributeError('frozen')\nf = Frozen(3)\nf.x, object.__getattribute__(f, 'x')",
	"class C:\n    pass\nC.__setattr__, C.__eq__(C(), 1), C.__init_subclass__(), C.__subclasshook__()",
	// NotImplemented from bound special methods, and the fallbacks
	"(1).__add__('a'), (1).__eq__('a'), [].__eq__(1), (1).__lt__(1.5), (1.5).__gt__(1), (1).__ne__(1), 'a'.__lt__(1), {1: 2}.keys().__eq__({1}), {1}.__eq__({1: 2}.keys())",
	"(1.5).__round__(), (3).__index__(), (1).__add__(2), 1 == 1.0, [1] == [1], {1: 2}.keys() == {1}, (1).__eq__(True)",
	// object's attributes on builtin values
	"d = {1: 2}\nd.keys().__len__(), list(d.keys().__iter__()), d.values().__len__(), d.items().__contains__((1, 2)), d.keys().__and__([1, 3]), d.keys().__or__([3]), d.keys().isdisjoint([3]), d.keys().mapping",
	"(1).__getattribute__('real'), 'a'.__getattribute__('upper')(), sorted((5).__dir__()) == dir(5), None.__bool__(), None.__eq__(None), None.__eq__(1), None.__hash__() == hash(None)",
	"(1).__init__(), [].__init_subclass__(), (1).__getstate__(), slice(1).__eq__(slice(1)), slice(1).__eq__(1), {}.keys().__hash__, [].__hash__, (...).__repr__(), NotImplemented.__repr__()",
	"(1).__setattr__('x', 1)",
	"(1).__setattr__('real', 1)",
	"x = 1\nx.y = 2",
	"'a'.__delattr__('upper')",
	"len.__call__([1, 2]), abs.__call__(-2), (lambda x: x + 1).__call__(1), hasattr(len, '__call__'), hasattr(1, '__call__')",
	"object.__repr__(1).startswith('<int object at 0x'), object.__str__(1), object.__eq__(1, 1), object.__eq__(1, 2), object.__lt__(1, 2), object.__subclasshook__()",
	"type(1).__len__",
	// augmented-assignment methods and the rest of the protocols
	"xs = [1]\nys = xs.__iadd__((2, 3))\nzs = xs.__imul__(2)\ns = {1}\nt = s.__ior__({2})\nxs, ys is xs, zs is xs, s, t is s, s.__ior__([3]), s.__isub__({1}), s",
	"[].__imul__('a')",
	"(1 + 2j).__complex__(), (1 + 2j).__getnewargs__(), 'ab'.__getnewargs__(), b'x'.__bytes__(), (1, 2).__getnewargs__(), list.__class_getitem__(int), [].__class_getitem__(str), float.__getformat__('double')",
	"float.__getformat__('long')",
	"b = bytearray(b'ab')\nb.__add__(b'c'), b.__len__(), b.__getitem__(0), b.__contains__(97), b.__eq__(b'ab'), b.__setitem__(0, 65), b",
	"m = memoryview(b'ab')\nm.__len__(), m.__getitem__(1), list(m.__iter__()), m.__eq__(b'ab'), m.__eq__(1), m.__enter__() is m, m.__exit__(None, None, None)",
	"m = memoryview(b'ab')\nm.__exit__(None, None, None)\nlen(m)",
	// the builtin types' __new__, called explicitly
	"class I(int):\n    pass\nclass S(str):\n    pass\nclass T(tuple):\n    pass\nclass C:\n    pass\ni = int.__new__(I, 5)\ns = str.__new__(S, 'x')\nt = tuple.__new__(T, 'ab')\ntype(i).__name__, i, type(s).__name__, s, type(t).__name__, t, type(object.__new__(C)).__name__, int.__new__(int, '7'), tuple.__new__(tuple, [1])",
	"int.__new__(str, 5)",
	// dir() with no argument and too many
	"dir(1, 2)",
}

func TestValueDundersAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", valueDunderCases)
}
