package pprint_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/pprint"
)

const prelude = "import pprint\nfrom pprint import pformat\n"

const nested = "data = {'name': 'kael', 'layers': [{'type': 'Linear', 'in': 784, 'out': 256}, {'type': 'ReLU'}, {'type': 'Linear', 'in': 256, 'out': 10}], 'lr': 0.001, 'tags': ('fast', 'small'), 'ids': set(range(30))}\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	{"pformat({'b': 1, 'a': [1, 2]}), pformat([1, (2,), {}]), pformat(()), pformat('short'), pformat({'z': {'y': 1, 'x': 2}})", "(\"{'a': [1, 2], 'b': 1}\", '[1, (2,), {}]', '()', \"'short'\", \"{'z': {'x': 2, 'y': 1}}\")"},
	{nested + "pformat(data)", "~"},
	{nested + "pformat(data, width=40)", "~"},
	{nested + "pformat(data, width=60, indent=4)", "~"},
	{nested + "pformat(data, width=50, compact=True)", "~"},
	{nested + "pformat(data, depth=1), pformat(data, depth=2, width=40)", "~"},
	{nested + "pformat(data, sort_dicts=False, width=70)", "~"},
	{"pformat(list(range(40)), width=30), pformat(list(range(40)), width=30, compact=True)", "~"},
	{"pformat(tuple(range(12)), width=20), pformat((list(range(20)),), width=20), pformat(frozenset(range(15)), width=30)", "~"},
	{"pformat('lorem ipsum dolor sit amet ' * 8), pformat({'key': 'lorem ipsum dolor sit amet ' * 4}, width=40), pformat(['a\\nb\\nc' * 10], width=20)", "~"},
	{"pformat([[1, 2, [3, 4, [5, 6]]]] * 3, width=15), pformat({1: 'a', 'b': 2, None: 3}), pformat({(1, 2): [3] * 30})", "~"},
	{"pprint.saferepr({'b': [2, 1], 'a': None}), pformat([]), pformat({}), pformat(set()), pformat('')", "(\"{'a': None, 'b': [2, 1]}\", '[]', '{}', 'set()', \"''\")"},
	{"pformat(1, depth=0)", "ValueError: depth must be > 0"},
	{"pformat(1, indent=-1)", "ValueError: indent must be >= 0"},
}

// split parts the cases into the table and the sources whose layout is
// compared with CPython's directly ("~").
func split() (table []langtest.Case, same []string) {
	for _, c := range cases {
		if c.Want == "~" {
			same = append(same, c.Src)
		} else {
			table = append(table, c)
		}
	}
	return table, same
}

func TestPprint(t *testing.T) {
	table, _ := split()
	langtest.CheckCellCases(t, prelude, table)
}

// TestAgainstCPython holds the table to CPython, and the layouts of the
// "~" cases to CPython's, character for character.
func TestAgainstCPython(t *testing.T) {
	table, same := split()
	cpython.CheckCellCases(t, prelude, table)
	langtest.CheckMatchesCPython(t, prelude, same)
}
