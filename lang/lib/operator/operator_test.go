package operator_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// the torch cases import torch, which lang/std links in
	_ "github.com/kael-dev/kael/lang/std"
)

const prelude = "import operator\nfrom operator import itemgetter, attrgetter, methodcaller\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	{"operator.add(2, 3), operator.sub(2, 3), operator.mul('ab', 2), operator.truediv(7, 2), operator.floordiv(7, 2), operator.mod(7, 3), operator.pow(2, 10)", "(5, -1, 'abab', 3.5, 3, 1, 1024)"},
	{"operator.and_(6, 3), operator.or_(6, 3), operator.xor(6, 3), operator.lshift(1, 4), operator.rshift(16, 2), operator.neg(3), operator.pos(-2), operator.invert(5), operator.inv(0), operator.not_(0)", "(2, 7, 5, 16, 4, -3, -2, -6, -1, True)"},
	{"operator.lt(1, 2), operator.le(2, 2), operator.gt(1, 2), operator.ge(3, 2), operator.eq([1], [1]), operator.ne(1, 1), operator.is_(None, None), operator.is_not(1, None), operator.truth([]), operator.abs(-4.5)", "(True, True, False, True, True, False, True, True, False, 4.5)"},
	{"operator.contains([1, 2], 2), operator.countOf([1, 2, 1], 1), operator.indexOf('abc', 'c'), operator.getitem({'k': 9}, 'k'), operator.concat([1], [2]), operator.index(7)", "(True, 2, 2, 9, [1, 2], 7)"},
	{"l = [1, 2, 3]\noperator.setitem(l, 0, 9)\noperator.delitem(l, 1)\nl", "[9, 3]"},
	{"from functools import reduce\nreduce(operator.mul, range(1, 6)), list(map(operator.add, [1, 2], [10, 20]))", "(120, [11, 22])"},
	{"pairs = [('b', 2), ('a', 3), ('c', 1)]\nsorted(pairs, key=itemgetter(1)), sorted(pairs, key=itemgetter(0)), itemgetter(0, 1)(pairs[0]), itemgetter('k')({'k': 5})", "([('c', 1), ('b', 2), ('a', 3)], [('a', 3), ('b', 2), ('c', 1)], ('b', 2), 5)"},
	{"class P:\n    def __init__(self, name, inner=None):\n        self.name, self.inner = name, inner\np = P('x', P('y'))\nattrgetter('name')(p), attrgetter('inner.name')(p), attrgetter('name', 'inner.name')(p)", "('x', 'y', ('x', 'y'))"},
	{"methodcaller('upper')('ab'), methodcaller('split', ',')('a,b'), methodcaller('replace', 'a', 'b', 1)('aaa'), methodcaller('get', 'z', 0)({})", "('AB', ['a', 'b'], 'baa', 0)"},
	{"itemgetter(1), itemgetter(1, 'a'), attrgetter('x.y'), methodcaller('f', 1, k=2)", "(operator.itemgetter(1), operator.itemgetter(1, 'a'), operator.attrgetter('x.y'), operator.methodcaller('f', 1, k=2))"},
	{"itemgetter(5)([1])", "IndexError: list index out of range"},
	{"attrgetter('nope')(1)", "AttributeError: 'int' object has no attribute 'nope'"},
	{"attrgetter(1)", "TypeError: attribute name must be a string"},
	{"methodcaller(1)", "TypeError: method name must be a string"},
	{"operator.add(1, 'a')", "TypeError: unsupported operand type(s) for +: 'int' and 'str'"},
	{"operator.lt(1, 'a')", "TypeError: '<' not supported between instances of 'int' and 'str'"},
	{"operator.indexOf([1], 5)", "ValueError: sequence.index(x): x not in sequence"},
	{"operator.index(1.5)", "TypeError: 'float' object cannot be interpreted as an integer"},
	{"operator.concat(1, 2)", "TypeError: 'int' object can't be concatenated"},
	{"class V:\n    def __init__(self, x):\n        self.x = x\n    def __add__(self, o):\n        return V(self.x + o.x)\n    def __neg__(self):\n        return V(-self.x)\n    def __lt__(self, o):\n        return self.x < o.x\noperator.add(V(1), V(2)).x, operator.neg(V(3)).x, operator.lt(V(1), V(2))", "(3, -3, True)"},
	// the in-place forms, call and length_hint
	{"l = [1]\nr = operator.iadd(l, [2, 3])\n(r is l, l, operator.iadd(1, 2), operator.isub(5, 2), operator.imul('ab', 2), operator.itruediv(7, 2), operator.ifloordiv(7, 2), operator.imod(7, 3), operator.ipow(2, 10), operator.iand(6, 3), operator.ior(6, 3), operator.ixor(6, 3), operator.ilshift(1, 4), operator.irshift(16, 2))", "(True, [1, 2, 3], 3, 3, 'abab', 3.5, 3, 1, 1024, 2, 7, 5, 16, 4)"},
	{"class A:\n    def __init__(self): self.log = []\n    def __iadd__(self, o):\n        self.log.append(o)\n        return self\na = A()\n(operator.iadd(a, 5) is a, a.log, operator.iconcat([1], (2,)))", "(True, [5], [1, 2])"},
	{"operator.iconcat(1, [2])", "TypeError: 'int' object can't be concatenated"},
	{"s = {1}\n(operator.ior(s, {2}) is s, s, operator.call(max, 3, 9, key=lambda v: -v), operator.call(sorted, [3, 1]), operator.length_hint([1, 2, 3]), operator.length_hint(5), operator.length_hint(5, 7), operator.length_hint('abcd', 1))", "(True, {1, 2}, 3, [1, 3], 3, 0, 7, 4)"},
	// the __name__ aliases operator.py binds at its end
	{"(operator.__eq__(1, 1), operator.__add__(2, 3), operator.__getitem__([5, 6], 1), operator.__not__(0), operator.__and__(6, 3), operator.__iadd__([1], [2]), operator.__eq__ is operator.eq, operator.__or__ is operator.or_, operator.__eq__.__name__)", "(True, 5, 6, True, 2, [1, 2], True, True, 'eq')"},
	{"sorted(n for n in dir(operator) if n.startswith('__') and n.endswith('__') and n[2:-2] + '_' in dir(operator) or n[2:-2] in dir(operator))", "['__abs__', '__add__', '__and__', '__call__', '__concat__', '__contains__', '__delitem__', '__eq__', '__floordiv__', '__ge__', '__getitem__', '__gt__', '__iadd__', '__iand__', '__iconcat__', '__ifloordiv__', '__ilshift__', '__imatmul__', '__imod__', '__imul__', '__index__', '__inv__', '__invert__', '__ior__', '__ipow__', '__irshift__', '__isub__', '__itruediv__', '__ixor__', '__le__', '__lshift__', '__lt__', '__matmul__', '__mod__', '__mul__', '__ne__', '__neg__', '__not__', '__or__', '__pos__', '__pow__', '__rshift__', '__setitem__', '__sub__', '__truediv__', '__xor__']"},
	{"hasattr(operator, '__is___'), hasattr(operator, '__truth__'), hasattr(operator, '__itemgetter__')", "(False, False, False)"},
	{"operator.length_hint([], 'x')", "TypeError: 'str' object cannot be interpreted as an integer"},
}

// torchCases hold PyTorch's outcomes.
var torchCases = []langtest.Case{
	{"import torch\nx = torch.tensor([1., 2.])\noperator.mul(x, 2).tolist(), operator.neg(x).tolist(), operator.matmul(x, x).item(), operator.getitem(x, 1).item(), operator.lt(x, 1.5).tolist()", "([2.0, 4.0], [-1.0, -2.0], 5.0, 2.0, [True, False])"},
}

func TestOperator(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
	langtest.CheckCellCases(t, prelude, torchCases)
}

func TestAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
	cpython.CheckCellCasesTorch(t, prelude, torchCases)
}
