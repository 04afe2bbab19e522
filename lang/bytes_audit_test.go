package lang

import "testing"

// bytesAuditCases are the methods of bytes and bytearray issue 27's audit
// found missing, each held to CPython 3.11's value or error.
var bytesAuditCases = []string{
	// padding
	"b'ab'.center(5, b'*'), b'abc'.center(6, b'*'), b'a'.center(4), b'abc'.center(2), b'a'.ljust(3, b'-'), b'a'.rjust(3), b'a'.ljust(3, bytearray(b'.'))",
	"b'a'.center(5, b'xy')",
	"b'a'.center(5, 'x')",
	"b'a'.ljust(5, b'')",
	"b'a'.rjust('5')",
	"b'-1'.zfill(5), b'+a'.zfill(4), b''.zfill(3), b'abc'.zfill(2), b'42'.zfill(-1)",
	"b'a'.zfill('x')",
	// partition and splits
	"b'a,b,c'.partition(b','), b'a,b,c'.rpartition(b','), b'abc'.partition(b'z'), b'abc'.rpartition(b'z'), b'abc'.partition(bytearray(b'b'))",
	"bytearray(b'abc').partition(b'b'), bytearray(b'abc').rpartition(b'z')",
	"b'a'.partition('x')",
	"b'a'.partition(b'')",
	"b'a b  c '.rsplit(), b'a b  c'.rsplit(None, 1), b' a b '.rsplit(maxsplit=0), b'a,b,c'.rsplit(b',', 1), b'a,,b'.rsplit(b','), b'\\xa0a\\x85b'.rsplit()",
	"bytearray(b'a b').rsplit()",
	"b'a'.rsplit(b'')",
	"b'a\\x85b\\x0bc\\r\\nd\\re\\n'.splitlines(), b'a\\r\\nb\\n\\nc'.splitlines(True), b''.splitlines(), bytearray(b'x\\ny').splitlines()",
	"b'a\\tb\\n\\tc'.expandtabs(), b'ab\\tc'.expandtabs(4), b'a\\tb'.expandtabs(0), b'a\\tb'.expandtabs(-1)",
	"b'a\\tb'.expandtabs('x')",
	// case
	"b'hello wORLD 1a\\xe9b'.title(), b'\\xe9a'.capitalize(), b'aBC'.capitalize(), b'aB\\xc9'.swapcase(), bytearray(b'ab').title()",
	"b'Ab Cd'.istitle(), b'AB'.istitle(), b'1'.istitle(), b'A1b'.istitle(), b'ab1'.isalnum(), b''.isalnum(), b'a\\xe9'.isalnum(), b''.islower(), b'a1'.islower(), b'A1'.isupper(), b'Ab'.isupper()",
	// translate
	"b'abc'.translate(bytes.maketrans(b'ab', b'xy'), b'c'), b'abc'.translate(None, b'b'), bytearray(b'aa').translate(None, b'a'), b'abc'.translate(bytearray(range(256)))",
	"bytes.maketrans(b'a', b'b')[95:100], type(bytearray.maketrans(b'', b'')).__name__, len(bytearray(b'x').maketrans(b'ab', b'cd'))",
	"b'a'.translate(b'x')",
	"b'a'.translate(None, 'a')",
	"bytes.maketrans(b'ab', b'c')",
	"bytes.maketrans('a', 'b')",
	// del of a bytearray's items and slices; extended-slice assignment
	"x = bytearray(b'abcdef')\ndel x[1]\ndel x[-1]\nx",
	"x = bytearray(b'abcdefgh')\ndel x[::2]\ny = bytearray(b'abcdefgh')\ndel y[6:1:-2]\nz = bytearray(b'abc')\ndel z[5:]\nx, y, z",
	"x = bytearray(b'abc')\ndel x[3]",
	"x = bytearray(b'abc')\ndel x['a']",
	"x = bytearray(b'abc')\ndel x[1, 2]",
	"x = bytearray(b'abc')\ndel x[::0]",
	"x = bytearray(b'abcd')\ndel x[0], x[-1]\nx",
	"x = bytearray(b'abcdef')\nx[::2] = b'XYZ'\nx[5:0:-2] = [1, 2, 3]\nx",
	"x = bytearray(b'abcdef')\nx[::2] = b'XY'",
	"x = bytearray(b'abc')\nx[1:2] = 5",
	// memoryview: slices of any step, assignment, cast, release
	"m = memoryview(b'abcdef')\nm[::2].tobytes(), m[::-1].tolist(), m[1::2][1], len(m[::3]), m[4:0:-2].tobytes(), bytes(m[::2]), m[::2] == b'ace'",
	"x = bytearray(b'abcdef')\nm = memoryview(x)\nm[::2] = b'XYZ'\nm[1:3] = b'12'\nx",
	"x = bytearray(b'abcdef')\nm = memoryview(x)[::2]\nm[1] = 0\nx",
	"x = bytearray(b'abc')\nmemoryview(x)[0:2] = b'x'",
	"memoryview(b'abc')[0:1] = b'x'",
	"memoryview(b'abc')[0] = 1",
	"memoryview(bytearray(1))[0] = 256",
	"memoryview(bytearray(1))[0] = 'a'",
	"m = memoryview(b'ab')\nm.nbytes, m.readonly, m.format, m.itemsize, m.ndim, m.shape, m.strides, m[::2].shape, m[::-1].strides, m.c_contiguous, m[::2].contiguous, m.suboffsets",
	"m = memoryview(bytes(range(8)))\nc = m.cast('I')\nc.format, c.itemsize, c.nbytes, len(c), c.tolist(), c[1], m.cast('h').tolist(), m.cast('b')[3], m.cast('c')[2], m.cast('d').tolist(), m.cast('Q')[0], m.cast('?')[:3].tolist()",
	"memoryview(b'\\xff' * 8).cast('Q')[0], memoryview(b'\\xff' * 8).cast('q')[0], memoryview(b'\\x00\\x00\\x80\\x3f').cast('f')[0]",
	"memoryview(b'abc').cast('I')",
	"memoryview(b'abc').cast('x')",
	"memoryview(b'abcd')[::2].cast('B')",
	"memoryview(b'abcd').cast('H').cast('I')",
	"x = bytearray(4)\nm = memoryview(x).cast('H')\nm[1] = 513\nx",
	"memoryview(bytearray(4)).cast('H')[0] = 65536",
	"memoryview(b'ab')[::2].tobytes(), memoryview(b'abcd').cast('H').tobytes(), memoryview(bytearray(b'abcd')).cast('H')[0], list(memoryview(b'abcd').cast('H'))",
	"m = memoryview(b'abcd')\nwith m as v:\n    r = v[0]\nr, repr(m)[:15]",
	"m = memoryview(b'abcd')\nm.release()\nm[0]",
	"m = memoryview(b'abcd')\nm.release()\nlen(m)",
	"memoryview(b'abcd').toreadonly().readonly, memoryview(bytearray(b'x')).readonly, memoryview(bytearray(b'x')).toreadonly().readonly",
	"memoryview(bytearray(b'x')).toreadonly()[0] = 1",
	// count and find with an int
	"b'abca'.count(97), b'abc'.find(99), bytearray(b'abc').rfind(97), b'abc'.index(98)",
	"b'a'.count(256)",
	"b'a'.count('a')",
}

func TestBytesAuditAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", bytesAuditCases)
}
