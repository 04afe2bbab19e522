package lang

import (
	"fmt"
	"testing"
)

// indentationSources are programs whose indentation CPython rejects with
// an IndentationError or a TabError; indentationCases compile each and
// show the error's class and fields, as CPython 3.11 gives them.
var indentationCases = []struct{ src, want string }{
	{"x = 1\n  y = 2\n", "('IndentationError', 'unexpected indent', 2, 2, 2, -1, '  y = 2\\n')"},
	{"  x = 1\n", "('IndentationError', 'unexpected indent', 1, 2, 1, -1, '  x = 1\\n')"},
	{"def f():\n    x = 1\n      y = 2\n", "('IndentationError', 'unexpected indent', 3, 6, 3, -1, '      y = 2\\n')"},
	{"if x:\npass\n", "('IndentationError', \"expected an indented block after 'if' statement on line 1\", 2, 1, 2, 5, 'pass\\n')"},
	{"def f():\nreturn 1\n", "('IndentationError', 'expected an indented block after function definition on line 1', 2, 1, 2, 7, 'return 1\\n')"},
	{"for i in x:\n\nprint(i)\n", "('IndentationError', \"expected an indented block after 'for' statement on line 1\", 3, 1, 3, 6, 'print(i)\\n')"},
	{"class C:\nx = 1\n", "('IndentationError', 'expected an indented block after class definition on line 1', 2, 1, 2, 2, 'x = 1\\n')"},
	{"while x:\n  pass\nelse:\nx\n", "('IndentationError', \"expected an indented block after 'else' statement on line 3\", 4, 1, 4, 2, 'x\\n')"},
	{"try:\nx\nexcept E:\n pass\n", "('IndentationError', \"expected an indented block after 'try' statement on line 1\", 2, 1, 2, 2, 'x\\n')"},
	{"with a:\nx\n", "('IndentationError', \"expected an indented block after 'with' statement on line 1\", 2, 1, 2, 2, 'x\\n')"},
	{"if x:\n  pass\nelif y:\nz\n", "('IndentationError', \"expected an indented block after 'elif' statement on line 3\", 4, 1, 4, 2, 'z\\n')"},
	{"match x:\ncase 1: pass\n", "('IndentationError', \"expected an indented block after 'match' statement on line 1\", 2, 1, 2, 5, 'case 1: pass\\n')"},
	{"if x:\n    a\n  b\n", "('IndentationError', 'unindent does not match any outer indentation level', 3, 4, 3, -1, '  b\\n')"},
	{"def f():\n    x\n  yy = 1\n", "('IndentationError', 'unindent does not match any outer indentation level', 3, 9, 3, -1, '  yy = 1\\n')"},
	{"if x:\n    a\n b", "('IndentationError', 'unindent does not match any outer indentation level', 3, 3, 3, -1, ' b\\n')"},
	{"if x:\n        a\n\tb\n", "('TabError', 'inconsistent use of tabs and spaces in indentation', 3, 1, 3, 0, '\\tb\\n')"},
	{"if x:\n\ta\n        b\n", "('TabError', 'inconsistent use of tabs and spaces in indentation', 3, 1, 3, 0, '        b\\n')"},
	{"if x:\n  a = (1,\n2)\n", "ok"},
}

// indentationCell compiles src in a cell and gives the fields of the
// SyntaxError it raises, or 'ok'.
func indentationCell(src string) string {
	return fmt.Sprintf("try:\n    compile(%q, '<s>', 'exec')\n    r = 'ok'\nexcept SyntaxError as e:\n    r = (type(e).__name__, e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset, e.text)\nr", src)
}

func TestIndentationErrors(t *testing.T) {
	cells := make([]struct{ src, want string }, len(indentationCases))
	for i, c := range indentationCases {
		want := c.want
		if want == "ok" {
			want = "'ok'"
		}
		cells[i] = struct{ src, want string }{indentationCell(c.src), want}
		if got := cellOutcome(NewSession(IO{}), cells[i].src); got != want {
			t.Errorf("%q\n got %s\nwant %s", c.src, got, want)
		}
	}
	checkCellCasesAgainstCPython(t, "", cells)
}

// indentationClassCases: the classes are SyntaxError's subclasses, caught
// by except SyntaxError, except IndentationError and except TabError, from
// exec() as from compile(), and their str() is CPython's.
var indentationClassCases = []struct{ src, want string }{
	{"issubclass(IndentationError, SyntaxError), issubclass(TabError, IndentationError), TabError.__mro__[1:3]", "(True, True, (<class 'IndentationError'>, <class 'SyntaxError'>))"},
	{"try:\n    exec('if 1:\\n        a = 1\\n\\tb = 2\\n')\nexcept IndentationError as e:\n    r = type(e).__name__, str(e), e.args[0]\nr", "('TabError', 'inconsistent use of tabs and spaces in indentation (<string>, line 3)', 'inconsistent use of tabs and spaces in indentation')"},
	{"try:\n    exec('x = 1\\n y = 2')\nexcept IndentationError as e:\n    r = type(e).__name__, str(e), e.filename\nr", "('IndentationError', 'unexpected indent (<string>, line 2)', '<string>')"},
	{"try:\n    compile('if x:\\nx', 'f.py', 'exec')\nexcept TabError:\n    r = 'tab'\nexcept IndentationError as e:\n    r = str(e)\nr", "\"expected an indented block after 'if' statement on line 1 (f.py, line 2)\""},
	{"try:\n    compile('x = (1,\\n', 'f.py', 'exec')\nexcept IndentationError:\n    r = 'indent'\nexcept SyntaxError as e:\n    r = type(e).__name__\nr", "'SyntaxError'"},
}

func TestIndentationErrorClasses(t *testing.T) {
	for _, c := range indentationClassCases {
		if got := cellOutcome(NewSession(IO{}), c.src); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
	checkCellCasesAgainstCPython(t, "", indentationClassCases)
}
