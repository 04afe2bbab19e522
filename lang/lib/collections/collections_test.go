package collections_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// the cases import json and copy, which lang/std links in
	_ "github.com/kael-dev/kael/lang/std"
)

const prelude = "from collections import Counter, defaultdict, OrderedDict, deque, namedtuple, ChainMap\nimport collections, collections.abc\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	// Counter
	{"c = Counter('abracadabra')\nc, c['a'], c['z'], len(c), 'z' in c", "(Counter({'a': 5, 'b': 2, 'r': 2, 'c': 1, 'd': 1}), 5, 0, 5, False)"},
	{"Counter('abracadabra').most_common(3), Counter('abracadabra').most_common(0), Counter().most_common()", "([('a', 5), ('b', 2), ('r', 2)], [], [])"},
	{"Counter({'x': 2, 'y': 5}), Counter(x=1, y=2), Counter(['a', 'b', 'a']), Counter()", "(Counter({'y': 5, 'x': 2}), Counter({'y': 2, 'x': 1}), Counter({'a': 2, 'b': 1}), Counter())"},
	{"c = Counter('aab')\nc.update('abc')\nc.update({'a': 10}, d=2)\nc", "Counter({'a': 13, 'b': 2, 'd': 2, 'c': 1})"},
	{"c = Counter(a=4, b=2)\nc.subtract(a=1, b=5, z=1)\nc, +c, -c", "(Counter({'a': 3, 'z': -1, 'b': -3}), Counter({'a': 3}), Counter({'b': 3, 'z': 1}))"},
	{"sorted(Counter(a=2, b=0, c=-1, d=1).elements()), Counter(a=2, b=3).total(), Counter().total()", "(['a', 'a', 'd'], 5, 0)"},
	{"a, b = Counter(a=3, b=1), Counter(a=1, b=2, c=1)\na + b, a - b, a | b, a & b", "(Counter({'a': 4, 'b': 3, 'c': 1}), Counter({'a': 2}), Counter({'a': 3, 'b': 2, 'c': 1}), Counter({'a': 1, 'b': 1}))"},
	{"Counter(a=1) == Counter(a=1, b=0), Counter(a=1) == {'a': 1}, Counter(a=1) != Counter(a=2), Counter(a=1, b=0) == {'a': 1}", "(True, True, True, False)"},
	{"c = Counter('ab')\nd = c.copy()\nd['a'] += 5\nc, d, type(d).__name__", "(Counter({'a': 1, 'b': 1}), Counter({'a': 6, 'b': 1}), 'Counter')"},
	{"c = Counter('hello')\nc['l'] += 1\ndel c['h']\nc, dict(c), list(c), list(c.items())[:2]", "(Counter({'l': 3, 'e': 1, 'o': 1}), {'e': 1, 'l': 3, 'o': 1}, ['e', 'l', 'o'], [('e', 1), ('l', 3)])"},
	{"import json\njson.dumps(Counter('aab')), isinstance(Counter(), dict), type(Counter()), type(Counter()) is Counter, isinstance(Counter(), Counter), isinstance({}, Counter)", "('{\"a\": 2, \"b\": 1}', True, <class 'collections.Counter'>, True, True, False)"},
	{"Counter().fromkeys('ab')", "NotImplementedError: Counter.fromkeys() is undefined.  Use Counter(iterable) instead."},
	{"Counter(a=1) + {'a': 1}", "TypeError: unsupported operand type(s) for +: 'Counter' and 'dict'"},
	{"Counter(3)", "TypeError: 'int' object is not iterable"},
	{"Counter('ab').get('a'), Counter('ab').get('z'), Counter('ab').keys(), str(Counter('ba'))", "(1, None, dict_keys(['a', 'b']), \"Counter({'b': 1, 'a': 1})\")"},
	{"words = 'the cat the dog the end'.split()\nCounter(words).most_common(1)[0]", "('the', 3)"},
	// ChainMap
	{"a, b = {'x': 1, 'y': 2}, {'y': 20, 'z': 30}\nc = ChainMap(a, b)\nc, c['y'], c['z'], len(c), list(c), 'z' in c, 'q' in c, c.get('q', 5), bool(c), bool(ChainMap()), ChainMap()", "(ChainMap({'x': 1, 'y': 2}, {'y': 20, 'z': 30}), 2, 30, 3, ['y', 'z', 'x'], True, False, 5, True, False, ChainMap({}))"},
	{"a, b = {'x': 1}, {'z': 3}\nc = ChainMap(a, b)\nc['q'] = 9\ndel c['x']\nd = c.new_child({'w': 0})\na, b, d, type(d).__name__, d.maps[1:] == c.maps", "({'q': 9}, {'z': 3}, ChainMap({'w': 0}, {'q': 9}, {'z': 3}), 'ChainMap', True)"},
	{"del ChainMap({}, {'z': 3})['z']", "KeyError: \"Key not found in the first mapping: 'z'\""},
	{"ChainMap({'a': 1})['b']", "KeyError: 'b'"},
	{"class D(ChainMap):\n    def __missing__(self, key):\n        return key * 2\nD({'a': 1})['ab'], D({'a': 1}), D().new_child()", "('abab', D({'a': 1}), D({}, {}))"},
	{"cm = ChainMap({'x': 1, 'y': 2}, {'y': 20, 'z': 30})\nlist(cm.keys()), list(cm.values()), list(cm.items()), dict(cm), list(cm)", "(['y', 'z', 'x'], [2, 30, 1], [('y', 2), ('z', 30), ('x', 1)], {'y': 2, 'z': 30, 'x': 1}, ['y', 'z', 'x'])"},
	{"cm = ChainMap({'x': 1, 'y': 2}, {'y': 20, 'z': 30})\nk = cm.keys()\nsorted(k - {'x'}), k & {'z', 'q'}, sorted(k | {'w'}), sorted(k ^ {'x', 'q'}), sorted({'q'} | k), sorted(['x'] - k)", "(['y', 'z'], {'z'}, ['w', 'x', 'y', 'z'], ['q', 'y', 'z'], ['q', 'x', 'y', 'z'], [])"},
	{"cm = ChainMap({'x': 1, 'y': 2}, {'y': 20, 'z': 30})\nk = cm.keys()\nk == {'x', 'y', 'z'}, k <= {'x', 'y', 'z', 'w'}, k < {'x', 'y', 'z'}, k >= {'x'}, k.isdisjoint(['q']), 'y' in k, ('y', 2) in cm.items(), ('y', 20) in cm.items(), 20 in cm.values(), len(k), len(cm.items())", "(True, True, False, True, True, True, True, False, False, 3, 3)"},
	{"cm = ChainMap({'a': 1})\ntype(cm.keys()).__name__, type(cm.values()).__name__, type(cm.items()).__name__, repr(cm.keys()), repr(cm.items())", "('KeysView', 'ValuesView', 'ItemsView', \"KeysView(ChainMap({'a': 1}))\", \"ItemsView(ChainMap({'a': 1}))\")"},
	{"c = collections.abc\ncm = ChainMap()\nisinstance(cm, c.Mapping), isinstance(cm, c.MutableMapping), isinstance(cm.keys(), c.KeysView), isinstance(cm.keys(), c.Set), isinstance(cm.values(), c.Set), isinstance(cm.items(), c.ItemsView), isinstance(cm.values(), c.MappingView)", "(True, True, True, True, False, True, True)"},
	{"a, b = {'x': 1}, {'y': 2}\ncm = ChainMap(a, b)\nc = cm.new_child()\nc['x'] = 100\nd = cm.new_child({'n': 1}, k=2)\nc, c.parents, c.maps, d, d['y'], cm.parents.maps, cm.maps[0] is a, ChainMap({'q': 1}).parents", "(ChainMap({'x': 100}, {'x': 1}, {'y': 2}), ChainMap({'x': 1}, {'y': 2}), [{'x': 100}, {'x': 1}, {'y': 2}], ChainMap({'n': 1, 'k': 2}, {'x': 1}, {'y': 2}), 2, [{'y': 2}], True, ChainMap({}))"},
	{"cm = ChainMap({'a': 1, 'b': 2}, {'c': 3})\ncm.pop('a'), cm.pop('c', 'dflt'), cm.popitem(), repr(cm), cm.setdefault('c', 9), cm.setdefault('d', 4), cm", "(1, 'dflt', ('b', 2), \"ChainMap({}, {'c': 3})\", 3, 4, ChainMap({'d': 4}, {'c': 3}))"},
	{"cm = ChainMap({'a': 1}, {'c': 3})\ncm.update({'b': 2}, e=5)\ncm.update([('f', 6)])\ncm.clear()\ncm, ChainMap.fromkeys('ab'), ChainMap.fromkeys('ab', 0), ChainMap({'a': 1}, {'a': 2}) == {'a': 1}, ChainMap({'a': 1}) == ChainMap({}, {'a': 1}), ChainMap() == []", "(ChainMap({}, {'c': 3}), ChainMap({'a': None, 'b': None}), ChainMap({'a': 0, 'b': 0}), True, True, False)"},
	{"ChainMap({}, {'a': 1}).pop('a')", "KeyError: \"Key not found in the first mapping: 'a'\""},
	{"ChainMap({}, {'a': 1}).popitem()", "KeyError: 'No keys found in the first mapping.'"},
	{"import copy\ncm = ChainMap({'a': [1]}, {'b': 2})\nc = copy.copy(cm)\nd = copy.deepcopy(cm)\nc, c.maps[1] is cm.maps[1], d, d.maps[0]['a'] is cm.maps[0]['a']", "(ChainMap({'a': [1]}, {'b': 2}), True, ChainMap({'a': [1]}, {'b': 2}), False)"},
	{"from collections import UserDict\nu = UserDict(a=1, b=2)\nsorted(u.keys() & {'a'}), sorted(u.items() - {('a', 1)}), u.keys() == {'a', 'b'}", "(['a'], [('b', 2)], True)"},
	// defaultdict
	{"d = defaultdict(list)\nd['a'].append(1)\nd['a'].append(2)\nd['b']\nd, d.default_factory, 'c' in d, d.get('c'), len(d)", "(defaultdict(<class 'list'>, {'a': [1, 2], 'b': []}), <class 'list'>, False, None, 2)"},
	{"d = defaultdict(int)\nfor w in 'a b a c a'.split():\n    d[w] += 1\nd, dict(d), sorted(d.items(), key=lambda kv: -kv[1])[0]", "(defaultdict(<class 'int'>, {'a': 3, 'b': 1, 'c': 1}), {'a': 3, 'b': 1, 'c': 1}, ('a', 3))"},
	{"d = defaultdict(lambda: 'n/a', x=1)\nd['y'], dict(d), repr(d).startswith('defaultdict(<function <lambda>')", "('n/a', {'x': 1, 'y': 'n/a'}, True)"},
	{"defaultdict(None, {'a': 1})['b']", "KeyError: 'b'"},
	{"defaultdict()['b']", "KeyError: 'b'"},
	{"defaultdict(3)", "TypeError: first argument must be callable or None"},
	{"d = defaultdict(set, [('a', {1})])\nd['b'].add(2)\ne = d.copy()\ne['c']\nd, e, type(e).__name__, isinstance(d, dict)", "(defaultdict(<class 'set'>, {'a': {1}, 'b': {2}}), defaultdict(<class 'set'>, {'a': {1}, 'b': {2}, 'c': set()}), 'defaultdict', True)"},
	{"d = defaultdict(list)\nd.default_factory = int\nd['z'], d.default_factory", "(0, <class 'int'>)"},
	{"d = defaultdict(list, a=[1])\nd | {'b': [2]}, {'c': 0} | d", "(defaultdict(<class 'list'>, {'a': [1], 'b': [2]}), defaultdict(<class 'list'>, {'c': 0, 'a': [1]}))"},
	{"d = defaultdict(lambda: defaultdict(int))\nd['x']['y'] += 2\nd['x']['y'], len(d['x'])", "(2, 1)"},
	// OrderedDict
	{"o = OrderedDict([('a', 1), ('b', 2)], c=3)\no.move_to_end('a')\no, list(o)", "(OrderedDict([('b', 2), ('c', 3), ('a', 1)]), ['b', 'c', 'a'])"},
	{"o = OrderedDict.fromkeys('abc') if False else OrderedDict(a=1, b=2, c=3)\no.move_to_end('c', last=False)\no.popitem(), o.popitem(last=False), o", "(('b', 2), ('c', 3), OrderedDict([('a', 1)]))"},
	{"OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), OrderedDict(a=1, b=2) == {'b': 2, 'a': 1}, OrderedDict(a=1) == OrderedDict(a=1)", "(False, True, True)"},
	{"OrderedDict(), OrderedDict().popitem()", "KeyError: 'dictionary is empty'"},
	{"OrderedDict(a=1).move_to_end('z')", "KeyError: 'z'"},
	{"o = OrderedDict(a=1)\np = o.copy()\np['b'] = 2\no, p, isinstance(p, dict), type(p)", "(OrderedDict([('a', 1)]), OrderedDict([('a', 1), ('b', 2)]), True, <class 'collections.OrderedDict'>)"},
	{"OrderedDict(a=1) | {'b': 2}", "OrderedDict([('a', 1), ('b', 2)])"},
	// deque
	{"q = deque([1, 2, 3])\nq.append(4)\nq.appendleft(0)\nq, q[0], q[-1], len(q), q.maxlen, 3 in q, list(q)", "(deque([0, 1, 2, 3, 4]), 0, 4, 5, None, True, [0, 1, 2, 3, 4])"},
	{"q = deque(maxlen=3)\nfor i in range(5):\n    q.append(i)\nq, q.maxlen", "(deque([2, 3, 4], maxlen=3), 3)"},
	{"q = deque([1, 2, 3], maxlen=3)\nq.appendleft(0)\nq.extendleft([7, 8])\nq", "deque([8, 7, 0], maxlen=3)"},
	{"q = deque(range(5))\nq.rotate(2)\na = list(q)\nq.rotate(-3)\na, q", "([3, 4, 0, 1, 2], deque([1, 2, 3, 4, 0]))"},
	{"q = deque('abc')\nq.popleft(), q.pop(), q, q.extend('xy'), q, q.count('x'), q.index('y')", "('a', 'c', deque(['b', 'x', 'y']), None, deque(['b', 'x', 'y']), 1, 2)"},
	{"q = deque([1, 2, 1])\nq.remove(1)\nq.insert(1, 9)\nq.reverse()\nq[0] = 5\nq, q == deque([5, 9, 2]), q == [5, 9, 2], bool(deque()), q.copy()", "(deque([5, 9, 2]), True, False, False, deque([5, 9, 2]))"},
	{"deque().pop()", "IndexError: pop from an empty deque"},
	{"deque().popleft()", "IndexError: pop from an empty deque"},
	{"deque([1])[5]", "IndexError: deque index out of range"},
	{"deque([1], maxlen=1).insert(0, 2)", "IndexError: deque already at its maximum size"},
	{"deque([1], maxlen=-1)", "ValueError: maxlen must be non-negative"},
	{"hash(deque())", "TypeError: unhashable type: 'collections.deque'"},
	{"q = deque([1, 2])\ntype(q), isinstance(q, deque), q.clear(), q", "(<class 'collections.deque'>, True, None, deque([]))"},
	{"deque([1, 2], 0), deque('ab', maxlen=1)", "(deque([], maxlen=0), deque(['b'], maxlen=1))"},
	// namedtuple
	{"Point = namedtuple('Point', ['x', 'y'])\np = Point(1, y=2)\np, p.x, p[1], p._asdict(), p._replace(x=5), Point._fields, p == (1, 2), p < (1, 3)", "(Point(x=1, y=2), 1, 2, {'x': 1, 'y': 2}, Point(x=5, y=2), ('x', 'y'), True, True)"},
	{"P = namedtuple('P', 'a, b c', defaults=[0, 9])\nP(1), P(1, 2, 3), P._field_defaults, P._make(range(3))", "(P(a=1, b=0, c=9), P(a=1, b=2, c=3), {'b': 0, 'c': 9}, P(a=0, b=1, c=2))"},
	{"P = namedtuple('P', 'x y')\np = P(3, 4)\nx, y = p\n(x, y), len(p), list(p), p + (5,), p[:1], p * 2, isinstance(p, tuple), isinstance(p, P), type(p) is P, type(p), hash(p) == hash((3, 4)), {p: 1}[(3, 4)]", "((3, 4), 2, [3, 4], (3, 4, 5), (3,), (3, 4, 3, 4), True, True, True, <class '__main__.P'>, True, 1)"},
	{"P = namedtuple('P', 'x y')\nP(1)", "TypeError: P.__new__() missing 1 required positional argument: 'y'"},
	{"P = namedtuple('P', 'x y')\nP(1, 2, 3)", "TypeError: P.__new__() takes 3 positional arguments but 4 were given"},
	{"P = namedtuple('P', 'x y')\nP(1, z=2)", "TypeError: P.__new__() got an unexpected keyword argument 'z'"},
	{"P = namedtuple('P', 'x y')\nP(1, 2)._replace(z=3)", "ValueError: Got unexpected field names: ['z']"},
	{"P = namedtuple('P', 'x y')\nP._make([1])", "TypeError: Expected 2 arguments, got 1"},
	{"namedtuple('P', 'x x')", "ValueError: Encountered duplicate field name: 'x'"},
	{"namedtuple('P', 'x _y')", "ValueError: Field names cannot start with an underscore: '_y'"},
	{"namedtuple('P', 'x class')", "ValueError: Type names and field names cannot be a keyword: 'class'"},
	{"namedtuple('1P', 'x')", "ValueError: Type names and field names must be valid identifiers: '1P'"},
	{"namedtuple('P', 'x', defaults=[1, 2])", "TypeError: Got more default values than field names"},
	{"namedtuple('P', 'x def x _z', rename=True)._fields", "('x', '_1', '_2', '_3')"},
	{"P = namedtuple('P', 'x y')\nP(1, 2).count(1), P(1, 2).index(2), P.__name__, P(1, 2).x", "(1, 1, 'P', 1)"},
	{"P = namedtuple('P', 'x y')\nP(1, 2).x = 5", "AttributeError: can't set attribute"},
	// collections.abc
	{"from collections.abc import Awaitable, Coroutine, AsyncIterable, AsyncIterator, AsyncGenerator, Generator\nasync def co():\n    pass\nasync def ag():\n    yield 1\nc = co()\ng = ag()\nclass A:\n    def __await__(self):\n        yield\nr = [isinstance(x, t) for t in (Awaitable, Coroutine, AsyncIterable, AsyncIterator, AsyncGenerator, Generator) for x in (c, g, g.asend(None), A(), 1)]\nc.close()\nr, [issubclass(type(x), a) for a in (Awaitable, Coroutine, AsyncGenerator) for x in (c, g)]", "([True, False, True, True, False, True, False, True, False, False, False, True, False, False, False, False, True, False, False, False, False, True, False, False, False, False, False, True, False, False], [True, False, True, False, False, True])"},
	{"c = collections.abc\nd = {1: 2}\n[isinstance(v, c.Set) for v in (d.keys(), d.values(), d.items())], [isinstance(v, c.MappingView) for v in (d.keys(), d.values(), d.items(), d)], isinstance(d.keys(), c.KeysView), isinstance(d.values(), c.ValuesView), isinstance(d.items(), c.ItemsView), isinstance(d.keys(), c.ItemsView), isinstance(b'', c.ByteString), isinstance(bytearray(), c.ByteString), isinstance('', c.ByteString), issubclass(type(d.keys()), c.KeysView)", "([True, False, True], [True, True, True, False], True, True, True, False, True, True, False, True)"},
	{"from collections.abc import Iterable, Sequence, Mapping, Callable, Sized, Iterator, MutableMapping, Hashable, Set\nisinstance([], Sequence), isinstance((), Sequence), isinstance('s', Sequence), isinstance({}, Sequence), isinstance({}, Mapping), isinstance(Counter(), MutableMapping)", "(True, True, True, False, True, True)"},
	{"from collections.abc import Iterable, Callable, Sized, Iterator, Hashable, Set\nisinstance(3, Iterable), isinstance(range(3), Iterable), isinstance(iter([]), Iterator), isinstance([], Iterator), isinstance(len, Callable), isinstance(3, Callable)", "(False, True, True, False, True, False)"},
	{"from collections.abc import Sized, Hashable, Set, Sequence\nisinstance([], Sized), isinstance(3, Sized), isinstance([], Hashable), isinstance((1,), Hashable), isinstance({1}, Set), isinstance(deque(), Sequence)", "(True, False, False, True, True, True)"},
	{"from collections.abc import Iterable, Sized\nclass Bag:\n    def __iter__(self):\n        return iter([])\n    def __len__(self):\n        return 0\nisinstance(Bag(), Iterable), isinstance(Bag(), Sized), issubclass(Bag, Iterable), issubclass(list, collections.abc.Sequence), collections.abc.Mapping", "(True, True, True, True, <class 'collections.abc.Mapping'>)"},
	{"def gen():\n    yield 1\nisinstance(gen(), collections.abc.Iterator), isinstance(gen(), collections.abc.Generator)", "(True, True)"},
	{"from collections.abc import Awaitable, Coroutine, AsyncIterable, AsyncIterator, AsyncGenerator\ndef gen():\n    yield 1\n[isinstance(x, c) for c in (Awaitable, Coroutine, AsyncIterable, AsyncIterator, AsyncGenerator) for x in (1, [], gen(), iter([]))], issubclass(list, AsyncIterable), Awaitable.__name__, AsyncGenerator.__name__", "([False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False, False], False, 'Awaitable', 'AsyncGenerator')"},
	// PEP 584's | and |= (Counter's | is the maximum of the counts)
	{"Counter(a=1, b=5) | Counter(b=2, c=3), Counter(a=1) | {'a': 3}, {'a': 3} | Counter(a=1), type(Counter(a=1) | {'a': 3}).__name__", "(Counter({'b': 5, 'c': 3, 'a': 1}), {'a': 3}, {'a': 1}, 'dict')"},
	{"c = Counter(a=1, b=2)\nk = c\nc |= Counter(a=3, z=1)\nc |= {'b': 7}\nc &= Counter(a=2, b=9, z=5)\nc += {'q': 2}\nc -= Counter(a=5)\nc, c is k", "(Counter({'b': 7, 'q': 2, 'z': 1}), True)"},
	{"c = Counter()\nc |= [1]", "AttributeError: 'list' object has no attribute 'items'"},
	{"o = OrderedDict(a=1)\np = o\no |= [('b', 2)]\no | {'c': 3}, {'c': 3} | o, o is p, type(o | {}).__name__", "(OrderedDict([('a', 1), ('b', 2), ('c', 3)]), OrderedDict([('c', 3), ('a', 1), ('b', 2)]), True, 'OrderedDict')"},
	{"d = defaultdict(list, a=1)\ne = d | {'b': 2}\nf = {'b': 2} | d\ng = d\nd |= [('c', 3)]\ne, f, d is g, e.default_factory, f.default_factory", "(defaultdict(<class 'list'>, {'a': 1, 'b': 2}), defaultdict(<class 'list'>, {'b': 2, 'a': 1}), True, <class 'list'>, <class 'list'>)"},
	{"cm = ChainMap({'a': 1}, {'b': 2})\nr = cm | {'z': 0}\nr, cm, {'z': 1, 'a': 9} | cm, {} | ChainMap({'a': 1}), type({} | ChainMap()).__name__", "(ChainMap({'a': 1, 'z': 0}, {'b': 2}), ChainMap({'a': 1}, {'b': 2}), ChainMap({'z': 1, 'a': 1, 'b': 2}), ChainMap({'a': 1}), 'ChainMap')"},
	{"cm = ChainMap({}, {'q': 1})\nk = cm\ncm |= {'a': 1}\ncm |= [('b', 2)]\ncm, cm is k, cm.copy(), cm.copy().maps[1] is cm.maps[1]", "(ChainMap({'a': 1, 'b': 2}, {'q': 1}), True, ChainMap({'a': 1, 'b': 2}, {'q': 1}), True)"},
	{"ChainMap() | []", "TypeError: unsupported operand type(s) for |: 'ChainMap' and 'list'"},
	{"[] | ChainMap()", "TypeError: unsupported operand type(s) for |: 'list' and 'ChainMap'"},
	{"class CM(ChainMap):\n    pass\ntype(CM({'a': 1}) | {}).__name__, type({} | CM()).__name__", "('CM', 'CM')"},
	{"import copy\nc = Counter('ab')\nd = copy.deepcopy(c)\nd['a'] += 1\nc, d, copy.copy(deque([1])), type(copy.deepcopy(defaultdict(list))).__name__", "(Counter({'a': 1, 'b': 1}), Counter({'a': 2, 'b': 1}), deque([1]), 'defaultdict')"},
}

func TestCollections(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
}

func TestAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
}
