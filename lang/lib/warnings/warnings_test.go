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
	{"warnings.warn('x', 3)", "TypeError: category must be a Warning subclass, not 'int'"},
	{"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    warnings.warn_explicit('m', UserWarning, 'f.py', 7)\n    warnings.warn_explicit(RuntimeWarning('r'), None, 'g.py', 2, module='mod')\n[(str(x.message), x.category.__name__, x.filename, x.lineno) for x in w]", "[('m', 'UserWarning', 'f.py', 7), ('r', 'RuntimeWarning', 'g.py', 2)]"},
	{"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('default')\n    reg = {}\n    for i in range(3):\n        warnings.warn_explicit('d', UserWarning, 'f.py', 1, registry=reg)\n    for i in range(2):\n        warnings.warn_explicit('n', UserWarning, 'f.py', 1)\nlen(w), len(reg) > 0", "(3, True)"},
	{"with warnings.catch_warnings(record=True) as w:\n    warnings.filterwarnings('ignore', module='skip')\n    warnings.simplefilter('always', append=True)\n    warnings.warn_explicit('a', UserWarning, 'skip.py', 1)\n    warnings.warn_explicit('b', UserWarning, 'keep.py', 1)\n    warnings.warn_explicit('c', UserWarning, 'x.py', 1, module='skipped')\n[str(x.message) for x in w]", "['b']"},
	{"with warnings.catch_warnings():\n    warnings.simplefilter('error')\n    warnings.warn_explicit('e', DeprecationWarning, 'f.py', 1)", "DeprecationWarning: e"},
	{"try:\n    warnings.warn_explicit('x', 3, 'f.py', 1)\nexcept TypeError:\n    r = 'TypeError'\nr", "'TypeError'"},
	{"issubclass(warnings.UserWarning, Warning), warnings.DeprecationWarning is DeprecationWarning", "AttributeError: module 'warnings' has no attribute 'UserWarning'"},
}

// warningsOutput is what warn writes to stderr (a session without a
// stderr of its own writes it with its output), as CPython writes it
// for code read from standard input.
var warningsOutput = []langtest.Case{
	{"import warnings\nfor i in range(3):\n    warnings.warn('hi')\nwarnings.warn('x', DeprecationWarning)", "<stdin>:3: UserWarning: hi\n  warnings.warn('hi')\n<stdin>:4: DeprecationWarning: x\n  warnings.warn('x', DeprecationWarning)\n"},
	{"import warnings\nwarnings.simplefilter('ignore')\nwarnings.warn('hi')\nprint('ok')", "ok\n"},
	{"import warnings\nwarnings.simplefilter('always')\nfor i in range(2):\n    warnings.warn('again')", "<stdin>:4: UserWarning: again\n  warnings.warn('again')\n<stdin>:4: UserWarning: again\n  warnings.warn('again')\n"},
	{"import warnings\nwarnings.simplefilter('once')\nwarnings.warn('a')\nwarnings.warn('a')", "<stdin>:3: UserWarning: a\n  warnings.warn('a')\n"},
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
