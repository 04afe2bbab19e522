package tempfile_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/os" // the tests' os
)

// tempfileCases are mkstemp, mktemp, TemporaryFile and
// NamedTemporaryFile, each in a fresh directory, with CPython 3.11's
// outcomes.
var tempfileCases = []langtest.Case{
	{"fd, p = tempfile.mkstemp(suffix='.txt', prefix='pre', dir='.')\nn = os.write(fd, b'data')\nos.close(fd)\nb = os.path.basename(p)\ntype(fd).__name__, os.path.isabs(p), os.path.dirname(p) == os.getcwd(), b.startswith('pre'), b.endswith('.txt'), len(b), oct(os.stat(p).st_mode & 0o777), open(p).read()", "('int', True, True, True, True, 15, '0o600', 'data')"},
	{"fd, p = tempfile.mkstemp()\nos.close(fd)\nos.remove(p)\nos.path.dirname(p) == tempfile.gettempdir(), os.path.basename(p).startswith('tmp'), len(os.path.basename(p))", "(True, True, 11)"},
	{"fd, p = tempfile.mkstemp(dir='.', text=True)\nwith os.fdopen(fd, 'w') as f:\n    f.write('x\\n')\nopen(p).read()", "'x\\n'"},
	{"try:\n    tempfile.mkstemp(dir='nope')\nexcept FileNotFoundError as e:\n    r = e.filename.startswith(os.getcwd() + '/nope/tmp'), str(e).startswith('[Errno 2] No such file or directory: ')\nr", "(True, True)"},
	{"p = tempfile.mktemp(suffix='.s', prefix='p', dir='d')\np.startswith('d/p'), p.endswith('.s'), len(p), os.path.exists(p)", "(True, True, 13, False)"},
	{"tempfile.TMP_MAX, tempfile.gettempprefixb(), tempfile.gettempdirb() == tempfile.gettempdir().encode()", "(238328, b'tmp', True)"},
	{"with tempfile.TemporaryFile(dir='.') as f:\n    f.write(b'abc')\n    f.seek(0)\n    r = f.read(), type(f.name).__name__, os.listdir(), type(f).__name__\nr, f.closed", "((b'abc', 'int', [], 'BufferedRandom'), True)"},
	{"with tempfile.TemporaryFile('w+', dir='.') as f:\n    f.write('héllo')\n    f.seek(0)\n    r = f.read()\nr", "'héllo'"},
	{"f = tempfile.NamedTemporaryFile(dir='.', delete=False, suffix='.x')\nf.write(b'1')\nf.close()\nn = os.path.basename(f.name)\nos.path.exists(f.name), n.endswith('.x'), open(f.name, 'rb').read()", "(True, True, b'1')"},
	{"with tempfile.NamedTemporaryFile('w', dir='.') as f:\n    f.write('x')\n    f.flush()\n    r = os.path.exists(f.name), os.path.getsize(f.name)\nr, os.path.exists(f.name)", "((True, 1), False)"},
	{"os.mkdir('d')\ntempfile.tempdir = 'd'\ntry:\n    fd, p = tempfile.mkstemp()\n    os.close(fd)\n    r = tempfile.gettempdir(), os.path.dirname(p) == os.path.abspath('d'), tempfile.mkdtemp().startswith('d/tmp'), tempfile.gettempdirb()\nfinally:\n    tempfile.tempdir = None\nr, tempfile.tempdir", "(('d', True, True, b'd'), None)"},
}

func TestTempfile(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, "import tempfile"), tempfileCases)
	})
}

func TestTempfileAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, "import tempfile"), tempfileCases)
	})
}
