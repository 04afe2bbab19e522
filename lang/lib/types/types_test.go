package types_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/std"
)

var cases = []langtest.Case{
	{"class C:\n    x = 5\nH = types.new_class('H', (C,))\n(H.__name__, H.x, H.__mro__ == (H, C, object))", "('H', 5, True)"},
	{"types.new_class('J').__bases__", "(<class 'object'>,)"},
	{"class B:\n    def __init_subclass__(cls, tag=None):\n        cls.tag = tag\nK = types.new_class('K', (B,), {'tag': 'k'}, lambda ns: ns.update(a=1))\n(K.tag, K.a)", "('k', 1)"},
	{"types.new_class('M', (), {'metaclass': type}).__name__", "'M'"},
	{"types.prepare_class('P', (), {'metaclass': type, 'q': 1})", "(<class 'type'>, {}, {'q': 1})"},
	{"types.prepare_class('P')", "(<class 'type'>, {}, {})"},
	{"class M(type):\n    @classmethod\n    def __prepare__(m, name, bases, **kw):\n        return {'pre': name}\n    def __new__(m, name, bases, ns, **kw):\n        return super().__new__(m, name, bases, ns)\nC = types.new_class('C', (), {'metaclass': M, 'k': 1}, lambda ns: ns.update(a=1))\nD = types.new_class('D', (C,))\n(type(C) is M, C.pre, C.a, type(D) is M, D.pre, types.prepare_class('E', (C,), {'z': 2})[1:])", "(True, 'C', 1, True, 'D', ({'pre': 'E'}, {'z': 2}))"},
	{"class B:\n    def __init_subclass__(cls, tag=None):\n        cls.tag = tag\ntype('T', (B,), {}, tag=3).tag", "3"},
	{"type(1, tag=2)", "TypeError: type() takes no keyword arguments"},
	{"types.new_class('N', (), {'bad': 1})", "TypeError: N.__init_subclass__() takes no keyword arguments"},
}

func TestTypes(t *testing.T) {
	langtest.CheckCellCases(t, "import types\n", cases)
	cpython.CheckCellCases(t, "import types\n", cases)
}
