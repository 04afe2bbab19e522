package shutil_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// The modules under test, and the one their cases import.
	_ "github.com/kael-dev/kael/lang/lib/io"
	_ "github.com/kael-dev/kael/lang/lib/os"
	_ "github.com/kael-dev/kael/lang/lib/shutil"
	_ "github.com/kael-dev/kael/lang/lib/tempfile"
)

// filesCases, of shutil and tempfile, hold CPython 3.11's outcomes;
// TestShutilAgainstCPython checks them there.
var filesCases = []langtest.Case{
	{"import io, tempfile\nsrc = io.StringIO('abc' * 10)\ndst = io.StringIO()\nb = io.BytesIO(b'x' * 100000)\no = io.BytesIO()\nshutil.copyfileobj(b, o)\nopen('f', 'w').write('file text')\nwith open('f') as fi, open('g', 'w') as fo:\n    shutil.copyfileobj(fi, fo, 3)\n(shutil.copyfileobj(src, dst, 7), dst.getvalue() == 'abc' * 10, len(o.getvalue()), open('g').read(), io.SEEK_SET, io.SEEK_CUR, io.SEEK_END, os.SEEK_SET, os.SEEK_END, tempfile.gettempprefix())", "(None, True, 100000, 'file text', 0, 1, 2, 0, 2, 'tmp')"},
	{"shutil.copyfileobj(3, None)", "AttributeError: 'int' object has no attribute 'read'"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.copyfile('f', 'g'), open('g').read(), shutil.copy('f', 'd'), open('d/f').read(), shutil.copy('f', 'h'), shutil.copy2('f', 'i'), os.stat('i').st_mtime == os.stat('f').st_mtime", "('g', 'F', 'd/f', 'F', 'h', 'i', True)"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\ntry:\n    shutil.copyfile('f', 'f')\nexcept OSError as e:\n    r = (type(e).__name__, str(e), isinstance(e, shutil.Error), issubclass(shutil.SameFileError, shutil.Error), issubclass(shutil.Error, OSError))\nr", "('SameFileError', \"'f' and 'f' are the same file\", True, True, True)"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.copyfile('nope', 'g')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.copyfile('f', 'd')", "IsADirectoryError: [Errno 21] Is a directory: 'd'"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.copyfile('d', 'g')", "IsADirectoryError: [Errno 21] Is a directory: 'd'"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.copy('f', 'zz/q')", "FileNotFoundError: [Errno 2] No such file or directory: 'zz/q'"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.copytree('src', 'dst'), sorted(os.listdir('dst')), open('dst/sub/b.txt').read()", "('dst', ['a.txt', 'sub'], 'B')"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.copytree('src', 'd')", "FileExistsError: [Errno 17] File exists: 'd'"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.copytree('src', 'd', dirs_exist_ok=True), sorted(os.listdir('d'))", "('d', ['a.txt', 'sub'])"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.copytree('nope', 'e')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.rmtree('src')\nos.path.exists('src'), sorted(os.listdir())", "(False, ['d', 'f'])"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.rmtree('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.rmtree('f')", "NotADirectoryError: [Errno 20] Not a directory: 'f'"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.rmtree('nope', ignore_errors=True) is None", "True"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.move('f', 'g'), os.path.exists('f'), open('g').read(), shutil.move('g', 'd'), os.listdir('d'), shutil.move('src', 'dst2'), sorted(os.listdir('dst2'))", "('g', False, 'F', 'd/g', ['g'], 'dst2', ['a.txt', 'sub'])"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\ntry:\n    open('d/f', 'w').close()\n    shutil.move('f', 'd')\nexcept shutil.Error as e:\n    r = (type(e).__name__, str(e))\nr", "('Error', \"Destination path 'd/f' already exists\")"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nopen('f', 'w').write('F')\nos.mkdir('d')\nshutil.move('nope', 'q')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"import tempfile\nd = tempfile.mkdtemp(prefix='k_', suffix='_x')\nr = (os.path.isdir(d), os.path.basename(d).startswith('k_'), d.endswith('_x'), len(os.path.basename(d)), oct(os.stat(d).st_mode & 0o777), os.path.dirname(d) == tempfile.gettempdir(), os.path.isabs(d))\nos.rmdir(d)\nr", "(True, True, True, 12, '0o700', True, True)"},
	{"import tempfile\nd = tempfile.mkdtemp(dir='.')\nr = (os.path.isabs(d), os.path.dirname(d) == os.getcwd())\nos.rmdir(d)\nr", "(False, False)"},
	{"import tempfile\nwith tempfile.TemporaryDirectory() as t:\n    a = (type(t).__name__, os.path.isdir(t))\n    open(os.path.join(t, 'f'), 'w').write('x')\n    os.makedirs(os.path.join(t, 'a', 'b'))\na, os.path.exists(t)", "(('str', True), False)"},
	{"import tempfile\ntd = tempfile.TemporaryDirectory(suffix='.d')\nr = (repr(td) == '<TemporaryDirectory %r>' % td.name, os.path.isdir(td.name), td.name.endswith('.d'))\ntd.cleanup()\ntd.cleanup()\nr, os.path.exists(td.name)", "((True, True, True), False)"},
	{"import tempfile\nwith tempfile.NamedTemporaryFile('w', suffix='.txt') as f:\n    f.write('hello')\n    f.flush()\n    r = (f.name.endswith('.txt'), os.path.exists(f.name), open(f.name).read(), f.delete)\nr, os.path.exists(f.name)", "((True, True, 'hello', True), False)"},
	{"import tempfile\nf = tempfile.NamedTemporaryFile('w+', delete=False)\nf.write('a\\nb\\n')\nf.seek(0)\nr = list(f)\nf.close()\nr, os.path.exists(f.name), os.remove(f.name)", "(['a\\n', 'b\\n'], True, None)"},
	{"import tempfile\nf = tempfile.NamedTemporaryFile()\nn = f.name\nf.close()\nos.path.exists(n), os.path.isabs(n)", "(False, True)"},
	{"import tempfile\nd = tempfile.mkdtemp()\nwith tempfile.TemporaryFile(dir=d) as f:\n    f.write(b'abc')\n    f.seek(0)\n    r = (f.read(), os.listdir(d))\nwith tempfile.TemporaryFile('w+', suffix='.txt') as g:\n    g.write('x\\ny\\n')\n    g.seek(0)\n    r2 = g.readlines()\nr, r2, f.closed, os.rmdir(d)", "((b'abc', []), ['x\\n', 'y\\n'], True, None)"},
	{"import tempfile\ntry:\n    tempfile.mkdtemp(dir='nope/x')\nexcept OSError as e:\n    r = (type(e).__name__, e.errno, e.filename.startswith('nope/x/tmp'))\nr", "('FileNotFoundError', 2, True)"},
	{"import tempfile\ntype(tempfile.gettempdir()).__name__, os.path.isdir(tempfile.gettempdir())", "('str', True)"},
	{"open('tool', 'w').write('#!/bin/sh\\n')\nos.chmod('tool', 0o755)\nopen('plain', 'w').write('x')\nos.mkdir('dir')\nshutil.which('./tool'), shutil.which('./plain'), shutil.which('tool'), shutil.which('tool', path='.'), shutil.which('tool', path=''), shutil.which('plain', path='.'), shutil.which('plain', mode=os.F_OK, path='.:.'), shutil.which('dir', path='.'), shutil.which('no-such-program-kael')",
		"('./tool', None, None, './tool', None, None, './plain', None, None)"},
	{"p = shutil.which('sh')\np is not None and os.path.basename(p) == 'sh' and os.access(p, os.X_OK)", "True"},
	{"u = shutil.disk_usage('.')\ntype(u).__name__, u._fields if hasattr(u, '_fields') else ('total', 'used', 'free'), u.total > 0, 0 <= u.used <= u.total, 0 <= u.free <= u.total, u[0] == u.total, len(u), repr(u).startswith('usage(total=')", "('usage', ('total', 'used', 'free'), True, True, True, True, 3, True)"},
	{"shutil.disk_usage('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
}

func TestShutilAndTempfile(t *testing.T) {
	langtest.InTempDirs(t, func(root string) { langtest.CheckCellCases(t, langtest.FilePrelude(root, "import shutil"), filesCases) })
}

func TestShutilAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) { cpython.CheckCellCases(t, langtest.FilePrelude(root, "import shutil"), filesCases) })
}
