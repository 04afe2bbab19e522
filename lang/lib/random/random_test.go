package random_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/collections"
	_ "github.com/kael-dev/kael/lang/lib/random"
)

const prelude = "import random\n"

// cases are random.Random (class.go), with CPython 3.11's outcomes (the
// same numbers for the same seed); TestAgainstCPython checks them there.
var cases = []langtest.Case{
	{"r = random.Random(42)\na = [r.random() for _ in range(3)]\nrandom.seed(42)\na == [random.random() for _ in range(3)], a", "(True, [0.6394267984578837, 0.025010755222666936, 0.27502931836911926])"},
	{"r = random.Random('abc')\nl = list(range(8))\nr.shuffle(l)\nr.randint(1, 100), r.choice('xyz'), r.sample(range(10), 3), r.uniform(1, 2), r.gauss(0, 1), r.randrange(5, 50), r.choices('ab', k=4), l", "(28, 'x', [0, 9, 1], 1.8248573043387823, -0.21311530985431523, 12, ['a', 'b', 'a', 'a'], [4, 0, 3, 1, 6, 2, 5, 7])"},
	{"r = random.Random(7)\nx = r.random()\nr.seed(7)\nrandom.seed(1)\ns = random.random()\nrandom.seed(1)\nrandom.Random(1).random()\nx == r.random(), s == random.random(), r.random() != random.Random().random()", "(True, True, True)"},
	{"class R(random.Random):\n    def seed(self, x=None):\n        super().seed(5)\nclass Half(random.Random):\n    def random(self):\n        return 0.5\nHalf(3).random(), R(3).randint(0, 10), isinstance(R(), random.Random), type(random.Random()).__name__, random.Random.__module__", "(0.5, 9, True, 'Random', 'random')"},
	{"random.Random(1).choice([])", "IndexError: Cannot choose from an empty sequence"},
	{"try:\n    random.Random([1])\nexcept TypeError as e:\n    r = str(e).startswith('The only supported seed types are: None,')\nr", "True"},
}

func TestRandom(t *testing.T) { langtest.CheckCellCases(t, prelude, cases) }

func TestAgainstCPython(t *testing.T) { cpython.CheckCellCases(t, prelude, cases) }

// systemRandomExprs check SystemRandom's properties (its numbers differ
// run to run) against CPython 3.11's.
var systemRandomExprs = []string{
	"r = random.SystemRandom()\ns = random.SystemRandom(42)\nisinstance(r, random.Random), type(r).__name__, r.seed(5), s.seed('x')",
	"r = random.SystemRandom()\nxs = [r.random() for _ in range(2000)]\nmin(xs) >= 0, max(xs) < 1, len(set(xs)) == 2000, abs(sum(xs) / 2000 - 0.5) < 0.05",
	"r = random.SystemRandom()\nys = [r.randint(1, 6) for _ in range(2000)]\nsorted(set(ys)), r.choice('abc') in 'abc', len(set(r.sample(range(100), 10))), 0 <= r.randrange(0, 10) < 10, r.uniform(2, 3) >= 2",
	"r = random.SystemRandom()\nl = list(range(10))\nr.shuffle(l)\nsorted(l) == list(range(10)), [r.random() for _ in range(3)] != [r.random() for _ in range(3)]",
	"def err(f, *a):\n    try:\n        return f(*a)\n    except Exception as e:\n        return type(e).__name__ + ': ' + str(e)\nr = random.SystemRandom()\nerr(r.getstate), err(r.setstate, None)",
	"random.seed(1)\na = random.random()\nrandom.seed(1)\nrandom.SystemRandom().random()\nrandom.random() == a",
}

func TestSystemRandomMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, systemRandomExprs)
}

// TestDequesMatchCPython: choice, sample, choices and shuffle take a
// collections.deque, a Sequence, drawing CPython's elements for the seed.
func TestDequesMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"from collections import deque\n", []string{
		"random.seed(3)\nd = deque(range(6))\nrandom.choice(d), random.sample(d, 2), random.choices(d, k=3)",
		"random.seed(1)\nd = deque(range(10), 10)\nrandom.shuffle(d)\nd, d.maxlen, random.Random(2).choice(deque('abc'))",
		"r = random.Random(5)\nd = deque('abcdef')\nr.shuffle(d)\nd, r.sample(d, 3)",
		"random.choice(deque())",
	})
}
