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

// uuExprs are computed by kael and by CPython 3.11 and compared.
var uuExprs = []string{
	"binascii.b2a_uu(b''), binascii.b2a_uu(b'', backtick=True), binascii.b2a_uu(b'abc'), binascii.b2a_uu(b'\\x00\\x00\\x00', backtick=True), binascii.b2a_uu(b'hello world'), binascii.b2a_uu(bytes(range(45)))",
	"[binascii.a2b_uu(binascii.b2a_uu(bytes(range(n, 2 * n)), backtick=bt)) == bytes(range(n, 2 * n)) for n in range(46) for bt in (False, True)] == [True] * 92",
	"binascii.a2b_uu(b''), binascii.a2b_uu(''), binascii.a2b_uu(b' \\n'), binascii.a2b_uu(b'#86)C'), binascii.a2b_uu(b'#86)C   \\n'), binascii.a2b_uu('#86)C``\\r\\n'), binascii.a2b_uu(b'&86)C'), err(binascii.a2b_uu, b'#86\\n)C'), binascii.a2b_uu(b'#86\\n)')",
	"[err(binascii.a2b_uu, x) for x in [b'#86)C!!', b'#8\\x016)C', b'x' * 50, 'é', 3]], err(binascii.b2a_uu, b'x' * 46), err(binascii.b2a_uu, 'abc')",
}

// qpPrelude makes pseudo-random data of the characters quoted-printable
// treats specially.
const qpPrelude = prelude + `seed = 12345
def rnd(n):
    global seed
    out = []
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        out.append(seed >> 16)
    return out
alphabet = b'abc =_.\t\r\n\x00\xff\xe9xyz=0A9'
def trials(k):
    res = []
    for trial in range(k):
        n = rnd(1)[0] % 200
        data = bytes(alphabet[v % len(alphabet)] for v in rnd(n))
        for qt in (False, True):
            for it in (False, True):
                for hd in (False, True):
                    enc = binascii.b2a_qp(data, qt, it, hd)
                    res.append(enc)
                    res.append(binascii.a2b_qp(enc, hd))
        res.append(binascii.a2b_qp(data.replace(b'\xff', b'').replace(b'\xe9', b'')))
    return res
`

// qpExprs are computed by kael and by CPython 3.11 and compared: 300
// random inputs with every option, and edge cases.
var qpExprs = []string{
	"r = trials(300)\nlen(r), r[:12], sum(len(x) for x in r), r[len(r) // 2:len(r) // 2 + 12]",
	"[x for x in trials(300)][-40:]",
	"binascii.b2a_qp(b'a' * 200), binascii.b2a_qp(b'x. \\n.\\n. y \\r\\n.'), binascii.a2b_qp('=41=4=\\n=zz=', True), binascii.b2a_qp(b'hello_ world', header=True), binascii.b2a_qp(b''), binascii.a2b_qp(b'')",
	"binascii.b2a_qp(b'tab\\tend\\t'), binascii.b2a_qp(b'a\\tb', quotetabs=True), binascii.b2a_qp(b'line\\r\\nx\\n', istext=False), binascii.a2b_qp(b'soft=\\r\\nbreak=\\nx'), err(binascii.a2b_qp, 'é'), err(binascii.b2a_qp, 'abc')",
}

func TestQPMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, qpPrelude, qpExprs)
}

func TestUUMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, uuExprs)
}

func TestBinascii(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
}

func TestBinasciiAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
}
