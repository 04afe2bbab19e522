package shutil_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/zipfile" // the archive cases read zips
)

// archiveCases are copytree's ignore and symlinks, rmtree's onerror,
// make_archive and unpack_archive, copymode, copystat, chown and
// get_terminal_size (archive.go), each in a fresh directory, with
// CPython 3.11's outcomes.
var archiveCases = []langtest.Case{
	{"os.makedirs('src/sub/x')\nfor p in ('src/a.pyc', 'src/b.txt', 'src/sub/c.pyc', 'src/sub/d.txt'):\n    open(p, 'w').write(p)\nig = shutil.ignore_patterns('*.pyc', 'x')\nr = sorted(ig('src', ['a.pyc', 'b.txt', 'x', 'y'])), type(ig('s', [])).__name__\nshutil.copytree('src', 'dst', ignore=ig)\nr, sorted((d, sorted(ds), sorted(fs)) for d, ds, fs in os.walk('dst'))", "((['a.pyc', 'x'], 'set'), [('dst', ['sub'], ['b.txt']), ('dst/sub', [], ['d.txt'])])"},
	{"os.makedirs('src/sub')\nopen('src/a', 'w').close()\nseen = []\ndef ig(d, names):\n    seen.append((d, sorted(names)))\n    return ['a']\nshutil.copytree('src', 'dst', ignore=ig)\nsorted(seen), sorted(os.listdir('dst'))", "([('src', ['a', 'sub']), ('src/sub', [])], ['sub'])"},
	{"os.makedirs('src')\nopen('t', 'w').write('target')\nos.symlink(os.path.abspath('t'), 'src/l')\nshutil.copytree('src', 'a')\nshutil.copytree('src', 'b', symlinks=True)\nos.path.islink('a/l'), open('a/l').read(), os.path.islink('b/l')", "(False, 'target', True)"},
	{"errs = []\nshutil.rmtree('nope', onerror=lambda f, p, e: errs.append((f.__name__, p, e[0].__name__, type(e[1]).__name__, str(e[1]))))\nopen('f', 'w').close()\nshutil.rmtree('f', onerror=lambda f, p, e: errs.append((f.__name__, p, e[0].__name__, str(e[1]))))\nerrs", "[('lstat', 'nope', 'FileNotFoundError', 'FileNotFoundError', \"[Errno 2] No such file or directory: 'nope'\"), ('scandir', 'f', 'NotADirectoryError', \"[Errno 20] Not a directory: 'f'\"), ('rmdir', 'f', 'NotADirectoryError', \"[Errno 20] Not a directory: 'f'\")]"},
	{"os.makedirs('d/e')\nopen('d/e/f', 'w').close()\nshutil.rmtree('d', onerror=lambda *a: None)\nshutil.rmtree('nope', ignore_errors=True)\nos.path.exists('d')", "False"},
	{"open('f', 'w').close()\nshutil.rmtree('f')", "NotADirectoryError: [Errno 20] Not a directory: 'f'"},
	{"os.makedirs('src/sub/x')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nimport zipfile\nn = shutil.make_archive('arch', 'zip', 'src')\nnames = sorted(zipfile.ZipFile(n).namelist())\nshutil.unpack_archive(n, 'out')\nos.path.basename(n), os.path.isabs(n), names, sorted((d, sorted(ds), sorted(fs)) for d, ds, fs in os.walk('out')), open('out/sub/b.txt').read()", "('arch.zip', True, ['a.txt', 'sub/', 'sub/b.txt', 'sub/x/'], [('out', ['sub'], ['a.txt']), ('out/sub', ['x'], ['b.txt']), ('out/sub/x', [], [])], 'B')"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nimport zipfile\nn = shutil.make_archive('arch2', 'zip', '.', 'src')\nsorted(zipfile.ZipFile(n).namelist())", "['src/', 'src/a.txt', 'src/sub/', 'src/sub/b.txt']"},
	{"os.makedirs('src/sub')\nopen('src/a.txt', 'w').write('A')\nopen('src/sub/b.txt', 'w').write('B')\nos.chmod('src/a.txt', 0o640)\nout = []\nfor fmt in ('tar', 'gztar'):\n    n = shutil.make_archive('arch', fmt, root_dir='src')\n    shutil.unpack_archive(n, 'out-' + fmt)\n    out.append((os.path.basename(n), sorted((d, sorted(ds), sorted(fs)) for d, ds, fs in os.walk('out-' + fmt)), open('out-' + fmt + '/sub/b.txt').read(), oct(os.stat('out-' + fmt + '/a.txt').st_mode & 0o777)))\nout", "[('arch.tar', [('out-tar', ['sub'], ['a.txt']), ('out-tar/sub', [], ['b.txt'])], 'B', '0o640'), ('arch.tar.gz', [('out-gztar', ['sub'], ['a.txt']), ('out-gztar/sub', [], ['b.txt'])], 'B', '0o640')]"},
	{"os.makedirs('src')\nopen('src/a.txt', 'w').write('A')\nn = shutil.make_archive('t', 'gztar', base_dir='src')\nshutil.unpack_archive(n, 'o', format='gztar')\nn, sorted(os.listdir('o/src'))", "('t.tar.gz', ['a.txt'])"},
	{"os.makedirs('src')\nopen('src/a.txt', 'w').write('A')\nn = shutil.make_archive('t', 'bztar', base_dir='src')\nshutil.unpack_archive(n, 'o')\nn, sorted(os.listdir('o/src')), open('o/src/a.txt').read(), open(n, 'rb').read(3), [f for f, d in shutil.get_archive_formats() if f == 'bztar']", "('t.tar.bz2', ['a.txt'], 'A', b'BZh', ['bztar'])"},
	{"shutil.make_archive('a', 'rar')", "ValueError: unknown archive format 'rar'"},
	{"open('f', 'w').close()\nshutil.unpack_archive('f')", "ReadError: Unknown archive format 'f'"},
	{"open('f', 'w').close()\nshutil.unpack_archive('f', format='rar')", "ValueError: Unknown unpack format 'rar'"},
	{"open('nope.zip', 'w').write('not zip')\nshutil.unpack_archive('nope.zip')", "ReadError: nope.zip is not a zip file"},
	{"open('x.tar.gz', 'w').write('not tar')\nshutil.unpack_archive('x.tar.gz')", "ReadError: x.tar.gz is not a compressed or uncompressed tar file"},
	{"shutil.get_unpack_formats()[1:3], [f for f, d in shutil.get_archive_formats() if f in ('zip', 'tar', 'gztar')]", "([('gztar', ['.tar.gz', '.tgz'], \"gzip'ed tar-file\"), ('tar', ['.tar'], 'uncompressed tar file')], ['gztar', 'tar', 'zip'])"},
	{"made = []\ndef mk(base, base_dir, **kw):\n    made.append((os.path.basename(base), base_dir, sorted(kw)))\n    return 'made'\nshutil.register_archive_format('mine', mk, [('level', 3)], 'my format')\nr = shutil.make_archive('b', 'mine'), made, ('mine', 'my format') in shutil.get_archive_formats()\nshutil.unregister_archive_format('mine')\nr, 'mine' in [f for f, d in shutil.get_archive_formats()]", "(('made', [('b', '.', ['dry_run', 'group', 'level', 'logger', 'owner'])], True), False)"},
	{"got = []\nshutil.register_unpack_format('myz', ['.myz'], lambda f, d: got.append((f, d == os.getcwd())))\nopen('a.myz', 'w').close()\nshutil.unpack_archive('a.myz')\nshutil.unregister_unpack_format('myz')\ngot", "[('a.myz', True)]"},
	{"shutil.register_unpack_format('zz', ['.zip'], print)", "RegistryError: .zip is already registered for \"zip\""},
	{"shutil.unregister_archive_format('nope')", "KeyError: 'nope'"},
	{"shutil.register_archive_format('x', 3)", "TypeError: The 3 object is not callable"},
	{"open('f', 'w').close()\nopen('g', 'w').close()\nos.chmod('f', 0o604)\nos.utime('f', (100, 200))\nshutil.copymode('f', 'g')\na = oct(os.stat('g').st_mode & 0o777), os.stat('g').st_mtime != 200\nos.chmod('f', 0o640)\nshutil.copystat('f', 'g')\na, oct(os.stat('g').st_mode & 0o777), os.stat('g').st_mtime, os.stat('g').st_atime", "(('0o604', True), '0o640', 200.0, 100.0)"},
	{"open('f', 'w').close()\nshutil.copystat('nope', 'f')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"open('f', 'w').close()\nshutil.copymode('f', 'nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"(issubclass(shutil.SpecialFileError, OSError), issubclass(shutil.ExecError, OSError), issubclass(shutil.ReadError, OSError), issubclass(shutil.RegistryError, OSError), issubclass(shutil.RegistryError, Exception))", "(True, True, True, False, True)"},
	{"os.environ['COLUMNS'] = '33'\nos.environ['LINES'] = '7'\na = shutil.get_terminal_size()\ndel os.environ['LINES']\nb = shutil.get_terminal_size((1, 2))\ndel os.environ['COLUMNS']\na, b, shutil.get_terminal_size((5, 6)), type(a).__name__", "(os.terminal_size(columns=33, lines=7), os.terminal_size(columns=33, lines=2), os.terminal_size(columns=5, lines=6), 'terminal_size')"},
	{"shutil.chown('nope')", "ValueError: user and/or group must be set"},
	{"open('f', 'w').close()\nshutil.chown('f', 'no_such_user_kael')", "LookupError: no such user: 'no_such_user_kael'"},
	{"open('f', 'w').close()\nshutil.chown('f', os.getuid(), os.getgid())\nshutil.chown('nope', os.getuid())", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
}

func TestArchive(t *testing.T) {
	t.Setenv("COLUMNS", "")
	t.Setenv("LINES", "")
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, "import shutil"), archiveCases)
	})
}

func TestArchiveAgainstCPython(t *testing.T) {
	t.Setenv("COLUMNS", "")
	t.Setenv("LINES", "")
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, "import shutil"), archiveCases)
	})
}
