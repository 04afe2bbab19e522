package lang

import (
	"fmt"
	"testing"
)

// listSortPrelude defines, for TestListSortMatchesCPython's cases, the
// lists they sort (data: seeded, of a shape) and R, whose < records each
// pair it is asked about, by the elements' positions in the input.
const listSortPrelude = `import random
log = []
class R:
    def __init__(self, v, tag):
        self.v, self.tag = v, tag
    def __lt__(self, other):
        log.append((self.tag, other.tag))
        return self.v < other.v
def data(n, seed, shape):
    rng = random.Random(seed)
    vals = [rng.randrange(max(1, n // 4)) for _ in range(n)]
    if shape == 'few':
        vals = [v % 3 for v in vals]
    elif shape in ('asc', 'desc'):
        runs, i = [], 0
        while i < n:
            j = min(n, i + rng.randrange(1, 40))
            runs.extend(sorted(vals[i:j], reverse=shape == 'desc'))
            i = j
        vals = runs
    elif shape == 'sorted':
        vals.sort()
    elif shape == 'reversed':
        vals.sort(reverse=True)
    return vals
def record(n, seed, shape, key=None, reverse=False):
    log.clear()
    xs = [R(v, i) for i, v in enumerate(data(n, seed, shape))]
    out = sorted(xs, key=key, reverse=reverse)
    return len(log), log, [x.tag for x in out]
class E:
    """An element whose < raises at the limit-th call."""
    calls, limit = 0, 0
    def __init__(self, v):
        self.v = v
    def __lt__(self, other):
        E.calls += 1
        if E.calls == E.limit:
            raise ValueError('boom')
        return self.v < other.v
def partial(n, limit, key=None, reverse=False):
    E.calls, E.limit = 0, limit
    l = [E(v) for v in data(n, limit, 'random')]
    try:
        l.sort(key=key, reverse=reverse)
    except ValueError as e:
        return str(e), E.calls, [x.v for x in l]
    return 'done', E.calls, [x.v for x in l]
`

// TestListSortMatchesCPython runs each case in kael and in CPython 3.11
// and compares: the pairs < is called on, in order, for lists of every
// shape and size with key= and reverse=; NaN among floats; a random
// comparator; the list an error in < leaves; a list changed during its
// sort; stability; mixed numbers.
func TestListSortMatchesCPython(t *testing.T) {
	var srcs []string
	shapes := []string{"random", "few", "asc", "desc", "sorted", "reversed"}
	for _, n := range []int{0, 1, 2, 3, 7, 31, 63, 64, 65, 127, 128, 200, 300} {
		for seed, shape := range shapes {
			srcs = append(srcs,
				fmt.Sprintf("record(%d, %d, %q)", n, seed, shape),
				fmt.Sprintf("record(%d, %d, %q, reverse=True)", n, seed, shape),
				fmt.Sprintf("record(%d, %d, %q, key=lambda r: R(r.v // 2, r.tag))", n, seed, shape),
			)
		}
	}
	for _, limit := range []int{1, 2, 5, 40, 100, 150, 200, 260, 300, 420, 600, 900, 1200, 1500} {
		srcs = append(srcs,
			fmt.Sprintf("partial(200, %d)", limit),
			fmt.Sprintf("partial(150, %d, reverse=True)", limit),
			fmt.Sprintf("partial(250, %d, key=lambda e: E(e.v %% 50))", limit),
		)
	}
	srcs = append(srcs,
		// NaN: the same algorithm on the values, whatever order results.
		"nan = float('nan')\nsorted([3, nan, 1, 2, nan, 0, 5, -1])",
		"nan = float('nan')\nsorted([3, nan, 1, 2, nan, 0, 5, -1], reverse=True)",
		"nan = float('nan')\nrng = random.Random(4)\nxs = [nan if rng.random() < 0.1 else rng.random() for _ in range(300)]\nxs.sort()\nxs",
		"nan = float('nan')\nrng = random.Random(6)\nsorted(range(200), key=lambda i: nan if i % 17 == 0 else rng.randrange(50))",
		// A comparator that answers at random, seeded alike on both sides.
		"rng = random.Random(7)\nclass Q:\n    def __init__(self, v): self.v = v\n    def __lt__(self, o): return rng.random() < 0.5\n[q.v for q in sorted([Q(i) for i in range(250)])]",
		// key= is called on each element in order, before any <.
		"calls = []\ndef k(x):\n    calls.append(x)\n    return R(x % 5, x)\nlog.clear()\nsorted([4, 9, 1, 7, 3, 3, 8], key=k), calls, log",
		"def k(x):\n    if x == 3: raise KeyError(x)\n    return R(x, x)\nlog.clear()\nl = [5, 1, 3, 2]\ntry:\n    l.sort(key=k, reverse=True)\nexcept KeyError:\n    pass\nl, log",
		// A change to the list during its sort.
		"l = list(range(20, 0, -1))\ndef k(x):\n    if x == 5: l.append(99)\n    return x\ntry:\n    l.sort(key=k)\nexcept ValueError as e:\n    err = str(e)\nerr, l",
		"l = [3, 1, 2]\nseen = []\ndef k(x):\n    seen.append(len(l))\n    return x\nl.sort(key=k)\nl, seen",
		"l = [3, 1, 2]\ndef k(x):\n    l.clear()\n    return x\nl.sort(key=k)\nl",
		"class M:\n    def __init__(self, v): self.v = v\n    def __lt__(self, o):\n        if self.v == 7: ml.insert(0, 'x')\n        return self.v < o.v\nml = [M(v) for v in [5, 3, 9, 7, 1, 8, 2, 7, 0]]\ntry:\n    ml.sort(reverse=True)\nexcept ValueError as e:\n    err = str(e)\nerr, [m.v for m in ml]",
		"l = [E(3), E(1), E(2)]\nE.calls, E.limit = 0, 2\ndef k(e):\n    l.append(e)\n    return e\ntry:\n    l.sort(key=k)\nexcept ValueError as e:\n    err = str(e)\nerr, len(l)",
		// Stability, forwards and reversed.
		"pairs = [(v % 4, i) for i, v in enumerate(data(120, 3, 'random'))]\nsorted(pairs, key=lambda p: p[0]), sorted(pairs, key=lambda p: p[0], reverse=True)",
		"sorted(['b', 'A', 'a', 'B', 'c'], key=str.lower, reverse=True)",
		// Mixed ints, floats and bools.
		"sorted([1, 2.0, True, 0, False, 1.0, -0.0, 0.0, -1, 2])",
		"sorted([1, 2.0, True, 0, False, 1.0, -0.0, 0.0, -1, 2], reverse=True)",
		"sorted([(1, 'b'), (1.0, 'a'), (True, 'c'), (0, 'z')])",
		// Errors.
		"sorted([1, 'a', 2])",
		"sorted([[1], (1,)])",
		"class A: pass\nsorted([A(), A()])",
		"class G:\n    def __init__(self, v): self.v = v\n    def __lt__(self, o): return NotImplemented\n    def __gt__(self, o):\n        log.append((self.v, o.v))\n        return self.v > o.v\nlog.clear()\n[g.v for g in sorted([G(3), 1, G(0), G(2)], key=lambda x: x if isinstance(x, G) else G(x))], log",
	)
	checkMatchesCPython(t, listSortPrelude, srcs)
}
