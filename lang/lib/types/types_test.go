package types_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/std"
)

var cases = []langtest.Case{
	{"@types.coroutine\ndef sw():\n    v = yield 'x'\n    return v\nasync def f():\n    return await sw()\nc = f()\na = c.send(None)\ntry:\n    c.send(5)\nexcept StopIteration as e:\n    b = e.value\nasync def g():\n    pass\n(a, b, types.coroutine(g) is g, types.coroutine(sw) is sw)", "('x', 5, True, True)"},
	{"def sw():\n    yield 'y'\n    return 3\nw = types.coroutine(lambda: sw())\nasync def f():\n    return await w()\nc = f()\na = c.send(None)\ntry:\n    c.send(None)\nexcept StopIteration as e:\n    b = e.value\n(a, b)", "('y', 3)"},
	{"types.coroutine(1)", "TypeError: types.coroutine() expects a callable"},
	{"async def f():\n    yield\nasync def g():\n    pass\nc = g()\nr = (types.CoroutineType, types.AsyncGeneratorType, types.GeneratorType, isinstance(c, types.CoroutineType), isinstance(f(), types.AsyncGeneratorType))\nc.close()\nr", "(<class 'coroutine'>, <class 'async_generator'>, <class 'generator'>, True, True)"},
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
	{"ns = types.SimpleNamespace(a=1, b='x')\n(ns, ns.a, vars(ns), type(ns), type(ns).__name__)", "(namespace(a=1, b='x'), 1, {'a': 1, 'b': 'x'}, <class 'types.SimpleNamespace'>, 'SimpleNamespace')"},
	{"ns = types.SimpleNamespace(a=1)\nns.c = [1]\ndel ns.a\n(repr(ns), ns == types.SimpleNamespace(c=[1]), ns != types.SimpleNamespace(), ns == 1)", "('namespace(c=[1])', True, True, False)"},
	{"ns = types.SimpleNamespace()\nns.me = ns\nstr(ns)", "'namespace(me=namespace(...))'"},
	{"class P(types.SimpleNamespace):\n    pass\n(P(z=2), P(z=2) == types.SimpleNamespace(z=2), P().__class__.__mro__[1])", "(P(z=2), True, <class 'types.SimpleNamespace'>)"},
	{"import copy\nns = types.SimpleNamespace(q=[1])\nc = copy.deepcopy(ns)\n(c, c.q is ns.q, copy.copy(ns).q is ns.q)", "(namespace(q=[1]), False, True)"},
	{"types.SimpleNamespace(**{'a b': 1})", "namespace(a b=1)"},
	{"types.SimpleNamespace(1)", "TypeError: no positional arguments expected"},
	{"types.SimpleNamespace(a=1).b", "AttributeError: 'types.SimpleNamespace' object has no attribute 'b'"},
	{"class Q(types.SimpleNamespace):\n    pass\nQ().b", "AttributeError: 'Q' object has no attribute 'b'"},
}

func TestTypes(t *testing.T) {
	langtest.CheckCellCases(t, "import types\n", cases)
	cpython.CheckCellCases(t, "import types\n", cases)
}
