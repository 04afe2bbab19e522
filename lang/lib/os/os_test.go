package os_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/os" // the module under test
)

// inTempDirs runs check with a fresh root directory, and restores the
// working directory the cases change.
// osCases hold CPython 3.11's outcomes; TestOSAgainstCPython checks them
// there.
var osCases = []langtest.Case{
	{"os.path.commonpath(['/usr/lib/x', '/usr/local/lib', '/usr/lib']), os.path.commonpath(['a/b/c', 'a/b/./d/', 'a//b']), os.path.commonpath(['/a']), os.path.commonpath(['x', 'y']), os.path.commonpath(('/', '/a'))", "('/usr', 'a/b', '/a', '', '/')"},
	{"os.path.commonpath(['/a', 'b'])", "ValueError: Can't mix absolute and relative paths"},
	{"os.path.commonpath([])", "ValueError: commonpath() arg is an empty sequence"},
	{"os.path.normcase('/A/b'), os.path.splitdrive('/x/y'), os.path.splitdrive('c:/x'), os.path.samefile('/tmp', '/tmp/../tmp'), os.path.samefile('/', '/tmp')", "('/A/b', ('', '/x/y'), ('', 'c:/x'), True, False)"},
	{"os.path.samefile('/no/such/file', '/')", "FileNotFoundError: [Errno 2] No such file or directory: '/no/such/file'"},
	{"os.path.join('a', 'b', 'c'), os.path.join('a/', 'b'), os.path.join('a', '/b', 'c'), os.path.join('', 'x'), os.path.join('a', ''), os.path.join('/')", "('a/b/c', 'a/b', '/b/c', 'x', 'a/', '/')"},
	{"os.path.split('/a/b'), os.path.split('a'), os.path.split('/'), os.path.split('//a//b//'), os.path.split(''), os.path.split('a/')", "(('/a', 'b'), ('', 'a'), ('/', ''), ('//a//b', ''), ('', ''), ('a', ''))"},
	{"os.path.splitext('a.txt'), os.path.splitext('.bashrc'), os.path.splitext('a/b.tar.gz'), os.path.splitext('a.b/c'), os.path.splitext('..a'), os.path.splitext('a.'), os.path.splitext('...')", "(('a', '.txt'), ('.bashrc', ''), ('a/b.tar', '.gz'), ('a.b/c', ''), ('..a', ''), ('a', '.'), ('...', ''))"},
	{"os.path.basename('/x/y.py'), os.path.basename('x/'), os.path.dirname('/x/y.py'), os.path.dirname('y.py'), os.path.dirname('///y'), os.path.dirname('//a//y')", "('y.py', '', '/x', '', '///', '//a')"},
	{"os.path.normpath(''), os.path.normpath('//a/../b/./c//'), os.path.normpath('///a'), os.path.normpath('../../a/..'), os.path.normpath('/../a'), os.path.normpath('a/./b/../../..'), os.path.normpath('.')", "('.', '//b/c', '/a', '../..', '/a', '..', '.')"},
	{"os.path.relpath('/a/b/c', '/a/x'), os.path.relpath('/a', '/a'), os.path.relpath('/a/b', '/'), os.path.relpath('x/y', 'x'), os.path.relpath('/', '/a/b')", "('../b/c', '.', 'a/b', 'y', '../..')"},
	{"os.path.relpath('')", "ValueError: no path specified"},
	{"os.path.isabs('/a'), os.path.isabs('a'), os.path.commonprefix(['/usr/lib', '/usr/local']), os.path.commonprefix([]), os.path.commonprefix(['\u00e9a', '\u00e9b'])", "(True, False, '/usr/l', '', '\u00e9')"},
	{"os.path.abspath('a/../b') == os.path.join(os.getcwd(), 'b'), os.path.abspath('/x/./y/'), os.path.realpath('/x/../y')", "(True, '/x/y', '/y')"},
	{"os.path.expanduser('~/x') == os.environ['HOME'] + '/x', os.path.expanduser('x~'), os.path.expanduser('~no_such_user_kael/x')", "(True, 'x~', '~no_such_user_kael/x')"},
	{"os.environ['KAEL_T1'] = 'v'\nos.path.expandvars('$KAEL_T1/${KAEL_T1}/$KAEL_NONE/${KAEL_NONE}/$/${KAEL_T1'), os.path.expandvars('a$')", "('v/v/$KAEL_NONE/${KAEL_NONE}/$/${KAEL_T1', 'a$')"},
	{"os.path.basename(1)", "TypeError: expected str, bytes or os.PathLike object, not int"},
	{"os.path.join(1)", "TypeError: expected str, bytes or os.PathLike object, not int"},
	{"os.path.join('a', 1)", "TypeError: join() argument must be str, bytes, or os.PathLike object, not 'int'"},
	{"os.path.exists(1.5)", "TypeError: stat: path should be string, bytes, os.PathLike or integer, not float"},
	{"os.path.getsize(1.5)", "TypeError: stat: path should be string, bytes, os.PathLike or integer, not float"},
	{"os.mkdir(1.5)", "TypeError: mkdir: path should be string, bytes or os.PathLike, not float"},
	{"os.listdir(1.5)", "TypeError: listdir: path should be string, bytes, os.PathLike, integer or None, not float"},
	{"os.rename(1.5, 'a')", "TypeError: rename: src should be string, bytes or os.PathLike, not float"},
	{"os.makedirs(1)", "TypeError: expected str, bytes or os.PathLike object, not int"},
	{"os.walk(1.5)", "TypeError: expected str, bytes or os.PathLike object, not float"},
	{"os.getenv(1)", "TypeError: str expected, not int"},
	{"os.environ[1]", "TypeError: str expected, not int"},
	{"os.environ['KAEL_NO_SUCH_VAR']", "KeyError: 'KAEL_NO_SUCH_VAR'"},
	{"os.environ['KAEL_T2'] = 'w'\nos.environ['KAEL_T2'], os.getenv('KAEL_T2'), os.getenv('KAEL_NONE'), os.getenv('KAEL_NONE', 3), 'KAEL_T2' in os.environ, os.environ.get('KAEL_NONE', 'd'), os.environ.pop('KAEL_T2'), 'KAEL_T2' in os.environ", "('w', 'w', None, 3, True, 'd', 'w', False)"},
	{"os.environ['A=B'] = 'x'", "ValueError: illegal environment variable name"},
	{"os.environ['KAEL_T3'] = 3", "TypeError: str expected, not int"},
	{"os.environ.setdefault('KAEL_T4', 'a'), os.environ.setdefault('KAEL_T4', 'b'), type(os.environ.copy()).__name__, os.environ.pop('KAEL_NONE', None)", "('a', 'a', 'dict', None)"},
	{"os.sep, os.altsep, os.extsep, os.pathsep, os.linesep, os.curdir, os.pardir, os.devnull, os.name, os.path.sep", "('/', None, '.', ':', '\\n', '.', '..', '/dev/null', 'posix', '/')"},
	{"type(os.cpu_count()).__name__, os.cpu_count() > 0, os.getpid() > 0, os.fspath('x')", "('int', True, True, 'x')"},
	{"os.fspath(3)", "TypeError: expected str, bytes or os.PathLike object, not int"},
	{"os.listdir(), os.listdir('.'), os.path.exists('.'), os.path.isdir('.'), os.path.isfile('.'), os.path.exists('nope'), os.path.isdir('nope'), os.path.exists('a\\0b')", "([], [], True, True, False, False, False, False)"},
	{"os.mkdir('d')\nos.mkdir('d')", "FileExistsError: [Errno 17] File exists: 'd'"},
	{"os.mkdir('x/y')", "FileNotFoundError: [Errno 2] No such file or directory: 'x/y'"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/b/c', exist_ok=True)\nos.makedirs('a/b/', exist_ok=True)\nsorted(os.listdir('a')), os.path.isdir('a/b/c')", "(['b'], True)"},
	{"os.makedirs('a/b')\nos.makedirs('a/b')", "FileExistsError: [Errno 17] File exists: 'a/b'"},
	{"open('f', 'w').close()\nos.makedirs('f', exist_ok=True)", "FileExistsError: [Errno 17] File exists: 'f'"},
	{"open('f', 'w').close()\nos.makedirs('f/g')", "NotADirectoryError: [Errno 20] Not a directory: 'f/g'"},
	{"with open('f.txt', 'w') as f:\n    f.write('hello')\nos.path.getsize('f.txt'), os.path.isfile('f.txt'), os.path.isdir('f.txt'), os.path.islink('f.txt'), os.path.lexists('f.txt')", "(5, True, False, False, True)"},
	{"os.path.getsize('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"os.path.getmtime('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"os.stat('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"with open('f', 'w') as f:\n    f.write('abc')\nst = os.stat('f')\nst.st_size, st[6], len(st), type(st.st_mtime).__name__, type(st.st_mtime_ns).__name__, oct(st.st_mode & 0o170000), st.st_nlink, list(st)[6], tuple(st)[3], st[-4]", "(3, 3, 10, 'float', 'int', '0o100000', 1, 3, 1, 3)"},
	{"os.stat('.')[10]", "IndexError: tuple index out of range"},
	{"open('f', 'w').close()\nos.rename('f', 'g')\nos.listdir()", "['g']"},
	{"os.rename('f', 'g')", "FileNotFoundError: [Errno 2] No such file or directory: 'f' -> 'g'"},
	{"os.replace('f', 'g')", "FileNotFoundError: [Errno 2] No such file or directory: 'f' -> 'g'"},
	{"os.mkdir('d')\nopen('d/x', 'w').close()\nos.rmdir('d')", "OSError: [Errno 39] Directory not empty: 'd'"},
	{"os.mkdir('d')\nos.remove('d')", "IsADirectoryError: [Errno 21] Is a directory: 'd'"},
	{"os.mkdir('d')\nos.unlink('d')", "IsADirectoryError: [Errno 21] Is a directory: 'd'"},
	{"os.remove('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"os.rmdir('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"open('f', 'w').close()\nos.rmdir('f')", "NotADirectoryError: [Errno 20] Not a directory: 'f'"},
	{"open('f', 'w').close()\nos.listdir('f')", "NotADirectoryError: [Errno 20] Not a directory: 'f'"},
	{"os.listdir('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"os.scandir('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"open('f', 'w').close()\nos.remove('f')\nos.listdir()", "[]"},
	{"os.mkdir('d')\nos.rmdir('d')\nos.path.exists('d')", "False"},
	{"os.chdir('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"os.makedirs('a/b')\nopen('a/f', 'w').close()\nwith os.scandir('a') as it:\n    r = sorted((e.name, e.path, e.is_dir(), e.is_file(), e.is_symlink(), repr(e)) for e in it)\nr", "[('b', 'a/b', True, False, False, \"<DirEntry 'b'>\"), ('f', 'a/f', False, True, False, \"<DirEntry 'f'>\")]"},
	{"open('f', 'w').close()\n[(e.path, e.stat().st_size) for e in os.scandir()]", "[('./f', 0)]"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/d')\nopen('a/f', 'w').close()\nopen('a/b/g', 'w').close()\n[(r, sorted(d), sorted(f)) for r, d, f in os.walk('a')]", "[('a', ['b', 'd'], ['f']), ('a/b', ['c'], ['g']), ('a/b/c', [], []), ('a/d', [], [])]"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/d')\nopen('a/b/g', 'w').close()\n[(r, sorted(d), sorted(f)) for r, d, f in os.walk('a', topdown=False)]", "[('a/b/c', [], []), ('a/b', ['c'], ['g']), ('a/d', [], []), ('a', ['b', 'd'], [])]"},
	{"os.makedirs('a/b/c')\nos.makedirs('a/d/e')\nout = []\nfor r, d, f in os.walk('a'):\n    d[:] = [x for x in d if x != 'b']\n    out.append(r)\nsorted(out)", "['a', 'a/d', 'a/d/e']"},
	{"list(os.walk('nope'))", "[]"},
	{"os.makedirs('a/b')\nw = os.walk('a')\nnext(w), list(w), next(os.walk('a', topdown=False)), next(os.walk('nope'), 'end')", "(('a', ['b'], []), [('a/b', [], [])], ('a/b', [], []), 'end')"},
	{"errs = []\nlist(os.walk('nope', onerror=errs.append))\n[(type(e).__name__, e.errno, e.filename) for e in errs]", "[('FileNotFoundError', 2, 'nope')]"},
	{"try:\n    open('nope')\nexcept OSError as e:\n    r = (type(e).__name__, e.errno, e.strerror, e.filename, e.filename2, e.args, str(e))\nr", "('FileNotFoundError', 2, 'No such file or directory', 'nope', None, (2, 'No such file or directory'), \"[Errno 2] No such file or directory: 'nope'\")"},
	{"try:\n    os.rename('nope', 'b')\nexcept OSError as e:\n    r = (type(e).__name__, e.errno, e.filename, e.filename2, str(e))\nr", "('FileNotFoundError', 2, 'nope', 'b', \"[Errno 2] No such file or directory: 'nope' -> 'b'\")"},
	{"e = OSError(2, 'No such file or directory', 'x')\ntype(e).__name__, e.args, str(e), repr(e), e.errno, e.filename", "('FileNotFoundError', (2, 'No such file or directory'), \"[Errno 2] No such file or directory: 'x'\", \"FileNotFoundError(2, 'No such file or directory')\", 2, 'x')"},
	{"e = OSError(17, 'm', 'a', None, 'b')\ntype(e).__name__, str(e), e.filename2", "('FileExistsError', \"[Errno 17] m: 'a' -> 'b'\", 'b')"},
	{"e = OSError('plain')\ne.errno, e.strerror, str(e), OSError(1, 2, 3, 4, 5, 6).errno", "(None, None, 'plain', None)"},
	{"[type(OSError(n, 'x')).__name__ for n in (1, 2, 4, 11, 13, 17, 20, 21, 32, 104, 110, 5, 39)]", "['PermissionError', 'FileNotFoundError', 'InterruptedError', 'BlockingIOError', 'PermissionError', 'FileExistsError', 'NotADirectoryError', 'IsADirectoryError', 'BrokenPipeError', 'ConnectionResetError', 'TimeoutError', 'OSError', 'OSError']"},
	{"FileNotFoundError(13, 'x').__class__.__name__, str(FileExistsError(13, 'x'))", "('FileNotFoundError', '[Errno 13] x')"},
	{"open('f', 'w').close()\nos.chmod('f', 0o640)\nr = oct(os.stat('f').st_mode & 0o777), os.access('f', os.F_OK), os.access('f', os.R_OK | os.W_OK), os.access('f', os.X_OK), os.access('nope', os.F_OK)\nos.chmod('f', 0o755)\nr, os.access('f', os.X_OK), (os.F_OK, os.R_OK, os.W_OK, os.X_OK)", "(('0o640', True, True, False, False), True, (0, 4, 2, 1))"},
	{"os.chmod('nope', 0o644)", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
}

func TestOS(t *testing.T) {
	langtest.InTempDirs(t, func(root string) { langtest.CheckCellCases(t, langtest.FilePrelude(root, ""), osCases) })
}

func TestOSAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) { cpython.CheckCellCases(t, langtest.FilePrelude(root, ""), osCases) })
}
