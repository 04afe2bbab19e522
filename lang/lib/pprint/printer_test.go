package pprint_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/io"
)

const printerPrelude = "import pprint, io\ndata = {'b': [1, 2, {'x': list(range(12)), 'y': ('a' * 30, 'b' * 30)}], 'a': {'deep': {'deeper': {'deepest': [1, 2, 3]}}}, 'n': 12345678901}\n"

// printerCases are PrettyPrinter, isreadable, isrecursive and
// underscore_numbers (printer.go), with CPython 3.11's outcomes;
// TestPrinterAgainstCPython checks them there.
var printerCases = []langtest.Case{
	{"pp = pprint.PrettyPrinter(indent=2, width=40)\npp.pformat(data)", "\"{ 'a': { 'deep': { 'deeper': { 'deepest': [ 1,\\n                                            2,\\n                                            3]}}},\\n  'b': [ 1,\\n         2,\\n         { 'x': [ 0,\\n                  1,\\n                  2,\\n                  3,\\n                  4,\\n                  5,\\n                  6,\\n                  7,\\n                  8,\\n                  9,\\n                  10,\\n                  11],\\n           'y': ( 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',\\n                  'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb')}],\\n  'n': 12345678901}\""},
	{"pprint.PrettyPrinter(depth=2).pformat(data), pprint.PrettyPrinter(width=30, compact=True).pformat(list(range(30))), pprint.PrettyPrinter(sort_dicts=False, width=20).pformat({'z': 1, 'a': 2, 'm': [3, 4, 5]})", "(\"{'a': {'deep': {...}}, 'b': [1, 2, {...}], 'n': 12345678901}\", '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\\n 10, 11, 12, 13, 14, 15, 16,\\n 17, 18, 19, 20, 21, 22, 23,\\n 24, 25, 26, 27, 28, 29]', \"{'z': 1,\\n 'a': 2,\\n 'm': [3, 4, 5]}\")"},
	{"pprint.PrettyPrinter(underscore_numbers=True).pformat([10**9, -12345, 7, True, 2.5e10]), pprint.pformat({'big': 10**18}, underscore_numbers=True), pprint.pformat([1, 2], width=-5)", "('[1_000_000_000, -12_345, 7, True, 25000000000.0]', \"{'big': 1_000_000_000_000_000_000}\", '[1,\\n 2]')"},
	{"s = io.StringIO()\npprint.PrettyPrinter(stream=s, width=8).pprint([1, 2, 3])\npprint.pprint('x', stream=s)\ns.getvalue()", "\"[1,\\n 2,\\n 3]\\n'x'\\n\""},
	{"l = [1]\nl.append(l)\npp = pprint.PrettyPrinter()\npprint.isreadable([1, 'a', {2: 3}]), pprint.isreadable(object()), pprint.isreadable(len), pprint.isrecursive(l), pprint.isreadable(l), pp.isrecursive(l), pp.isreadable((1, None, b'x', 1.5)), pprint.isrecursive([[1], (2,)])", "(True, False, False, True, False, True, True, False)"},
	{"class P(pprint.PrettyPrinter):\n    pass\nP(width=5).pformat([1, 2]), isinstance(P(), pprint.PrettyPrinter), {k: v for k, v in vars(pprint.PrettyPrinter(indent=2, depth=3)).items() if k != '_stream'}", "('[1,\\n 2]', True, {'_depth': 3, '_indent_per_level': 2, '_width': 80, '_compact': False, '_sort_dicts': True, '_underscore_numbers': False})"},
	{"pprint.PrettyPrinter(indent=-1)", "ValueError: indent must be >= 0"},
	{"pprint.PrettyPrinter(width=0)", "ValueError: width must be != 0"},
	{"pprint.PrettyPrinter(depth=0)", "ValueError: depth must be > 0"},
}

func TestPrinter(t *testing.T) { langtest.CheckCellCases(t, printerPrelude, printerCases) }

func TestPrinterAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, printerPrelude, printerCases)
}
