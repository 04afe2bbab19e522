package lang

import "testing"

// containerBaseCases are classes derived from list and dict.
var containerBaseCases = []string{
	"class L(list):\n    def first(self):\n        return self[0]\nl = L([3, 4])\nl.append(5)\nl, l.first(), len(l), l[1:], l[-1], l[::-1]",
	"class L(list):\n    pass\nl = L([3, 4, 5])\nisinstance(l, list), type(l).__name__, l == [3, 4, 5], [3, 4, 5] == l, 4 in l, list(l), sorted(l, reverse=True)",
	"class L(list):\n    pass\nl = L([3, 4, 5])\nl[0] = 9\ndel l[1]\nl, l + [1], bool(L()), bool(l), type(l + [1]).__name__",
	"class L(list):\n    pass\nl = L([1])\nl += [7]\nl, type(l).__name__",
	"class L(list):\n    pass\nl = L('abc')\nl[1:] = ['z']\ndel l[:1]\nl",
	"class L(list):\n    pass\n[x * 2 for x in L([1, 2])], sum(L([1, 2])), max(L([4, 9])), L([2]) * 2",
	"class Stack(list):\n    def __init__(self, n):\n        super().__init__(range(n))\n    def push(self, v):\n        self.append(v)\n    def __repr__(self):\n        return 'Stack' + super().__repr__()\ns = Stack(3)\ns.push(10)\nr = repr(s)\nr, s.pop(), len(s)",
	"class L(list):\n    def __getitem__(self, i):\n        return super().__getitem__(i) * 10\nl = L([1, 2])\nl[1]",
	"class L(list):\n    def __len__(self):\n        return 42\nlen(L([1]))",
	"class L(list):\n    pass\nhash(L())",
	"class E(list):\n    pass\nE(), E('ab'), repr(E([1]))",
	"class E(list):\n    pass\nE(1, 2)",
	"class E(list):\n    pass\nE(5)",
	"class Dd(dict):\n    def __missing__(self, k):\n        return k * 2\ndd = Dd(a=1)\ndd['a'], dd['zz'], dd, len(dd), 'a' in dd, list(dd), dd.get('q', 0)",
	"class Cfg(dict):\n    def __getattr__(self, k):\n        try:\n            return self[k]\n        except KeyError:\n            raise AttributeError(k)\n    def __setattr__(self, k, v):\n        self[k] = v\nc = Cfg(lr=0.1)\nc.epochs = 5\nc.lr, c.epochs, c, dict(c), c.keys(), sorted(c.items())",
	"class Cfg(dict):\n    def __getattr__(self, k):\n        try:\n            return self[k]\n        except KeyError:\n            raise AttributeError(k)\nCfg().zz",
	"class Counter(dict):\n    def __getitem__(self, k):\n        return super().__getitem__(k) if k in self else 0\ncn = Counter()\ncn['x'] = cn['x'] + 1\ncn, cn['y']",
	"class D(dict):\n    pass\nd = D({'a': 1}, b=2)\nd.update(c=3)\nd, isinstance(d, dict), d == {'a': 1, 'b': 2, 'c': 3}, {**d}, dict(**d)",
	"class D(dict):\n    pass\nD()['missing']",
	"class D(dict):\n    pass\nd = D(a=1)\ndel d['a']\nd.setdefault('k', []).append(1)\nd, d.pop('k'), d",
	"class D(dict):\n    def __init__(self, **kw):\n        super().__init__(**kw)\n        self.extra = 1\nd = D(x=2)\nd, d.extra",
	"class D(dict):\n    pass\nhash(D())",
}

func TestContainerBasesMatchCPython(t *testing.T) {
	checkMatchesCPython(t, "", containerBaseCases)
}
