// Package graphlib is Python's graphlib module: TopologicalSorter (add,
// prepare, get_ready, done, is_active, static_order) and CycleError, with
// CPython's orders and messages, written in Python (module.py).
package graphlib

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("graphlib", "Python's graphlib: TopologicalSorter, which orders a graph's nodes after their predecessors, and CycleError.", source)
}
