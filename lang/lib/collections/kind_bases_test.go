package collections

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/lib/copy" // the modules the cases import
	_ "github.com/kael-dev/kael/lang/lib/json"
)

// TestDictKindsAsBasesMatchCPython checks classes deriving from
// OrderedDict, defaultdict and Counter (an LRU cache, an autovivifying
// tree, a word tally) against CPython: their methods, the kind's own,
// repr under the class's name, equality, json and copies.
func TestDictKindsAsBasesMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, `import copy, json
from collections import OrderedDict, defaultdict, Counter
class LRU(OrderedDict):
    def __init__(self, cap):
        super().__init__()
        self.cap = cap
    def get(self, k):
        if k not in self:
            return -1
        self.move_to_end(k)
        return self[k]
    def put(self, k, v):
        self[k] = v
        self.move_to_end(k)
        if len(self) > self.cap:
            self.popitem(last=False)
class Tree(defaultdict):
    def __init__(self):
        super().__init__(Tree)
class Tally(Counter):
    def top(self):
        return self.most_common(1)
class DD(defaultdict):
    pass
class OD(OrderedDict):
    pass
class L(list):
    pass
`, []string{
		"c = LRU(2)\nc.put(1, 1); c.put(2, 2)\nr = c.get(1)\nc.put(3, 3)\nr, c.get(2), list(c.items()), c, isinstance(c, dict), isinstance(c, OrderedDict), c.cap",
		"t = Tree()\nt['a']['b'] = 1\nt['a']['b'], type(t['a']).__name__, t.default_factory is Tree, 'a' in t, len(t)",
		"w = Tally('abracadabra')\nw.top(), w['z'], sorted(w.elements())[:3], w, isinstance(w, Counter)",
		"d = DD(list)\nd[1].append(2)\nd, dict(d), d.default_factory, DD(int, a=1)",
		"o = OD(a=1, b=2)\no.move_to_end('a')\no, list(o), o == OrderedDict(b=2, a=1), o == {'a': 1, 'b': 2}",
		"json.dumps(OD(b=2, a=1)), json.dumps(Tally('aab')), json.dumps(L([1, 2]))",
		"o = OD(a=[1])\no.x = 5\nc = copy.copy(o)\nc, c.x, c['a'] is o['a'], type(c).__name__",
		"o = OD(a=[1])\nc = copy.deepcopy(o)\nc, c['a'] is o['a'], type(c).__name__",
		"l = L([1, [2]])\nl.append(l)\nc = copy.deepcopy(l)\ntype(c).__name__, c[2] is c, c[1] is l[1]",
		"copy.copy(Tally('ab')), copy.deepcopy(DD(list, x=[1]))",
		// Counter's operators on a subclass: a Counter, in place the instance
		"a, b = Tally('aab'), Counter('bc')\n[(type(r).__name__, r) for r in (a + b, a - b, a | b, a & b, +a, -Tally(x=-2), b + a, b - a)]",
		"a = Tally('aab')\na += Counter('bc')\nr1 = (type(a).__name__, a)\na -= Tally('a')\na |= Tally('zz')\na &= Tally('zab')\nr1, type(a).__name__, a",
		"{'x': 1} | Tally('ab'), type({'x': 1} | Tally('ab')).__name__, Counter('a') | Tally('b')",
		"Tally('a') + 1",
		"{} + Tally('a')",
	})
}
