package zipfile_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// pathSetup writes t.zip, with members in directories the archive does
// not list (d/, d/e/) and one it does (empty/).
const pathSetup = `with zipfile.ZipFile('t.zip', 'w') as z:
    z.writestr('a.txt', 'hello\nwörld\n')
    z.writestr('d/b.csv', 'x,y\n')
    z.writestr('d/e/c.tar.gz', b'\x00\x01')
    z.writestr('empty/', '')
p = zipfile.Path('t.zip')
`

// pathCases are zipfile.Path, with CPython 3.11's outcomes.
var pathCases = []langtest.Case{
	{"repr(p), str(p), p.name, p.is_dir(), p.is_file(), p.exists(), p.at", "(\"Path('t.zip', '')\", 't.zip/', 't.zip', True, False, False, '')"},
	{"[repr(x) for x in p.iterdir()]", "[\"Path('t.zip', 'a.txt')\", \"Path('t.zip', 'empty/')\", \"Path('t.zip', 'd/')\"]"},
	{"d = p / 'd'\nrepr(d), d.is_dir(), d.exists(), [x.name for x in d.iterdir()], repr(d.parent), d.name", "(\"Path('t.zip', 'd/')\", True, True, ['b.csv', 'e'], \"Path('t.zip', '')\", 'd')"},
	{"f = p.joinpath('d', 'e', 'c.tar.gz')\nrepr(f), f.name, f.suffix, f.suffixes, f.stem, f.is_file(), f.read_bytes(), repr(f.parent), repr(f.parent.parent), str(f.filename)", "(\"Path('t.zip', 'd/e/c.tar.gz')\", 'c.tar.gz', '.gz', ['.tar', '.gz'], 'c.tar', True, b'\\x00\\x01', \"Path('t.zip', 'd/e/')\", \"Path('t.zip', 'd/')\", 't.zip/d/e/c.tar.gz')"},
	{"a = p / 'a.txt'\na.read_text(), a.read_text(encoding='utf-8'), a.open().readline(), list(a.open('rb')), a.open().read(3)", "('hello\\nwörld\\n', 'hello\\nwörld\\n', 'hello\\n', [b'hello\\n', b'w\\xc3\\xb6rld\\n'], 'hel')"},
	{"(p / 'nope').exists(), (p / 'empty').is_dir(), repr(p / 'empty'), str(p.filename), str(p.parent), (p / 'd' / 'b.csv').read_text()", "(False, True, \"Path('t.zip', 'empty/')\", 't.zip', '.', 'x,y\\n')"},
	{"(p / 'nope').open()", "FileNotFoundError: t.zip/nope"},
	{"(p / 'd').open()", "IsADirectoryError: t.zip/d/"},
	{"list((p / 'a.txt').iterdir())", "ValueError: Can't listdir a file"},
	{"(p / 'a.txt').open('rb', encoding='utf-8')", "ValueError: encoding args invalid for binary operation"},
	{"with zipfile.ZipFile('t.zip') as z:\n    q = zipfile.Path(z, 'd/')\n    r = repr(q), [x.at for x in q.iterdir()], q.root is z, isinstance(z, zipfile.ZipFile)\nr", "(\"Path('t.zip', 'd/')\", ['d/b.csv', 'd/e/'], True, True)"},
}

// withSetup is the cases, each making t.zip first in its directory.
func withSetup() []langtest.Case {
	out := make([]langtest.Case, len(pathCases))
	for i, c := range pathCases {
		out[i] = langtest.Case{Src: pathSetup + c.Src, Want: c.Want}
	}
	return out
}

func TestZipPath(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, "import zipfile, io"), withSetup())
	})
}

func TestZipPathAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, "import zipfile, io"), withSetup())
	})
}
