package functools_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/functools"
)

const prelude = "import functools\nfrom functools import lru_cache, cache, cached_property, total_ordering\n"

const counted = "calls = []\n@lru_cache(maxsize=2)\ndef sq(x):\n    calls.append(x)\n    return x * x\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	// singledispatch, singledispatchmethod, partialmethod (dispatch.py)
	{"@functools.singledispatch\ndef fn(x):\n    return 'obj'\n@fn.register\ndef _(x: int):\n    return 'int'\n@fn.register(list)\ndef _(x):\n    return 'list'\nclass A:\n    pass\nclass B(A):\n    pass\nfn.register(A, lambda x: 'A')\nfn(1), fn(True), fn([1]), fn('s'), fn(B()), fn(A()), fn.dispatch(bool) is fn.dispatch(int), fn.__name__", "('int', 'int', 'list', 'obj', 'A', 'A', True, 'fn')"},
	{"@functools.singledispatch\ndef fn(x):\n    return 'obj'\nfn()", "TypeError: fn requires at least 1 positional argument"},
	{"@functools.singledispatch\ndef fn(x):\n    return 'obj'\nfn.register(5)", "TypeError: Invalid first argument to `register()`: 5. Use either `@register(some_class)` or plain `@register` on an annotated function."},
	{"class C:\n    @functools.singledispatchmethod\n    def f(self, x):\n        return 'obj'\n    @f.register\n    def _(self, x: int):\n        return f'int {self.n}'\n    @f.register(str)\n    def _(self, x):\n        return 'str'\n    n = 3\nc = C()\nc.f(1), c.f('a'), c.f(1.5)", "('int 3', 'str', 'obj')"},
	{"class C:\n    def set(self, name, value, scale=1):\n        return (name, value * scale)\n    half = functools.partialmethod(set, 'h', scale=0.5)\n    one = functools.partialmethod(set, 'one', 1)\nc = C()\nc.half(4), c.one(), c.half(4, scale=2), C.half(c, 2)", "(('h', 2.0), ('one', 1), ('h', 8), ('h', 1.0))"},

	// partial (module.py): the attributes, flattening, the repr, subclasses
	{"def f(a, b=1, *c, **k):\n    return (a, b, c, k)\np = functools.partial(f, 1, x=2)\nq = functools.partial(p, 3, y=4)\np(2), q(5, x=0), q.func is f, q.args, q.keywords, p.args, p.keywords, repr(functools.partial(len, 'ab', k=[1])), functools.partial(len)('abc')", "((1, 2, (), {'x': 2}), (1, 3, (5,), {'x': 0, 'y': 4}), True, (1, 3), {'x': 2, 'y': 4}, (1,), {'x': 2}, \"functools.partial(<built-in function len>, 'ab', k=[1])\", 3)"},
	{"class P(functools.partial):\n    pass\nclass Q(functools.partial):\n    def __call__(self, *a):\n        return 'Q'\np = functools.partial(len)\np.tag = 1\nrepr(P(len, 'ab')), P(P(len, 1), 2).args, functools.partial(p).func is p, functools.partial(Q(len, 1), 2).args, Q(len)(), isinstance(P(len), functools.partial), type(p).__name__, callable(p)", "(\"P(<built-in function len>, 'ab')\", (1, 2), True, (2,), 'Q', True, 'partial', True)"},
	{"functools.partial(3)", "TypeError: the first argument must be callable"},
	{"functools.partial()", "TypeError: type 'partial' takes at least one argument"},
	{"sorted(functools.__all__), functools.partialmethod.__name__, isinstance(functools.partialmethod(len), functools.partialmethod)", "(['WRAPPER_ASSIGNMENTS', 'WRAPPER_UPDATES', 'cache', 'cached_property', 'cmp_to_key', 'lru_cache', 'partial', 'partialmethod', 'reduce', 'singledispatch', 'singledispatchmethod', 'total_ordering', 'update_wrapper', 'wraps'], 'partialmethod', True)"},

	// update_wrapper and wraps: the names, the __dict__, __wrapped__
	{"def deco(f):\n    @functools.wraps(f)\n    def inner(*a, **k):\n        return f(*a, **k)\n    return inner\n@deco\ndef add(x, y):\n    'adds'\n    return x + y\nclass C:\n    @deco\n    def m(self):\n        'm doc'\n        return 5\n(add.__name__, add.__doc__, add.__qualname__, add.__wrapped__.__name__, add(2, 3), C().m(), C.m.__qualname__, C.m.__doc__, C.m.__wrapped__.__name__)", "('add', 'adds', 'add', 'add', 5, 5, 'C.m', 'm doc', 'm')"},
	{"def base(): pass\nbase.tag = 'x'\ndef w(): pass\nr = functools.update_wrapper(w, base)\ndef w2(): pass\nfunctools.update_wrapper(w2, base, assigned=('__doc__',), updated=())\ndef w3(): pass\nfunctools.update_wrapper(w3, 5)\n(r is w, w.__name__, w.tag, w.__wrapped__ is base, w2.__name__, hasattr(w2, 'tag'), w2.__wrapped__ is base, w3.__name__, w3.__wrapped__, functools.WRAPPER_ASSIGNMENTS, functools.WRAPPER_UPDATES)", "(True, 'base', 'x', True, 'w2', False, True, 'w3', 5, ('__module__', '__name__', '__qualname__', '__doc__', '__annotations__'), ('__dict__',))"},
	{"def w(): pass\nfunctools.update_wrapper(w, len, updated=('nope',))", "AttributeError: 'function' object has no attribute 'nope'"},
	{"def w(): pass\ndef b(): pass\nfunctools.update_wrapper(w, b, assigned=(1,))", "TypeError: attribute name must be string, not 'int'"},
	{"def cmp(a, b):\n    return (a > b) - (a < b)\nby_len = lambda a, b: len(a) - len(b)\nsorted([3, 1, 2], key=functools.cmp_to_key(cmp)), sorted(['ccc', 'a', 'bb'], key=functools.cmp_to_key(by_len), reverse=True), max([3, 1, 2], key=functools.cmp_to_key(cmp)), min(['ccc', 'a', 'bb'], key=functools.cmp_to_key(by_len))",
		"([1, 2, 3], ['ccc', 'bb', 'a'], 3, 'a')"},
	{"K = functools.cmp_to_key(lambda a, b: a - b)\nK(1) < K(2), K(2) <= K(2), K(3) > K(1), K(1) == K(1), K(1) != K(2), sorted([(1, 'b'), (1, 'a'), (0, 'z')], key=functools.cmp_to_key(lambda x, y: x[0] - y[0])), sorted([0.5, -1.5, 2.0], key=K)",
		"(True, True, True, True, True, [(0, 'z'), (1, 'b'), (1, 'a')], [-1.5, 0.5, 2.0])"},
	{counted + "[sq(2), sq(2), sq(3), sq(4), sq(2)], calls, sq.cache_info()", "([4, 4, 9, 16, 4], [2, 3, 4, 2], CacheInfo(hits=1, misses=4, maxsize=2, currsize=2))"},
	{counted + "sq(1)\nsq(2)\nsq(1)\nsq(3)\nsq(1), sq(2), calls", "(1, 4, [1, 2, 3, 2])"},
	{counted + "sq(1)\nsq.cache_clear()\nsq(1)\nsq.cache_info(), calls, sq.cache_parameters(), sq.__wrapped__(5), sq.__name__", "(CacheInfo(hits=0, misses=1, maxsize=2, currsize=1), [1, 1, 5], {'maxsize': 2, 'typed': False}, 25, 'sq')"},
	{"@lru_cache\ndef fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\nfib(80), fib.cache_info()", "(23416728348467685, CacheInfo(hits=78, misses=81, maxsize=128, currsize=81))"},
	{"@lru_cache(maxsize=None)\ndef f(a, b=1):\n    return a + b\nf(1), f(1), f(1, b=1), f(a=1), f(2, 3), f.cache_info()", "(2, 2, 2, 2, 5, CacheInfo(hits=1, misses=4, maxsize=None, currsize=4))"},
	{"@lru_cache(maxsize=0)\ndef f(a):\n    return a\nf(1), f(1), f.cache_info()", "(1, 1, CacheInfo(hits=0, misses=2, maxsize=0, currsize=0))"},
	{"@cache\ndef f(*a, **k):\n    return len(a) + len(k)\nf(1, 2), f(1, 2), f(x=1), f.cache_info()", "(2, 2, 1, CacheInfo(hits=1, misses=2, maxsize=None, currsize=2))"},
	{"@cache\ndef f(a):\n    return a\nf([1])", "TypeError: unhashable type: 'list'"},
	{"lru_cache('x')", "TypeError: Expected first argument to be an integer, a callable, or None"},
	{"class C:\n    def __init__(self, x):\n        self.x = x\n    @lru_cache(maxsize=None)\n    def m(self, y):\n        return self.x * y\na, b = C(2), C(3)\na.m(5), a.m(5), b.m(5), C.m.cache_info()", "(10, 10, 15, CacheInfo(hits=1, misses=2, maxsize=None, currsize=2))"},
	{"class C:\n    n = 0\n    def __init__(self, x):\n        self.x = x\n    @cached_property\n    def big(self):\n        C.n += 1\n        return self.x * 10\nc = C(2)\nc.big, c.big, C.n, c.__dict__, C(1).big, C.n", "(20, 20, 1, {'x': 2, 'big': 20}, 10, 2)"},
	{"class C:\n    @cached_property\n    def v(self):\n        return 1\nc = C()\nc.v = 5\nc.v, type(C.__dict__['v']).__name__, C.__dict__['v'].attrname", "(5, 'cached_property', 'v')"},
	{"class C:\n    @cached_property\n    def v(self):\n        raise ValueError('no')\nC().v", "ValueError: no"},
	{"@total_ordering\nclass V:\n    def __init__(self, v):\n        self.v = v\n    def __eq__(self, o):\n        return self.v == o.v\n    def __lt__(self, o):\n        return self.v < o.v\nV(1) <= V(2), V(2) <= V(2), V(3) <= V(2), V(2) >= V(2), V(3) > V(1), V(1) > V(1), max([V(3), V(7), V(1)]).v", "(True, True, False, True, True, False, 7)"},
	{"@total_ordering\nclass V:\n    def __init__(self, v):\n        self.v = v\n    def __eq__(self, o):\n        return self.v == o.v\n    def __le__(self, o):\n        return self.v <= o.v\nV(1) < V(2), V(2) < V(2), V(1) > V(2), V(2) >= V(2), V(3) >= V(4)", "(True, False, False, True, False)"},
	{"@total_ordering\nclass V:\n    def __init__(self, v):\n        self.v = v\n    def __eq__(self, o):\n        return self.v == o.v\n    def __gt__(self, o):\n        return self.v > o.v\nV(1) < V(2), V(2) <= V(2), V(1) >= V(2), V(2) >= V(2)", "(True, True, False, True)"},
	{"@total_ordering\nclass V:\n    def __init__(self, v):\n        self.v = v\n    def __eq__(self, o):\n        return self.v == o.v\n    def __ge__(self, o):\n        return self.v >= o.v\nV(1) < V(2), V(2) <= V(2), V(1) > V(2), V(3) > V(2)", "(True, True, False, True)"},
	{"@total_ordering\nclass V:\n    def __init__(self, v):\n        self.v = v\n    def __lt__(self, o):\n        if not isinstance(o, V):\n            return NotImplemented\n        return self.v < o.v\nV(1) >= 3", "TypeError: '>=' not supported between instances of 'V' and 'int'"},
	{"@total_ordering\nclass W:\n    pass", "ValueError: must define at least one ordering operation: < > <= >="},
}

func TestFunctools(t *testing.T) { langtest.CheckCellCases(t, prelude, cases) }

func TestAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, prelude, cases) }
