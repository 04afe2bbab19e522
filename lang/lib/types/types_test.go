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
	{"sorted(n for n in dir(types) if not n.startswith('_'))", "['AsyncGeneratorType', 'BuiltinFunctionType', 'BuiltinMethodType', 'CellType', 'ClassMethodDescriptorType', 'CodeType', 'CoroutineType', 'DynamicClassAttribute', 'EllipsisType', 'FrameType', 'FunctionType', 'GeneratorType', 'GenericAlias', 'GetSetDescriptorType', 'LambdaType', 'MappingProxyType', 'MemberDescriptorType', 'MethodDescriptorType', 'MethodType', 'MethodWrapperType', 'ModuleType', 'NoneType', 'NotImplementedType', 'SimpleNamespace', 'TracebackType', 'UnionType', 'WrapperDescriptorType', 'coroutine', 'new_class', 'prepare_class', 'resolve_bases']"},
	{"(types.FunctionType, types.LambdaType, types.MethodType, types.BuiltinFunctionType, types.BuiltinMethodType, types.ModuleType, types.CodeType, types.CellType)", "(<class 'function'>, <class 'function'>, <class 'method'>, <class 'builtin_function_or_method'>, <class 'builtin_function_or_method'>, <class 'module'>, <class 'code'>, <class 'cell'>)"},
	{"(types.NoneType, types.EllipsisType, types.NotImplementedType, types.TracebackType, types.FrameType, types.GetSetDescriptorType, types.MemberDescriptorType)", "(<class 'NoneType'>, <class 'ellipsis'>, <class 'NotImplementedType'>, <class 'traceback'>, <class 'frame'>, <class 'getset_descriptor'>, <class 'member_descriptor'>)"},
	{"class C:\n    def m(self):\n        return self\n    @classmethod\n    def k(cls):\n        return cls\n    @staticmethod\n    def s():\n        pass\nc = C()\n(type(c.m), type(c.m) is types.MethodType, type(C.k) is types.MethodType, isinstance(c.m, types.FunctionType), isinstance(C.s, types.FunctionType), isinstance(c.m, types.BuiltinMethodType))", "(<class 'method'>, True, True, False, True, False)"},
	{"import sys\n(isinstance(len, types.BuiltinFunctionType), isinstance([].append, types.BuiltinMethodType), isinstance(sys, types.ModuleType), isinstance(lambda: 0, types.LambdaType), isinstance(None, types.NoneType), isinstance(..., types.EllipsisType), isinstance(NotImplemented, types.NotImplementedType))", "(True, True, True, True, True, True, True)"},
	{"class C:\n    pass\ndef f(self, z):\n    return (self, z)\nc = C()\nm = types.MethodType(f, c)\n(m(4)[1], m.__self__ is c, m.__func__ is f, m == types.MethodType(f, c), type(m).__name__)", "(4, True, True, True, 'method')"},
	{"class Model:\n    def forward(self, x):\n        return x\nmodel = Model()\ndef new_forward(self, x):\n    return x * 2\nmodel.forward = types.MethodType(new_forward, model)\nmodel.forward(3)", "6"},
	{"class C:\n    def m(self):\n        pass\ntype(C().m)(lambda self: 9, 1)()", "9"},
	{"types.MethodType(1, 2)", "TypeError: first argument must be callable"},
	{"types.MethodType(len, None)", "TypeError: instance must not be None"},
	{"types.MethodType(len)", "TypeError: method expected 2 arguments, got 1"},
	{"import sys\nm = type(sys)('fakemod', 'its doc')\nm.x = 5\nsys.modules['fakemod'] = m\nimport fakemod\nfrom fakemod import x\n(m, m.__name__, m.__doc__, fakemod is m, x, types.ModuleType('q').__doc__)", "(<module 'fakemod'>, 'fakemod', 'its doc', True, 5, None)"},
	{"types.ModuleType(3)", "TypeError: module() argument 'name' must be str, not int"},
	{"(type(None)(), type(...)(), type(NotImplemented)(), types.NoneType() is None)", "(None, Ellipsis, NotImplemented, True)"},
	{"type(None)(1)", "TypeError: NoneType takes no arguments"},
	{"types.EllipsisType(a=1)", "TypeError: EllipsisType takes no arguments"},
	{"def outer():\n    a = 1\n    b = [2]\n    def inner():\n        return a, b\n    return inner\ni = outer()\nc = i.__closure__\n(len(c), type(c[0]), c[0] is i.__closure__[0], c[0].cell_contents, c[1].cell_contents, i.__code__.co_freevars, outer.__closure__)", "(2, <class 'cell'>, True, 1, [2], ('a', 'b'), None)"},
	{"def outer():\n    a = 1\n    def inner():\n        return a\n    return inner\ni = outer()\ni.__closure__[0].cell_contents = 7\ni()", "7"},
	{"(types.CellType(5).cell_contents, repr(types.CellType()).endswith(': empty>'), repr(types.CellType(1)).startswith('<cell at 0x'))", "(5, True, True)"},
	{"types.CellType(1, 2)", "TypeError: cell expected at most 1 argument, got 2"},
	{"class M:\n    def __mro_entries__(self, bases):\n        return (int, str)\n(types.resolve_bases((float, M(), list)), types.resolve_bases((int,)))", "((<class 'float'>, <class 'int'>, <class 'str'>, <class 'list'>), (<class 'int'>,))"},
	{"class C:\n    @types.DynamicClassAttribute\n    def name(self):\n        'the name'\n        return 'inst'\n    def __getattr__(self, k):\n        return 'via getattr'\n(C().name, C.__dict__['name'].__doc__)", "('inst', 'the name')"},
	{"import copy\nclass C:\n    def __init__(self):\n        self.v = [1]\n    def m(self):\n        return self.v\nc = C()\nd = copy.deepcopy(c.m)\n(copy.copy(c.m) == c.m, d.__self__ is c, d(), d() is c.v, c.m.__reduce__()[1][1])", "(True, False, [1], False, 'm')"},
	{"import inspect, functools\nclass C:\n    def m(self):\n        'doc'\nc = C()\nw = functools.wraps(c.m)(lambda: 0)\n(inspect.ismethod(c.m), inspect.isfunction(c.m), inspect.ismodule(types.ModuleType('q')), inspect.isroutine(c.m), callable(types.MethodType), w.__name__, w.__doc__, w.__wrapped__ == c.m)", "(True, False, True, True, True, 'm', 'doc', True)"},
	{"import inspect\nclass C:\n    def m(self):\n        pass\n(inspect.ismethod([].append), inspect.ismethod(C().__str__), [n for n, _ in inspect.getmembers(C(), inspect.ismethod)])", "(False, False, ['m'])"},
}

func TestTypes(t *testing.T) {
	langtest.CheckCellCases(t, "import types\n", cases)
	cpython.CheckCellCases(t, "import types\n", cases)
}
