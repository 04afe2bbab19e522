package std_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// libraryBases are class statements deriving from the library classes
// of the stdlib modules kael has, each with a small use, run in kael and
// CPython 3.11 (show collects what a case prints). Not here, as kael
// lacks them as bases or at all: html.parser.HTMLParser,
// weakref.WeakValueDictionary, shlex.shlex, string.Template and
// zoneinfo.ZoneInfo.
var libraryBases = []string{
	// defaultdict
	"from collections import defaultdict\nclass D(defaultdict):\n    def total(self): return sum(self.values())\nd = D(int); d['a'] += 2; d['b'] += 3\nshow(d.total(), type(d).__name__, d['z'], sorted(d.items()), isinstance(d, dict))\nout",
	// Counter
	"from collections import Counter\nclass C(Counter):\n    def top(self): return self.most_common(1)[0]\nc = C('abracadabra')\nshow(c.top(), type(c + C('a')).__name__, c['z'], type(c).__name__)\nout",
	// deque
	"from collections import deque\nclass Q(deque):\n    def push(self, x): self.append(x); return self\nq = Q([1, 2], maxlen=3).push(3).push(4)\nshow(list(q), q.maxlen, type(q).__name__, len(q))\nout",
	// UserDict
	"from collections import UserDict\nclass U(UserDict):\n    def __setitem__(self, k, v): super().__setitem__(k.lower(), v)\nu = U(); u['A'] = 1; u.update(B=2)\nshow(dict(u), 'a' in u, u.data, len(u), type(u).__name__)\nout",
	// UserList
	"from collections import UserList\nclass L(UserList):\n    def total(self): return sum(self.data)\nl = L([3, 1, 2]); l.append(5); l.sort()\nshow(l, l.total(), type(l[:2]).__name__, l + [1], type(l + [1]).__name__)\nout",
	// UserString
	"from collections import UserString\nclass S(UserString):\n    def shout(self): return self.upper() + '!'\ns = S('hi')\nshow(s.shout(), type(s.upper()).__name__, s + 'x', len(s), s == 'hi')\nout",
	// ChainMap
	"from collections import ChainMap\nclass CM(ChainMap):\n    pass\nc = CM({'a': 1}, {'a': 2, 'b': 3})\nshow(c['a'], c['b'], sorted(c), type(c.new_child()).__name__, len(c))\nout",
	// namedtuple
	"from collections import namedtuple\nclass P(namedtuple('P', 'x y')):\n    __slots__ = ()\n    def norm(self): return (self.x**2 + self.y**2) ** .5\np = P(3, 4)\nshow(p, p.norm(), p._replace(x=0), type(p._replace(x=0)).__name__, p._asdict())\nout",
	// NamedTuple
	"from typing import NamedTuple\nclass P(NamedTuple):\n    x: int\n    y: int = 0\n    def s(self): return self.x + self.y\nshow(P(1), P(1, 2).s(), P._fields, P._field_defaults, P(1)._replace(y=5))\nout",
	// TypedDict
	"from typing import TypedDict\nclass M(TypedDict):\n    name: str\n    n: int\nm = M(name='a', n=1)\nshow(m, type(m).__name__, M.__annotations__ if hasattr(M, '__annotations__') else None)\nout",
	// Generic
	"from typing import Generic, TypeVar\nT = TypeVar('T')\nclass Box(Generic[T]):\n    def __init__(self, v: T): self.v = v\nb = Box[int](3)\nshow(b.v, type(b).__name__, Box.__name__)\nout",
	// Protocol
	"from typing import Protocol\nclass Greeter(Protocol):\n    def greet(self) -> str: ...\nclass G:\n    def greet(self): return 'hi'\ndef f(g: Greeter): return g.greet()\nshow(f(G()), Greeter.__name__)\nout",
	// Enum
	"from enum import Enum, auto\nclass C(Enum):\n    R = auto(); G = auto()\n    def lower(self): return self.name.lower()\nshow(C.R, C.G.value, C.R.lower(), list(C), C['G'], C(1))\nout",
	// IntFlag
	"from enum import IntFlag\nclass P(IntFlag):\n    R = 4; W = 2; X = 1\nshow(P.R | P.W, int(P.R | P.X), P(6), P.R in (P.R | P.W))\nout",
	// StrEnum
	"from enum import StrEnum\nclass S(StrEnum):\n    A = 'a'; B = 'b'\nshow(S.A, S.A + 'x', S('b'), S.A.upper(), f'{S.B}')\nout",
	// ABC
	"from abc import ABC, abstractmethod\nclass Sh(ABC):\n    @abstractmethod\n    def area(self): ...\nclass Sq(Sh):\n    def area(self): return 4\ntry:\n    Sh()\nexcept TypeError as e:\n    show(e)\nshow(Sq().area(), isinstance(Sq(), Sh))\nout",
	// JSONEncoder
	"import json\nclass E(json.JSONEncoder):\n    def default(self, o):\n        if isinstance(o, set): return sorted(o)\n        return super().default(o)\nshow(json.dumps({'a': {3, 1}}, cls=E), E().encode({'b': {2}}))\ntry:\n    json.dumps(object(), cls=E)\nexcept TypeError as e:\n    show(e)\nout",
	// JSONDecoder
	"import json\nclass D(json.JSONDecoder):\n    def __init__(self, *a, **k):\n        super().__init__(*a, object_hook=lambda d: {k.upper(): v for k, v in d.items()}, **k)\nshow(json.loads('{\"a\": {\"b\": 1}}', cls=D), D().decode('{\"x\": 2}'))\nout",
	// argparse.Action
	"import argparse\nclass Up(argparse.Action):\n    def __call__(self, parser, ns, values, option_string=None):\n        setattr(ns, self.dest, values.upper())\np = argparse.ArgumentParser(prog='p')\np.add_argument('--name', action=Up)\nshow(p.parse_args(['--name', 'bob']))\nout",
	// ArgumentParser
	"import argparse\nclass P(argparse.ArgumentParser):\n    def error(self, message):\n        raise ValueError(message)\np = P(prog='x'); p.add_argument('n', type=int)\ntry:\n    p.parse_args(['z'])\nexcept ValueError as e:\n    show('VE', e)\nshow(p.parse_args(['3']))\nout",
	// logging.Handler
	"import logging\nclass ListH(logging.Handler):\n    def __init__(self):\n        super().__init__(); self.out = []\n    def emit(self, record): self.out.append(self.format(record))\nlog = logging.getLogger('sweep'); h = ListH(); h.setFormatter(logging.Formatter('%(levelname)s:%(message)s'))\nlog.addHandler(h); log.setLevel(logging.INFO); log.propagate = False\nlog.info('a %d', 1); log.debug('no'); log.warning('w')\nshow(h.out, h.level)\nout",
	// logging.Formatter
	"import logging\nclass F(logging.Formatter):\n    def format(self, record): return record.getMessage().upper()\nclass Fl(logging.Filter):\n    def filter(self, record): return 'x' not in record.getMessage()\nlog = logging.getLogger('sw2'); import io; s = io.StringIO(); h = logging.StreamHandler(s); h.setFormatter(F()); h.addFilter(Fl())\nlog.addHandler(h); log.propagate = False; log.warning('hi'); log.warning('xx')\nshow(repr(s.getvalue()))\nout",
	// LoggerAdapter
	"import logging, io\nclass A(logging.LoggerAdapter):\n    def process(self, msg, kwargs): return '[%s] %s' % (self.extra['id'], msg), kwargs\ns = io.StringIO(); log = logging.getLogger('sw3'); log.addHandler(logging.StreamHandler(s)); log.propagate = False\nA(log, {'id': 7}).warning('hello')\nshow(repr(s.getvalue()))\nout",
	// Thread
	"import threading\nclass W(threading.Thread):\n    def __init__(self, n):\n        super().__init__(); self.n = n; self.r = None\n    def run(self): self.r = self.n * 2\nw = W(4); w.start(); w.join()\nshow(w.r, w.is_alive())\nout",
	// Queue
	"import queue\nclass Q(queue.Queue):\n    def put_all(self, xs):\n        for x in xs: self.put(x)\nq = Q(); q.put_all([1, 2, 3])\nshow(q.get(), q.qsize(), type(q).__name__)\nout",
	// TestCase
	"import unittest, io\nclass T(unittest.TestCase):\n    def test_a(self): self.assertEqual(1 + 1, 2)\n    def test_b(self): self.assertIn(3, [1, 2])\ns = io.StringIO()\nr = unittest.TextTestRunner(stream=s, verbosity=0).run(unittest.defaultTestLoader.loadTestsFromTestCase(T))\nshow(r.testsRun, len(r.failures), r.wasSuccessful())\nout",
	// StringIO
	"import io\nclass S(io.StringIO):\n    def writeln(self, x): self.write(x + '\\n')\ns = S(); s.writeln('a'); s.writeln('b')\nshow(repr(s.getvalue()), type(s).__name__, s.tell())\nout",
	// BytesIO
	"import io\nclass B(io.BytesIO):\n    pass\nb = B(b'abc'); b.seek(1)\nshow(b.read(), type(b).__name__)\nout",
	// Random
	"import random\nclass R(random.Random):\n    def coin(self): return self.random() < 0.5\nr = R(3)\nshow(r.coin(), r.randint(1, 10), type(r).__name__, R(3).random() == random.Random(3).random())\nout",
	// Fraction
	"from fractions import Fraction\nclass F(Fraction):\n    def show(self): return f'{self.numerator}/{self.denominator}'\nf = F(3, 6)\nshow(f.show(), f + 1, type(f + 1).__name__, F('1/3'))\nout",
	// ContextDecorator
	"from contextlib import ContextDecorator\nclass Tr(ContextDecorator):\n    def __enter__(self): out.append('in'); return self\n    def __exit__(self, *e): out.append('out'); return False\nout = []\n@Tr()\ndef f(): out.append('body')\nf()\nwith Tr(): out.append('w')\nshow(out)\nout",
	// AbstractContextManager
	"from contextlib import AbstractContextManager\nclass M(AbstractContextManager):\n    def __exit__(self, *e): return None\nwith M() as m:\n    show(type(m).__name__)\nout",
	// SimpleNamespace
	"from types import SimpleNamespace\nclass N(SimpleNamespace):\n    def total(self): return self.a + self.b\nn = N(a=1, b=2)\nshow(n.total(), n, N(a=1, b=2) == n)\nout",
	// Formatter
	"import string\nclass F(string.Formatter):\n    def format_field(self, value, spec): return str(value).upper() if spec == 'u' else super().format_field(value, spec)\nshow(F().format('{0:u} {1:>3}', 'ab', 7))\nout",
	// TextWrapper
	"import textwrap\nclass W(textwrap.TextWrapper):\n    pass\nshow(W(width=10).wrap('the quick brown fox jumps'))\nout",
	// PrettyPrinter
	"import pprint\nclass PP(pprint.PrettyPrinter):\n    pass\nshow(PP(width=20).pformat({'a': list(range(8))}))\nout",
	// Mapping
	"from collections.abc import Mapping\nclass M(Mapping):\n    def __init__(self, d): self.d = d\n    def __getitem__(self, k): return self.d[k]\n    def __iter__(self): return iter(self.d)\n    def __len__(self): return len(self.d)\nm = M({'a': 1, 'b': 2})\nshow(dict(m), m.get('z', 0), 'a' in m, list(m.items()), m == {'a': 1, 'b': 2})\nout",
	// MutableSequence
	"from collections.abc import MutableSequence\nclass L(MutableSequence):\n    def __init__(self): self.x = []\n    def __getitem__(self, i): return self.x[i]\n    def __setitem__(self, i, v): self.x[i] = v\n    def __delitem__(self, i): del self.x[i]\n    def __len__(self): return len(self.x)\n    def insert(self, i, v): self.x.insert(i, v)\nl = L(); l.append(1); l.extend([2, 3]); l.reverse()\nshow(l.x, l.index(2), 3 in l, l.pop())\nout",
	// Iterator
	"from collections.abc import Iterator\nclass Cnt(Iterator):\n    def __init__(self): self.i = 0\n    def __next__(self):\n        self.i += 1\n        if self.i > 3: raise StopIteration\n        return self.i\nshow(list(Cnt()), isinstance(Cnt(), Iterator))\nout",
	// array
	"import array\nclass A(array.array):\n    def total(self): return sum(self)\na = A('i', [1, 2, 3])\nshow(a.total(), type(a).__name__, a[1])\nout",
	// Timer
	"import timeit\nclass T(timeit.Timer):\n    pass\nshow(type(T('1+1').timeit(10)).__name__)\nout",
	// UUID
	"import uuid\nclass U(uuid.UUID):\n    pass\nu = U('12345678123456781234567812345678')\nshow(u, u.hex[:4], type(u).__name__)\nout",
	// partial
	"import functools\nclass P(functools.partial):\n    pass\np = P(pow, 2)\nshow(p(5), type(p).__name__, p.args)\nout",
	// TopologicalSorter
	"from graphlib import TopologicalSorter\nclass T(TopologicalSorter):\n    pass\nshow(list(T({'b': {'a'}, 'c': {'b'}}).static_order()))\nout",
	// NormalDist
	"from statistics import NormalDist\nclass N(NormalDist):\n    pass\nn = N(0, 1)\nshow(round(n.cdf(0), 3), type(n).__name__)\nout",
	// SequenceMatcher
	"import difflib\nclass SM(difflib.SequenceMatcher):\n    pass\nshow(round(SM(None, 'abcd', 'bcde').ratio(), 3))\nout",
	// ConfigParser
	"import configparser\nclass C(configparser.ConfigParser):\n    def optionxform(self, o): return o\nc = C(); c.read_string('[s]\\nKey = 1\\n')\nshow(list(c['s']), c.getint('s', 'Key'))\nout",
	// Repr
	"import reprlib\nclass R(reprlib.Repr):\n    pass\nr = R(); r.maxlist = 3\nshow(r.repr(list(range(10))))\nout",
	// DictReader
	"import csv, io\nclass DR(csv.DictReader):\n    pass\nshow(list(DR(io.StringIO('a,b\\n1,2\\n'))))\nout",
	// Dialect
	"import csv, io\nclass D(csv.Dialect):\n    delimiter = ';'; quotechar = '\"'; lineterminator = '\\n'; quoting = csv.QUOTE_MINIMAL; doublequote = True; skipinitialspace = False\ns = io.StringIO(); csv.writer(s, dialect=D).writerow([1, 'a;b'])\nshow(repr(s.getvalue()))\nout",
	// Number
	"import numbers\nclass N(numbers.Number):\n    pass\nshow(isinstance(N(), numbers.Number), isinstance(3, numbers.Integral))\nout",
	// local
	"import threading\nclass L(threading.local):\n    def __init__(self): self.v = 1\nl = L()\nshow(l.v)\nout",
	// tzinfo
	"from datetime import tzinfo, timedelta, datetime\nclass Z(tzinfo):\n    def utcoffset(self, dt): return timedelta(hours=1)\n    def tzname(self, dt): return 'Z'\n    def dst(self, dt): return timedelta(0)\nshow(datetime(2024, 1, 1, tzinfo=Z()).isoformat())\nout",
	// OrderedDict
	"from collections import OrderedDict\nclass LRU(OrderedDict):\n    def __getitem__(self, k):\n        v = super().__getitem__(k); self.move_to_end(k); return v\nl = LRU(a=1, b=2); l['a']\nshow(list(l), type(l).__name__)\nout",
}

func TestLibraryBasesMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "out = []\ndef show(*args):\n    out.append(args)\n", libraryBases)
}
