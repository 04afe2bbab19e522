package lang

import "testing"

// builtinTypeDunderCases: the special methods of the builtin types
// ((1).__add__(2), 'ab'.__len__(), list.__getitem__(xs, 1)), with
// CPython's NotImplemented for an operand the type leaves to the other
// one, its errors, and dir() and hasattr() knowing them.
var builtinTypeDunderCases = []string{
	"(1).__add__(2), (1).__add__(1.5), (1.5).__add__(1), (1).__radd__(2), (5).__rsub__(7), (2).__pow__(10, 1000), (2).__rpow__(3)",
	"(1).__eq__(1.0), (1.0).__eq__(1), (1).__lt__('a'), 'a'.__eq__(1), [1].__eq__((1,)), {1}.__eq__(frozenset({1})), (1).__eq__(True)",
	"'ab'.__len__(), 'ab'.__contains__('a'), 'ab'.__getitem__(1), [1, 2].__getitem__(slice(0, 1)), {1: 2}.__getitem__(1), (1, 2).__len__(), range(5).__len__(), range(5).__contains__(3)",
	"xs = [1, 2, 3]\nxs.__setitem__(0, 9)\nxs.__delitem__(1)\nd = {'a': 1}\nd.__setitem__('b', 2)\nd.__delitem__('a')\nxs, d",
	"int.__add__(3, 4), str.__len__('abc'), list.__getitem__([1, 2], 1), dict.__contains__({1: 2}, 1), float.__neg__(2.0), (5).__neg__(), (5).__invert__(), (-3).__abs__(), (0).__bool__()",
	"'%s-%d'.__mod__(('a', 1)), 'ab'.__mul__(2), [0].__rmul__(3), (1, 2).__add__((3,)), {1, 2}.__sub__({1}), {1}.__or__([2]), {'a': 1}.__or__({'b': 2}), {'a': 1}.__or__(1)",
	"(7).__int__(), (7).__float__(), (7).__index__(), (2.5).__int__(), (3).__format__('03d'), (1).__repr__(), 'a'.__repr__(), 'a'.__str__(), [1].__hash__, {}.__hash__, set().__hash__, (1, 2).__hash__() == hash((1, 2))",
	"list([3, 4].__reversed__()), list('ab'.__iter__()), list({'a': 1}.__reversed__()), list(range(3).__reversed__())",
	"'__add__' in dir(1), '__len__' in dir('a'), '__getitem__' in dir([]), '__and__' in dir(1.0), '__sub__' in dir('a'), hasattr(1, '__add__'), hasattr([], '__len__'), hasattr(1.5, '__and__')",
	"'a'.__add__(1)",
	"[1].__add__((1,))",
	"[1].__mul__('a')",
	"'a'.__rmul__(1.5)",
	"(1.5).__and__",
	"'a'.__sub__",
	"hash([])",
	"{}.__getitem__('x')",
	"[].__getitem__(3)",
	"(1).__lt__(2), (1).__ge__(2.0), (2.0).__gt__(1), 'a'.__lt__('b'), [1].__lt__([2]), (1j).__eq__(1j), (1j).__add__(1), (1).__truediv__(2), (7).__floordiv__(2), (7).__mod__(3), (7).__rtruediv__(14)",
	"class C:\n    def __radd__(self, other):\n        return 'C.radd'\n(1).__add__(C()), 1 + C()",
	"it = iter([1, 2])\nit.__next__(), list(it.__iter__()), zip('a').__next__(), map(str, [1]).__next__(), enumerate('x').__next__(), '__next__' in dir(iter([]))",
	"iter([]).__next__()",
	// unbound methods take a bool as an int; __round__, __trunc__,
	// __floor__, __ceil__, __divmod__ and __getnewargs__; round() calls
	// a class's __round__
	"int.__add__(True, 1), int.__sub__(True, True), int.__neg__(True), int.__repr__(True), int.__str__(True), int.__format__(True, ''), int.__format__(True, 'd'), int.__index__(True), int.__hash__(True), float.__mul__(2.0, 3)",
	"int.__add__('a', 1)",
	"float.__mul__(2, 3.0)",
	"int.__round__('a')",
	"float.__floor__(1)",
	"int.__round__(15, -1), float.__round__(2.675, 2), (2.5).__round__(), (7).__round__(), float.__round__(2.5, None), int.__round__(True)",
	"float.__round__(2.5, 1.0)",
	"int.__trunc__(5), float.__trunc__(-5.7), float.__floor__(-5.7), float.__ceil__(5.2), int.__floor__(True), float.__ceil__(1e20), (3.5).__trunc__()",
	"float.__trunc__(float('nan'))",
	"float.__ceil__(float('inf'))",
	"int.__divmod__(7, 2), float.__divmod__(7.5, 2), float.__rdivmod__(7.5, 2), int.__rdivmod__(7, 2), int.__divmod__(1, 2.0), (7).__divmod__(-2)",
	"int.__getnewargs__(5), float.__getnewargs__(1.5), int.__getnewargs__(True), (2).__getnewargs__()",
	"'__round__' in dir(1), '__floor__' in dir(1.5), hasattr(1, '__divmod__'), hasattr('a', '__round__')",
	"class P:\n    def __round__(self, n=None):\n        return ('round', n)\nround(P()), round(P(), 2), round(P(), None)",
	"class Q:\n    pass\nround(Q())",
	"round('a', 2)",
}

func TestBuiltinTypeDundersAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", builtinTypeDunderCases)
}
