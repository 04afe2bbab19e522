package inspect_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

const extraPrelude = "import inspect, sys, typing\nclass Base:\n    x = 1\n    def m(self):\n        return 1\nclass C(Base):\n    y: int = 2\n    @property\n    def p(self):\n        return 3\n    @staticmethod\n    def s():\n        return 4\n    def __getattr__(self, n):\n        return 'dyn'\ndef gen():\n    yield 1\ndef f(a: int, b: 'str' = 'x') -> list:\n    pass\n"

// extraCases are extra.go's, CPython 3.11's outcomes.
var extraCases = []langtest.Case{
	{"async def co():\n    pass\nasync def ag():\n    yield\nclass W:\n    def __await__(self):\n        yield\n    async def m(self):\n        pass\nc = co()\nr = [[p(x) for x in (c, co, ag(), ag, W(), W().m, 1)] for p in (inspect.iscoroutine, inspect.iscoroutinefunction, inspect.isasyncgen, inspect.isasyncgenfunction, inspect.isawaitable, inspect.isgeneratorfunction)]\nc.close()\nr, co.__code__.co_flags & 0x3a0, ag.__code__.co_flags & 0x3a0", "([[True, False, False, False, False, False, False], [False, True, False, False, False, True, False], [False, False, True, False, False, False, False], [False, False, False, True, False, False, False], [True, False, False, False, True, False, False], [False, False, False, False, False, False, False]], 128, 512)"},
	{"inspect.CO_VARARGS, inspect.CO_VARKEYWORDS, inspect.CO_GENERATOR, inspect.CO_COROUTINE, inspect.CO_ASYNC_GENERATOR, inspect.CO_NESTED, inspect.CO_OPTIMIZED, inspect.CO_NEWLOCALS, inspect.CO_NOFREE, inspect.CO_ITERABLE_COROUTINE, inspect.TPFLAGS_IS_ABSTRACT", "(4, 8, 32, 128, 512, 16, 1, 2, 64, 256, 1048576)"},
	{"inspect.GEN_CREATED, inspect.GEN_RUNNING, inspect.GEN_SUSPENDED, inspect.GEN_CLOSED, inspect.CORO_CREATED, inspect.CORO_CLOSED", "('GEN_CREATED', 'GEN_RUNNING', 'GEN_SUSPENDED', 'GEN_CLOSED', 'CORO_CREATED', 'CORO_CLOSED')"},
	{"[p(x) for p in (inspect.iscoroutine, inspect.isasyncgen, inspect.isasyncgenfunction, inspect.isawaitable, inspect.isgetsetdescriptor, inspect.ismemberdescriptor) for x in (gen(), gen, f, 1)]", "[False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False]"},
	{"try:\n    1/0\nexcept ZeroDivisionError as e:\n    tb = e.__traceback__\ninspect.iscode(f.__code__), inspect.iscode(f), inspect.isframe(sys._getframe()), inspect.isframe(tb), inspect.istraceback(tb), inspect.istraceback(None), inspect.isframe(tb.tb_frame)", "(True, False, True, False, True, False, True)"},
	{"inspect.isdatadescriptor(C.__dict__['p']), inspect.isdatadescriptor(C.p), inspect.isdatadescriptor(1), inspect.ismethoddescriptor(C.__dict__['s']), inspect.ismethoddescriptor(f)", "(True, True, False, True, False)"},
	{"import collections\ninspect.getmodule(inspect) is inspect, inspect.getmodule(collections.OrderedDict) is collections, inspect.getmodule(3)", "(True, True, None)"},
	{"inspect.getmodulename('/a/b/mod.py'), inspect.getmodulename('x.pyc'), inspect.getmodulename('lib.so'), inspect.getmodulename('notes.txt'), inspect.getmodulename('pkg')", "('mod', 'x', 'lib', None, None)"},
	{"c = C()\nc.z = 5\ng = inspect.getattr_static\ng(c, 'z'), g(c, 'x'), type(g(c, 'p')).__name__, type(g(C, 's')).__name__, g(c, 'nope', 'dflt'), getattr(c, 'nope'), g(C, 'y'), g(c, 'm') is Base.__dict__['m']", "(5, 1, 'property', 'staticmethod', 'dflt', 'dyn', 2, True)"},
	{"inspect.getattr_static(C(), 'nope')", "AttributeError: nope"},
	{"[n for n, v in inspect.getmembers_static(C) if not n.startswith('_')], type(dict(inspect.getmembers_static(C))['p']).__name__", "(['m', 'p', 's', 'x', 'y'], 'property')"},
	{"inspect.get_annotations(f), inspect.get_annotations(C), inspect.get_annotations(Base), inspect.get_annotations(lambda: 0)", "({'a': <class 'int'>, 'b': 'str', 'return': <class 'list'>}, {'y': <class 'int'>}, {}, {})"},
	{"inspect.get_annotations(3)", "TypeError: 3 is not a module, class, or callable."},
	{"inspect.formatannotation(int), inspect.formatannotation(C) == (C.__qualname__ if C.__module__ == 'builtins' else C.__module__ + '.C'), inspect.formatannotation(C, C.__module__), inspect.formatannotation(list[int]), inspect.formatannotation(typing.List[int]), inspect.formatannotation('x'), inspect.formatannotation(None), inspect.formatannotation(typing.Optional[int])", "('int', True, 'C', 'list[int]', 'List[int]', \"'x'\", 'None', 'Optional[int]')"},
	{"def g2():\n    yield inspect.getgeneratorstate(it)\n    yield 2\nit = g2()\na = inspect.getgeneratorstate(it)\nb = next(it)\nc = inspect.getgeneratorstate(it), it.gi_suspended, it.gi_running\nlist(it)\nd = inspect.getgeneratorstate(it)\nit2 = g2()\nit2.close()\na, b, c, d, inspect.getgeneratorstate(it2), inspect.getgeneratorstate(x for x in [])", "('GEN_CREATED', 'GEN_RUNNING', ('GEN_SUSPENDED', True, False), 'GEN_CLOSED', 'GEN_CLOSED', 'GEN_CREATED')"},
	{"inspect.getgeneratorstate(3)", "AttributeError: 'int' object has no attribute 'gi_running'"},
	{"inspect.indentsize('    x'), inspect.indentsize('\\tx'), inspect.indentsize('  \\t x'), inspect.indentsize(''), inspect.indentsize('x')", "(4, 8, 9, 0, 0)"},
	{"inspect.getlineno(sys._getframe()) == sys._getframe().f_lineno, inspect.trace()", "(True, [])"},
	{"def inner():\n    raise KeyError(1)\ndef outer():\n    inner()\ntry:\n    outer()\nexcept KeyError as e:\n    fi = inspect.getinnerframes(e.__traceback__)\n    t = [x.function for x in inspect.trace()]\n[x.function for x in fi], [x.lineno for x in fi], t, type(fi[0]).__name__, fi[-1].frame.f_code.co_name", "(['<module>', 'outer', 'inner'], [6, 4, 2], ['<module>', 'outer', 'inner'], 'FrameInfo', 'inner')"},
}

