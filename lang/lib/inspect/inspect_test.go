package inspect_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/std"
)

// TestInspectMatchesCPython holds signature and the predicates to
// CPython's (and PyTorch's, for torch.optim.AdamW).
func TestInspectMatchesCPython(t *testing.T) {
	prelude := "import inspect\nimport torch\ndef f(a, b=1, *args, c=None, **kw): pass\ndef g(x, /, y, *, z=(1, 'a')): pass\nclass A:\n    def __init__(self, x, y=2): pass\n    def m(self, z): pass\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"str(inspect.signature(f))", "list(inspect.signature(f).parameters)", "inspect.signature(f).parameters['b'].default",
		"str(inspect.signature(g))", "inspect.signature(g).parameters['z'].default", "str(inspect.signature(lambda q, r=3: q))",
		"'fused' in inspect.signature(torch.optim.AdamW).parameters", "inspect.signature(torch.optim.AdamW).parameters['lr'].default",
		"str(inspect.signature(A))", "str(inspect.signature(A(1).m))", "str(inspect.signature(f).parameters['c'])",
		"inspect.isclass(A), inspect.isclass(3), inspect.isfunction(f), inspect.isfunction(len), inspect.ismethod(A(1).m)",
		"inspect.ismodule(torch), inspect.ismodule(f)", "[n for n, v in inspect.getmembers(A) if not n.startswith('_')]",
		"inspect.signature(f).parameters['a'].default is inspect.Parameter.empty", "inspect.signature(3)",
		"import functools\n@functools.wraps(f)\ndef w(*x): pass\nstr(inspect.signature(w)), str(inspect.signature(w, follow_wrapped=False)), inspect.unwrap(w) is f, inspect.unwrap(len) is len",
		"class C: pass\nC.__wrapped__ = C\ntry:\n    inspect.unwrap(C)\nexcept ValueError as e:\n    r = str(e).startswith('wrapper loop when unwrapping <class ')\nr",
		"def h(): pass\ndef k(): pass\nh.__wrapped__ = k\nk.__wrapped__ = h\ntry:\n    inspect.unwrap(h)\nexcept ValueError as e:\n    r = str(e).startswith('wrapper loop when unwrapping <function h')\nr",
	})
}

// TestInspectFunctionsMatchCPython holds the functions libraries call on
// functions and classes to CPython's.
func TestInspectFunctionsMatchCPython(t *testing.T) {
	prelude := "import inspect, abc\ndef g(a, b: int = 2, *args, c, d=4, **kw) -> int:\n    '''Doc  of g.\n\n        indented\n    more\n    '''\n    yield 1\ndef h(x, y=(1, 2), /, z=None):\n    return x\nclass A:\n    'A doc.'\n    def m(self, a, *, k=1):\n        yield a\nclass B(abc.ABC):\n    @abc.abstractmethod\n    def run(self): ...\nclass C(B):\n    def run(self):\n        return 1\n"
	langtest.CheckMatchesCPython(t, prelude, []string{
		"inspect.getfullargspec(g)", "inspect.getfullargspec(h)", "inspect.getfullargspec(A.m)", "inspect.getfullargspec(A().m)", "inspect.getfullargspec(lambda: 0)",
		"inspect.getfullargspec(len)",
		"inspect.isgeneratorfunction(g), inspect.isgeneratorfunction(h), inspect.isgeneratorfunction(A().m), inspect.isgeneratorfunction(len), inspect.isgeneratorfunction(3)",
		"inspect.getdoc(g)", "inspect.getdoc(A), inspect.getdoc(h), inspect.getdoc(A.m)",
		"inspect.cleandoc('  first\\n      a\\n    b\\n\\n'), inspect.cleandoc('\\n\\n  x\\n\\ty'), inspect.cleandoc('')",
		"inspect.isabstract(B), inspect.isabstract(C), inspect.isabstract(A), inspect.isabstract(3)",
		"[c.__name__ for c in inspect.getmro(C)]",
		"inspect.isroutine(g), inspect.isroutine(A().m), inspect.isroutine(len), inspect.isroutine(A), inspect.isroutine(3)",
		"inspect.getfile(3)", "import math\ninspect.getfile(math)",
	})
}
