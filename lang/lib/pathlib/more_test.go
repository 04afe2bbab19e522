package pathlib_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// moreCases are Path's match, links, chmod, lstat, owner and the
// special-file questions (more.go), each in a fresh directory, with
// CPython 3.11's outcomes.
var moreCases = []langtest.Case{
	{"(Path('a/b.py').match('*.py'), Path('/a/b/c.py').match('b/*.py'), Path('/a/b/c.py').match('a/*.py'), Path('/a/b/c.py').match('/a/*.py'), Path('/a/b.py').match('/a/*.py'), Path('a/b.py').match('/a/*.py'), Path('b.py').match('a/*.py'), Path('A.PY').match('*.py'), Path('a/b').match('a/b/'), Path('x.txt').match('?.t[xy]t'))", "(True, True, False, False, True, False, False, False, True, True)"},
	{"Path('a').match('')", "ValueError: empty pattern"},
	{"open('f', 'w').write('x')\np = Path('l')\np.symlink_to('f')\nh = Path('h')\nh.hardlink_to('f')\n(p.readlink(), p.is_symlink(), p.lstat().st_size == len('f'), oct(p.lstat().st_mode & 0o170000), h.stat().st_nlink, h.read_text(), Path('f').owner() == Path('f').owner(), type(Path('f').group()).__name__)", "(PosixPath('f'), True, True, '0o120000', 2, 'x', True, 'str')"},
	{"open('f', 'w').close()\nPath('f').chmod(0o604)\noct(Path('f').stat().st_mode & 0o777)", "'0o604'"},
	{"Path('nope').chmod(0o644)", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"Path('nope').readlink()", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"Path('nope').owner()", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"open('f', 'w').close()\nPath('l').symlink_to('f')\nPath('l').symlink_to('f')", "FileExistsError: [Errno 17] File exists: 'f' -> 'l'"},
	{"Path('l').hardlink_to('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope' -> 'l'"},
	{"os.mkfifo('p')\n(Path('p').is_fifo(), Path('.').is_fifo(), Path('/dev/null').is_char_device(), Path('nope').is_char_device(), Path('.').is_socket(), Path('.').is_block_device(), Path('/').is_mount(), Path('.').is_mount(), Path('nope').is_mount())", "(True, False, True, False, False, False, True, True, False)"},
	{"open('f', 'w').close()\nPath('l').symlink_to('f')\nPath('l').lchmod(0o600)", "NotImplementedError: chmod: follow_symlinks unavailable on this platform"},
}

func TestPathMore(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, "from pathlib import Path"), moreCases)
	})
}

func TestPathMoreAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, "from pathlib import Path"), moreCases)
	})
}
