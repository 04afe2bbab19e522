package importlib_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/importlib"
	_ "github.com/kael-dev/kael/lang/lib/json" // cases import json by name
)

// importlibCases run in a fresh temporary directory each, compared with
// CPython 3.11's outcomes. The module names differ from case to case, as
// CPython runs them in one process and keeps sys.modules.
var importlibCases = []string{
	"m = importlib.import_module('json')\nm.dumps([1]), m is importlib.import_module('json'), importlib.import_module('os.path').join('a', 'b')",
	"importlib.import_module('no_such_module_x')",
	"importlib.import_module('.sub')",
	"importlib.import_module('')",
	"os.mkdir('pkg1')\nopen('pkg1/__init__.py', 'w').write('X = 1\\n')\nopen('pkg1/sub.py', 'w').write('Y = 2\\n')\nm = importlib.import_module('.sub', 'pkg1')\nm.Y, m.__name__, importlib.import_module('pkg1').X",
	"importlib.import_module('..x', 'top')",
	"open('cfg_a.py', 'w').write('lr = 0.1\\nname = __name__\\n')\nspec = importlib.util.spec_from_file_location('cfg_a', 'cfg_a.py')\nm = importlib.util.module_from_spec(spec)\nbefore = hasattr(m, 'lr')\nspec.loader.exec_module(m)\nbefore, m.lr, m.name, m.__name__, spec.name, spec.origin == os.path.abspath('cfg_a.py'), m.__spec__ is spec, m.__loader__ is spec.loader, 'cfg_a' in sys.modules",
	"open('cfg_b.py', 'w').write('import sys\\nv = len(sys.argv) >= 0\\ndef f(x):\\n    return x * 2\\n')\nspec = importlib.util.spec_from_file_location('myconf', os.path.abspath('cfg_b.py'))\nm = importlib.util.module_from_spec(spec)\nspec.loader.exec_module(m)\nm.v, m.f(21), m.__file__ == os.path.abspath('cfg_b.py'), spec.has_location, spec.parent, spec.submodule_search_locations",
	"importlib.util.spec_from_file_location('x', 'data.txt'), importlib.util.spec_from_file_location('x')",
	"open('bad_c.py', 'w').write('raise ValueError(\"in module\")\\n')\nspec = importlib.util.spec_from_file_location('bad_c', 'bad_c.py')\nm = importlib.util.module_from_spec(spec)\nspec.loader.exec_module(m)",
	"open('mod_d.py', 'w').write('n = 1\\n')\nimport mod_d\nopen('mod_d.py', 'w').write('n = 22\\nextra = True\\n')\nr = importlib.reload(mod_d)\nr is mod_d, mod_d.n, mod_d.extra",
	"importlib.reload(json) is json",
	"importlib.reload(3)",
	"open('mod_e.py', 'w').write('q = 1\\n')\nspec = importlib.util.spec_from_file_location('mod_e_unlisted', 'mod_e.py')\nm = importlib.util.module_from_spec(spec)\nimportlib.reload(m)",
	"importlib.util.find_spec('no_such_module_y'), importlib.util.find_spec('json').name",
	"open('mod_f.py', 'w').write('')\ns = importlib.util.find_spec('mod_f')\ns.name, os.path.basename(s.origin), s.loader.get_filename() == s.origin, 'mod_f' in sys.modules",
	"os.mkdir('pkg_g')\nopen('pkg_g/__init__.py', 'w').write('')\nopen('pkg_g/leaf.py', 'w').write('')\ns = importlib.util.find_spec('pkg_g')\nt = importlib.util.find_spec('pkg_g.leaf')\nos.path.basename(s.origin), len(s.submodule_search_locations), s.parent, t.name, t.parent, os.path.basename(t.origin)",
	"open('mod_h.py', 'w').write('')\nimportlib.util.find_spec('mod_h.x')",
	"importlib.util.find_spec('.x')",
	"importlib.util.resolve_name('..b', 'p.q.r'), importlib.util.resolve_name('.', 'p'), importlib.util.resolve_name('abs.name', None)",
	"importlib.util.resolve_name('...x', 'p')",
	"importlib.util.resolve_name('.x', '')",
	"importlib.util.spec_from_loader('n', None), importlib.util.spec_from_loader('n', None, origin='o', is_package=True)",
	"open('mod_i.py', 'w').write('')\nl = importlib.machinery.SourceFileLoader('mod_i', os.path.abspath('mod_i.py'))\ns = importlib.util.spec_from_loader('mod_i', l)\ns.name, s.origin == l.path, s.loader is l, s.has_location",
	"importlib.invalidate_caches(), sorted(importlib.__all__), importlib.machinery.SOURCE_SUFFIXES",
	"importlib.__import__('importlib.util').__name__, importlib.__import__('importlib.util', fromlist=['find_spec']).__name__",
	"spec = importlib.machinery.ModuleSpec('n', None, origin='o')\nspec, spec.parent, spec == importlib.machinery.ModuleSpec('n', None, origin='o')",
}

func TestImportlibMatchesCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckMatchesCPython(t, langtest.FilePrelude(root, "import importlib, importlib.util, importlib.machinery, json, sys"), importlibCases)
	})
}

// moduleAttrCases check, against CPython 3.11, the attributes an import
// gives a module of a Python file before its code runs: __doc__ (None
// without a docstring, not the module type's), __package__, __file__,
// __path__ of a package (regular or namespace), and __spec__ and
// __loader__, importlib's ModuleSpec and loaders, which the module's
// code reads too. Each case names modules of its own.
var moduleAttrCases = []string{
	// A namespace package: a directory without __init__.py.
	"os.mkdir('ns_a')\nimport ns_a\nns_a.__doc__, ns_a.__file__, list(ns_a.__path__) == [os.path.abspath('ns_a')], ns_a.__package__",
	"os.mkdir('ns_b')\nimport ns_b\ns = ns_b.__spec__\ns.name, s.origin, s.parent, s.has_location, s.submodule_search_locations is ns_b.__path__, type(s.loader).__name__, s.loader is ns_b.__loader__",
	"os.mkdir('ns_c')\nopen('ns_c/leaf.py', 'w').write('x = 1\\n')\nimport ns_c.leaf\nns_c.leaf.x, ns_c.leaf.__package__, ns_c.leaf.__spec__.name, ns_c.leaf.__spec__.parent, os.path.dirname(ns_c.__path__[0]) == os.getcwd()",
	// A regular package.
	"os.mkdir('pk_d')\nopen('pk_d/__init__.py', 'w').write('')\nimport pk_d\npk_d.__doc__, pk_d.__path__ == [os.path.abspath('pk_d')], pk_d.__package__, pk_d.__file__ == os.path.abspath('pk_d/__init__.py')",
	"os.mkdir('pk_e')\nopen('pk_e/__init__.py', 'w').write('\"\"\"Package e.\"\"\"\\n')\nopen('pk_e/sub.py', 'w').write('')\nimport pk_e.sub\ns = pk_e.__spec__\npk_e.__doc__, s.name, s.origin == pk_e.__file__, s.parent, s.has_location, s.submodule_search_locations is pk_e.__path__, type(s.loader).__name__, s.loader is pk_e.__loader__, pk_e.sub.__spec__.parent, pk_e.sub.__package__",
	// A module: no __path__, its docstring or None.
	"open('mod_f.py', 'w').write('x = 1\\n')\nimport mod_f\nmod_f.__doc__, hasattr(mod_f, '__path__'), mod_f.__package__, mod_f.__spec__.name, mod_f.__spec__.parent, mod_f.__spec__.submodule_search_locations, mod_f.__spec__.origin == mod_f.__file__, mod_f.__loader__.get_filename() == mod_f.__file__",
	"open('mod_g.py', 'w').write('\"\"\"Docs of g.\\n\\nMore.\"\"\"\\nx = 1\\n')\nimport mod_g\nmod_g.__doc__",
	"open('mod_h.py', 'w').write('b\"bytes\"\\n')\nimport mod_h\n(mod_h.__doc__,)",
	// What a module's code reads of its own.
	"open('mod_i.py', 'w').write('n = __spec__.name\\nd = __doc__\\nl = type(__loader__).__name__\\np = __package__\\nnone = __spec__ is None\\n')\nimport mod_i\nmod_i.n, mod_i.d, mod_i.l, mod_i.p, mod_i.none",
	"open('mod_j.py', 'w').write('')\nimport mod_j\nsorted(k for k in vars(mod_j) if k not in ('__cached__', '__builtins__'))",
	"os.mkdir('ns_k')\nos.mkdir('pk_k')\nopen('pk_k/__init__.py', 'w').write('')\nimport ns_k, pk_k\nsorted(vars(ns_k)), sorted(k for k in vars(pk_k) if k not in ('__cached__', '__builtins__'))",
	// find_spec of an imported module is its __spec__.
	"os.mkdir('ns_l')\nimport ns_l\nimportlib.util.find_spec('ns_l') is ns_l.__spec__, importlib.util.find_spec('json').name",
	// Modules made at run time.
	"M = type(json)\nM('x').__doc__, M('x', 'd').__doc__, sorted(vars(M('x')))",
}

func TestModuleAttributesMatchCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckMatchesCPython(t, langtest.FilePrelude(root, "import importlib, importlib.util, importlib.machinery, json, sys, os"), moduleAttrCases)
	})
}
