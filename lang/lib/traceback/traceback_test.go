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
	{"e = ValueError('x')\ne.add_note('n1')\ne.add_note('n2')\ntraceback.format_exception_only(e)", "['ValueError: x\\n', 'n1\\n', 'n2\\n']"},
	{"[traceback.format_exception_only(SyntaxError('bad', a)) for a in [('f.py', 1, 2, 'abcdefg', 1, 7), ('f.py', 2, 3, '   xyz\\n', 2, 4), ('f.py', 1, None, 'abc', None, None), (None, 1, 0, 'ab', 1, 1), ('f.py', None, None, None)]]", "[['  File \"f.py\", line 1\\n', '    abcdefg\\n', '     ^^^^^\\n', 'SyntaxError: bad\\n'], ['  File \"f.py\", line 2\\n', '    xyz\\n', 'SyntaxError: bad\\n'], ['  File \"f.py\", line 1\\n', '    abc\\n', 'SyntaxError: bad\\n'], ['  File \"<string>\", line 1\\n', '    ab\\n', 'SyntaxError: bad\\n'], ['SyntaxError: bad (f.py)\\n']]"},
	{"traceback.format_exception_only(SyntaxError()), traceback.format_exception_only(IndentationError('i', ('m.py', 3, 5, '    x = 1', 3, 6)))", "(['SyntaxError: <no detail available>\\n'], ['  File \"m.py\", line 3\\n', '    x = 1\\n', '    ^\\n', 'IndentationError: i\\n'])"},
	{"traceback.format_exception(3)", "TypeError: Exception expected for value, int found"},
	{"class A:\n    blech = 1\n    def __getattr__(self, n):\n        raise AttributeError\ntry:\n    A().bluch\nexcept AttributeError as x:\n    r = x.name, type(x.obj).__name__, traceback.format_exception_only(x)\nr", "('bluch', 'A', ['AttributeError\\n'])"},
	{"blech = 2\ntry:\n    bluch\nexcept NameError as x:\n    r = traceback.format_exception_only(x)\nr", "[\"NameError: name 'bluch' is not defined\\n\"]"},
	{"class B:\n    def __str__(self):\n        raise ValueError('no')\nclass E(Exception):\n    __str__ = B.__str__\ntraceback.format_exception_only(E())", "['E: <exception str() failed>\\n']"},
}

func TestTraceback(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
	cpython.CheckCellCases(t, prelude, cases)
}
