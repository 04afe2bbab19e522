package os_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// extraCases are os's links, times, umask, ids and the rest of extra.go,
// each in a fresh directory, with CPython 3.11's outcomes;
// TestOSExtraAgainstCPython checks them there.
var extraCases = []langtest.Case{
	{"old = os.umask(0o027)\nopen('f', 'w').close()\nos.mkdir('d')\nnew = os.umask(old)\nnew, oct(os.stat('f').st_mode & 0o777), oct(os.stat('d').st_mode & 0o777)", "(23, '0o640', '0o750')"},
	{"os.strerror(2), os.strerror(13), os.strerror(0), os.strerror(9999), os.strerror(-1)", "('No such file or directory', 'Permission denied', 'Success', 'Unknown error 9999', 'Unknown error -1')"},
	{"fd = os.open('.', os.O_RDONLY)\nos.get_terminal_size(fd)", "OSError: [Errno 25] Inappropriate ioctl for device"},
	{"os.get_terminal_size('x')", "TypeError: 'str' object cannot be interpreted as an integer"},
	{"os.terminal_size", "<class 'os.terminal_size'>"},
	{"open('f', 'w').close()\nos.symlink('f', 'l')\nos.link('f', 'h')\nst = os.lstat('l')\n(os.readlink('l'), os.path.islink('l'), oct(st.st_mode & 0o170000), os.stat('f').st_nlink, os.path.samefile('f', 'h'), sorted(os.listdir()))", "('f', True, '0o120000', 2, True, ['f', 'h', 'l'])"},
	{"os.symlink('a', 'b')\nos.symlink('a', 'b')", "FileExistsError: [Errno 17] File exists: 'a' -> 'b'"},
	{"os.link('nope', 'b')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope' -> 'b'"},
	{"os.readlink('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"open('f', 'w').close()\nos.readlink('f')", "OSError: [Errno 22] Invalid argument: 'f'"},
	{"os.lstat('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"open('f', 'w').close()\nos.utime('f', (1000, 2000.5))\nst = os.stat('f')\na = st.st_atime, st.st_mtime, st.st_mtime_ns\nos.utime('f', ns=(5, 3000000007))\nst = os.stat('f')\nb = st.st_atime_ns, st.st_mtime_ns\nos.utime('f')\na, b, os.stat('f').st_mtime > 2000", "((1000.0, 2000.5, 2000500000000), (5, 3000000007), True)"},
	{"os.utime('nope')", "FileNotFoundError: [Errno 2] No such file or directory"},
	{"open('f', 'w').close()\nos.utime('f', (1,))", "TypeError: utime: 'times' must be either a tuple of two ints or None"},
	{"open('f', 'w').close()\nos.utime('f', times=(1, 2), ns=(1, 2))", "ValueError: utime: you may specify either 'times' or 'ns' but not both"},
	{"os.unsetenv('KAEL_NOT_SET'), 1", "(None, 1)"},
	{"os.unsetenv('A=B')", "OSError: [Errno 22] Invalid argument"},
	{"os.makedirs('a/b/c')\nos.removedirs('a/b/c')\nos.path.exists('a')", "False"},
	{"os.makedirs('a/b/c')\nopen('a/f', 'w').close()\nos.removedirs('a/b/c')\nsorted(os.listdir('a'))", "['f']"},
	{"os.removedirs('nope/x')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope/x'"},
	{"os.makedirs('a/b')\nopen('a/b/f', 'w').close()\nos.renames('a/b/f', 'x/y/g')\nos.path.exists('a'), os.path.isfile('x/y/g')", "(False, True)"},
	{"r = os.urandom(16)\ntype(r).__name__, len(r), len(os.urandom(0))", "('bytes', 16, 0)"},
	{"os.urandom(-1)", "ValueError: negative argument not allowed"},
	{"u = os.uname()\ntype(u).__name__, u.sysname, len(u), u[0] == u.sysname, repr(u).startswith(\"posix.uname_result(sysname='Linux', nodename=\")", "('uname_result', 'Linux', 5, True, True)"},
	{"[type(f()).__name__ for f in (os.getuid, os.geteuid, os.getgid, os.getegid, os.getppid, os.getpgrp, os.getgroups, os.getloadavg)]", "['int', 'int', 'int', 'int', 'int', 'int', 'list', 'tuple']"},
	{"s = os.sched_getaffinity(0)\ntype(s).__name__, len(s) > 0, all(type(c) is int for c in s)", "('set', True, True)"},
	{"os.fsencode('a\\xe9'), os.fsdecode(b'a\\xc3\\xa9'), os.fsdecode('x'), os.get_exec_path({'PATH': '/a:/b'}), os.get_exec_path({}), os.defpath, os.TMP_MAX", "(b'a\\xc3\\xa9', 'aé', 'x', ['/a', '/b'], ['/bin', '/usr/bin'], '/bin:/usr/bin', 238328)"},
	{"(os.EX_OK, os.EX_USAGE, os.EX_DATAERR, os.EX_NOINPUT, os.EX_NOUSER, os.EX_NOHOST, os.EX_UNAVAILABLE, os.EX_SOFTWARE, os.EX_OSERR, os.EX_OSFILE, os.EX_CANTCREAT, os.EX_IOERR, os.EX_TEMPFAIL, os.EX_PROTOCOL, os.EX_NOPERM, os.EX_CONFIG)", "(0, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78)"},
	{"os.error is OSError, os.sync(), os.sched_yield()", "(True, None, None)"},
	{"try:\n    os.stat('nope')\nexcept os.error as e:\n    r = type(e).__name__\nr", "'FileNotFoundError'"},
	{"os.environ['KAEL_D1'] = 'x'\ndel os.environ['KAEL_D1']\nos.getenv('KAEL_D1'), 'KAEL_D1' in os.environ", "(None, False)"},
	{"del os.environ['KAEL_NOT_SET']", "KeyError: 'KAEL_NOT_SET'"},
	{"del os.environ[3]", "TypeError: str expected, not int"},
	{"os.environ['KAEL_E1'] = '1'\nd = dict(os.environ)\nos.environ.update({'KAEL_E2': 'x'}, KAEL_E3='y')\nd['KAEL_E1'], type(d).__name__, {**os.environ}['KAEL_E2'], os.environ['KAEL_E3'], sorted(k for k in os.environ if k in ('KAEL_E1', 'KAEL_E3'))", "('1', 'dict', 'x', 'y', ['KAEL_E1', 'KAEL_E3'])"},
	{"os.environ.update([('KAEL_E4', 'p')])\nos.getenv('KAEL_E4'), (lambda **kw: kw['KAEL_E4'])(**os.environ)", "('p', 'p')"},
	{"st = os.stat('.')\nisinstance(st, os.stat_result), type(st) is os.stat_result, isinstance(next(os.scandir('/')), os.DirEntry), os.stat_result", "(True, True, True, <class 'os.stat_result'>)"},
	{"os.stat_result(range(10))", "os.stat_result(st_mode=0, st_ino=1, st_dev=2, st_nlink=3, st_uid=4, st_gid=5, st_size=6, st_atime=7, st_mtime=8, st_ctime=9)"},
	{"os.stat_result((1, 2))", "TypeError: os.stat_result() takes an at least 10-sequence (2-sequence given)"},
	{"os.DirEntry()", "TypeError: cannot create 'posix.DirEntry' instances"},
	{"os.uname_result, isinstance(os.uname(), os.uname_result), os.terminal_size((3, 4))", "(<class 'posix.uname_result'>, True, os.terminal_size(columns=3, lines=4))"},
	{"open('f', 'w').close()\nfd = os.open('f', os.O_RDONLY)\nos.stat(fd).st_size, os.path.exists(fd), os.path.getsize(fd), os.path.isfile(fd), os.path.ismount('/'), os.path.ismount('f'), os.path.ismount('nope'), os.path.samestat(os.stat('f'), os.lstat('f')), os.path.sameopenfile(fd, os.open('f', os.O_RDONLY)), os.path.defpath, os.path.supports_unicode_filenames", "(0, True, 0, True, True, False, False, True, True, '/bin:/usr/bin', False)"},
}

// processCases are the process calls kael refuses, where CPython runs
// the program.
var processCases = []langtest.Case{
	{"os.fork()", "NotImplementedError: os.fork: kael cannot start, wait for or signal other processes"},
	{"os.system('ls')", "NotImplementedError: os.system: kael cannot start, wait for or signal other processes"},
	{"os.popen('ls', mode='r')", "NotImplementedError: os.popen: kael cannot start, wait for or signal other processes"},
	{"os.execv('/bin/true', ['true'])", "NotImplementedError: os.execv: kael cannot start, wait for or signal other processes"},
}

func TestOSExtra(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, ""), append(extraCases, processCases...))
	})
}

func TestOSExtraAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, ""), extraCases)
	})
}
