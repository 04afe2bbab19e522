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
	// count and find with an int
	"b'abca'.count(97), b'abc'.find(99), bytearray(b'abc').rfind(97), b'abc'.index(98)",
	"b'a'.count(256)",
	"b'a'.count('a')",
}

func TestBytesAuditAgainstCPython(t *testing.T) {
	checkMatchesCPython(t, "", bytesAuditCases)
}
