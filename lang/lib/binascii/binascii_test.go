package binascii_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/binascii"
)

const prelude = `import binascii
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
`

// cases hold CPython 3.11's outcomes; TestBinasciiAgainstCPython checks
// them there (base64's tests cover a2b_base64 further).
var cases = []langtest.Case{
	{"binascii.hexlify(b'\\x00\\xff'), binascii.b2a_hex(b'ab'), binascii.unhexlify('00ff'), binascii.a2b_hex(b'6162'), err(binascii.unhexlify, 'abc'), err(binascii.unhexlify, 'zz')", "(b'00ff', b'6162', b'\\x00\\xff', b'ab', 'Error: Odd-length string', 'Error: Non-hexadecimal digit found')"},
	{"binascii.hexlify(b'\\x01\\x02\\x03', '-'), binascii.b2a_hex(b'\\x01\\x02\\x03\\x04\\x05', b':', 2), binascii.hexlify(b'\\x01\\x02\\x03', ' ', -2), err(binascii.hexlify, b'ab', 'xy'), err(binascii.hexlify, b'ab', 3)", "(b'01-02-03', b'01:0203:0405', b'0102 03', 'ValueError: sep must be length 1.', \"TypeError: object of type 'int' has no len()\")"},
	{"binascii.crc32(b'hello'), binascii.crc32(b' world', binascii.crc32(b'hello')), binascii.crc32(b''), binascii.crc_hqx(b'123456789', 0), binascii.crc_hqx(b'abc', 0xffff)", "(907060870, 222957957, 0, 12739, 20810)"},
	{"binascii.b2a_base64(b'abc'), binascii.b2a_base64(b'abc', newline=False), binascii.a2b_base64('YWJj'), issubclass(binascii.Error, ValueError), binascii.Error.__module__, err(binascii.a2b_base64, 'YW!J', strict_mode=True)", "(b'YWJj\\n', b'YWJj', b'abc', True, 'binascii', 'Error: Only base64 data is allowed')"},
}

func TestBinascii(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
}

func TestBinasciiAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
}
