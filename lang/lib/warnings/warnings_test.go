package warnings_test

import (
	"context"
	"testing"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/warnings" // the module under test
	_ "github.com/kael-dev/kael/lang/torch"        // tensor(), for notes
)

const warningsPrelude = "import warnings\n"

// warningsCases hold CPython 3.11's outcomes; TestWarningsAgainstCPython
// checks them there.
var warningsCases = []langtest.Case{
	{"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    warnings.warn('a')\n    warnings.warn('b', RuntimeWarning)\n    warnings.warn(FutureWarning('c'))\n[(str(x.message), x.category.__name__, x.lineno, type(x.message).__name__) for x in w]", "[('a', 'UserWarning', 3, 'UserWarning'), ('b', 'RuntimeWarning', 4, 'RuntimeWarning'), ('c', 'FutureWarning', 5, 'FutureWarning')]"},
	{"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('ignore')\n    warnings.warn('a')\nw", "[]"},
	{"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('default')\n    for i in range(3):\n        warnings.warn('same')\n    warnings.warn('other')\n[str(x.message) for x in w]", "['same', 'other']"},
	{"with warnings.catch_warnings():\n    warnings.simplefilter('error')\n    try:\n        warnings.warn('boom')\n    except UserWarning as e:\n        r = (type(e).__name__, str(e))\nr", "('UserWarning', 'boom')"},
	{"with warnings.catch_warnings():\n    warnings.filterwarnings('error', message='bad')\n    warnings.filterwarnings('ignore', category=RuntimeWarning)\n    warnings.warn('fine', RuntimeWarning)\n    try:\n        warnings.warn('BAD thing')\n        r = 'not raised'\n    except UserWarning as e:\n        r = str(e)\nr", "'BAD thing'"},
	{"with warnings.catch_warnings():\n    warnings.simplefilter('error', DeprecationWarning)\n    warnings.warn('x', DeprecationWarning)", "DeprecationWarning: x"},
	{"warnings.simplefilter('bogus')", "AssertionError: invalid action: 'bogus'"},
	// stacklevel: the caller's line, its caller's (past the stack: in
	// warningsOutput, since CPython's harness adds frames)
	{"def f(level):\n    warnings.warn('w', stacklevel=level)\ndef g(level):\n    f(level)\nwith warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    for lv in (-1, 0, 1, 2, 3):\n        g(lv)\n[x.lineno for x in w]", "[2, 2, 2, 4, 8]"},
	{"warnings.warn('x', 3)", "TypeError: category must be a Warning subclass, not 'int'"},
	{"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    warnings.warn_explicit('m', UserWarning, 'f.py', 7)\n    warnings.warn_explicit(RuntimeWarning('r'), None, 'g.py', 2, module='mod')\n[(str(x.message), x.category.__name__, x.filename, x.lineno) for x in w]", "[('m', 'UserWarning', 'f.py', 7), ('r', 'RuntimeWarning', 'g.py', 2)]"},
	{"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('default')\n    reg = {}\n    for i in range(3):\n        warnings.warn_explicit('d', UserWarning, 'f.py', 1, registry=reg)\n    for i in range(2):\n        warnings.warn_explicit('n', UserWarning, 'f.py', 1)\nlen(w), len(reg) > 0", "(3, True)"},
	{"with warnings.catch_warnings(record=True) as w:\n    warnings.filterwarnings('ignore', module='skip')\n    warnings.simplefilter('always', append=True)\n    warnings.warn_explicit('a', UserWarning, 'skip.py', 1)\n    warnings.warn_explicit('b', UserWarning, 'keep.py', 1)\n    warnings.warn_explicit('c', UserWarning, 'x.py', 1, module='skipped')\n[str(x.message) for x in w]", "['b']"},
	{"with warnings.catch_warnings():\n    warnings.simplefilter('error')\n    warnings.warn_explicit('e', DeprecationWarning, 'f.py', 1)", "DeprecationWarning: e"},
	{"try:\n    warnings.warn_explicit('x', 3, 'f.py', 1)\nexcept TypeError:\n    r = 'TypeError'\nr", "'TypeError'"},
	{"issubclass(warnings.UserWarning, Warning), warnings.DeprecationWarning is DeprecationWarning", "AttributeError: module 'warnings' has no attribute 'UserWarning'"},
	// the compiler's SyntaxWarnings, through the filters; "error" makes
	// them SyntaxErrors at their place
	{"def sw(src):\n    with warnings.catch_warnings(record=True) as w:\n        warnings.simplefilter('always')\n        compile(src, '<t>', 'exec')\n    return [(str(x.message), x.category.__name__, x.lineno, x.filename) for x in w]\nsw('x is 1'), sw('1 is x'), sw('x is y is \"a\"'), sw('x is not ()'), sw('x is -1'), sw('x is None or x is True or x is ... or x is y')", "([('\"is\" with a literal. Did you mean \"==\"?', 'SyntaxWarning', 1, '<t>')], [('\"is\" with a literal. Did you mean \"==\"?', 'SyntaxWarning', 1, '<t>')], [('\"is\" with a literal. Did you mean \"==\"?', 'SyntaxWarning', 1, '<t>')], [('\"is not\" with a literal. Did you mean \"!=\"?', 'SyntaxWarning', 1, '<t>')], [('\"is\" with a literal. Did you mean \"==\"?', 'SyntaxWarning', 1, '<t>')], [])"},
	{"def sw(src):\n    with warnings.catch_warnings(record=True) as w:\n        warnings.simplefilter('always')\n        compile(src, '<t>', 'exec')\n    return [(str(x.message), x.lineno) for x in w]\nsw('assert(x, \"msg\")'), sw('assert(False,)'), sw('assert x, \"m\"'), sw('assert ()'), sw('def f():\\n    pass\\n    assert (1, 2)')", "([('assertion is always true, perhaps remove parentheses?', 1)], [('assertion is always true, perhaps remove parentheses?', 1)], [], [], [('assertion is always true, perhaps remove parentheses?', 3)])"},
	{"def sw(src):\n    with warnings.catch_warnings(record=True) as w:\n        warnings.simplefilter('always')\n        compile(src, '<t>', 'exec')\n    return [str(x.message).split(';')[0] for x in w]\n[sw(s) for s in ['[(1, 2) (3, 4)]', '[[i for i in x] (3, 4)]', '[(i for i in x) (3, 4)]', '[{1: 2} (3, 4)]', '[f\"{x}\" (3, 4)]', '[b\"abc\" (3, 4)]', '[12.3j (3, 4)]', '[None (3, 4)]', '[... (3, 4)]', '[(lambda: 1) (3, 4)]']]", "[[\"'tuple' object is not callable\"], [\"'list' object is not callable\"], [\"'generator' object is not callable\"], [\"'dict' object is not callable\"], [\"'str' object is not callable\"], [\"'bytes' object is not callable\"], [\"'complex' object is not callable\"], [\"'NoneType' object is not callable\"], [\"'ellipsis' object is not callable\"], []]"},
	{"def sw(src):\n    with warnings.catch_warnings(record=True) as w:\n        warnings.simplefilter('always')\n        compile(src, '<t>', 'exec')\n    return [str(x.message).split(';')[0] for x in w]\n[sw(s) for s in ['[{1, 2} [i, j]]', '[(lambda x: x) [i]]', '[True [i]]', '[(1, 2) [i, j]]', '[[1, 2] [[3]]]', '[[1, 2] [{3: 4}]]', '[\"abc\" [None]]', '[[1] [1:2, 3]]', '[[1, 2] [i]]', '[[1, 2] [True]]', '[[1, 2] [1:2]]', '[{(1, 2): 3} [i, j]]', '(1, 2)[0, 1] = 3', 'del [1][1, 2]']]", "[[\"'set' object is not subscriptable\"], [\"'function' object is not subscriptable\"], [\"'bool' object is not subscriptable\"], ['tuple indices must be integers or slices, not tuple'], ['list indices must be integers or slices, not list'], ['list indices must be integers or slices, not dict'], ['str indices must be integers or slices, not NoneType'], ['list indices must be integers or slices, not tuple'], [], [], [], [], [], []]"},
	{"with warnings.catch_warnings():\n    warnings.simplefilter('error', SyntaxWarning)\n    try:\n        compile('x = 1\\nif x is 2: pass', '<t>', 'exec')\n    except SyntaxError as e:\n        r = (e.msg, e.lineno, e.offset, e.filename)\nr", "('\"is\" with a literal. Did you mean \"==\"?', 2, 4, '<t>')"},
	{"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    exec('y = 5 is 5')\n    eval('y is 5')\n    c = compile('y is 6', 'f', 'eval')\n    eval(c)\n[(x.lineno, x.filename) for x in w]", "[(1, '<string>'), (1, '<string>'), (1, 'f')]"},
	{"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    eval(\"warnings.warn('e')\")\n    exec(\"x = 1\\nwarnings.warn('f')\")\n[(x.lineno, x.filename) for x in w]", "[(1, '<string>'), (2, '<string>')]"},
}

