package inspect_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

const bindPrelude = "import inspect\ndef f(a, b=2, *args, c, d=4, **kw): pass\ndef g(x, y, /, z=0): pass\ns = inspect.signature(f)\n"

// bindCases are Signature.bind, bind_partial and BoundArguments
// (bind.go), and getsource of code compiled from a file (source.go),
// with CPython 3.11's outcomes; TestBindAgainstCPython checks them there.
var bindCases = []langtest.Case{
	{"b = s.bind(1, 5, 6, 7, c=3, z=9)\nr = (repr(b), b.args, b.kwargs, b.arguments)\nb.apply_defaults()\nr, b, b.signature is not None", "((\"<BoundArguments (a=1, b=5, args=(6, 7), c=3, kw={'z': 9})>\", (1, 5, 6, 7), {'c': 3, 'z': 9}, {'a': 1, 'b': 5, 'args': (6, 7), 'c': 3, 'kw': {'z': 9}}), <BoundArguments (a=1, b=5, args=(6, 7), c=3, d=4, kw={'z': 9})>, True)"},
	{"p = s.bind_partial(1)\nr = (repr(p), p.args, p.kwargs)\np.apply_defaults()\nr, p, p.args, p.kwargs", "(('<BoundArguments (a=1)>', (1,), {}), <BoundArguments (a=1, b=2, args=(), d=4, kw={})>, (1, 2), {'d': 4})"},
	{"b = inspect.signature(g).bind(1, 2, z=5)\nq = s.bind_partial(b=3, c=1)\nb.args, b.kwargs, q.args, q.kwargs, s.bind(a=1, c=2).args", "((1, 2, 5), {}, (), {'b': 3, 'c': 1}, (1,))"},
	{"inspect.signature(g).bind(1)", "TypeError: missing a required argument: 'y'"},
	{"inspect.signature(g).bind(1, y=2)", "TypeError: 'y' parameter is positional only, but was passed as a keyword"},
	{"inspect.signature(g).bind(1, 2, 3, 4)", "TypeError: too many positional arguments"},
	{"s.bind(1, a=2, c=1)", "TypeError: multiple values for argument 'a'"},
	{"inspect.signature(g).bind(1, 2, q=1)", "TypeError: got an unexpected keyword argument 'q'"},
	{"s.bind(1)", "TypeError: missing a required argument: 'c'"},
	{"inspect.signature(lambda *, k: 0).bind(1)", "TypeError: too many positional arguments"},
	{"import os\npath = os.path.abspath('src_bind.py')\nsrc = 'import functools\\n\\n\\ndef plain(a, b=1):\\n    x = a + b\\n    # note\\n\\n    return x\\n# after\\n\\n@functools.lru_cache\\n@functools.wraps(plain)\\ndef deco(n):\\n    return n\\nsq = lambda x: (x *\\n                x)\\ndef one(): return 1\\n'\nwith open(path, 'w') as fh:\n    fh.write(src)\nns = {}\nexec(compile(src, path, 'exec'), ns)\n[inspect.getsourcelines(ns[n]) for n in ('plain', 'sq', 'one')], inspect.getsource(ns['deco'].__wrapped__)", "([(['def plain(a, b=1):\\n', '    x = a + b\\n', '    # note\\n', '\\n', '    return x\\n'], 4), (['sq = lambda x: (x *\\n', '                x)\\n'], 15), (['def one(): return 1\\n'], 17)], 'def plain(a, b=1):\\n    x = a + b\\n    # note\\n\\n    return x\\n')"},
	{"import os\npath = os.path.abspath('src_str.py')\nsrc = 'def f():\\n    s = \"\"\"\\nabc # (\\n\"\"\"\\n    t = \\'\"\\' + \"[\"\\n    return s\\nx = 1\\n'\nwith open(path, 'w') as fh:\n    fh.write(src)\nns = {}\nexec(compile(src, path, 'exec'), ns)\ninspect.getsource(ns['f'])", "'def f():\\n    s = \"\"\"\\nabc # (\\n\"\"\"\\n    t = \\'\"\\' + \"[\"\\n    return s\\n'"},
	{"inspect.getsource(len)", "TypeError: module, class, method, function, traceback, frame, or code object was expected, got builtin_function_or_method"},
	{"inspect.getsource(eval('lambda: 1'))", "OSError: could not get source code"},
}

func TestBind(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, bindPrelude), bindCases)
	})
}

func TestBindAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, bindPrelude), bindCases)
	})
}
