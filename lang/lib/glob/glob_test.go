package glob_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// The modules under test, and the one their cases import.
	_ "github.com/kael-dev/kael/lang/lib/fnmatch"
	_ "github.com/kael-dev/kael/lang/lib/glob"
	_ "github.com/kael-dev/kael/lang/lib/os"
)

// globCases hold CPython 3.11's outcomes; TestGlobAgainstCPython checks
// them there. glob's order is the directories', so the cases sort.
var globCases = []langtest.Case{
	{"fnmatch.fnmatch('a.py', '*.py'), fnmatch.fnmatch('a.PY', '*.py'), fnmatch.fnmatch('x/y.py', '*.py'), fnmatch.fnmatch('[', '['), fnmatch.fnmatch(']', '[]]'), fnmatch.fnmatch('b', '[!a]'), fnmatch.fnmatch('-', '[a-]'), fnmatch.fnmatch('é', '?')", "(True, False, True, True, True, True, True, True)"},
	{"fnmatch.filter(['a.py', 'b.txt', 'c.py'], '*.py'), fnmatch.fnmatchcase('A', 'a'), fnmatch.fnmatch('abc', 'a[b-d]c'), fnmatch.fnmatch('a', '[z-a]'), fnmatch.fnmatch('a', '[!z-a]')", "(['a.py', 'c.py'], False, True, False, True)"},
	{"fnmatch.fnmatch(1, 'a')", "TypeError: expected str, bytes or os.PathLike object, not int"},
	{"glob.escape('a*b?[c].py'), glob.has_magic('a[b'), glob.has_magic('ab')", "('a[*]b[?][[]c].py', True, False)"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/.h')\nos.makedirs('d')\nfor p in ['x.py', 'y.py', 'z.txt', '.hid.py', 'a/m.py', 'a/b/n.py', 'a/b/c/o.py', 'a/.h/p.py', 'a/b/[q].py']:\n    open(p, 'w').close()\nsorted(glob.glob('*.py')), sorted(glob.glob('*')), sorted(glob.glob('.*')), sorted(glob.glob('*.py', include_hidden=True))", "(['x.py', 'y.py'], ['a', 'd', 'x.py', 'y.py', 'z.txt'], ['.hid.py'], ['.hid.py', 'x.py', 'y.py'])"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/.h')\nos.makedirs('d')\nfor p in ['x.py', 'y.py', 'z.txt', '.hid.py', 'a/m.py', 'a/b/n.py', 'a/b/c/o.py', 'a/.h/p.py', 'a/b/[q].py']:\n    open(p, 'w').close()\nsorted(glob.glob('**/*.py', recursive=True))", "['a/b/[q].py', 'a/b/c/o.py', 'a/b/n.py', 'a/m.py', 'x.py', 'y.py']"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/.h')\nos.makedirs('d')\nfor p in ['x.py', 'y.py', 'z.txt', '.hid.py', 'a/m.py', 'a/b/n.py', 'a/b/c/o.py', 'a/.h/p.py', 'a/b/[q].py']:\n    open(p, 'w').close()\nsorted(glob.glob('**', recursive=True))", "['a', 'a/b', 'a/b/[q].py', 'a/b/c', 'a/b/c/o.py', 'a/b/n.py', 'a/m.py', 'd', 'x.py', 'y.py', 'z.txt']"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/.h')\nos.makedirs('d')\nfor p in ['x.py', 'y.py', 'z.txt', '.hid.py', 'a/m.py', 'a/b/n.py', 'a/b/c/o.py', 'a/.h/p.py', 'a/b/[q].py']:\n    open(p, 'w').close()\nsorted(glob.glob('**/', recursive=True))", "['a/', 'a/b/', 'a/b/c/', 'd/']"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/.h')\nos.makedirs('d')\nfor p in ['x.py', 'y.py', 'z.txt', '.hid.py', 'a/m.py', 'a/b/n.py', 'a/b/c/o.py', 'a/.h/p.py', 'a/b/[q].py']:\n    open(p, 'w').close()\nsorted(glob.glob('a/**/*.py', recursive=True)), sorted(glob.glob('a/**', recursive=True))", "(['a/b/[q].py', 'a/b/c/o.py', 'a/b/n.py', 'a/m.py'], ['a/', 'a/b', 'a/b/[q].py', 'a/b/c', 'a/b/c/o.py', 'a/b/n.py', 'a/m.py'])"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/.h')\nos.makedirs('d')\nfor p in ['x.py', 'y.py', 'z.txt', '.hid.py', 'a/m.py', 'a/b/n.py', 'a/b/c/o.py', 'a/.h/p.py', 'a/b/[q].py']:\n    open(p, 'w').close()\nsorted(glob.glob('**/*.py')), sorted(glob.glob('*/'))", "(['a/m.py'], ['a/', 'd/'])"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/.h')\nos.makedirs('d')\nfor p in ['x.py', 'y.py', 'z.txt', '.hid.py', 'a/m.py', 'a/b/n.py', 'a/b/c/o.py', 'a/.h/p.py', 'a/b/[q].py']:\n    open(p, 'w').close()\nsorted(glob.glob('a/*/*.py')), glob.glob('x.py'), glob.glob('nope'), glob.glob('a/'), glob.glob('x.py/')", "(['a/b/[q].py', 'a/b/n.py'], ['x.py'], [], ['a/'], [])"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/.h')\nos.makedirs('d')\nfor p in ['x.py', 'y.py', 'z.txt', '.hid.py', 'a/m.py', 'a/b/n.py', 'a/b/c/o.py', 'a/.h/p.py', 'a/b/[q].py']:\n    open(p, 'w').close()\nsorted(glob.glob('*.py', root_dir='a/b')), sorted(glob.glob(os.path.join('a', 'b', glob.escape('[q].py')))), sorted(glob.glob('a/b/[q].py'))", "(['[q].py', 'n.py'], ['a/b/[q].py'], [])"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/.h')\nos.makedirs('d')\nfor p in ['x.py', 'y.py', 'z.txt', '.hid.py', 'a/m.py', 'a/b/n.py', 'a/b/c/o.py', 'a/.h/p.py', 'a/b/[q].py']:\n    open(p, 'w').close()\nsorted(glob.iglob('a/*')), type(glob.iglob('*')).__name__", "(['a/b', 'a/m.py'], 'generator')"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/.h')\nos.makedirs('d')\nfor p in ['x.py', 'y.py', 'z.txt', '.hid.py', 'a/m.py', 'a/b/n.py', 'a/b/c/o.py', 'a/.h/p.py', 'a/b/[q].py']:\n    open(p, 'w').close()\nsorted(glob.glob('?.py')), sorted(glob.glob('[xz].*')), sorted(glob.glob('[!x].py'))", "(['x.py', 'y.py'], ['x.py', 'z.txt'], ['y.py'])"},
	{"glob.glob('')", "[]"},
}

func TestGlob(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, "import glob, fnmatch"), globCases)
	})
}

func TestGlobAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, "import glob, fnmatch"), globCases)
	})
}
