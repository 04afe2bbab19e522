package io_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// wrapCases are files made over another stream (TextIOWrapper,
// BufferedReader, BufferedWriter, BufferedRandom, BufferedRWPair,
// open_code) and classes derived from StringIO and BytesIO, with
// CPython 3.11's outcomes.
var wrapCases = []langtest.Case{
	{"b = io.BytesIO(b'ab\\r\\ncd\\nef')\nt = io.TextIOWrapper(b, encoding='utf-8')\nrepr(t), t.encoding, t.errors, t.readable(), t.writable(), t.seekable(), t.buffer is b, type(t) is io.TextIOWrapper", "(\"<_io.TextIOWrapper encoding='utf-8'>\", 'utf-8', 'strict', True, True, True, True, True)"},
	{"t = io.TextIOWrapper(io.BytesIO(b'ab\\r\\ncd\\nef'), encoding='utf-8')\nt.readline(), t.read(), t.tell(), t.seek(0), list(t)", "('ab\\n', 'cd\\nef', 9, 0, ['ab\\n', 'cd\\n', 'ef'])"},
	{"t = io.TextIOWrapper(io.BytesIO(b'a\\r\\nb\\rc'), encoding='utf-8', newline='')\nlist(t)", "['a\\r\\n', 'b\\r', 'c']"},
	{"t = io.TextIOWrapper(io.BytesIO('h\\xe9\\nx'.encode('latin-1')), encoding='latin-1')\nt.read(2), t.readlines()", "('hé', ['\\n', 'x'])"},
	{"w = io.BytesIO()\nt = io.TextIOWrapper(w, encoding='utf-8', newline='\\r\\n')\nr = [t.write('a\\nb'), w.getvalue()]\nt.flush()\nr + [w.getvalue(), t.detach() is w]", "[3, b'', b'a\\r\\nb', True]"},
	{"w = io.BytesIO()\nt = io.TextIOWrapper(w, encoding='utf-8', write_through=True)\nt.write('é'), w.getvalue()", "(1, b'\\xc3\\xa9')"},
	{"w = io.BytesIO()\nt = io.TextIOWrapper(w, encoding='utf-8', line_buffering=True)\nt.write('a'), w.getvalue(), t.write('b\\n'), w.getvalue()", "(1, b'', 2, b'ab\\n')"},
	{"t = io.TextIOWrapper(io.BytesIO(), encoding='utf-8')\nt.detach()\nt.read()", "ValueError: underlying buffer has been detached"},
	{"b = io.BytesIO()\nwith io.TextIOWrapper(b, encoding='utf-8') as t:\n    t.write('x')\nb.closed, t.closed", "(True, True)"},
	{"b = io.BytesIO()\nt = io.TextIOWrapper(b, encoding='utf-8')\nt.write('x')\nt.close()\nt.write('y')", "ValueError: I/O operation on closed file."},
	{"io.TextIOWrapper(io.BytesIO(), encoding=3)", "TypeError: TextIOWrapper() argument 'encoding' must be str or None, not int"},
	{"io.TextIOWrapper(io.BytesIO(), newline='x')", "ValueError: illegal newline value: x"},
	{"with open('w.bin', 'wb') as f:\n    t = io.TextIOWrapper(f, encoding='latin-1')\n    t.write('héllo\\n')\n    r = repr(t)\n    t.flush()\nr, open('w.bin', 'rb').read()", "(\"<_io.TextIOWrapper name='w.bin' encoding='latin-1'>\", b'h\\xe9llo\\n')"},
	{"r = io.BufferedReader(io.BytesIO(b'xy\\nz'))\nrepr(r), r.read(1), r.peek(1)[:1], r.read1(5), r.readable(), r.writable(), r.seekable(), r.read()", "('<_io.BufferedReader>', b'x', b'y', b'y\\nz', True, False, True, b'')"},
	{"r = io.BufferedReader(Chunks(b'abc\\ndefgh\\nij'))\nr.readline(), list(r), isinstance(r, io.BufferedIOBase)", "(b'abc\\n', [b'defgh\\n', b'ij'], True)"},
	{"io.BufferedReader(io.BytesIO()).write(b'a')", "UnsupportedOperation: write"},
	{"bw = io.BytesIO()\nw = io.BufferedWriter(bw)\nr = [w.write(b'abc'), bw.getvalue(), w.tell()]\nw.flush()\nr + [bw.getvalue(), w.raw is bw, repr(w)]", "[3, b'', 3, b'abc', True, '<_io.BufferedWriter>']"},
	{"io.BufferedWriter(io.BytesIO()).read()", "UnsupportedOperation: read"},
	{"io.BufferedWriter(io.BytesIO(), 0)", "ValueError: buffer size must be strictly positive"},
	{"class NR(io.RawIOBase):\n    pass\nio.BufferedReader(NR())", "UnsupportedOperation: File or stream is not readable."},
	{"class NR(io.RawIOBase):\n    pass\nio.BufferedWriter(NR())", "UnsupportedOperation: File or stream is not writable."},
	{"b = io.BytesIO(b'0123')\nr = io.BufferedRandom(b)\nr.read(1), r.write(b'X'), r.seek(0), r.read(), type(r).__name__", "(b'0', 1, 0, b'0X23', 'BufferedRandom')"},
	{"r, w = io.BytesIO(b'in\\ndata'), io.BytesIO()\np = io.BufferedRWPair(r, w)\nv = [p.read(3), p.peek(1)[:1], p.readline(), p.write(b'out'), w.getvalue(), p.readable(), p.writable(), p.seekable(), p.closed]\np.flush()\np.close()\nv + [w.closed, r.closed, p.closed, isinstance(p, io.BufferedIOBase)]", "[b'in\\n', b'd', b'data', 3, b'', True, True, False, False, True, True, True, True]"},
	{"list(io.BufferedRWPair(io.BytesIO(b'a\\nb'), io.BytesIO()))", "[b'a\\n', b'b']"},
	{"with open('c.bin', 'wb') as f:\n    f.write(b'code')\nio.open_code('c.bin').read()", "b'code'"},
	{"io.open_code(b'c.bin')", "TypeError: open_code() argument 'path' must be str, not bytes"},
	{"class Log(io.StringIO):\n    def write(self, s):\n        return super().write(s.upper())\nl = Log()\nprint('hi', 'there', file=l)\nl.write('x')\nv = [l.getvalue(), l.tell(), l.closed, isinstance(l, io.StringIO), isinstance(l, io.TextIOBase)]\nl.seek(0)\nv + [list(l), l.read()]", "['HI THERE\\nX', 10, False, True, True, ['HI THERE\\n', 'X'], '']"},
	{"class Init(io.StringIO):\n    def __init__(self, text, tag):\n        super().__init__(text)\n        self.tag = tag\n    def readline(self, size=-1):\n        return io.StringIO.readline(self, size).replace('a', 'A')\ns = Init('ab\\ncd\\na', 'T')\ns.tag, list(s), s.getvalue()", "('T', ['Ab\\n', 'cd\\n', 'A'], 'ab\\ncd\\na')"},
	{"class C(io.BytesIO):\n    def close(self):\n        self.seen = self.getvalue()\n        super().close()\nwith C(b'z') as c:\n    pass\nc.seen, c.closed, isinstance(c, io.BufferedIOBase)", "(b'z', True, True)"},
	{"class B(io.BytesIO):\n    pass\nb = B(b'12\\n34')\nb.read(2), b.readlines(), b.getvalue()", "(b'12', [b'\\n', b'34'], b'12\\n34')"},
	{"class C(io.StringIO):\n    pass\nc = C('q')\nc.close()\nwith c:\n    pass", "ValueError: I/O operation on closed file."},
	{"io.StringIO.write(3, 'x')", "TypeError: descriptor 'write' for '_io.StringIO' objects doesn't apply to a 'int' object"},
}

func TestIOWrappers(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		langtest.CheckCellCases(t, langtest.FilePrelude(root, ioClassPrelude), wrapCases)
	})
}

func TestIOWrappersAgainstCPython(t *testing.T) {
	langtest.InTempDirs(t, func(root string) {
		cpython.CheckCellCases(t, langtest.FilePrelude(root, ioClassPrelude), wrapCases)
	})
}
