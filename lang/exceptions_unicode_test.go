package lang

import "testing"

// unicodeErrorCases are the fields of UnicodeEncodeError,
// UnicodeDecodeError and UnicodeTranslateError made with CPython's
// arguments, and their str() as the fields are when it runs.
var unicodeErrorCases = []struct{ src, want string }{
	{"u = UnicodeEncodeError('baz', 'xxxxx', 1, 5, 'foo')\nu.encoding, u.object, u.start, u.end, u.reason, str(u)", `('baz', 'xxxxx', 1, 5, 'foo', "'baz' codec can't encode characters in position 1-4: foo")`},
	{"u = UnicodeEncodeError('ascii', 'aé€😀', 1, 2, 'bad')\nr = [str(u)]\nu.start, u.end = 2, 3\nr.append(str(u))\nu.start, u.end = 3, 4\nr.append(str(u))\nr", `["'ascii' codec can't encode character '\\xe9' in position 1: bad", "'ascii' codec can't encode character '\\u20ac' in position 2: bad", "'ascii' codec can't encode character '\\U0001f600' in position 3: bad"]`},
	{"u = UnicodeEncodeError('baz', 'xxxxx', 1, 5, 'foo')\nu.end = 2\nr = [str(u)]\nu.end = 5\nu.reason = 0x345345345345345345\nr.append(str(u))\nu.encoding = 4000\nr.append(str(u))\nu.start = 1000\nr.append(str(u))\nr, u.args", `(["'baz' codec can't encode character '\\x78' in position 1: foo", "'baz' codec can't encode characters in position 1-4: 965230951443685724997", "'4000' codec can't encode characters in position 1-4: 965230951443685724997", "'4000' codec can't encode characters in position 1000-4: 965230951443685724997"], ('baz', 'xxxxx', 1, 5, 'foo'))`},
	{"u = UnicodeDecodeError('baz', b'xxxxx', 1, 5, 'foo')\nr = [str(u), u.object]\nu.end = 2\nr.append(str(u))\nu.start = 1000\nr.append(str(u))\nr", `["'baz' codec can't decode bytes in position 1-4: foo", b'xxxxx', "'baz' codec can't decode byte 0x78 in position 1: foo", "'baz' codec can't decode bytes in position 1000-1: foo"]`},
	{"u = UnicodeTranslateError('xxxx', 1, 5, 'foo')\nr = [str(u), u.start, u.end, u.object]\nu.end = 2\nr.append(str(u))\nu.start = 1000\nr.append(str(u))\nr", `["can't translate characters in position 1-4: foo", 1, 5, 'xxxx', "can't translate character '\\x78' in position 1: foo", "can't translate characters in position 1000-1: foo"]`},
	{"u = UnicodeDecodeError('ascii', bytearray(b'\\xff'), 0, 1, 'ordinal not in range')\nu.object, u.args, str(u)", `(b'\xff', ('ascii', bytearray(b'\xff'), 0, 1, 'ordinal not in range'), "'ascii' codec can't decode byte 0xff in position 0: ordinal not in range")`},
	{"u = UnicodeEncodeError('a', 'b', 0, 1, 'c')\nu.start = 'x'", "TypeError: an integer is required"},
	{"try:\n    raise UnicodeEncodeError('ascii', 'é', 0, 1, 'ordinal not in range(128)')\nexcept UnicodeError as e:\n    r = str(e), e.start\nr", `("'ascii' codec can't encode character '\\xe9' in position 0: ordinal not in range(128)", 0)`},
}

func TestUnicodeErrorFields(t *testing.T) {
	checkCellCases(t, "", unicodeErrorCases)
}

func TestUnicodeErrorFieldsAgainstCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", unicodeErrorCases)
}
