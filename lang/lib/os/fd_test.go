package os_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// fdCases are os's file descriptor calls and open(fd), each in a fresh
// directory, with CPython 3.11's outcomes; TestFDAgainstCPython checks
// them there.
var fdCases = []langtest.Case{
	{"fd = os.open('f', os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)\nn = os.write(fd, b'hello world')\nos.close(fd)\nfd = os.open('f', os.O_RDONLY)\nr = (n, os.read(fd, 5), os.lseek(fd, 0, os.SEEK_CUR), os.read(fd, 100), os.read(fd, 10), os.lseek(fd, -5, os.SEEK_END), os.read(fd, 2), os.fstat(fd).st_size, oct(os.stat('f').st_mode & 0o777))\nos.close(fd)\nr", "(11, b'hello', 5, b' world', b'', 6, b'wo', 11, '0o644')"},
	{"os.open('nope', os.O_RDONLY)", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"open('f', 'w').close()\nos.open('f', os.O_WRONLY | os.O_CREAT | os.O_EXCL)", "FileExistsError: [Errno 17] File exists: 'f'"},
	{"os.open(1.5, os.O_RDONLY)", "TypeError: open: path should be string, bytes or os.PathLike, not float"},
	{"os.read(1.5, 1)", "TypeError: 'float' object cannot be interpreted as an integer"},
	{"os.read('a', 1)", "TypeError: 'str' object cannot be interpreted as an integer"},
	{"r, w = os.pipe()\nos.close(w)\nos.read(r, 1)", "b''"},
	{"r, w = os.pipe()\nos.close(r)\nos.close(w)\nos.close(w)", "OSError: [Errno 9] Bad file descriptor"},
	{"os.fstat(999999)", "OSError: [Errno 9] Bad file descriptor"},
	{"os.lseek(999999, 0, 0)", "OSError: [Errno 9] Bad file descriptor"},
	{"r, w = os.pipe()\nos.lseek(r, 0, 0)", "OSError: [Errno 29] Illegal seek"},
	{"r, w = os.pipe()\nos.write(w, 'x')", "TypeError: a bytes-like object is required, not 'str'"},
	{"r, w = os.pipe()\nos.write(w, 3)", "TypeError: a bytes-like object is required, not 'int'"},
	{"r, w = os.pipe()\nos.read(r, -1)", "OSError: [Errno 22] Invalid argument"},
	{"r, w = os.pipe()\na = os.write(w, b'abc'), os.write(w, bytearray(b'de')), os.write(w, memoryview(b'f'))\nos.close(w)\na, os.read(r, 100), os.read(r, 100), os.get_inheritable(r), os.get_blocking(r), os.isatty(r), os.device_encoding(r)", "((3, 2, 1), b'abcdef', b'', False, True, False, None)"},
	{"r, w = os.pipe()\nos.set_inheritable(r, True)\nos.set_blocking(r, False)\na = os.get_inheritable(r), os.get_blocking(r)\nos.read(r, 1)", "BlockingIOError: [Errno 11] Resource temporarily unavailable"},
	{"fd = os.open('f', os.O_RDWR | os.O_CREAT)\nos.write(fd, b'0123456789')\nos.ftruncate(fd, 4)\nd = os.dup(fd)\nos.lseek(d, 0, os.SEEK_SET)\na = os.read(fd, 10), d != fd, os.get_inheritable(d), os.pread(fd, 2, 1), os.pwrite(fd, b'xy', 8), os.lseek(fd, 0, os.SEEK_CUR)\nos.truncate('f', 2)\nos.close(d)\na, os.stat('f').st_size, os.fsync(fd), os.fdatasync(fd)", "((b'0123', True, False, b'12', 2, 4), 2, None, None)"},
	{"fd = os.open('f', os.O_RDWR | os.O_CREAT)\ng, h = os.open('g', os.O_RDWR | os.O_CREAT), os.open('h', os.O_RDWR | os.O_CREAT)\nd = os.dup2(fd, g)\ne = os.dup2(fd, h, inheritable=False)\nos.write(d, b'ab')\nos.close(d)\nd == g, e == h, os.get_inheritable(e), os.lseek(fd, 0, os.SEEK_CUR), os.dup2(fd, fd) == fd, os.path.getsize('g')", "(True, True, False, 2, True, 0)"},
	{"os.dup(999999)", "OSError: [Errno 9] Bad file descriptor"},
	{"os.fsync('x')", "TypeError: argument must be an int, or have a fileno() method."},
	{"with open('f', 'w') as f:\n    f.write('abc')\n    os.fsync(f)\n    os.fsync(f.fileno())\n    t = type(f.fileno()).__name__\nt, os.path.getsize('f')", "('int', 3)"},
	{"os.truncate('nope', 0)", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"r, w = os.pipe()\nos.ftruncate(r, 0)", "OSError: [Errno 22] Invalid argument"},
	{"fd = os.open('f', os.O_RDWR | os.O_CREAT)\nf = open(fd, 'w')\nf.write('héllo\\n')\nf.close()\na = f.closed, f.name\nwith open('f') as g:\n    b = g.read()\nos.fstat(fd)", "OSError: [Errno 9] Bad file descriptor"},
	{"fd = os.open('f', os.O_RDWR | os.O_CREAT)\nwith open(fd, 'w', closefd=False) as f:\n    f.write('abc')\n    r = f.name == fd, f.mode, repr(f) == \"<_io.TextIOWrapper name=%d mode='w' encoding='UTF-8'>\" % fd\nos.lseek(fd, 0, os.SEEK_SET)\nr, os.read(fd, 10)", "((True, 'w', True), b'abc')"},
	{"r, w = os.pipe()\nwith os.fdopen(w, 'w') as f:\n    f.write('line1\\nline2\\n')\nwith os.fdopen(r) as f:\n    lines = list(f)\nlines", "['line1\\n', 'line2\\n']"},
	{"r, w = os.pipe()\nwith os.fdopen(w, 'wb') as f:\n    f.write(b'\\x00\\x01')\nwith open(r, 'rb') as f:\n    data = f.read(), type(f).__name__, f.name == r\ndata", "(b'\\x00\\x01', 'BufferedReader', True)"},
	{"os.fdopen('x')", "TypeError: invalid fd type (<class 'str'>, expected integer)"},
	{"open(-1)", "ValueError: negative file descriptor"},
	{"open(999999)", "OSError: [Errno 9] Bad file descriptor"},
	{"fd = os.open('.', os.O_RDONLY)\ntry:\n    open(fd)\nexcept OSError as e:\n    r = type(e).__name__, e.errno, e.filename == fd, str(e) == '[Errno 21] Is a directory: %d' % fd\nr", "('IsADirectoryError', 21, True, True)"},
	{"open('f', 'w', closefd=False)", "ValueError: Cannot use closefd=False with file name"},
	{"fd = os.open('f', os.O_WRONLY | os.O_CREAT | os.O_APPEND)\nos.write(fd, b'ab')\nos.write(fd, b'cd')\nos.close(fd)\nwith open('f', 'a+') as f:\n    f.write('e')\n    f.seek(0)\n    s = f.read()\ns", "'abcde'"},
	{"def opener(path, flags):\n    return os.open(path, flags, 0o600)\nwith open('f', 'w', opener=opener) as f:\n    f.write('x')\n    n = f.name\nn, oct(os.stat('f').st_mode & 0o777), open('f').read()", "('f', '0o600', 'x')"},
	{"(os.O_RDONLY, os.O_WRONLY, os.O_RDWR, os.O_ACCMODE, os.O_APPEND, os.O_CREAT, os.O_EXCL, os.O_TRUNC, os.O_NONBLOCK, os.O_NDELAY, os.O_SYNC, os.O_DSYNC, os.O_RSYNC, os.O_FSYNC, os.O_CLOEXEC, os.O_DIRECTORY, os.O_NOFOLLOW, os.O_NOCTTY, os.O_ASYNC, os.O_DIRECT, os.O_LARGEFILE, os.O_NOATIME, os.O_PATH, os.O_TMPFILE, os.SEEK_DATA, os.SEEK_HOLE)", "(0, 1, 2, 3, 1024, 64, 128, 512, 2048, 2048, 1052672, 4096, 1052672, 1052672, 524288, 65536, 131072, 256, 8192, 16384, 0, 262144, 2097152, 4259840, 3, 4)"},
	{"os.mkfifo('p')\nos.open('p', os.O_RDONLY | os.O_NONBLOCK) > 2, os.path.exists('p'), oct(os.stat('p').st_mode & 0o170000)", "(True, True, '0o10000')"},
}

func TestFD(t *testing.T) {
	langtest.InTempDirs(t, func(root string) { langtest.CheckCellCases(t, langtest.FilePrelude(root, ""), fdCases) })
}

func TestFDAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) { cpython.CheckCellCases(t, langtest.FilePrelude(root, ""), fdCases) })
}
