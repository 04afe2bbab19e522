package base64_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/base64"
	_ "github.com/kael-dev/kael/lang/lib/binascii"
	_ "github.com/kael-dev/kael/lang/lib/io"
)

const prelude = `import base64, binascii, io
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
`

// cases hold CPython 3.11's outcomes; TestBase64AgainstCPython checks them there.
var cases = []langtest.Case{
	{"base64.b64encode(b'hello world'), base64.b64encode(b''), base64.b64encode(bytearray(b'\\xff\\xfe\\x00')), base64.b64encode(b'\\xfb\\xff', altchars=b'-_')", "(b'aGVsbG8gd29ybGQ=', b'', b'//4A', b'-_8=')"},
	{"base64.b64decode('aGVsbG8gd29ybGQ='), base64.b64decode(b'aGVs\\nbG8g d29y!bGQ='), base64.b64decode(b'-_8=', altchars='-_'), base64.b64decode(b'YQ==YQ==')", "(b'hello world', b'hello world', b'\\xfb\\xff', b'a')"},
	{"err(base64.b64decode, b'abc'), err(base64.b64decode, b'abcde'), err(base64.b64decode, 'é'), err(base64.b64decode, 3), err(base64.b64encode, 'x')", "('Error: Incorrect padding', 'Error: Invalid base64-encoded string: number of data characters (5) cannot be 1 more than a multiple of 4', 'ValueError: string argument should contain only ASCII characters', \"TypeError: argument should be a bytes-like object or ASCII string, not 'int'\", \"TypeError: a bytes-like object is required, not 'str'\")"},
	{"err(base64.b64decode, b'ab!c', validate=True), err(base64.b64decode, b'=abc', validate=True), err(base64.b64decode, b'YQ==YQ==', validate=True), err(base64.b64decode, b'YQ=a', validate=True), err(base64.b64encode, b'x', altchars=b'abc'), base64.b64decode(b'YWJj', validate=True)", "('Error: Only base64 data is allowed', 'Error: Leading padding not allowed', 'Error: Excess data after padding', 'Error: Discontinuous padding not allowed', \"AssertionError: b'abc'\", b'abc')"},
	{"base64.urlsafe_b64encode(b'\\xfb\\xff\\xfe'), base64.urlsafe_b64decode('-__-'), base64.standard_b64encode(b'ab'), base64.standard_b64decode(b'YWI=')", "(b'-__-', b'\\xfb\\xff\\xfe', b'YWI=', b'ab')"},
	{"[base64.b32encode(b'abcdef'[:n]) for n in range(7)]", "[b'', b'ME======', b'MFRA====', b'MFRGG===', b'MFRGGZA=', b'MFRGGZDF', b'MFRGGZDFMY======']"},
	{"[base64.b32decode(base64.b32encode(b'abcdef'[:n])) for n in range(7)], base64.b32decode('mfrgg===', casefold=True), base64.b32decode(b'0E======', map01=b'L'), base64.b32hexencode(b'abc'), base64.b32hexdecode(b'C5H66===')", "([b'', b'a', b'ab', b'abc', b'abcd', b'abcde', b'abcdef'], b'abc', b'q', b'C5H66===', b'abc')"},
	{"err(base64.b32decode, b'ME====='), err(base64.b32decode, b'ME1=====' ), err(base64.b32decode, b'M======='), err(base64.b32decode, b'mfrgg==='), err(base64.b32encode, 'x'), err(base64.b32decode, b'========')", "('Error: Incorrect padding', 'Error: Non-base32 digit found', 'Error: Incorrect padding', 'Error: Non-base32 digit found', \"TypeError: memoryview: a bytes-like object is required, not 'str'\", 'Error: Incorrect padding')"},
	{"base64.b16encode(b'\\x01\\xab'), base64.b16decode('01AB'), base64.b16decode(b'01ab', casefold=True), err(base64.b16decode, b'01ab'), err(base64.b16decode, b'01A')", "(b'01AB', b'\\x01\\xab', b'\\x01\\xab', 'Error: Non-base16 digit found', 'Error: Odd-length string')"},
	{"e = base64.encodebytes(bytes(range(100)))\ne.count(b'\\n'), len(e), base64.decodebytes(e) == bytes(range(100)), base64.encodebytes(b''), err(base64.encodebytes, 'x')", "(2, 138, True, b'', 'TypeError: expected bytes-like object, not str')"},
	{"[base64.b85encode(b'hello world'[:n]) for n in (0, 1, 4, 5, 11)], base64.b85encode(b'ab', pad=True), base64.b85encode(bytearray(b'\\x00\\x00\\x00\\x00')), base64.b85encode(b'\\xff' * 4)", "([b'', b'Xa', b'Xk~0{', b'Xk~0{Zv', b'Xk~0{Zy<MXa%^M'], b'VPXIP', b'00000', b'|NsC0')"},
	{"[base64.b85decode(base64.b85encode(bytes(range(n)))) == bytes(range(n)) for n in range(9)], base64.b85decode('Xk~0{Zv'), err(base64.b85decode, b'ab\"c'), err(base64.b85decode, b'|NsC1'), err(base64.b85decode, 'é'), err(base64.b85encode, 'x')", "([True, True, True, True, True, True, True, True, True], b'hello', 'ValueError: bad base85 character at position 2', 'ValueError: base85 overflow in hunk starting at byte 0', 'ValueError: string argument should contain only ASCII characters', \"TypeError: memoryview: a bytes-like object is required, not 'str'\")"},
	{"src = io.BytesIO(bytes(range(200)))\nenc = io.BytesIO()\nbase64.encode(src, enc)\ndec = io.BytesIO()\nbase64.decode(io.BytesIO(enc.getvalue()), dec)\nenc.getvalue().count(b'\\n'), len(enc.getvalue()), dec.getvalue() == bytes(range(200)), enc.getvalue() == base64.encodebytes(bytes(range(200)))", "(4, 272, True, True)"},
	{"[base64.a85encode(b'hello world'[:n]) for n in (0, 1, 4, 5, 11)], base64.a85encode(bytes(4) + b'    ab', foldspaces=True), base64.a85encode(bytes(2)), base64.a85encode(bytes(2), pad=True), base64.a85encode(b'x' * 30, wrapcol=10), base64.a85encode(b'hi', adobe=True), base64.a85encode(b'hello world', adobe=True, wrapcol=7), base64.a85encode(b'', adobe=True, wrapcol=1)", "([b'', b'BE', b'BOu!r', b'BOu!rDZ', b'BOu!rD]j7BEbo7'], b'zy@:B', b'!!!', b'z', b\"G^+IXG^+IX\\nG^+IXG^+IX\\nG^+IXG^+IX\\nG^+IXG^'\", b'<~BP@~>', b'<~BOu!r\\nD]j7BEb\\no7~>', b'<~\\n~>')"},
	{"[base64.a85decode(base64.a85encode(bytes(range(n)))) == bytes(range(n)) for n in range(10)], base64.a85decode(b'<~BOu!rDZ~>', adobe=True), base64.a85decode('z y', foldspaces=True), base64.a85decode(b'BOu !rD\\nZ'), base64.a85decode(b'')", "([True, True, True, True, True, True, True, True, True, True], b'hello', b'\\x00\\x00\\x00\\x00    ', b'hello', b'')"},
	{"err(base64.a85decode, b'ab~c'), err(base64.a85decode, b'abz'), err(base64.a85decode, b'ay', foldspaces=True), err(base64.a85decode, b'uuuuu'), err(base64.a85decode, b'abc', adobe=True), err(base64.a85encode, 'x'), base64.a85decode(b'87cURD]i,\"Ebo80', ignorechars=b'')", "('ValueError: Non-Ascii85 digit found: ~', 'ValueError: z inside Ascii85 5-tuple', 'ValueError: y inside Ascii85 5-tuple', 'ValueError: Ascii85 overflow', \"ValueError: Ascii85 encoded byte sequences must end with b'~>'\", \"TypeError: memoryview: a bytes-like object is required, not 'str'\", b'Hello World!')"},
}

func TestBase64(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
}

func TestBase64AgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
}
