package pathlib_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

const winPrelude = "import os\nfrom pathlib import PureWindowsPath as W, WindowsPath, PurePath, PurePosixPath, Path, PureWindowsPath\n"

// winCases are PureWindowsPath's parsing, joining and naming, and
// WindowsPath's refusal, with CPython 3.11's outcomes.
var winCases = []langtest.Case{
	{"W('c:a', 'c:b'), W('c:a').joinpath('c:b'), W('c:/a', '/b'), W('c:/x', 'y', 'D:z'), W(W('a'), 'b')", "(PureWindowsPath('c:b'), PureWindowsPath('c:a/b'), PureWindowsPath('c:/b'), PureWindowsPath('D:z'), PureWindowsPath('a/b'))"},
	{"p = W('//server/share/x')\np, p.drive, p.root, p.anchor, p.parts, p.parent, W('//s/h'), W('//s/h').parts, str(W('//s/h/a/b').parent)", "(PureWindowsPath('//server/share/x'), '\\\\\\\\server\\\\share', '\\\\', '\\\\\\\\server\\\\share\\\\', ('\\\\\\\\server\\\\share\\\\', 'x'), PureWindowsPath('//server/share/'), PureWindowsPath('//s/h/'), ('\\\\\\\\s\\\\h\\\\',), '\\\\\\\\s\\\\h\\\\a')"},
	{"W('C:/a'), W('c:\\\\a\\\\b.txt').parts, W('c:a').parts, W('/a').parts, W('a/./b//c').parts, str(W('')), W('c:').parts, str(W('c:')), W('\\\\\\\\\\\\a').parts, W('c:/a/b/..').parts", "(PureWindowsPath('C:/a'), ('c:\\\\', 'a', 'b.txt'), ('c:', 'a'), ('\\\\', 'a'), ('a', 'b', 'c'), '.', ('c:',), 'c:', ('\\\\', 'a'), ('c:\\\\', 'a', 'b', '..'))"},
	{"W('c:/').parent, W('c:/a').parent, W('a').parent, W('c:/x/y').name, W('c:/').name, W('c:/a').anchor", "(PureWindowsPath('c:/'), PureWindowsPath('c:/'), PureWindowsPath('.'), 'y', '', 'c:\\\\')"},
	{"W('C:/A') == W('c:/a'), W('a\\\\b') == W('A/B'), W('a') == PurePosixPath('a'), hash(W('C:/A')) == hash(W('c:/a')), {W('A'): 1}[W('a')]", "(True, True, False, True, 1)"},
	{"W('c:/a').is_absolute(), W('/a').is_absolute(), W('c:a').is_absolute(), W('c:/a/b.tar.gz').suffixes, W('c:/a/b.tar.gz').stem, W('c:/a/b.tar.gz').suffix", "(True, False, False, ['.tar', '.gz'], 'b.tar', '.gz')"},
	{"W('c:/a') / 'b' / 'd:/e', W('c:/a') / '/x', 'z' / W('y'), W('c:/a/b').as_posix(), W('c:/a').with_name('q.py'), W('c:/a.txt').with_suffix('.md'), W('c:/a.txt').with_suffix('')", "(PureWindowsPath('d:/e'), PureWindowsPath('c:/x'), PureWindowsPath('z/y'), 'c:/a/b', PureWindowsPath('c:/q.py'), PureWindowsPath('c:/a.md'), PureWindowsPath('c:/a'))"},
	{"WindowsPath('a')", "NotImplementedError: cannot instantiate 'WindowsPath' on your system"},
	{"W('c:/').with_name('x')", "ValueError: PureWindowsPath('c:/') has an empty name"},
	{"W('c:/a').with_name('d:x')", "ValueError: Invalid name 'd:x'"},
	{"W('c:/a').with_suffix('txt')", "ValueError: Invalid suffix 'txt'"},
	{"isinstance(W('a'), PurePath), isinstance(W('a'), PurePosixPath), isinstance(W('a'), Path), isinstance(W('a'), PureWindowsPath), isinstance(Path('a'), PureWindowsPath), type(W('a')).__name__", "(True, False, False, True, False, 'PureWindowsPath')"},
	{"W('a/b').__fspath__(), str(W('a/b')), os.fspath(W('a/b')), isinstance(W('x'), os.PathLike), PureWindowsPath", "('a\\\\b', 'a\\\\b', 'a\\\\b', True, <class 'pathlib.PureWindowsPath'>)"},
}

func TestPureWindowsPath(t *testing.T) {
	langtest.CheckCellCases(t, winPrelude, winCases)
}

func TestPureWindowsPathAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, winPrelude, winCases)
}