// warningsOutput is what warn writes to stderr (a session without a
// stderr of its own writes it with its output), as CPython writes it
// for code read from standard input.
var warningsOutput = []langtest.Case{
	{"import warnings\nfor i in range(3):\n    warnings.warn('hi')\nwarnings.warn('x', DeprecationWarning)", "<stdin>:3: UserWarning: hi\n  warnings.warn('hi')\n<stdin>:4: DeprecationWarning: x\n  warnings.warn('x', DeprecationWarning)\n"},
	{"import warnings\nwarnings.simplefilter('ignore')\nwarnings.warn('hi')\nprint('ok')", "ok\n"},
	{"import warnings\nwarnings.simplefilter('always')\nfor i in range(2):\n    warnings.warn('again')", "<stdin>:4: UserWarning: again\n  warnings.warn('again')\n<stdin>:4: UserWarning: again\n  warnings.warn('again')\n"},
	{"import warnings\nwarnings.simplefilter('once')\nwarnings.warn('a')\nwarnings.warn('a')", "<stdin>:3: UserWarning: a\n  warnings.warn('a')\n"},
	// stacklevel past the outermost frame names line 1 of sys, whose
	// module a filter can name (as CPython 3.11 run on a file)
	{"import warnings\ndef f(level):\n    warnings.warn('w%d' % level, stacklevel=level)\ndef g(level):\n    f(level)\nfor lv in (2, 3, 4):\n    g(lv)\nwarnings.filterwarnings('ignore', module='sys')\ng(9)\nwarnings.warn('top', stacklevel=2)\nf(1)", "<stdin>:5: UserWarning: w2\n  f(level)\n<stdin>:7: UserWarning: w3\n  g(lv)\nsys:1: UserWarning: w4\n<stdin>:3: UserWarning: w1\n  warnings.warn('w%d' % level, stacklevel=level)\n"},
	// the compiler's warnings come before the code runs, without the line
	// of <stdin>
	{"x = 1\nprint(x is 1)\nassert (x, 'm')\nprint([(1, 2) (3, 4)] if 0 else 5)", "<stdin>:2: SyntaxWarning: \"is\" with a literal. Did you mean \"==\"?\n<stdin>:3: SyntaxWarning: assertion is always true, perhaps remove parentheses?\n<stdin>:4: SyntaxWarning: 'tuple' object is not callable; perhaps you missed a comma?\nTrue\n5\n"},
	{"import warnings\nwarnings.simplefilter('error')\nexec('print(1 is 1)')", "SyntaxError: \"is\" with a literal. Did you mean \"==\"?"},
	// exec's and eval's code is <string>, line 1 for eval, with no source
	// line to show
	{"import warnings\neval(\"warnings.warn('e')\")\nexec(\"x = 1\\nwarnings.warn('f')\")", "<string>:1: UserWarning: e\n<string>:2: UserWarning: f\n"},
}

