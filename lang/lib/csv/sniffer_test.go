package csv_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// sniffPrelude has show(sample), what csv.Sniffer makes of a sample: the
// dialect's parameters and has_header, or the error.
const sniffPrelude = `import csv, io
def show(sample, delimiters=None):
    s = csv.Sniffer()
    try:
        d = s.sniff(sample, delimiters)
    except csv.Error as e:
        return 'Error: ' + str(e)
    return (d.delimiter, d.quotechar, d.doublequote, d.skipinitialspace, d.lineterminator, d.quoting, d._name, issubclass(d, csv.Dialect), s.has_header(sample))
`

// sniffCases are csv.Sniffer's guesses (CPython's algorithm: quoted
// fields by pattern, else the consistent count per line) and
// doublequote=False, with CPython 3.11's outcomes.
var sniffCases = []langtest.Case{
	{"show('a,b,c\\n1,2,3\\n4,5,6\\n')", "(',', '\"', False, False, '\\r\\n', 0, 'sniffed', True, True)"},
	{"show('name;age\\n\"Smith, J\";42\\n\"Doe\";7\\n')", "(';', '\"', False, False, '\\r\\n', 0, 'sniffed', True, True)"},
	{"show('x\\ty\\tz\\n1\\t2\\t3\\n')", "('\\t', '\"', False, False, '\\r\\n', 0, 'sniffed', True, True)"},
	{"show(\"'a' 'b'\\n'c' 'd'\\n\")", "(' ', \"'\", False, False, '\\r\\n', 0, 'sniffed', True, False)"},
	{"show('a, b, c\\n1, 2, 3\\n')", "(',', '\"', False, True, '\\r\\n', 0, 'sniffed', True, True)"},
	{"show('title|count\\nfoo|1\\nbar|22\\n')", "('|', '\"', False, False, '\\r\\n', 0, 'sniffed', True, True)"},
	{"show('\"a \"\"q\"\" b\",2\\n\"c\",3\\n')", "(' ', '\"', True, False, '\\r\\n', 0, 'sniffed', True, True)"},
	{"show('a:b;c\\n1:2;3\\n4:5;6\\n')", "(';', '\"', False, False, '\\r\\n', 0, 'sniffed', True, False)"},
	{"show('abc\\ndef\\n')", "'Error: Could not determine delimiter'"},
	{"show('id,name,score\\n1,alice,3.5\\n2,bob,4.0\\n3,carol,2.25\\n')", "(',', '\"', False, False, '\\r\\n', 0, 'sniffed', True, True)"},
	{"show('1,2,3\\n4,5,6\\n7,8,9\\n')", "(',', '\"', False, False, '\\r\\n', 0, 'sniffed', True, False)"},
	{"show('h1 h2\\n10 20\\n30 40\\n')", "(' ', '\"', False, False, '\\r\\n', 0, 'sniffed', True, True)"},
	{"show('a;b,c\\n1;2,3\\n', delimiters=';')", "(';', '\"', False, False, '\\r\\n', 0, 'sniffed', True, False)"},
	{"show('a-b-c\\n1-2-3\\n4-5-6\\n7-8\\n', delimiters='-')", "'Error: Could not determine delimiter'"},
	{"show(''.join('%d/%d#%d\\n' % (i, i * 3, i * 7) for i in range(25)))", "('/', '\"', False, False, '\\r\\n', 0, 'sniffed', True, False)"},
	{"show('\"x\"\\n\"y\"\\n')", "('\"', '\"', False, False, '\\r\\n', 0, 'sniffed', True, False)"},
	{"d = csv.Sniffer().sniff('a;b\\n1;2\\n')\nlist(csv.reader(io.StringIO('x;\"y;z\"\\n'), d))", "[['x', 'y;z']]"},
	{"list(csv.reader(['\"a\"b\"c,d', '\"x\"\"y\",z'], doublequote=False))", "[['ab\"c', 'd'], ['x\"y\"', 'z']]"},
	{"try:\n    csv.writer(io.StringIO(), doublequote=False).writerow(['a\"b'])\nexcept csv.Error as e:\n    r = str(e)\nr", "'need to escape, but no escapechar set'"},
	{"csv.register_dialect('nd', doublequote=False)\nr = csv.get_dialect('nd').doublequote, csv.get_dialect('excel').doublequote\ncsv.unregister_dialect('nd')\nr", "(False, True)"},
}

func TestSniffer(t *testing.T) {
	langtest.CheckCellCases(t, sniffPrelude, sniffCases)
}

func TestSnifferAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, sniffPrelude, sniffCases)
}
