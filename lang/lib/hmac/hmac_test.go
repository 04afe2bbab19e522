package hmac_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/hmac"
)

const prelude = `import hmac, hashlib
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
`

// cases hold CPython 3.11's outcomes; TestHMACAgainstCPython checks them there.
var cases = []langtest.Case{
	{"h = hmac.new(b'key', b'The quick brown fox', 'sha256')\nh.hexdigest(), h.name, h.digest_size, h.block_size, type(h).__name__, isinstance(h, hmac.HMAC)", "('203d1e5cedd2d18f8c5a3beff0bd9c1ebcb97097dfcb288c46b00c9227fde2c0', 'hmac-sha256', 32, 64, 'HMAC', True)"},
	{"[hmac.new(b'k' * 100, b'msg', n).hexdigest()[:16] for n in ['md5', 'sha1', 'sha224', 'sha384', 'sha512', 'sha3_256']], hmac.new(b'k', digestmod=hashlib.sha1).name, hmac.new(bytearray(b'k'), digestmod=lambda: hashlib.md5()).name, hmac.digest(b'k', b'm', 'sha256') == hmac.new(b'k', b'm', 'sha256').digest()", "(['a908a4d5326a80f4', 'a3f6e90d792b6ca5', 'c83c01375f079e57', 'aa533a99be0b5aeb', '4e7bb1c47463c2a2', '7b6ac0bacd929b6c'], 'hmac-sha1', 'hmac-md5', True)"},
	{"h = hmac.new(b'key', digestmod='sha512')\nh.update(b'ab')\nc = h.copy()\nh.update(bytearray(b'cd'))\nh.digest() == hmac.new(b'key', b'abcd', 'sha512').digest(), c.digest() == hmac.new(b'key', b'ab', 'sha512').digest(), hmac.HMAC(b'key', b'ab', 'sha512').hexdigest() == c.hexdigest()", "(True, True, True)"},
	{"err(hmac.new, b'k'), err(hmac.new, 'k', digestmod='md5'), err(hmac.new, b'k', digestmod='nope'), err(hmac.new, b'k', 'm', 'md5'), err(hmac.new(b'k', digestmod='md5').update, 3), err(hmac.digest, b'k', b'm', 'nope')", "(\"TypeError: Missing required parameter 'digestmod'.\", \"TypeError: key: expected bytes or bytearray, but got 'str'\", 'ValueError: [digital envelope routines] unsupported', 'TypeError: Strings must be encoded before hashing', 'TypeError: object supporting the buffer API required', 'ValueError: [digital envelope routines] unsupported')"},
	{"hmac.compare_digest(b'ab', bytearray(b'ab')), hmac.compare_digest('ab', 'ab'), hmac.compare_digest(b'ab', b'abc'), err(hmac.compare_digest, 'a', b'a'), err(hmac.compare_digest, 'é', 'é'), err(hmac.compare_digest, 1, 2), len(hmac.trans_5C), hmac.trans_36[:3], hmac.digest_size", "(True, True, False, \"TypeError: a bytes-like object is required, not 'str'\", 'TypeError: comparing strings with non-ASCII characters is not supported', \"TypeError: unsupported operand types(s) or combination of types: 'int' and 'int'\", 256, b'674', None)"},
}

func TestHMAC(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
}

func TestHMACAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
}
