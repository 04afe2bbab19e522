package collections_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestMutatedDuringIterationMatchesCPython changes a deque, an
// OrderedDict, a defaultdict and a Counter while a for loop, list() or
// next() walks it, and compares the outcome with CPython's: a deque's
// iterator raises RuntimeError('deque mutated during iteration'), the
// dicts' raise 'dictionary changed size during iteration'.
func TestMutatedDuringIterationMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "from collections import deque, OrderedDict, defaultdict, Counter\n", []string{
		"d = deque([1, 2, 3])\nfor x in d: d.append(1)",
		"d = deque([1, 2, 3])\nfor x in d: d.appendleft(1)",
		"d = deque([1, 2, 3])\nr = []\nfor x in d:\n    r.append(x)\n    if x == 3: d.pop()\nr",
		"d = deque([1, 2, 3])\nfor x in d: d.rotate(1)",
		"d = deque([1, 2, 3])\nfor x in d: d.popleft()",
		"d = deque([1, 2, 3])\nfor x in d: d.extend([])\nd",
		"d = deque([1, 2, 3])\nfor x in d: d[0] = x\nd",
		"d = deque([1, 2, 3]); it = iter(d); next(it); d.append(4); next(it)",
		"d = deque([1, 2, 3]); it = iter(d); d.clear(); list(it)",
		"d = deque([1, 2, 3], maxlen=3)\nfor x in d: d.append(x)",
		"d = deque([1, 2, 3]); it = iter(d); d.insert(1, 5); next(it)",
		"d = deque([1, 2, 3]); it = iter(d); d.remove(2); next(it)",
		"d = deque([1, 2, 3]); [x for x in d], list(d), sorted(d)",
		"o = OrderedDict(a=1, b=2)\nfor k in o: o['c' + k] = 3",
		"o = OrderedDict(a=1, b=2)\nfor k in o: o.move_to_end(k)\no",
		"dd = defaultdict(int, a=1)\nfor k in dd: dd[k + 'x']",
		"c = Counter('abc')\nfor k in c: c[k + 'z'] += 1",
		"c = Counter('abc')\nfor k in c: c[k] += 1\nc",
	})
}
