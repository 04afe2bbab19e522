package lang

import "testing"

// builtinWordingCases are the errors of Python's builtins that kael's
// binder and count check word (cpythonWrongType, builtinArity.check):
// CPython 3.11's, keywords counted as Argument Clinic counts them.
var builtinWordingCases = []struct{ src, want string }{
	{"format(1, 2)", "TypeError: format() argument 2 must be str, not int"},
	{"chr('a')", "TypeError: 'str' object cannot be interpreted as an integer"},
	{"chr(1.5)", "TypeError: 'float' object cannot be interpreted as an integer"},
	{"int('1', 'a')", "TypeError: 'str' object cannot be interpreted as an integer"},
	{"int('1', base=1.5)", "TypeError: 'float' object cannot be interpreted as an integer"},
	{"open(1.5)", "TypeError: expected str, bytes or os.PathLike object, not float"},
	{"open(file=1.5)", "TypeError: expected str, bytes or os.PathLike object, not float"},
	{"round(1.5, 'a')", "TypeError: 'str' object cannot be interpreted as an integer"},
	{"round(2.5, 2**70), round(2.5, -2**70), round(25, 2**70)", "(2.5, 0.0, 25)"},
	{"ord(1)", "TypeError: ord() expected string of length 1, but int found"},
	{"divmod('a', 1)", "TypeError: unsupported operand type(s) for divmod(): 'str' and 'int'"},
	{"isinstance(1, 1)", "TypeError: isinstance() arg 2 must be a type, a tuple of types, or a union"},
	{"issubclass(int, 1)", "TypeError: issubclass() arg 2 must be a class, a tuple of classes, or a union"},
	{"getattr(1, 2)", "TypeError: attribute name must be string, not 'int'"},
	{"setattr(1, 2, 3)", "TypeError: attribute name must be string, not 'int'"},
	{"hasattr(1, 2)", "TypeError: attribute name must be string, not 'int'"},
	{"delattr(1, 2)", "TypeError: attribute name must be string, not 'int'"},
	{"sorted(1)", "TypeError: 'int' object is not iterable"},
	{"hex('a')", "TypeError: 'str' object cannot be interpreted as an integer"},
	{"str(1, 2)", "TypeError: str() argument 'encoding' must be str, not int"},
	{"round(1.5, ndigits=1, x=2)", "TypeError: round() takes at most 2 arguments (3 given)"},
	{"round(1.5, 1, 2)", "TypeError: round() takes at most 2 arguments (3 given)"},
	{"round(number=1.5, ndigits=0, z=1)", "TypeError: round() takes at most 2 keyword arguments (3 given)"},
	{"round(1.5, 1, ndigits=1)", "TypeError: round() takes at most 2 arguments (3 given)"},
	{"round(1.5, z=1)", "TypeError: 'z' is an invalid keyword argument for round()"},
	{"round(number=1.5, z=1)", "TypeError: 'z' is an invalid keyword argument for round()"},
	{"pow(2, 3, mod=5, x=1)", "TypeError: pow() takes at most 3 arguments (4 given)"},
	{"pow(2, exp=3, mod=5, x=1)", "TypeError: pow() takes at most 3 arguments (4 given)"},
	{"pow(base=2, exp=3, mod=5, x=1)", "TypeError: pow() takes at most 3 keyword arguments (4 given)"},
	{"pow(2, 3, 4, 5)", "TypeError: pow() takes at most 3 arguments (4 given)"},
	{"pow(2, z=1)", "TypeError: pow() missing required argument 'exp' (pos 2)"},
	{"pow(2, 3, z=1)", "TypeError: 'z' is an invalid keyword argument for pow()"},
	{"sum([1], 2, 3)", "TypeError: sum() takes at most 2 arguments (3 given)"},
	{"sum([1], 2, start=3)", "TypeError: sum() takes at most 2 arguments (3 given)"},
	{"round(2.675, ndigits=2), pow(base=2, exp=10, mod=1000), pow(2, exp=3)", "(2.67, 24, 8)"},
}

func TestBuiltinWording(t *testing.T) { checkCellCases(t, "", builtinWordingCases) }

func TestBuiltinWordingAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", builtinWordingCases)
}

// siteCases are the names site adds to builtins (exit, quit, copyright,
// credits, license) and breakpoint() with sys.breakpointhook, as CPython
// 3.11 has them.
var siteCases = []struct{ src, want string }{
	{"type(exit), type(quit).__name__, type(exit).__module__ if False else 0", "(<class '_sitebuiltins.Quitter'>, 'Quitter', 0)"},
	{"type(copyright), type(credits), type(license), copyright.MAXLINES, callable(license)", "(<class '_sitebuiltins._Printer'>, <class '_sitebuiltins._Printer'>, <class '_sitebuiltins._Printer'>, 23, True)"},
	{"import sys\nsys.breakpointhook is sys.__breakpointhook__, callable(sys.breakpointhook), callable(breakpoint)", "(True, True, True)"},
	{"import sys\nseen = []\nsys.breakpointhook = lambda *a, **k: seen.append((a, k)) or 'hooked'\nr = breakpoint(1, x=2)\nsys.breakpointhook = sys.__breakpointhook__\nr, seen", "('hooked', [((1,), {'x': 2})])"},
	{"import os\nos.environ['PYTHONBREAKPOINT'] = '0'\nr = breakpoint()\ndel os.environ['PYTHONBREAKPOINT']\nr, 1", "(None, 1)"},
	{"import os\nos.environ['PYTHONBREAKPOINT'] = 'builtins.len'\nr = breakpoint([1, 2, 3])\ndel os.environ['PYTHONBREAKPOINT']\nr", "3"},
	{"import os, warnings\nos.environ['PYTHONBREAKPOINT'] = 'nosuchmodule.f'\nwith warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    r = breakpoint()\ndel os.environ['PYTHONBREAKPOINT']\nr, [(x.category.__name__, str(x.message)) for x in w]", "(None, [('RuntimeWarning', 'Ignoring unimportable $PYTHONBREAKPOINT: \"nosuchmodule.f\"')])"},
}

func TestSitePrintersAndBreakpoint(t *testing.T) { checkCellCases(t, "", siteCases) }

func TestSitePrintersAndBreakpointAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", siteCases)
}

// TestSiteBuiltinsKaelText checks what is kael's own: the texts of
// copyright, credits and license (a _Printer's repr is its text, its
// call prints it), and breakpoint() without a debugger, which warns and
// goes on.
func TestSiteBuiltinsKaelText(t *testing.T) {
	checkCellCases(t, "", []struct{ src, want string }{
		{"repr(copyright), str(copyright) == repr(copyright)", "('Copyright (c) 2026 the kael maintainers.', True)"},
		{"import io, contextlib\nf = io.StringIO()\nwith contextlib.redirect_stdout(f):\n    r = license()\nr, f.getvalue() == repr(license) + '\\n', repr(credits).startswith('    Thanks')", "(None, True, True)"},
		{"import os, warnings\nos.environ.pop('PYTHONBREAKPOINT', None)\nwith warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    r = breakpoint()\nr, [(x.category.__name__, str(x.message)[:27]) for x in w]", "(None, [('RuntimeWarning', 'kael has no debugger (pdb):')])"},
	})
}
