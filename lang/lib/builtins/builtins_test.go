package builtins_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/builtins"
)

// builtinsCases are compared with CPython 3.11's outcomes. CPython runs
// them all in one process, so a case that assigns a builtin restores it.
var builtinsCases = []string{
	"import builtins\nbuiltins.print is print, builtins.len is len, builtins.ValueError is ValueError, getattr(builtins, 'None'), getattr(builtins, 'True'), builtins.NotImplemented, builtins.Ellipsis",
	"import builtins\nbuiltins.__name__, type(builtins).__name__, 'abs' in dir(builtins), 'KeyError' in dir(builtins)",
	"import builtins\nbuiltins.myconst = 42\ndef f():\n    return myconst + 1\nf(), myconst",
	"import builtins\nold = builtins.len\nbuiltins.len = lambda x: 'mine'\nr = len([1, 2]), [len(x) for x in ['ab']], sorted(['bb', 'a'], key=len)\nbuiltins.len = old\nr, len('abc')",
	"import builtins\nold = builtins.abs\nbuiltins.abs = lambda x: 'patched'\nr = abs(-1)\nbuiltins.abs = old\nr, abs(-1)",
	"import builtins\nbuiltins.nosuch",
	"import builtins\nlen = 3\nbuiltins.len([1])",
	"from builtins import max, min, range\nmax(range(5)), min(3, 1)",
	"import builtins\ndef f():\n    return undefined_name\nbuiltins.undefined_name = 'set later'\nf()",
}

func TestBuiltinsMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "", builtinsCases)
}
