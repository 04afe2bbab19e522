package gzip_test

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/gzip"
	_ "github.com/kael-dev/kael/lang/lib/io"
)

// The prelude writes DIR/a.gz in text mode (in kael and in CPython each).
const gzipPrelude = `import gzip
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
with gzip.open(DIR + '/a.gz', 'wt') as f:
    n = f.write('héllo\nworld\r\nend')
with open(DIR + '/plain.txt', 'w') as f:
    f.write('not gzip')
`

var gzipCases = []langtest.Case{
	{"with gzip.open(DIR + '/a.gz', 'rt') as f:\n    lines = list(f)\nn, lines, f.closed, err(f.read)", "(16, ['héllo\\n', 'world\\n', 'end'], True, 'ValueError: I/O operation on closed file.')"},
	{"f = gzip.open(DIR + '/a.gz')\ndata = f.read()\nf.close()\ntype(f).__name__, data, len(data), gzip.decompress(gzip.compress(data)) == data, gzip.decompress(gzip.compress(data, 1)) == data", "('GzipFile', b'h\\xc3\\xa9llo\\nworld\\r\\nend', 17, True, True)"},
	{"f = gzip.open(DIR + '/a.gz', 'rt')\nf.read(2), f.readline(), f.readlines(), f.read(), type(f).__name__", "('hé', 'llo\\n', ['world\\n', 'end'], '', 'TextIOWrapper')"},
	{"with gzip.open(DIR + '/b.gz', 'wb') as f:\n    f.write(gzip.open(DIR + '/a.gz').read()[:5])\ngzip.open(DIR + '/b.gz').read()", "b'h\\xc3\\xa9ll'"},
	{"err(gzip.open, DIR + '/a.gz', 'rz'), err(gzip.open, DIR + '/nonexistent.gz'), err(gzip.open, DIR + '/a.gz', 'rb', encoding='utf-8'), err(lambda: gzip.open(DIR + '/plain.txt').read()), err(gzip.decompress, 'x')", "(\"ValueError: invalid mode: 'rzb'\", \"FileNotFoundError: [Errno 2] No such file or directory: 'DIRPATH/nonexistent.gz'\", \"ValueError: Argument 'encoding' not supported in binary mode\", \"BadGzipFile: Not a gzipped file (b'no')\", \"TypeError: a bytes-like object is required, not 'str'\")"},
	{"with gzip.GzipFile(DIR + '/d.gz', 'wb') as f:\n    f.write(b'abc')\nwith gzip.GzipFile(DIR + '/d.gz') as g:\n    data = g.read()\ndata, type(g).__name__, isinstance(g, gzip.GzipFile), isinstance(gzip.open(DIR + '/a.gz'), gzip.GzipFile), isinstance(gzip.open(DIR + '/a.gz', 'rt'), gzip.GzipFile), err(gzip.GzipFile, DIR + '/d.gz', 'rt')", "(b'abc', 'GzipFile', True, True, False, \"ValueError: Invalid mode: 'rt'\")"},
	{"import io\nbuf = io.BytesIO()\nwith gzip.GzipFile(fileobj=buf, mode='wb') as f:\n    f.write(b'abc' * 10)\nraw = buf.getvalue()\nwith gzip.GzipFile(fileobj=io.BytesIO(raw)) as g:\n    back = g.read()\nback, gzip.decompress(raw), g.name, err(gzip.GzipFile), err(lambda: gzip.GzipFile(fileobj=io.BytesIO(b'xx')).read())", "(b'abcabcabcabcabcabcabcabcabcabc', b'abcabcabcabcabcabcabcabcabcabc', '', 'TypeError: expected str, bytes or os.PathLike object, not NoneType', \"BadGzipFile: Not a gzipped file (b'xx')\")"},
	{"f = gzip.open(DIR + '/c.gz', 'wt')\nerr(f.read), err(f.write, 3)", "('UnsupportedOperation: not readable', 'TypeError: write() argument must be str, not int')"},
}

func setup(t *testing.T) (string, string, []langtest.Case) {
	dir := t.TempDir()
	cases := make([]langtest.Case, len(gzipCases))
	for i, c := range gzipCases {
		cases[i] = langtest.Case{Src: strings.ReplaceAll(c.Src, "DIR", "'"+dir+"'"), Want: strings.ReplaceAll(c.Want, "DIRPATH", dir)}
	}
	return dir, strings.ReplaceAll(gzipPrelude, "DIR", "'"+dir+"'"), cases
}

func TestGzip(t *testing.T) {
	_, prelude, cases := setup(t)
	langtest.CheckCellCases(t, prelude, cases)
}

func TestGzipAgainstCPython(t *testing.T) {
	_, prelude, cases := setup(t)
	cpython.CheckCellCases(t, prelude, cases)
}

// TestGzipFilesCrossRead has CPython read the file kael wrote, and kael
// the one CPython wrote.
func TestGzipFilesCrossRead(t *testing.T) {
	python := reftest.CPython(t)
	dir := t.TempDir()
	write := func(name string) string {
		return "import gzip\nwith gzip.open('" + filepath.Join(dir, name) + "', 'wt') as f:\n    f.write('line one\\nline two, é\\n' * 50)\n"
	}
	read := func(name string) string {
		return "import gzip\nwith gzip.open('" + filepath.Join(dir, name) + "', 'rt') as f:\n    print(repr(f.read()[-30:]), len(list(gzip.open('" + filepath.Join(dir, name) + "', 'rt'))))\n"
	}
	runKael := func(src string) string {
		var out bytes.Buffer
		if r := lang.NewSession(lang.IO{Stdout: &out}).Exec(context.Background(), "", src); r.Err != nil {
			t.Fatal(r.Err)
		}
		return out.String()
	}
	runPython := func(src string) string {
		out, err := exec.Command(python, "-c", src).CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return string(out)
	}
	runKael(write("k.gz"))
	runPython(write("p.gz"))
	if k, p := runKael(read("p.gz")), runPython(read("k.gz")); k != p || k == "" {
		t.Errorf("kael read CPython's file as %q, CPython read kael's as %q", k, p)
	}
}
