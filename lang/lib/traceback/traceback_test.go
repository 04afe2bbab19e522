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

// moreCases are the module's classes and stack functions (module.py).
var moreCases = []langtest.Case{
	{"s = traceback.extract_tb(e.__traceback__)\ntype(s).__name__, isinstance(s, list), [f.name for f in s], [f.lineno for f in s], s[-1].name, len(s[0]), tuple(s[2])[1:3], repr(s[2]).startswith('<FrameSummary file ')", "('StackSummary', True, ['<module>', 'outer', 'inner'], [7, 5, 3], 'inner', 4, (3, 'inner'), True)"},
	{"[(f.f_code.co_name, l) for f, l in traceback.walk_tb(e.__traceback__)], [f.f_code.co_name for f, _ in traceback.walk_tb(e.__traceback__)]", "([('<module>', 7), ('outer', 5), ('inner', 3)], ['<module>', 'outer', 'inner'])"},
	{"f = traceback.FrameSummary('x.py', 3, 'g', line='  y = 1  ')\nf.line, f.filename, f.lineno, f.name, f.locals, f == ('x.py', 3, 'g', 'y = 1'), list(f), f[1], repr(f)", "('y = 1', 'x.py', 3, 'g', None, True, ['x.py', 3, 'g', 'y = 1'], 3, '<FrameSummary file x.py, line 3 in g>')"},
	{"traceback.FrameSummary('<none>', 1, 'g').line, traceback.FrameSummary('a', None, 'g').line, traceback.FrameSummary('a', 1, 'g', locals={'x': [1]}).locals", "('', None, {'x': '[1]'})"},
	{"traceback.format_list([('x.py', 3, 'g', 'y = 1'), traceback.FrameSummary('<z>', 4, 'h', line='pass')])", "['  File \"x.py\", line 3, in g\\n    y = 1\\n', '  File \"<z>\", line 4, in h\\n    pass\\n']"},
	{"s = traceback.StackSummary.from_list([('a.py', 1, 'f', 'f()')] * 5 + [('a.py', 2, 'g', '')])\ns.format()", "['  File \"a.py\", line 1, in f\\n    f()\\n', '  File \"a.py\", line 1, in f\\n    f()\\n', '  File \"a.py\", line 1, in f\\n    f()\\n', '  [Previous line repeated 2 more times]\\n', '  File \"a.py\", line 2, in g\\n']"},
	{"def g():\n    return traceback.extract_stack()\ndef h():\n    return g()\ns = h()\n[f.name for f in s][-2:], s[-1].lineno, len(traceback.extract_stack(limit=1)), len(h()) == len(traceback.extract_stack()) + 2", "(['h', 'g'], 2, 1, True)"},
	{"def g():\n    return [f.f_code.co_name for f, _ in traceback.walk_stack(sys._getframe())][:2]\ndef h():\n    return traceback.format_stack()[-1].splitlines()[0].split(', ')[-1]\ng(), h()", "(['g', '<module>'], 'in h')"},
	{"import io\ndef g():\n    out = io.StringIO()\n    traceback.print_stack(file=out, limit=1)\n    return out.getvalue().splitlines()[0].split(', ')[1:]\ng()", "['line 4', 'in g']"},
	{"te = traceback.TracebackException.from_exception(e)\ntype(te).__name__, te.exc_type, str(te), [f.name for f in te.stack], list(te.format_exception_only()), te.__cause__, te.__context__, te.__suppress_context__, ''.join(te.format()) == ''.join(traceback.format_exception(e))", "('TracebackException', <class 'KeyError'>, \"'k'\", ['<module>', 'outer', 'inner'], [\"KeyError: 'k'\\n\"], None, None, False, True)"},
	{"try:\n    try:\n        1 / 0\n    except ZeroDivisionError:\n        raise ValueError('v')\nexcept ValueError as x:\n    te = traceback.TracebackException(type(x), x, x.__traceback__)\n    y = x\nlines = list(te.format())\nte.__context__.exc_type, te.__cause__, None, lines.count('Traceback (most recent call last):\\n'), lines[-1], list(te.format(chain=False))[-1], ''.join(lines) == ''.join(traceback.format_exception(y))", "(<class 'ZeroDivisionError'>, None, None, 2, 'ValueError: v\\n', 'ValueError: v\\n', True)"},
	{"import io\nout = io.StringIO()\ntraceback.TracebackException.from_exception(e).print(file=out)\nte = traceback.TracebackException.from_exception(e, limit=1)\nout.getvalue() == traceback.format_exc() or out.getvalue().startswith('Traceback'), [f.name for f in te.stack], te == traceback.TracebackException.from_exception(e, limit=1)", "(True, ['<module>'], True)"},
	{"te = traceback.TracebackException.from_exception(SyntaxError('m', ('f.py', 2, 3, 'abc', 2, 4)))\nte.filename, te.lineno, te.end_lineno, te.text, te.offset, te.end_offset, te.msg", "('f.py', '2', '2', 'abc', 3, 4, 'm')"},
	{"traceback.clear_frames(e.__traceback__), traceback.clear_frames(None)", "(None, None)"},
	{"traceback.print_last()", "ValueError: no last exception"},
	{"traceback.extract_tb(None), traceback.extract_tb(e.__traceback__, limit=0), [f.name for f in traceback.extract_tb(e.__traceback__, limit=-2)]", "([], [], ['outer', 'inner'])"},
}

func TestTracebackMore(t *testing.T) {
	langtest.CheckCellCases(t, prelude, moreCases)
	cpython.CheckCellCases(t, prelude, moreCases)
}
