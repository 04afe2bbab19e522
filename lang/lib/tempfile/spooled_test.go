package tempfile_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/tempfile"
)

const spooledPrelude = "import tempfile\n"

// spooledCases are SpooledTemporaryFile (spooled.go) in memory, rolled
// over by writes, writelines, truncate and rollover(), in binary and
// text modes, with CPython 3.11's outcomes.
var spooledCases = []langtest.Case{
	{"s = tempfile.SpooledTemporaryFile(max_size=10)\nr = [s._rolled, s.name, s.mode, s.write(b'hello'), s._rolled, s.tell()]\ns.write(b' world!')\nr += [s._rolled, s.tell()]\ns.seek(0)\nr += [s.read(), s.closed]\ns.close()\nr, s.closed", "([False, None, 'w+b', 5, False, 5, True, 12, b'hello world!', False], True)"},
	{"with tempfile.SpooledTemporaryFile(mode='w+') as t:\n    t.write('a\\nb\\n')\n    t.seek(0)\n    r = [list(t), t._rolled, t.mode]\n    t.rollover()\n    r += [t._rolled, t.tell()]\n    t.seek(0)\n    r += [t.readlines()]\nr, t.closed", "([['a\\n', 'b\\n'], False, 'w+', True, 4, ['a\\n', 'b\\n']], True)"},
	{"u = tempfile.SpooledTemporaryFile(5)\nu.writelines([b'ab', b'cdefg'])\nu._rolled", "True"},
	{"v = tempfile.SpooledTemporaryFile(5)\nv.write(b'abc')\nr = v.truncate(1), v._rolled, v.truncate(20), v._rolled\nv.seek(0)\nr, v.read()", "((1, False, 20, True), b'a\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00\\x00')"},
	{"w = tempfile.SpooledTemporaryFile()\nw.write(b'x' * 100000)\nw.seek(50)\nw._rolled, len(w.read())", "(False, 99950)"},
	{"tempfile.SpooledTemporaryFile().write('s')", "TypeError: a bytes-like object is required, not 'str'"},
	{"tempfile.SpooledTemporaryFile(mode='w').write(b's')", "TypeError: write() argument must be str, not bytes"},
	{"w = tempfile.SpooledTemporaryFile()\nw.close()\nwith w:\n    pass\n0", "ValueError: Cannot enter context with closed file"},
	{"s = tempfile.SpooledTemporaryFile(3)\ns.write(b'abcd')\ns.rollover()\ns.seek(0)\ns._rolled, s.read(), s.tell()", "(True, b'abcd', 4)"},
}

// spooledRefusals are kael's own errors.
var spooledRefusals = []langtest.Case{
	{"tempfile.SpooledTemporaryFile('a')", "TypeError: max_size must be an int or None, not str"},
}

func TestSpooled(t *testing.T) {
	langtest.CheckCellCases(t, spooledPrelude, spooledCases)
	langtest.CheckCellCases(t, spooledPrelude, spooledRefusals)
}

func TestSpooledAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, spooledPrelude, spooledCases)
}
