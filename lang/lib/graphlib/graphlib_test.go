package graphlib_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/graphlib"
)

// graphlibCases are compared with CPython 3.11's outcomes.
var graphlibCases = []string{
	"list(TopologicalSorter({'D': {'B', 'C'}, 'C': ['A'], 'B': ['A']}).static_order())",
	"list(TopologicalSorter({2: [11], 9: [11, 8], 10: [11, 3], 11: [7, 5], 8: [7, 3]}).static_order())",
	"ts = TopologicalSorter()\nts.add(3, 2, 1)\nts.add(1, 0)\nts.add(4)\nts.prepare()\nout = []\nwhile ts.is_active():\n    r = ts.get_ready()\n    out.append(r)\n    ts.done(*r)\nout, bool(ts)",
	"ts = TopologicalSorter({1: [2], 2: [3], 3: [1]})\nts.prepare()",
	"try:\n    TopologicalSorter({'a': ['b'], 'b': ['c'], 'c': ['b'], 'd': []}).prepare()\nexcept CycleError as e:\n    r = e.args, isinstance(e, ValueError)\nr",
	"list(TopologicalSorter({1: [1]}).static_order())",
	"ts = TopologicalSorter()\nts.add(1)\nts.prepare()\nts.add(2)",
	"ts = TopologicalSorter()\nts.prepare()\nts.prepare()",
	"TopologicalSorter().get_ready()",
	"TopologicalSorter().is_active()",
	"TopologicalSorter().done(1)",
	"ts = TopologicalSorter({1: [2]})\nts.prepare()\nts.done(3)",
	"ts = TopologicalSorter({1: [2]})\nts.prepare()\nts.done(1)",
	"ts = TopologicalSorter({1: [2]})\nts.prepare()\nts.get_ready()\nts.done(2)\nts.done(2)",
	"ts = TopologicalSorter()\nts.add('x', 'y')\nts.add('x', 'z')\nts.prepare()\na = ts.get_ready()\nts.done('z')\nb = ts.get_ready()\nts.done('y')\na, b, ts.get_ready(), ts.get_ready()",
	"CycleError.__mro__[1], CycleError.__module__",
	"ts = TopologicalSorter()\nts.add([1])",
}

func TestGraphlibMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "from graphlib import TopologicalSorter, CycleError\n", graphlibCases)
}
