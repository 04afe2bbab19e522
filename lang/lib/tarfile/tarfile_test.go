package tarfile_test

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

	_ "github.com/kael-dev/kael/lang/lib/io"
	_ "github.com/kael-dev/kael/lang/lib/os"
	_ "github.com/kael-dev/kael/lang/lib/tarfile"
)

// The prelude makes TMPD/src (a.txt, d/b.txt) and TMPD/t.tar.gz of them,
// with a member added from bytes and a symbolic link to it.
const prelude = `import tarfile, os, io
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
os.makedirs(TMPD + '/src/d', exist_ok=True)
with open(TMPD + '/src/a.txt', 'w') as f:
    f.write('hello\n')
with open(TMPD + '/src/d/b.txt', 'w') as f:
    f.write('x')
with open(TMPD + '/bad.tar', 'w') as f:
    f.write('not a tar at all' * 10)
with open(TMPD + '/empty.tar', 'w') as f:
    pass
with tarfile.open(TMPD + '/t.tar.gz', 'w:gz') as t:
    t.add(TMPD + '/src/a.txt', arcname='a.txt')
    t.add(TMPD + '/src/d', arcname='d')
    ti = tarfile.TarInfo('mem.txt')
    ti.size = 3
    t.addfile(ti, io.BytesIO(b'abcdef'))
    ln = tarfile.TarInfo('link')
    ln.type = tarfile.SYMTYPE
    ln.linkname = 'mem.txt'
    t.addfile(ln)
`

// cases hold CPython 3.11's outcomes; TestTarfileAgainstCPython checks them there.
var cases = []langtest.Case{
	{"with tarfile.open(TMPD + '/t.tar.gz') as t:\n    names = t.getnames()\n    infos = [(m.name, m.type, m.size, m.mode, m.isfile(), m.isdir(), m.issym(), m.linkname) for m in t.getmembers()]\nnames, infos, t.mode, t.name == TMPD + '/t.tar.gz', t.closed", "(['a.txt', 'd', 'd/b.txt', 'mem.txt', 'link'], [('a.txt', b'0', 6, 420, True, False, False, ''), ('d', b'5', 0, 493, False, True, False, ''), ('d/b.txt', b'0', 1, 420, True, False, False, ''), ('mem.txt', b'0', 3, 420, True, False, False, ''), ('link', b'2', 0, 420, False, False, True, 'mem.txt')], 'r', True, True)"},
	{"t = tarfile.open(TMPD + '/t.tar.gz', 'r:gz')\nt.extractfile('a.txt').read(), t.extractfile(t.getmember('mem.txt')).read(), t.extractfile('link').read(), t.extractfile('d'), err(t.getmember, 'zz'), err(t.extractfile, 'zz'), repr(t.getmember('a.txt')).startswith(\"<TarInfo 'a.txt' at 0x\"), [m.name for m in t], isinstance(t, tarfile.TarFile), isinstance(t.getmember('d'), tarfile.TarInfo)", "(b'hello\\n', b'abc', b'abc', None, 'KeyError: \"filename \\'zz\\' not found\"', 'KeyError: \"filename \\'zz\\' not found\"', True, ['a.txt', 'd', 'd/b.txt', 'mem.txt', 'link'], True, True)"},
	{"with tarfile.open(TMPD + '/t.tar.gz') as t:\n    t.extractall(TMPD + '/out')\n    t.extract('a.txt', TMPD + '/one')\nsorted(os.listdir(TMPD + '/out')), open(TMPD + '/out/mem.txt').read(), open(TMPD + '/out/d/b.txt').read(), os.path.islink(TMPD + '/out/link'), open(TMPD + '/out/link').read(), os.listdir(TMPD + '/one')", "(['a.txt', 'd', 'link', 'mem.txt'], 'abc', 'x', True, 'abc', ['a.txt'])"},
	{"err(tarfile.open, TMPD + '/bad.tar')", "\"ReadError: file could not be opened successfully:\\n- method gz: ReadError('not a gzip file')\\n- method bz2: ReadError('not a bzip2 file')\\n- method xz: ReadError('not an lzma file')\\n- method tar: ReadError('truncated header')\""},
	{"err(tarfile.open, TMPD + '/empty.tar')", "\"ReadError: file could not be opened successfully:\\n- method gz: ReadError('empty file')\\n- method bz2: ReadError('not a bzip2 file')\\n- method xz: ReadError('not an lzma file')\\n- method tar: ReadError('empty file')\""},
	{"err(tarfile.open, TMPD + '/bad.tar', 'r:gz'), err(tarfile.open, TMPD + '/bad.tar', 'r:'), err(tarfile.open, TMPD + '/nope.tar'), err(tarfile.open, 'x.tar', 'q'), err(tarfile.open, 'x.tar', 'w:zz'), err(tarfile.open, 'x.tar', 'r:zz')", "('ReadError: not a gzip file', 'ReadError: truncated header', \"FileNotFoundError: [Errno 2] No such file or directory: 'TMPDPATH/nope.tar'\", 'ValueError: undiscernible mode', \"CompressionError: unknown compression type 'zz'\", \"CompressionError: unknown compression type 'zz'\")"},
	{"tarfile.is_tarfile(TMPD + '/t.tar.gz'), tarfile.is_tarfile(TMPD + '/bad.tar'), err(tarfile.is_tarfile, TMPD + '/nope'), issubclass(tarfile.ReadError, tarfile.TarError), tarfile.TarInfo('x').type, tarfile.REGTYPE, tarfile.DIRTYPE, tarfile.SYMTYPE, tarfile.DEFAULT_FORMAT, tarfile.ENCODING", "(True, False, \"FileNotFoundError: [Errno 2] No such file or directory: 'TMPDPATH/nope'\", True, b'0', b'0', b'5', b'2', 2, 'utf-8')"},
	{"t = tarfile.open(TMPD + '/w.tar', 'w')\nt.add(TMPD + '/src/a.txt', arcname='/abs/a.txt')\nt.close()\nwith tarfile.open(TMPD + '/w.tar', 'a') as t:\n    t.add(TMPD + '/src/d', arcname='d', recursive=False)\n    t.add(TMPD + '/src/d', arcname='e', filter=lambda i: None if i.name.endswith('b.txt') else i)\nwith tarfile.TarFile(TMPD + '/w.tar') as t:\n    names = t.getnames()\nnames, err(t.getnames), err(t.add, TMPD + '/src'), err(tarfile.open(TMPD + '/w.tar').add, TMPD + '/src')", "(['abs/a.txt', 'd', 'e'], 'OSError: TarFile is closed', 'OSError: TarFile is closed', \"OSError: bad operation for mode 'r'\")"},
	{"buf = io.BytesIO()\nwith tarfile.open(fileobj=buf, mode='w:gz') as t:\n    t.add(TMPD + '/src/a.txt', arcname='a.txt')\nraw = buf.getvalue()\nwith tarfile.open(fileobj=io.BytesIO(raw)) as t:\n    names, data = t.getnames(), t.extractfile('a.txt').read()\nwith open(TMPD + '/t.tar.gz', 'rb') as f:\n    u = tarfile.open(fileobj=f, mode='r:gz')\nnames, data, raw[:2], u.getnames()[:2], u.name == TMPD + '/t.tar.gz', err(tarfile.open), err(tarfile.open, fileobj=io.BytesIO(b'junk'), mode='r:')", "(['a.txt'], b'hello\\n', b'\\x1f\\x8b', ['a.txt', 'd'], True, 'ValueError: nothing to open', 'ReadError: truncated header')"},
	{"with tarfile.open(TMPD + '/x.tar.xz', 'w:xz') as t:\n    t.add(TMPD + '/src', arcname='src')\nwith tarfile.open(TMPD + '/x.tar.xz', 'r:xz') as t:\n    a = t.getnames()\nwith tarfile.open(TMPD + '/x.tar.xz') as t:\n    b = t.extractfile('src/d/b.txt').read()\na, b, err(tarfile.open, TMPD + '/x.tar.xz', 'r:gz')", "(['src', 'src/a.txt', 'src/d', 'src/d/b.txt'], b'x', 'ReadError: not a gzip file')"},
}

