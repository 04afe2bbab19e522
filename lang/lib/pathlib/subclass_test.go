package pathlib_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// subclassPrelude defines the classes subclassCases derive from
// pathlib's: P from type(Path()), S from PosixPath with a method and an
// __init__ of its own, Q from PurePosixPath.
const subclassPrelude = `import os
from pathlib import Path, PosixPath, PurePath, PurePosixPath
class P(type(Path())):
    def hi(self):
        return 'hi ' + self.name
class S(PosixPath):
    def __init__(self, *args):
        self.tag = len(args)
class Q(PurePosixPath):
    pass
`

// subclassCases are classes deriving from pathlib's, with CPython 3.11's
// outcomes.
var subclassCases = []langtest.Case{
	{"p = P('a', 'b')\np, str(p), p.name, p.stem, p.parts, p.hi(), P(), P('a') == P('a/')", "(P('a/b'), 'a/b', 'b', 'b', ('a', 'b'), 'hi b', P('.'), True)"},
	{"p = P('a', 'b')\np / 'c', 'x' / p, p.joinpath('x', 'y'), p.parent, list(p.parents), p.with_suffix('.t'), p.with_name('z'), p.relative_to('a'), P.cwd() == Path.cwd(), type(P.cwd()).__name__", "(P('a/b/c'), P('x/a/b'), P('a/b/x/y'), P('a'), [P('a'), P('.')], P('a/b.t'), P('a/z'), P('b'), True, 'P')"},
	{"p = P('a/b')\nisinstance(p, Path), isinstance(p, PosixPath), isinstance(p, PurePath), isinstance(p, P), issubclass(P, Path), issubclass(P, PurePath), issubclass(Q, Path), issubclass(Q, PurePath), P.__name__", "(True, True, True, True, True, True, False, True, 'P')"},
	{"p = P('a/b')\np == Path('a/b'), Path('a/b') == p, hash(p) == hash(Path('a/b')), {Path('a/b'): 1}[p], p in {Path('a/b')}, sorted([P('b'), Path('a'), P('c')]), P('a') < Path('b'), os.fspath(p), os.path.join(p, 'c'), Path('x') / P('y')", "(True, True, True, 1, True, [PosixPath('a'), P('b'), P('c')], True, 'a/b', 'a/b/c', PosixPath('x/y'))"},
	{"p = P('f.txt')\np.write_text('héllo'), p.read_text(), p.exists(), p.is_file(), open(p).read(), p.stat().st_size, type(p.resolve()).__name__, p.resolve() == Path('f.txt').resolve()", "(5, 'héllo', True, True, 'héllo', 6, 'P', True)"},
	{"p = P('f')\nwith p.open('w') as fh:\n    fh.write('abc')\nwith p.open() as fh:\n    r = fh.read()\nr, P('nope').exists()", "('abc', False)"},
	{"s = S('a', 'b')\ns, s.tag, s / 'c', type(s / 'c').__name__", "(S('a/b'), 2, S('a/b/c'), 'S')"},
	{"q = Q('a', 'b')\nq, q / 'c', q.parent, q.with_suffix('.x'), hasattr(q, 'exists'), hasattr(q, 'read_text'), isinstance(q, Path), isinstance(q, PurePath), isinstance(q, PurePosixPath), q == PurePosixPath('a/b'), q == Path('a/b'), str(q)", "(Q('a/b'), Q('a/b/c'), Q('a'), Q('a/b.x'), False, False, False, True, True, True, True, 'a/b')"},
	{"P('d/e').mkdir(parents=True)\nfor n in ('d/a.txt', 'd/b.py', 'd/e/c.txt'):\n    P(n).write_text('x')\nd = P('d')\nsorted(d.iterdir()), sorted(d.glob('*.txt')), sorted(d.rglob('*.txt')), sorted(S('d').glob('*.py')), [x.hi() for x in sorted(d.iterdir())], type(d.iterdir()).__name__", "([P('d/a.txt'), P('d/b.py'), P('d/e')], [P('d/a.txt')], [P('d/a.txt'), P('d/e/c.txt')], [S('d/b.py')], ['hi a.txt', 'hi b.py', 'hi e'], 'generator')"},
	{"p = P('~/x')\ntype(p.expanduser()).__name__, type(p.absolute()).__name__, type(p.with_stem('z')).__name__, type(P.home()).__name__, [type(x).__name__ for x in Q('a/b/c').parents], type(Q('a/b').relative_to('a')).__name__, type(Q('a/b').with_stem('z')).__name__", "('P', 'P', 'P', 'P', ['Q', 'Q', 'Q'], 'Q', 'Q')"},
	{"class R(Path):\n    pass\nR('x')", "AttributeError: type object 'R' has no attribute '_flavour'"},
	{"class R(PurePath):\n    pass\nR('x')", "AttributeError: type object 'R' has no attribute '_flavour'"},
	{"P('a') / 3", "TypeError: unsupported operand type(s) for /: 'P' and 'int'"},
	{"P(3)", "TypeError: expected str, bytes or os.PathLike object, not int"},
	{"P('nope').read_text()", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"Q('a').read_text()", "AttributeError: 'Q' object has no attribute 'read_text'"},
}

func TestPathSubclass(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, subclassPrelude), subclassCases)
	})
}

func TestPathSubclassAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, subclassPrelude), subclassCases)
	})
}
