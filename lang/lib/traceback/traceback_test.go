package traceback_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/std"
)

const prelude = "import traceback, sys\ndef inner():\n    return {}['k']\ndef outer():\n    return inner()\ntry:\n    outer()\nexcept KeyError as err:\n    e = err\n"

// cases hold CPython 3.11's outcomes; lang/lib/unittest's
// testdata/tracebacks.py compares whole printed tracebacks, file names
// and line numbers included.
var cases = []langtest.Case{
	{"traceback.format_exception_only(e)", "[\"KeyError: 'k'\\n\"]"},
	{"traceback.format_exception_only(ValueError())", "['ValueError\\n']"},
	{"class MyError(Exception):\n    pass\ntraceback.format_exception_only(MyError('x'))", "['MyError: x\\n']"},
	{"traceback.format_exception_only(None)", "['NoneType: None\\n']"},
	{"[f.name for f in traceback.extract_tb(e.__traceback__)]", "['<module>', 'outer', 'inner']"},
	{"[f.name for f in traceback.extract_tb(e.__traceback__, limit=1)], [f.name for f in traceback.extract_tb(e.__traceback__, limit=-1)]", "(['<module>'], ['inner'])"},
	{"lines = traceback.format_exception(e)\nlines[0], lines[-1], len(lines)", "('Traceback (most recent call last):\\n', \"KeyError: 'k'\\n\", 5)"},
	{"traceback.format_exc()", "'NoneType: None\\n'"},
	{"try:\n    int('x')\nexcept ValueError:\n    s = traceback.format_exc()\ns.splitlines()[0], s.splitlines()[-1]", "('Traceback (most recent call last):', \"ValueError: invalid literal for int() with base 10: 'x'\")"},
	{"try:\n    try:\n        1 / 0\n    except ZeroDivisionError as z:\n        raise KeyError('k') from z\nexcept KeyError as k:\n    s = ''.join(traceback.format_exception(k))\n    s2 = ''.join(traceback.format_exception(k, chain=False))\n'direct cause' in s, 'ZeroDivisionError' in s, 'direct cause' in s2, 'ZeroDivisionError' in s2", "(True, True, False, False)"},
	{"traceback.format_tb(None), traceback.extract_tb(None)", "([], [])"},
	{"traceback.format_exception(3)", "TypeError: Exception expected for value, int found"},
	{"class A:\n    blech = 1\n    def __getattr__(self, n):\n        raise AttributeError\ntry:\n    A().bluch\nexcept AttributeError as x:\n    r = x.name, type(x.obj).__name__, traceback.format_exception_only(x)\nr", "('bluch', 'A', ['AttributeError\\n'])"},
	{"blech = 2\ntry:\n    bluch\nexcept NameError as x:\n    r = traceback.format_exception_only(x)\nr", "[\"NameError: name 'bluch' is not defined\\n\"]"},
	{"class B:\n    def __str__(self):\n        raise ValueError('no')\nclass E(Exception):\n    __str__ = B.__str__\ntraceback.format_exception_only(E())", "['E: <exception str() failed>\\n']"},
}

func TestTraceback(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
	cpython.CheckCellCases(t, prelude, cases)
}
