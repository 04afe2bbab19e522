package io_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// the modules the cases and langtest.FilePrelude import
	_ "github.com/kael-dev/kael/lang/lib/os"
	_ "github.com/kael-dev/kael/lang/lib/sys"
)

// ioClassPrelude defines a TextIOBase and a RawIOBase of a program's
// own, as CPython's documentation shows them.
const ioClassPrelude = "import io, sys\nB = lambda s: bytes(ord(c) for c in s)\nclass Upper(io.TextIOBase):\n    def __init__(self):\n        self.parts = []\n    def writable(self):\n        return True\n    def write(self, s):\n        self.parts.append(s.upper())\n        return len(s)\nclass Chunks(io.RawIOBase):\n    def __init__(self, data):\n        self.data, self.pos = data, 0\n    def readable(self):\n        return True\n    def readinto(self, b):\n        n = min(len(b), len(self.data) - self.pos, 3)\n        b[:n] = self.data[self.pos:self.pos + n]\n        self.pos += n\n        return n\n"

// ioClassCases are the io classes (module.py and the classes of _io):
// isinstance and issubclass of kael's streams and files, and the
// methods a class derived from IOBase, RawIOBase, BufferedIOBase or
// TextIOBase inherits, with CPython 3.11's outcomes.
var ioClassCases = []langtest.Case{
	{"s = io.StringIO('a')\ntype(s) is io.StringIO, isinstance(s, io.StringIO), isinstance(s, io.TextIOBase), isinstance(s, io.IOBase), isinstance(s, io.BufferedIOBase), isinstance(s, io.RawIOBase)", "(True, True, True, True, False, False)"},
	{"b = io.BytesIO()\ntype(b) is io.BytesIO, isinstance(b, io.BufferedIOBase), isinstance(b, io.IOBase), isinstance(b, io.TextIOBase), isinstance(b, io.RawIOBase)", "(True, True, True, False, False)"},
	{"issubclass(io.StringIO, io.TextIOBase), issubclass(io.BytesIO, io.BufferedIOBase), issubclass(io.TextIOBase, io.IOBase), issubclass(io.RawIOBase, io.IOBase), issubclass(io.BytesIO, io.TextIOBase), issubclass(io.TextIOWrapper, io.TextIOBase), issubclass(io.BufferedReader, io.BufferedIOBase)", "(True, True, True, True, False, True, True)"},
	{"with open('t.txt', 'w') as f:\n    r = [type(f) is io.TextIOWrapper, isinstance(f, io.TextIOWrapper), isinstance(f, io.TextIOBase), isinstance(f, io.IOBase), isinstance(f, io.BufferedIOBase), type(f).__name__]\nr", "[True, True, True, True, False, 'TextIOWrapper']"},
	{"with open('t.bin', 'wb') as w:\n    w.write(B('ab'))\nwith open('t.bin', 'rb') as rd, open('t.bin', 'r+b') as rw:\n    r = [type(w) is io.BufferedWriter, type(rd) is io.BufferedReader, type(rw) is io.BufferedRandom, isinstance(rd, io.BufferedIOBase), isinstance(rd, io.TextIOBase), isinstance(w, io.IOBase), type(rd).__name__]\nr", "[True, True, True, True, False, True, 'BufferedReader']"},
	{"isinstance(sys.stdout, io.TextIOWrapper), isinstance(sys.stderr, io.TextIOBase), isinstance(sys.stdout, io.IOBase)", "(True, True, True)"},
	{"io.SEEK_SET, io.SEEK_CUR, io.SEEK_END, io.DEFAULT_BUFFER_SIZE, [c.__name__ for c in io.UnsupportedOperation.__mro__]", "(0, 1, 2, 8192, ['UnsupportedOperation', 'OSError', 'ValueError', 'Exception', 'BaseException', 'object'])"},
	{"u = Upper()\nprint('hi', 'there', file=u)\nu.writelines(['a', 'b'])\nr = [u.parts, u.closed, u.readable(), u.seekable(), u.isatty(), u.encoding, u.newlines, u.errors]\nwith u:\n    pass\nr, u.closed", "([['HI', ' ', 'THERE', '\\n', 'A', 'B'], False, False, False, False, None, None, None], True)"},
	{"u = Upper()\nu.close()\nu.write('x'), u.parts", "(1, ['X'])"},
	{"u = Upper()\nu.close()\nu.flush()", "ValueError: I/O operation on closed file."},
	{"Upper().read()", "UnsupportedOperation: read"},
	{"Upper().seek(0)", "UnsupportedOperation: seek"},
	{"Upper().tell()", "UnsupportedOperation: seek"},
	{"Upper().fileno()", "UnsupportedOperation: fileno"},
	{"Upper().readline()", "UnsupportedOperation: readline"},
	{"Upper().detach()", "UnsupportedOperation: detach"},
	{"try:\n    Upper().truncate()\nexcept OSError as e:\n    r = type(e).__name__, str(e), isinstance(e, ValueError)\nr", "('UnsupportedOperation', 'truncate', True)"},
	{"r = Chunks(B('abc\\ndefgh\\nij'))\nr.read(2), r.readline(), r.readline(2), list(r), r.read()", "(b'ab', b'c\\n', b'de', [b'fgh\\n', b'ij'], b'')"},
	{"Chunks(B('ab')).read(None)", "TypeError: 'NoneType' object cannot be interpreted as an integer"},
	{"r = Chunks(B('abc\\ndefgh\\nij'))\nr.readall(), isinstance(r, io.IOBase), r.readlines(), isinstance(r, io.BufferedIOBase)", "(b'abc\\ndefgh\\nij', True, [], False)"},
	{"Chunks(B('abc\\ndefgh\\nij')).readlines(5)", "[b'abc\\n', b'defgh\\n']"},
	{"with Chunks(B('x')) as c:\n    r = c.read()\nr, c.closed", "(b'x', True)"},
	{"io.RawIOBase().read(1)", "NotImplementedError: "},
	{"io.RawIOBase().write(B('a'))", "NotImplementedError: "},
	{"Chunks(B('')).read('a')", "TypeError: 'str' object cannot be interpreted as an integer"},
	{"class Buf(io.BufferedIOBase):\n    def __init__(self, data):\n        self.data = data\n    def read(self, n=-1):\n        out, self.data = self.data[:n], self.data[n:]\n        return out\nbb = bytearray(4)\nBuf(B('xyz')).readinto(bb), bb", "(3, bytearray(b'xyz\\x00'))"},
	{"io.BufferedIOBase().read1()", "UnsupportedOperation: read1"},
	{"io.BufferedIOBase().write(B('a'))", "UnsupportedOperation: write"},
	{"class Lines(io.IOBase):\n    def __init__(self):\n        self.left = [B('one\\n'), B('two\\n')]\n    def read(self, n=-1):\n        return self.left.pop(0) if self.left else B('')\nlist(Lines()), Lines().readlines(), next(iter(Lines()))", "([b'one\\n', b'two\\n'], [b'one\\n', b'two\\n'], b'one\\n')"},
	{"class C(io.IOBase):\n    pass\nc = C()\nc.close()\niter(c)", "ValueError: I/O operation on closed file."},
	{"class C(io.IOBase):\n    pass\nc = C()\nc.close()\nc.readable(), c.writable(), c.seekable()", "(False, False, False)"},
	{"class C(io.IOBase):\n    pass\nc = C()\nc.close()\nwith c:\n    pass\n0", "ValueError: I/O operation on closed file."},
}

func TestIOClasses(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, ioClassPrelude), ioClassCases)
	})
}

func TestIOClassesAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, ioClassPrelude), ioClassCases)
	})
}
