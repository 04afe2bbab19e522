package io_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// The module under test, and the one its cases import.
	_ "github.com/kael-dev/kael/lang/lib/io"
	_ "github.com/kael-dev/kael/lang/lib/pystruct"
)

// ioPrelude has B, bytes from a str of code points below 256: kael has
// no bytes literals.
const ioPrelude = "import io, struct\nB = lambda s: struct.pack(f'{len(s)}B', *[ord(c) for c in s])\n"

// ioCases hold CPython 3.11's outcomes; TestIOAgainstCPython checks them
// there.
var ioCases = []langtest.Case{
	{"s = io.StringIO('abc')\ns.write('x'), s.getvalue(), s.tell()", "(1, 'xbc', 1)"},
	{"s = io.StringIO()\ns.seek(10)\ns.write('z')\ns.getvalue()", "'\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00z'"},
	{"s = io.StringIO('a\\nb\\nc')\nlist(s), s.tell(), s.read(), s.seek(0), s.readline(), s.readlines(), s.read(1)", "(['a\\n', 'b\\n', 'c'], 5, '', 0, 'a\\n', ['b\\n', 'c'], '')"},
	{"s = io.StringIO('a\\nbb\\nccc\\n')\ns.readline(1), s.readline(), s.readline(-1), s.readlines(2), s.readline(None)", "('a', '\\n', 'bb\\n', ['ccc\\n'], '')"},
	{"s = io.StringIO('héllo wörld')\ns.read(2), s.tell(), s.seek(0, 2), s.read(), s.seek(3), s.truncate(), s.getvalue(), s.tell(), s.truncate(0), s.getvalue(), s.tell()", "('hé', 2, 11, '', 3, 3, 'hél', 3, 0, '', 3)"},
	{"s = io.StringIO()\nprint('hi', 3, file=s)\nprint('x', end='', file=s)\ns.getvalue()", "'hi 3\\nx'"},
	{"s = io.StringIO()\ns.writelines(['a', 'b\\n'])\ns.getvalue(), s.readable(), s.writable(), s.seekable(), s.isatty(), s.closed", "('ab\\n', True, True, True, False, False)"},
	{"with io.StringIO('q') as s:\n    v = s.read()\nv, s.closed", "('q', True)"},
	{"s = io.StringIO('q')\ns.close()\ns.close()\ns.closed", "True"},
	{"s = io.StringIO('q')\ns.close()\ns.getvalue()", "ValueError: I/O operation on closed file"},
	{"s = io.StringIO('q')\ns.close()\ns.read()", "ValueError: I/O operation on closed file"},
	{"s = io.StringIO('q')\ns.close()\nlist(s)", "ValueError: I/O operation on closed file."},
	{"io.StringIO().seek(-1)", "ValueError: Negative seek position -1"},
	{"io.StringIO().seek(1, 1)", "OSError: Can't do nonzero cur-relative seeks"},
	{"io.StringIO().seek(1, 2)", "OSError: Can't do nonzero cur-relative seeks"},
	{"io.StringIO().seek(0, 3)", "ValueError: Invalid whence (3, should be 0, 1 or 2)"},
	{"io.StringIO().seek(0, 1), io.StringIO('ab').seek(0, 2)", "(0, 2)"},
	{"io.StringIO().write(3)", "TypeError: string argument expected, got 'int'"},
	{"io.StringIO().read('a')", "TypeError: argument should be integer or None, not 'str'"},
	{"io.StringIO(3)", "TypeError: initial_value must be str or None, not int"},
	{"io.StringIO(None).getvalue()", "''"},
	{"io.StringIO().truncate(-1)", "ValueError: Negative size value -1"},
	{"io.StringIO().writelines(['a', 1])", "TypeError: string argument expected, got 'int'"},
	{"repr(io.StringIO()).startswith('<_io.StringIO object at 0x'), type(io.StringIO()).__name__, type(io.BytesIO()).__name__", "(True, 'StringIO', 'BytesIO')"},
	{"b = io.BytesIO(B('a\\nb\\nc'))\nlist(b), b.tell(), b.read(), b.seek(0), b.readline(), b.readlines(), b.read(1)", "([b'a\\n', b'b\\n', b'c'], 5, b'', 0, b'a\\n', [b'b\\n', b'c'], b'')"},
	{"b = io.BytesIO()\nb.write(B('abc')), b.seek(1), b.write(B('Z')), b.getvalue(), b.seek(5), b.write(B('!')), b.getvalue(), b.tell()", "(3, 1, 1, b'aZc', 5, 1, b'aZc\\x00\\x00!', 6)"},
	{"b = io.BytesIO(B('abcdef'))\nb.seek(-2, 2), b.read(), b.seek(-5, 2), b.seek(1, 1), b.seek(2, 1), b.read(2), b.seek(-100, 2), b.seek(3, 2)", "(4, b'ef', 1, 2, 4, b'ef', 0, 9)"},
	{"io.BytesIO().write('a')", "TypeError: a bytes-like object is required, not 'str'"},
	{"io.BytesIO('a')", "TypeError: a bytes-like object is required, not 'str'"},
	{"io.BytesIO(B('ab')).seek(-1)", "ValueError: negative seek value -1"},
	{"io.BytesIO(B('ab')).seek(0, 5)", "ValueError: invalid whence (5, should be 0, 1 or 2)"},
	{"b = io.BytesIO(B('q'))\nb.close()\nb.getvalue()", "ValueError: I/O operation on closed file."},
	{"with io.BytesIO(B('xy')) as b:\n    v = b.read(1)\nv, b.closed", "(b'x', True)"},
	{"b = io.BytesIO(B('xyz'))\nb.truncate(1), b.getvalue(), b.tell(), b.read()", "(1, b'x', 0, b'x')"},
	{"io.open is open", "True"},
}

// ioRefusals are what kael leaves out, each a clear error.
var ioRefusals = []langtest.Case{
	{"io.StringIO('a\\r\\n', newline=None)", "ValueError: kael's StringIO supports only newline='\\n', not None"},
}

func TestIO(t *testing.T) {
	langtest.CheckCellCases(t, ioPrelude, ioCases)
	langtest.CheckCellCases(t, ioPrelude, ioRefusals)
}

func TestIOAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, ioPrelude, ioCases)
}
