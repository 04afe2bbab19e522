package lang

import "testing"

// liveIteratorCases: iterators over lists, dicts, their views and sets
// are live, as CPython's: a list iterator sees appends and stops at a
// shrunk list's end, stays ended once it reached its end; a dict or set
// whose size changes while an iterator or a for loop walks it raises
// RuntimeError, and a dict whose keys changed without its size changing
// raises when the walk finds more entries than the dict held. Each case's
// outcome must be CPython's.
var liveIteratorCases = []string{
	// lists through iter()
	"l = [1, 2]\nit = iter(l)\nl.append(3)\nlist(it)",
	"l = [1, 2, 3, 4]\nit = iter(l)\nnext(it)\nl.pop()\nl.pop()\nlist(it)",
	"l = [1, 2, 3]\nit = iter(l)\nnext(it)\nl.clear()\nlist(it)",
	"l = [1, 2, 3]\nit = iter(l)\nnext(it)\ndel l[0]\nlist(it)",
	"l = [1, 2, 3]\nit = iter(l)\nnext(it)\nl.insert(0, 0)\nlist(it)",
	"l = [1]\nit = iter(l)\nlist(it)\nl.append(2)\nlist(it), next(it, 'end')",
	"l = []\nit = iter(l)\nnext(it, 'end')\nl.append(1)\nnext(it, 'end')",
	"l = [1, 2, 3]\nout = []\nfor x in iter(l):\n    out.append(x)\n    if x < 3:\n        l.append(x + 10)\nout",
	// reversed, enumerate and zip over a changing list
	"l = [1, 2, 3, 4]\nr = reversed(l)\nnext(r)\nl.pop()\nl.pop()\nlist(r)",
	"l = [1, 2]\nr = reversed(l)\nlist(r)\nl.append(3)\nlist(r)",
	"l = [1, 2]\ne = enumerate(l)\nnext(e)\nl.append(3)\nlist(e)",
	"l = [1, 2]\nz = zip(l, 'abcd')\nnext(z)\nl.append(3)\nlist(z)",
	"l = [1, 2]\nout = []\nfor i, x in enumerate(l):\n    out.append(x)\n    if len(l) < 4:\n        l.append(x)\nout",
	// dicts through a for loop
	"d = {'a': 1}\nfor k in d:\n    d['b'] = 2",
	"d = {'a': 1, 'b': 2}\nfor k in d:\n    del d['b']",
	"d = {'a': 1, 'b': 2}\nfor k in d:\n    d.pop('a')",
	"d = {'a': 1, 'b': 2}\nfor k in d:\n    d.popitem()",
	"d = {'a': 1}\nfor k in d:\n    d.update({'b': 2})",
	"d = {'a': 1, 'b': 2}\nfor k in d:\n    d.clear()",
	"d = {'a': 1}\nfor k in d:\n    del d['a']\n    d['b'] = 2",
	"d = {'a': 1, 'b': 2}\nout = []\nfor k in d:\n    out.append(k)\n    if k == 'a':\n        del d['b']\n        d['c'] = 3\nout",
	"d = {'a': 1, 'b': 2}\nfor k in d:\n    d[k] = d[k] * 10\nd",
	"d = {1: 1, 2: 2}\nfor k in d:\n    d.update({1: 5})\nd",
	"d = {'a': 1}\nfor k, v in d.items():\n    d['b'] = 2",
	"d = {'a': 1}\nfor v in d.values():\n    d['b'] = 2",
	"d = {'a': 1}\nfor k in d.keys():\n    del d[k]",
	"d = {'a': 1}\nfor k in list(d):\n    d[k + k] = 2\nsorted(d)",
	// dicts through iter()
	"d = {'a': 1, 'b': 2}\nit = iter(d)\nnext(it)\nd['c'] = 3\nnext(it)",
	"d = {'a': 1, 'b': 2}\nit = iter(d)\nnext(it)\nd['c'] = 3\ntry:\n    next(it)\nexcept RuntimeError:\n    pass\nnext(it)",
	"d = {'a': 1}\nit = iter(d)\nnext(it)\ndel d['a']\nd['b'] = 2\nnext(it)",
	"d = {'a': 1}\nit = iter(d)\nnext(it)\ndel d['a']\nd['b'] = 2\ntry:\n    next(it)\nexcept RuntimeError:\n    pass\nnext(it, 'end')",
	"d = {'a': 1}\nit = iter(d)\nlist(it)\nd['b'] = 2\nnext(it, 'end')",
	"d = {'a': 1, 'b': 2}\nit = iter(d.items())\nnext(it)\nd['b'] = 5\nlist(it)",
	"d = {'a': 1, 'b': 2}\nit = iter(d.values())\nnext(it)\nd.pop('b')\nnext(it)",
	"d = {'a': 1, 'b': 2}\nit = iter(d.keys())\nd['c'] = 3\nlist(it)",
	"d = {'a': 1, 'b': 2, 'c': 3}\nit = iter(d)\nnext(it)\ndel d['b']\nd['x'] = 9\nlist(it)",
	"d = {'a': 1}\ne = enumerate(d)\nd['b'] = 2\nlist(e)",
	"type(iter({})).__name__, type(iter({}.values())).__name__, type(iter({}.items())).__name__, type(iter(set())).__name__",
	// sets
	"s = {1}\nfor x in s:\n    s.add(2)",
	"s = {1, 2}\nfor x in s:\n    s.discard(2)",
	"s = {1}\nit = iter(s)\ns.add(2)\nnext(it)",
	"s = {1}\nfor x in s:\n    s.add(1)\ns",
	"s = {1, 2}\nit = iter(s)\nnext(it)\ns.discard(5)\nlen(list(it))",
	"s = frozenset({1, 2})\nsorted(iter(s))",
	// next() takes no keyword arguments, as CPython's builtins
	"next(iter([1]), default=2)",
	"len(obj=[1])",
	"iter(iterable=[1])",
	"getattr(1, 'real', default=0)",
	"divmod(a=7, b=2)",
	"isinstance(obj=1, classinfo=int)",
	"sorted([2, 1], reverse=True), max([1, 3], key=abs), min([], default=0)",
}

func TestLiveIteratorsMatchCPython(t *testing.T) {
	checkMatchesCPython(t, "", liveIteratorCases)
}