func TestWarnings(t *testing.T) {
	langtest.CheckCellCases(t, warningsPrelude, warningsCases)
	langtest.RunCells(t, warningsOutput)
}

func TestWarningsAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, warningsPrelude, warningsCases)
}

// TestFiltersHideNotes: kael's notes (dtype promotions) count as
// UserWarnings, so an "ignore" filter hides them, and catch_warnings puts
// them back at its end (issue 32: a check's own promotions printed notes
// that gave the answer of a "predict the dtype" exercise away).
func TestFiltersHideNotes(t *testing.T) {
	for _, tc := range []struct {
		src   string
		notes int
	}{
		{"import warnings\ntensor([1]) + 2.5", 1},
		{"import warnings\nwith warnings.catch_warnings():\n    warnings.simplefilter('ignore')\n    y = tensor([1]) + 2.5\ny", 0},
		{"import warnings\nwith warnings.catch_warnings():\n    warnings.simplefilter('ignore')\ntensor([1]) + 2.5", 1},
		{"import warnings\ndef f():\n    with warnings.catch_warnings():\n        warnings.simplefilter('ignore')\n        return tensor([1]) + 2.5\nf() + tensor([1.0], dtype=float64)", 1},
		{"import warnings\nwarnings.filterwarnings('ignore', message='int64')\ntensor([1]) + 2.5", 0},
		{"import warnings\nwarnings.filterwarnings('ignore', message='float64')\ntensor([1]) + 2.5", 1},
		{"import warnings\nwarnings.simplefilter('ignore', RuntimeWarning)\ntensor([1]) + 2.5", 1},
		{"import warnings\nwarnings.simplefilter('error')\ntensor([1]) + 2.5", 1},
	} {
		r := lang.NewSession(lang.IO{}).Exec(context.Background(), "", tc.src)
		if r.Err != nil {
			t.Errorf("%s\nfails: %s", tc.src, r.Err.Render())
			continue
		}
		if len(r.Notes) != tc.notes {
			t.Errorf("%s\n%d notes %v, want %d", tc.src, len(r.Notes), r.Notes, tc.notes)
		}
	}
}