func setup(t *testing.T) (string, []langtest.Case) {
	dir := t.TempDir()
	out := make([]langtest.Case, len(cases))
	for i, c := range cases {
		out[i] = langtest.Case{Src: strings.ReplaceAll(c.Src, "TMPD", "'"+dir+"'"), Want: strings.ReplaceAll(c.Want, "TMPDPATH", dir)}
	}
	return strings.ReplaceAll(prelude, "TMPD", "'"+dir+"'"), out
}

func TestTarfile(t *testing.T) {
	p, cs := setup(t)
	langtest.CheckCellCases(t, p, cs)
}

func TestTarfileAgainstCPython(t *testing.T) {
	p, cs := setup(t)
	cpython.CheckCellCases(t, p, cs)
}

// TestTarfileCrossRead has CPython read the archives kael wrote (plain,
// gzip, xz) and kael those CPython wrote, bzip2 too.
func TestTarfileCrossRead(t *testing.T) {
	python := reftest.CPython(t)
	dir := t.TempDir()
	write := func(tag string, modes []string) string {
		src := "import tarfile, io, os\nos.makedirs('" + dir + "/" + tag + "/in/sub', exist_ok=True)\n" +
			"with open('" + dir + "/" + tag + "/in/sub/f.txt', 'w') as f:\n    f.write('héllo ' * 500)\n"
		for _, m := range modes {
			src += "with tarfile.open('" + dir + "/" + tag + "/a." + m + "', 'w:" + m + "') as t:\n    t.add('" + dir + "/" + tag + "/in', arcname='in')\n" +
				"    i = tarfile.TarInfo('long/' + 'n' * 150 + '.bin')\n    i.size = 256\n    t.addfile(i, io.BytesIO(bytes(range(256))))\n"
		}
		return src
	}
	read := func(tag string, modes []string) string {
		src := "import tarfile\n"
		for _, m := range modes {
			src += "with tarfile.open('" + dir + "/" + tag + "/a." + m + "') as t:\n    print(t.getnames(), t.extractfile('in/sub/f.txt').read().decode() == 'héllo ' * 500, t.extractfile(t.getnames()[-1]).read() == bytes(range(256)))\n"
		}
		return src
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
	kaelModes, pythonModes := []string{"", "gz", "bz2", "xz"}, []string{"", "gz", "bz2", "xz"}
	runKael(write("k", kaelModes))
	runPython(write("p", pythonModes))
	line := "['in', 'in/sub', 'in/sub/f.txt', 'long/" + strings.Repeat("n", 150) + ".bin'] True True\n"
	if got, want := runPython(read("k", kaelModes)), strings.Repeat(line, len(kaelModes)); got != want {
		t.Errorf("CPython read kael's archives as\n%s", got)
	}
	if got, want := runKael(read("p", pythonModes)), strings.Repeat(line, len(pythonModes)); got != want {
		t.Errorf("kael read CPython's archives as\n%s", got)
	}
	_ = filepath.Join
}