func TestInspectExtra(t *testing.T) { langtest.CheckCellCases(t, extraPrelude, extraCases) }

func TestInspectExtraAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, extraPrelude, extraCases)
}

var classifyCases = []langtest.Case{
	{"class E(C):\n    z = 0\n    @classmethod\n    def k(cls):\n        pass\n    def m(self):\n        pass\n[(x.name, x.kind, x.defining_class.__name__) for x in inspect.classify_class_attrs(E) if not x.name.startswith('_')], type(inspect.classify_class_attrs(E)[0]).__name__, [x.object for x in inspect.classify_class_attrs(E) if x.name == 'z']", "([('k', 'class method', 'E'), ('m', 'method', 'E'), ('p', 'property', 'C'), ('s', 'static method', 'C'), ('x', 'data', 'Base'), ('y', 'data', 'C'), ('z', 'data', 'E')], 'Attribute', [0])"},
}

func TestClassifyClassAttrs(t *testing.T) {
	langtest.CheckCellCases(t, extraPrelude, classifyCases)
	cpython.CheckCellCases(t, extraPrelude, classifyCases)
}

var argsPrelude = "import inspect\ndef k(a, b=2, *c, d, **e):\n    return inspect.getargvalues(inspect.currentframe())\ndef g(*a, **k):\n    pass\ndef h():\n    def i(x):\n        yield x\n    return i\nl = lambda: 0\n"

var argsCases = []langtest.Case{
	{"k.__code__.co_flags, g.__code__.co_flags, h.__code__.co_flags, h().__code__.co_flags, l.__code__.co_flags, compile('1', 's', 'exec').co_flags", "(15, 15, 3, 51, 3, 0)"},
	{"r = k(1, d=4)\nr[:3], r.locals == {'a': 1, 'b': 2, 'd': 4, 'c': (), 'e': {}}, type(r).__name__, r.keywords", "((['a', 'b', 'd'], 'c', 'e'), True, 'ArgInfo', 'e')"},
	{"inspect.formatargvalues(*k(1, 5, 6, d=4, z=1)), inspect.getargs(k.__code__), inspect.getargs(l.__code__)", "(\"(a=1, b=5, d=4, *c=(6,), **e={'z': 1})\", Arguments(args=['a', 'b', 'd'], varargs='c', varkw='e'), Arguments(args=[], varargs=None, varkw=None))"},
	{"inspect.formatargvalues(['x'], None, None, {'x': 3}, formatarg=str.upper, formatvalue=lambda v: ':' + str(v))", "'(X:3)'"},
	{"inspect.getargs(3)", "TypeError: 3 is not a code object"},
}

func TestGetargvalues(t *testing.T) {
	langtest.CheckCellCases(t, argsPrelude, argsCases)
	cpython.CheckCellCases(t, argsPrelude, argsCases)
}
