package io_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// fileIOCases are io.FileIO (rawfile.go), each in a fresh directory,
// with CPython 3.11's outcomes.
var fileIOCases = []langtest.Case{
	{"f = io.FileIO('f', 'w')\nr = [f.write(b'ab\\ncd\\n'), f.mode, f.name, f.closefd, f.readable(), f.writable(), f.seekable(), f.isatty(), f.tell(), repr(f), isinstance(f, io.RawIOBase), isinstance(f, io.IOBase), type(f).__name__]\nf.close()\nr, f.closed, repr(f)", "([6, 'wb', 'f', True, False, True, True, False, 6, \"<_io.FileIO name='f' mode='wb' closefd=True>\", True, True, 'FileIO'], True, '<_io.FileIO [closed]>')"},
	{"io.FileIO('f', 'w').close()\nwith io.FileIO('f', 'r+') as f:\n    f.write(b'0123456789')\n    f.seek(2)\n    r = [f.read(3), f.tell(), f.read(), f.read(), f.truncate(4), f.seek(0), f.readall(), f.mode]\nr", "[b'234', 5, b'56789', b'', 4, 0, b'0123', 'rb+']"},
	{"open('f', 'wb').write(b'a\\nbb\\nccc')\nwith io.FileIO('f') as f:\n    r = [f.readline(), f.readline(1), list(f), f.mode]\nwith io.FileIO('f') as f:\n    r.append(f.readlines())\nr", "[b'a\\n', b'b', [b'b\\n', b'ccc'], 'rb', [b'a\\n', b'bb\\n', b'ccc']]"},
	{"[io.FileIO('f', m).mode for m in ('w', 'w+', 'a', 'a+', 'r', 'r+', 'rb')] + [io.FileIO('g', 'x').mode, io.FileIO('h', 'xb+').mode]", "['wb', 'rb+', 'ab', 'ab+', 'rb', 'rb+', 'rb', 'xb', 'xb+']"},
	{"io.FileIO('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"},
	{"io.FileIO('f', 'q')", "ValueError: invalid mode: q"},
	{"io.FileIO('f', 'rw')", "ValueError: Must have exactly one of create/read/write/append mode and at most one plus"},
	{"io.FileIO('.')", "IsADirectoryError: [Errno 21] Is a directory: '.'"},
	{"io.FileIO('f', 'w', closefd=False)", "ValueError: Cannot use closefd=False with file name"},
	{"open('f', 'w').close()\nf = io.FileIO('f')\nf.write(b'x')", "UnsupportedOperation: File not open for writing"},
	{"f = io.FileIO('f', 'w')\nf.read()", "UnsupportedOperation: File not open for reading"},
	{"f = io.FileIO('f', 'w')\nf.close()\nf.write(b'x')", "ValueError: I/O operation on closed file"},
	{"fd = os.open('f', os.O_RDWR | os.O_CREAT)\nwith io.FileIO(fd, 'r+', closefd=False) as f:\n    f.write(b'xy')\n    r = f.name == fd, f.fileno() == fd\nos.lseek(fd, 0, 0)\nr, os.read(fd, 5)", "((True, True), b'xy')"},
	{"io.FileIO(-1)", "ValueError: negative file descriptor"},
	{"f = io.FileIO('f', 'w')\nf.write('s')", "TypeError: a bytes-like object is required, not 'str'"},
}

func TestFileIO(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, "import io"), fileIOCases)
	})
}

func TestFileIOAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, "import io"), fileIOCases)
	})
}
