package timeit_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/timeit"
)

// timeitCases are compared with CPython 3.11's outcomes: counts of runs
// and types, as the times differ.
var timeitCases = []string{
	"n = []\nt = timeit.timeit(lambda: n.append(1), number=7)\nlen(n), type(t).__name__, t >= 0",
	"g = {'k': 0}\ntimeit.timeit('k += 1', setup='k = 10', number=5, globals=g)\ng['k']",
	"g = {'out': []}\ntimeit.timeit('out.append(x)', setup='x = 3\\ny = 4', number=3, globals=g)\ng['out']",
	"n = []\nr = timeit.repeat(lambda: n.append(1), repeat=3, number=4)\nlen(r), len(n), all(x >= 0 for x in r)",
	"s = []\nt = timeit.Timer('pass', setup=lambda: s.append('setup'))\nt.timeit(number=10)\nt.repeat(2, 1)\ns",
	"ticks = iter(range(0, 100, 3))\nt = timeit.Timer('pass', timer=lambda: next(ticks))\nt.timeit(5), t.repeat(2, 10)",
	"ticks = iter([0, 0.05, 0, 0.1, 0, 0.3])\nt = timeit.Timer(timer=lambda: next(ticks))\nseen = []\nt.autorange(lambda n, s: seen.append(n)), seen",
	"timeit.Timer(stmt=1)",
	"timeit.Timer(setup=[])",
	"try:\n    timeit.Timer('x = ')\nexcept SyntaxError as e:\n    r = type(e).__name__, e.filename\nr",
	"timeit.timeit('1/0', number=1)",
	"timeit.default_timer is time.perf_counter, timeit.default_number, timeit.default_repeat, sorted(timeit.__all__)",
	"timeit.timeit('undefined_name', number=1)",
	"timeit.timeit('for i in range(3):\\n    pass', number=2) >= 0",
}

func TestTimeitMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "import timeit, time\n", timeitCases)
}
