package importlib_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/builtins"
	_ "github.com/kael-dev/kael/lang/lib/collections"
	_ "github.com/kael-dev/kael/lang/lib/itertools"
	_ "github.com/kael-dev/kael/lang/lib/math"
)

// builtinSpecCases check, against CPython 3.11, the import attributes of
// kael's own modules (Go and source modules), where the answers agree:
// math, sys, itertools and builtins are built-in in both (BuiltinImporter,
// origin 'built-in', no __file__); collections and importlib are source
// packages in CPython, so only names, parent and is-package are compared
// (kael's json has no submodules, so it is no package: not compared).
// The deliberate differences are docs/language.md's table.
var builtinSpecCases = []string{
	"[(type(m.__spec__).__name__, m.__spec__.name, m.__spec__.parent, m.__spec__.origin, m.__spec__.submodule_search_locations, m.__spec__.has_location, m.__spec__.cached, m.__loader__.__name__, m.__spec__.loader is m.__loader__, hasattr(m, '__file__'), hasattr(m, '__path__'), m.__package__) for m in (math, sys, itertools, builtins)]",
	"importlib.util.find_spec('math') is math.__spec__, importlib.util.find_spec('math').origin, sys.modules['math'].__spec__ is math.__spec__",
	"importlib.import_module('math').__spec__.name, importlib.reload(math) is math, math.__spec__.name",
	"[(m.__spec__.name, m.__spec__.parent, m.__spec__.submodule_search_locations is not None, m.__package__, type(m.__spec__).__name__) for m in (collections, collections.abc)]",
	"s = importlib.util.find_spec('collections')\ns.name, s.parent, s.submodule_search_locations is not None, hasattr(collections, '__path__')",
	"importlib.util.find_spec('collections.abc').parent, importlib.util.find_spec('json').name, collections.abc.__spec__ is importlib.util.find_spec('collections.abc')",
	"from math import __spec__ as s, __loader__ as l, __package__ as p\ns is math.__spec__, l is math.__loader__, p",
	"import importlib.util as u\nu is importlib.util, importlib.util.__spec__.name, importlib.util.__spec__.parent, importlib.util.__package__",
}

func TestBuiltinModuleSpecsMatchCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckMatchesCPython(t, langtest.FilePrelude(root, "import importlib, importlib.util, importlib.machinery, json, sys, os, math, itertools, builtins, collections, collections.abc"), builtinSpecCases)
	})
}
