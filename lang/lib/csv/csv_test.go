package csv_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/csv"
)

// The prelude writes a CSV file with a writer; raw(path) is its bytes.
const csvPrelude = `import csv
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
def raw(path):
    with open(path, 'rb') as f:
        return f.read()
with open(PATH, 'w', newline='') as f:
    w = csv.writer(f)
    n = w.writerow(['name', 'score', 'note'])
    w.writerows([['ann', 1.5, 'a,b'], ['bob', 2, 'say "hi"'], ['cy', None, 'two\nlines'], [''], [True, -3]])
`

var csvCases = []langtest.Case{
	{"n, raw(PATH)", "(17, b'name,score,note\\r\\nann,1.5,\"a,b\"\\r\\nbob,2,\"say \"\"hi\"\"\"\\r\\ncy,,\"two\\nlines\"\\r\\n\"\"\\r\\nTrue,-3\\r\\n')"},
	{"with open(PATH, newline='') as f:\n    r = csv.reader(f)\n    header = next(r)\n    rows = list(r)\nheader, rows", "(['name', 'score', 'note'], [['ann', '1.5', 'a,b'], ['bob', '2', 'say \"hi\"'], ['cy', '', 'two\\nlines'], [''], ['True', '-3']])"},
	{"with open(PATH, newline='') as f:\n    rows = list(csv.DictReader(f))\nrows", "[{'name': 'ann', 'score': '1.5', 'note': 'a,b'}, {'name': 'bob', 'score': '2', 'note': 'say \"hi\"'}, {'name': 'cy', 'score': '', 'note': 'two\\nlines'}, {'name': '', 'score': None, 'note': None}, {'name': 'True', 'score': '-3', 'note': None}]"},
	{"with open(PATH, 'w', newline='') as f:\n    w = csv.DictWriter(f, fieldnames=['a', 'b'])\n    w.writeheader()\n    w.writerow({'a': 1, 'b': 2})\n    w.writerow({'a': 3})\n    e = err(w.writerow, {'a': 1, 'c': 2})\ne, raw(PATH), w.fieldnames", "(\"ValueError: dict contains fields not in fieldnames: 'c'\", b'a,b\\r\\n1,2\\r\\n3,\\r\\n', ['a', 'b'])"},
	{"r = csv.DictReader(['a,b', '1,2,3', '4'], restkey='extra', restval='-')\nr.fieldnames, list(r), list(csv.DictReader(['x,y', '', '1,2'], fieldnames=['p', 'q']))", "(['a', 'b'], [{'a': '1', 'b': '2', 'extra': ['3']}, {'a': '4', 'b': '-'}], [{'p': 'x', 'q': 'y'}, {'p': '1', 'q': '2'}])"},
	{"list(csv.reader(['a;b;\"c;d\"'], delimiter=';')), list(csv.reader(['x, y'], skipinitialspace=True)), list(csv.reader(['1,\"a\",2'], quoting=csv.QUOTE_NONNUMERIC)), list(csv.reader(['a\\tb'], dialect='excel-tab'))", "([['a', 'b', 'c;d']], [['x', 'y']], [[1.0, 'a', 2.0]], [['a', 'b']])"},
	{"list(csv.reader(['', 'a,b\\r\\n', '\"x\\n', 'y\",z\\n', 'a,\"b\"\"c\",d', 'a,\"b\"x,c', '\"abc']))", "[[], ['a', 'b'], ['x\\ny', 'z'], ['a', 'b\"c', 'd'], ['a', 'bx', 'c'], ['abc']]"},
	{"err(list, csv.reader(['a\\rb'])), err(lambda: list(csv.reader(['\"abc'], strict=True))), err(csv.reader, ['a'], delimiter='::'), err(csv.writer, 3), err(list, csv.reader(['1,x'], quoting=csv.QUOTE_NONNUMERIC))", "('Error: new-line character seen in unquoted field - do you need to open the file in universal-newline mode?', 'Error: unexpected end of data', 'TypeError: \"delimiter\" must be a 1-character string', 'TypeError: argument 1 must have a \"write\" method', \"ValueError: could not convert string to float: 'x'\")"},
	{"with open(PATH, 'w', newline='') as f:\n    w = csv.writer(f, quoting=csv.QUOTE_ALL, lineterminator='\\n')\n    w.writerow(['a', 1, None])\n    w = csv.writer(f, quoting=csv.QUOTE_NONNUMERIC, delimiter='|')\n    w.writerow(['a|b', 2.5, None, 'q'])\nraw(PATH)", "b'\"a\",\"1\",\"\"\\n\"a|b\"|2.5|\"\"|\"q\"\\r\\n'"},
	{"csv.register_dialect('pipes', delimiter='|', quoting=csv.QUOTE_ALL)\nd = csv.get_dialect('pipes')\nr = (type(d).__name__, d.delimiter, d.quotechar, d.quoting, d.lineterminator, d.doublequote, d.escapechar, d.skipinitialspace, d.strict, csv.list_dialects(), list(csv.reader(['a|\"b|c\"'], 'pipes')))\ncsv.unregister_dialect('pipes')\nr, csv.list_dialects(), err(csv.get_dialect, 'pipes'), err(csv.unregister_dialect, 'pipes'), err(csv.register_dialect, 1), err(csv.reader, ['a'], 'nope')", "(('Dialect', '|', '\"', 1, '\\r\\n', True, None, False, False, ['excel', 'excel-tab', 'unix', 'pipes'], [['a', 'b|c']]), ['excel', 'excel-tab', 'unix'], 'Error: unknown dialect', 'Error: unknown dialect', 'TypeError: dialect name must be a string', 'Error: unknown dialect')"},
	{"class My(csv.Dialect):\n    delimiter = ';'\n    quotechar = '\"'\n    lineterminator = '\\n'\n    quoting = csv.QUOTE_MINIMAL\n    doublequote = True\n    skipinitialspace = False\nclass Out:\n    def __init__(self):\n        self.parts = []\n    def write(self, s):\n        self.parts.append(s)\no = Out()\ncsv.writer(o, My).writerow(['x', 'y;z'])\ncsv.writer(o, dialect=My()).writerow([1])\ncsv.writer(o, csv.unix_dialect).writerow(['u'])\ncsv.writer(o, csv.excel_tab).writerow(['t', 2])\ncsv.register_dialect('my', My, delimiter=':')\nm = csv.get_dialect('my').delimiter\ncsv.unregister_dialect('my')\no.parts, list(csv.reader(['a;\"b;c\"'], My)), m, isinstance(csv.excel(), csv.Dialect)", "(['x;\"y;z\"\\n', '1\\n', '\"u\"\\n', 't\\t2\\r\\n'], [['a', 'b;c']], ':', True)"},
	{"class Bad(csv.Dialect):\n    delimiter = '::'\nerr(csv.Dialect), err(Bad), err(csv.register_dialect, 'bad', delimiter='ab'), err(csv.reader, [], delimiter=1), csv.excel.delimiter, csv.excel_tab.delimiter, csv.unix_dialect.lineterminator, csv.unix_dialect.quoting", "('Error: \"delimiter\" must be string, not NoneType', 'Error: \"delimiter\" must be a 1-character string', 'TypeError: \"delimiter\" must be a 1-character string', 'TypeError: \"delimiter\" must be string, not int', ',', '\\t', '\\n', 1)"},
	{"old = csv.field_size_limit()\na = csv.field_size_limit(5)\nb = err(list, csv.reader(['abc,abcdef']))\nc = list(csv.reader(['abc,abcde']))\nd = csv.field_size_limit(old)\nold, a, b, c, d, err(csv.field_size_limit, 'x')", "(131072, 131072, 'Error: field larger than field limit (5)', [['abc', 'abcde']], 5, 'TypeError: limit must be an integer')"},
	{"class Upper(csv.DictReader):\n    def __next__(self):\n        return {k.upper(): v for k, v in super().__next__().items()}\nr = Upper(['a,b', '1,2', '', '3,4'])\nlist(r), r.line_num, r.reader.line_num, type(r).__name__, r.fieldnames", "([{'A': '1', 'B': '2'}, {'A': '3', 'B': '4'}], 4, 4, 'Upper', ['a', 'b'])"},
	{"import io\nclass W(csv.DictWriter):\n    def writerow(self, rowdict):\n        return super().writerow({k: str(v).upper() for k, v in rowdict.items()})\ns = io.StringIO()\nw = W(s, ['x', 'y'], lineterminator='\\n')\nw.writeheader(), w.writerows([{'x': 'a', 'y': 'b'}, {'x': 1}])\ns.getvalue(), err(W, s, ['x'], extrasaction='bogus'), err(csv.DictWriter(s, ['x']).writerow, {'z': 1}), err(csv.DictWriter(s, ['x']).writerow, 3)", "('X,Y\\na,b\\n1,\\n', \"ValueError: extrasaction (bogus) must be 'raise' or 'ignore'\", \"ValueError: dict contains fields not in fieldnames: 'z'\", \"AttributeError: 'int' object has no attribute 'keys'\")"},
	{"r = csv.reader(['a,\"b', 'c\"', 'd'])\nnext(r), r.line_num, next(r), r.line_num, type(r).__name__, iter(r) is r, list(csv.DictReader(['h', '1'], fieldnames=('q',)))", "(['a', 'bc'], 2, ['d'], 3, 'reader', True, [{'q': 'h'}, {'q': '1'}])"},
}

// setup writes PATH as a file in a temporary directory, in the prelude
// and the cases.
func setup(t *testing.T) (string, []langtest.Case) {
	path := "'" + filepath.Join(t.TempDir(), "data.csv") + "'"
	cases := make([]langtest.Case, len(csvCases))
	for i, c := range csvCases {
		cases[i] = langtest.Case{Src: strings.ReplaceAll(c.Src, "PATH", path), Want: c.Want}
	}
	return strings.ReplaceAll(csvPrelude, "PATH", path), cases
}

func TestCSV(t *testing.T) {
	prelude, cases := setup(t)
	langtest.CheckCellCases(t, prelude, cases)
}

func TestCSVAgainstCPython(t *testing.T) {
	prelude, cases := setup(t)
	cpython.CheckCellCases(t, prelude, cases)
}
