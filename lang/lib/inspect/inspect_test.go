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
