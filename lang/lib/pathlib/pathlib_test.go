package pathlib_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// The module under test, and the one its cases import.
	_ "github.com/kael-dev/kael/lang/lib/os"
	_ "github.com/kael-dev/kael/lang/lib/pathlib"
	_ "github.com/kael-dev/kael/lang/torch"
)

// pathlibCases hold CPython 3.11's outcomes; TestPathlibAgainstCPython
// checks them there. The order of iterdir and glob is the directories',
// so the cases sort.
var pathlibCases = []langtest.Case{
	{"p = Path('a') / 'b' / 'c.tar.gz'\np, str(p), p.name, p.stem, p.suffix, p.suffixes, p.parent, list(p.parents), p.parts", "(PosixPath('a/b/c.tar.gz'), 'a/b/c.tar.gz', 'c.tar.gz', 'c.tar', '.gz', ['.tar', '.gz'], PosixPath('a/b'), [PosixPath('a/b'), PosixPath('a'), PosixPath('.')], ('a', 'b', 'c.tar.gz'))"},
	{"'x' / Path('y'), Path('x') / '/abs', Path('/a//b/./c/'), Path(), Path(''), Path('.'), Path('//a'), Path('///a'), Path('a', 'b', Path('c'))", "(PosixPath('x/y'), PosixPath('/abs'), PosixPath('/a/b/c'), PosixPath('.'), PosixPath('.'), PosixPath('.'), PosixPath('//a'), PosixPath('/a'), PosixPath('a/b/c'))"},
	{"Path('/').name, Path('/').parent, Path('.').parent, Path('/').parts, Path('/a').parts, Path('a/..').parts, Path('.bashrc').suffix, Path('a.').suffixes, Path('..a.b').suffixes, Path('a').suffix", "('', PosixPath('/'), PosixPath('.'), ('/',), ('/', 'a'), ('a', '..'), '', [], ['.b'], '')"},
	{"Path('a') == Path('a/'), Path('a') == 'a', Path('a') != Path('b'), sorted([Path('b'), Path('/z'), Path('a/c'), Path('a')]), len({Path('a'), Path('a/.')}), Path('a') < Path('b')", "(True, False, True, [PosixPath('/z'), PosixPath('a'), PosixPath('a/c'), PosixPath('b')], 1, True)"},
	{"isinstance(Path('a'), Path), type(Path('a')).__name__, repr(Path('a/b')), str(Path('/x')), Path('a').as_posix(), Path('/a').is_absolute(), Path('a').is_absolute()", "(True, 'PosixPath', \"PosixPath('a/b')\", '/x', 'a', True, False)"},
	{"Path('a/b.txt').with_name('c.py'), Path('a/b.txt').with_suffix('.md'), Path('a/b.txt').with_suffix(''), Path('a/b.txt').with_stem('q'), Path('a/b').joinpath('c', 'd')", "(PosixPath('a/c.py'), PosixPath('a/b.md'), PosixPath('a/b'), PosixPath('a/q.txt'), PosixPath('a/b/c/d'))"},
	{"Path('/').with_name('x')", "ValueError: PosixPath('/') has an empty name"},
	{"Path('a').with_name('')", "ValueError: Invalid name ''"},
	{"Path('a').with_suffix('md')", "ValueError: Invalid suffix 'md'"},
	{"Path('a').with_suffix('.')", "ValueError: Invalid suffix '.'"},
	{"Path('/a/b/c').relative_to('/a'), Path('a/b').relative_to('a/b'), Path('/a/b').is_relative_to('/a'), Path('a').is_relative_to('b')", "(PosixPath('b/c'), PosixPath('.'), True, False)"},
	{"Path('/a/b').relative_to('/c')", "ValueError: '/a/b' is not in the subpath of '/c' OR one path is relative and the other is absolute."},
	{"Path('a') / 3", "TypeError: unsupported operand type(s) for /: 'PosixPath' and 'int'"},
	{"Path(3)", "TypeError: expected str, bytes or os.PathLike object, not int"},
	{"3 / Path('a')", "TypeError: unsupported operand type(s) for /: 'int' and 'PosixPath'"},
	{"Path('x').read_text()", "FileNotFoundError: [Errno 2] No such file or directory: 'x'"},
	{"Path('x').mkdir()\nPath('x').mkdir()", "FileExistsError: [Errno 17] File exists: 'x'"},
	{"Path('x/y').mkdir()", "FileNotFoundError: [Errno 2] No such file or directory: 'x/y'"},
	{"Path('x/y').mkdir(parents=True)\nPath('x/y').mkdir(parents=True, exist_ok=True)\nPath('x').is_dir(), Path('x/y').exists()", "(True, True)"},
	{"Path('f').write_text('a')\nPath('f').mkdir(exist_ok=True)", "FileExistsError: [Errno 17] File exists: 'f'"},
	{"Path('f.txt').write_text('héllo\\nwörld'), Path('f.txt').read_text(), Path('f.txt').read_bytes(), Path('f.txt').is_file(), Path('f.txt').is_dir(), Path('f.txt').exists(), Path('nope').exists(), Path('f.txt').stat().st_size", "(11, 'héllo\\nwörld', b'h\\xc3\\xa9llo\\nw\\xc3\\xb6rld', True, False, True, False, 13)"},
	{"Path('f').write_text(3)", "TypeError: data must be str, not int"},
	{"Path('f').write_bytes('x')", "TypeError: memoryview: a bytes-like object is required, not 'str'"},
	{"Path('a/b/c').mkdir(parents=True)\nfor n in ['x.py', 'a/y.py', 'a/b/z.txt', 'a/.h.py']:\n    Path(n).write_text('hi ' + n)\nsorted(Path('.').iterdir()), sorted(Path('a').iterdir()), type(Path('a').iterdir()).__name__", "([PosixPath('a'), PosixPath('x.py')], [PosixPath('a/.h.py'), PosixPath('a/b'), PosixPath('a/y.py')], 'generator')"},
	{"Path('a/b/c').mkdir(parents=True)\nfor n in ['x.py', 'a/y.py', 'a/b/z.txt', 'a/.h.py']:\n    Path(n).write_text('hi ' + n)\nsorted(Path('.').glob('*.py')), sorted(Path('a').glob('*')), sorted(Path('.').glob('**/*.py')), sorted(Path('.').rglob('*.txt'))", "([PosixPath('x.py')], [PosixPath('a/.h.py'), PosixPath('a/b'), PosixPath('a/y.py')], [PosixPath('a/.h.py'), PosixPath('a/y.py'), PosixPath('x.py')], [PosixPath('a/b/z.txt')])"},
	{"Path('a/b/c').mkdir(parents=True)\nfor n in ['x.py', 'a/y.py', 'a/b/z.txt', 'a/.h.py']:\n    Path(n).write_text('hi ' + n)\nsorted(Path('.').glob('**')), sorted(Path('a').glob('**/'))", "([PosixPath('.'), PosixPath('a'), PosixPath('a/b'), PosixPath('a/b/c')], [PosixPath('a'), PosixPath('a/b'), PosixPath('a/b/c')])"},
	{"Path('a/b/c').mkdir(parents=True)\nfor n in ['x.py', 'a/y.py', 'a/b/z.txt', 'a/.h.py']:\n    Path(n).write_text('hi ' + n)\nsorted(Path('a').rglob('*')), sorted(Path('a').glob('b/*'))", "([PosixPath('a/.h.py'), PosixPath('a/b'), PosixPath('a/b/c'), PosixPath('a/b/z.txt'), PosixPath('a/y.py')], [PosixPath('a/b/c'), PosixPath('a/b/z.txt')])"},
	{"list(Path('.').glob(''))", "ValueError: Unacceptable pattern: ''"},
	{"list(Path('.').glob('/x'))", "NotImplementedError: Non-relative patterns are unsupported"},
	{"list(Path('nope').iterdir())", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"Path('f').write_text('x')\nlist(Path('f').iterdir())", "NotADirectoryError: [Errno 20] Not a directory: 'f'"},
	{"Path('f').touch()\nPath('f').touch()\nPath('f').exists(), Path('f').read_text()", "(True, '')"},
	{"Path('f').touch()\nPath('f').touch(exist_ok=False)", "FileExistsError: [Errno 17] File exists: 'f'"},
	{"Path('f').touch()\nPath('f').rename('g'), Path('f').exists(), Path('g').exists()", "(PosixPath('g'), False, True)"},
	{"Path('f').rename('g')", "FileNotFoundError: [Errno 2] No such file or directory: 'f' -> 'g'"},
	{"Path('f').touch()\nPath('f').unlink()\nPath('f').unlink(missing_ok=True)\nPath('f').exists()", "False"},
	{"Path('f').unlink()", "FileNotFoundError: [Errno 2] No such file or directory: 'f'"},
	{"Path('d').mkdir()\nPath('d').rmdir()\nPath('d').exists()", "False"},
	{"Path('d').mkdir()\nPath('d/f').touch()\nPath('d').rmdir()", "OSError: [Errno 39] Directory not empty: 'd'"},
	{"Path('f').write_text('abc')\nwith Path('f').open() as fh:\n    r = fh.read()\nwith Path('f').open('a') as fh:\n    fh.write('d')\nr, Path('f').read_text(), open(Path('f')).read(), os.path.getsize(Path('f')), os.path.join(Path('a'), 'b'), os.fspath(Path('a'))", "('abc', 'abcd', 'abcd', 4, 'a/b', 'a')"},
	{"Path('a').resolve() == Path(os.getcwd()) / 'a', Path('a/../b').resolve() == Path(os.getcwd()) / 'b', Path('a').absolute() == Path.cwd() / 'a', Path.cwd() == Path(os.getcwd()), Path.home() == Path(os.path.expanduser('~')), Path('~/x').expanduser() == Path.home() / 'x'", "(True, True, True, True, True, True)"},
	{"Path('a').resolve(strict=True)", "FileNotFoundError: [Errno 2] No such file or directory: 'a'"},
	{"Path('f').touch()\nPath('f').samefile('./f'), Path('f').is_symlink()", "(True, False)"},
}

// pathlibTorchCases pass paths to torch, which takes them as PyTorch
// does; TestPathlibAgainstCPython checks them in Debian's python3 with
// PyTorch.
var pathlibTorchCases = []langtest.Case{
	{"import torch\nd = Path('ckpt')\nd.mkdir()\ntorch.save({'w': torch.ones(2)}, d / 'm.pt')\ntorch.load(d / 'm.pt')['w'].tolist(), (d / 'm.pt').exists()", "([1.0, 1.0], True)"},
}

func TestPathlib(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, "from pathlib import Path"), pathlibTorchCases)
	})
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, "from pathlib import Path"), pathlibCases)
	})
}

func TestPathlibAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCasesTorch(t, langtest.FilePrelude(root, "from pathlib import Path"), pathlibTorchCases)
	})
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, "from pathlib import Path"), pathlibCases)
	})
}
