package os_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// the modules the cases import
	_ "github.com/kael-dev/kael/lang/lib/collections"
	_ "github.com/kael-dev/kael/lang/lib/pathlib"
)

// pathLikePrelude has classes standing for a path by __fspath__.
const pathLikePrelude = "import os, pathlib, collections.abc\nclass P:\n    def __init__(self, p):\n        self.p = p\n    def __fspath__(self):\n        return self.p\nclass Bad:\n    def __fspath__(self):\n        return 1\n"

// pathLikeCases are os.PathLike, os.fspath and the os functions on
// objects with __fspath__, and os.environ as a MutableMapping with |,
// |= and copy, with CPython 3.11's outcomes.
var pathLikeCases = []langtest.Case{
	{"isinstance(P('a'), os.PathLike), issubclass(P, os.PathLike), isinstance('a', os.PathLike), issubclass(str, os.PathLike), isinstance(P, os.PathLike), isinstance(pathlib.Path('a'), os.PathLike), isinstance(1, os.PathLike)", "(True, True, False, False, False, True, False)"},
	{"os.PathLike, os.PathLike.__name__, os.PathLike.__module__", "(<class 'os.PathLike'>, 'PathLike', 'os')"},
	{"os.fspath(P('x/y')), os.fspath(pathlib.Path('a/b')), pathlib.Path('a/b').__fspath__(), os.path.join(P('d'), 'x'), os.path.basename(P('/a/b.txt')), os.path.splitext(P('f.tar.gz'))", "('x/y', 'a/b', 'a/b', 'd/x', 'b.txt', ('f.tar', '.gz'))"},
	{"os.fspath(Bad())", "TypeError: expected Bad.__fspath__() to return str or bytes, not int"},
	{"os.fspath(1)", "TypeError: expected str, bytes or os.PathLike object, not int"},
	{"os.makedirs(P('a/b'))\nwith open(P('a/b/f.txt'), 'w') as f:\n    f.write('hi')\nos.listdir(P('a/b')), os.path.exists(P('a/b/f.txt')), os.path.getsize(P('a/b/f.txt')), open(P('a/b/f.txt')).read()", "(['f.txt'], True, 2, 'hi')"},
	{"open(Bad())", "TypeError: expected Bad.__fspath__() to return str or bytes, not int"},
	{"isinstance(os.environ, collections.abc.MutableMapping), isinstance(os.environ, collections.abc.Mapping), type(os.environ.copy()).__name__", "(True, True, 'dict')"},
	{"os.environ['KAEL_T1'] = '1'\nd = os.environ | {'KAEL_T2': 'y'}\ntype(d).__name__, d['KAEL_T1'], d['KAEL_T2'], 'KAEL_T2' in os.environ", "('dict', '1', 'y', False)"},
	{"os.environ['KAEL_T1'] = '1'\nd = {'KAEL_T1': 'z', 'Q': 'q'} | os.environ\ntype(d).__name__, d['KAEL_T1'], d['Q']", "('dict', '1', 'q')"},
	{"os.environ |= {'KAEL_T3': 'yy'}\nv = os.environ['KAEL_T3']\ndel os.environ['KAEL_T3']\nv", "'yy'"},
	{"os.environ |= {'KAEL_T4': 1}", "TypeError: str expected, not int"},
}

func TestPathLike(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, pathLikePrelude), pathLikeCases)
	})
}

func TestPathLikeAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, pathLikePrelude), pathLikeCases)
	})
}
