package hashlib_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/hashlib"
	_ "github.com/kael-dev/kael/lang/lib/hmac" // HMAC over BLAKE2
	_ "github.com/kael-dev/kael/lang/lib/io"   // file_digest of a BytesIO
)

// The prelude writes a text file and reads it back as bytes (kael has no
// bytes literals): data is b'hello world\n' * 100, empty is b”.
const hashlibPrelude = `import hashlib
def err(f, *args):
    try:
        return f(*args)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
with open(PATH, 'w') as f:
    f.write('hello world\n' * 100)
with open(PATH, 'rb') as f:
    data = f.read()
empty = data[:0]
FILE_NAME = PATH
`

var hashlibCases = []langtest.Case{
	{"[hashlib.new(n, data).hexdigest() for n in ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512']]", "['84006c2fa70b7e4d2ef307cc85e408b6', 'fa0ada1f50a592836f8cf21eeea3d9fee08b3317', '0eaa01ab4927cab3670b18435b585ee18cfe8cd4e6b181b23bbfa98e', 'ceebb2a573b5e0e36b9d7ddc62b93c353f302dbff63674b72f12478d142da651', '27eeecbca3a3a92dba66ea6691b491b5696ecc71d86f99b6c1e0020de077541b6be426c51bdc0b28b9ad5c9552f7c93e', '4e4b5f1cf86492bd3d4dfb3355623b2369547c88fd4f9404c37de035b2f9be49ca2d5f29c911f0f7af8ddc5a4012b94e000d601762ac9ea13e980d25d0100545']"},
	{"hashlib.md5(empty).hexdigest(), hashlib.sha256(empty).hexdigest(), hashlib.sha1().hexdigest()", "('d41d8cd98f00b204e9800998ecf8427e', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'da39a3ee5e6b4b0d3255bfef95601890afd80709')"},
	{"h = hashlib.sha256()\nh.update(data[:7])\nc = h.copy()\nh.update(data[7:])\nh.hexdigest() == hashlib.sha256(data).hexdigest(), c.hexdigest() == hashlib.sha256(data[:7]).hexdigest(), len(h.digest()), h.digest()[:4]", "(True, True, 32, b'\\xce\\xeb\\xb2\\xa5')"},
	{"h = hashlib.md5()\nh.name, h.digest_size, h.block_size, hashlib.sha512().digest_size, hashlib.sha384().block_size, hashlib.new('SHA1').name, type(h).__name__", "('md5', 16, 64, 64, 128, 'sha1', 'HASH')"},
	{"[hashlib.new(n, data).hexdigest()[:16] for n in ['sha3_224', 'sha3_256', 'sha3_384', 'sha3_512']], hashlib.sha3_256().hexdigest()[:16], hashlib.sha3_512(data).digest_size, hashlib.sha3_256().block_size, hashlib.sha3_224().name", "(['a900decb26ed0ce0', '19cc2376594ee7ef', 'fcd7e0094bbfd67b', 'd01f912073cb39ff'], 'a7ffc6f8bf1ed766', 64, 136, 'sha3_224')"},
	{"s = hashlib.shake_128(data)\ns.hexdigest(8), s.hexdigest(8), len(s.digest(100)), s.digest(0), hashlib.shake_256(empty).hexdigest(6), s.name, s.digest_size, s.block_size, type(s).__name__, err(s.digest), hashlib.new('shake_256', data).hexdigest(4)", "('e59f0caae7bbe6e2', 'e59f0caae7bbe6e2', 100, b'', '46b9dd2b0ba8', 'shake_128', 0, 168, 'HASHXOF', \"TypeError: digest() missing required argument 'length' (pos 1)\", '4b2a91c9')"},
	{"s = hashlib.shake_256(data[:5])\nc = s.copy()\ns.update(data[5:])\nh = hashlib.sha3_256(data[:5])\nd = h.copy()\nh.update(data[5:])\ns.hexdigest(4) == hashlib.shake_256(data).hexdigest(4), c.hexdigest(4) == hashlib.shake_256(data[:5]).hexdigest(4), h.digest() == hashlib.sha3_256(data).digest(), d.digest() == hashlib.sha3_256(data[:5]).digest()", "(True, True, True, True)"},
	{"hashlib.pbkdf2_hmac('sha256', data[:5], data[6:10], 1000).hex(), hashlib.pbkdf2_hmac('sha1', data, empty, 3, 50).hex()[:20], len(hashlib.pbkdf2_hmac('sha512', empty, empty, 1)), err(hashlib.pbkdf2_hmac, 'nope', empty, empty, 1), err(hashlib.pbkdf2_hmac, 'sha1', empty, empty, 0), err(hashlib.pbkdf2_hmac, 'sha1', 'a', empty, 1), err(hashlib.pbkdf2_hmac, 'sha1', empty, empty, 1, 0)", "('2cfd037d39c4f7d30948fbe7d666adce2c7e31cfe9408908bf9fa0e4fd7a93c9', '6422431d6a3fcde1efd7', 64, 'ValueError: [digital envelope routines] unsupported', 'ValueError: iteration value must be greater than 0.', \"TypeError: a bytes-like object is required, not 'str'\", 'ValueError: key length must be greater than 0.')"},
	{"with open(FILE_NAME, 'rb') as f:\n    a = hashlib.file_digest(f, 'sha256').hexdigest()\nwith open(FILE_NAME, 'rb') as f:\n    b = hashlib.file_digest(f, hashlib.md5).hexdigest()\nwith open(FILE_NAME) as f:\n    c = err(hashlib.file_digest, f, 'md5')\na == hashlib.sha256(data).hexdigest(), b == hashlib.md5(data).hexdigest(), c.startswith('ValueError: ') and c.endswith('is not a file-like object in binary reading mode.')", "(True, True, True)"},
	{"sorted(hashlib.algorithms_guaranteed - {'blake2b', 'blake2s'}), hashlib.algorithms_guaranteed <= hashlib.algorithms_available, err(hashlib.new, 'SHA3_256'), hashlib.new('SHA256').name, hashlib.new('sha3_384').name", "(['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512', 'sha512', 'shake_128', 'shake_256'], True, 'ValueError: unsupported hash type SHA3_256', 'sha256', 'sha3_384')"},
	{"err(hashlib.sha256, 'text'), err(hashlib.md5, 3), err(hashlib.new, 'foo'), err(hashlib.sha1().update, 'x')", "('TypeError: Strings must be encoded before hashing', 'TypeError: object supporting the buffer API required', 'ValueError: unsupported hash type foo', 'TypeError: Strings must be encoded before hashing')"},
}

func prelude(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "data.txt")
	return strings.ReplaceAll(hashlibPrelude, "PATH", "'"+path+"'")
}

func TestHashlib(t *testing.T) {
	langtest.CheckCellCases(t, prelude(t), hashlibCases)
}

func TestHashlibAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude(t), hashlibCases)
}

const blake2Prelude = `import hashlib
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
data = b'hello world\n' * 100
long = bytes(range(256)) * 9
`

// blake2Exprs are each computed by kael and by CPython 3.11 (its
// _blake2, the reference implementation) and compared.
var blake2Exprs = []string{
	"hashlib.blake2b().hexdigest(), hashlib.blake2s().hexdigest(), hashlib.blake2b(b'abc').hexdigest(), hashlib.blake2s(b'abc').hexdigest()",
	"[hashlib.blake2b(long[:n]).hexdigest()[:16] for n in (1, 127, 128, 129, 255, 256, 257, 2000)]",
	"[hashlib.blake2s(long[:n]).hexdigest()[:16] for n in (1, 63, 64, 65, 127, 128, 129, 2000)]",
	"hashlib.blake2b(data, digest_size=20).hexdigest(), hashlib.blake2s(data, digest_size=1).hexdigest(), hashlib.blake2b(digest_size=64).digest_size, hashlib.blake2s(data, digest_size=17).digest()",
	"hashlib.blake2b(key=b'secret').hexdigest(), hashlib.blake2b(data, key=b'k' * 64).hexdigest(), hashlib.blake2s(data, key=b'k' * 32).hexdigest(), hashlib.blake2s(key=bytearray(b'x')).hexdigest()",
	"hashlib.blake2b(data, salt=b'salty', person=b'me').hexdigest(), hashlib.blake2s(data, salt=b'12345678', person=b'abcdefgh').hexdigest(), hashlib.blake2b(salt=b's' * 16, person=b'p' * 16, digest_size=32, key=b'key').hexdigest()",
	"hashlib.blake2b(data, fanout=2, depth=2, leaf_size=4096, node_offset=1, node_depth=0, inner_size=64).hexdigest(), hashlib.blake2b(data, node_offset=2 ** 64 - 1, last_node=True).hexdigest(), hashlib.blake2s(data, fanout=0, depth=255, leaf_size=2 ** 32 - 1, node_offset=2 ** 48 - 1, node_depth=255, inner_size=32, last_node=True).hexdigest()",
	"h = hashlib.blake2b(data[:100])\nc = h.copy()\nh.update(data[100:])\nh.update(memoryview(b'xy'))\nh.hexdigest() == hashlib.blake2b(data + b'xy').hexdigest(), c.hexdigest() == hashlib.blake2b(data[:100]).hexdigest(), h.digest() == h.digest()",
	"h = hashlib.blake2s(digest_size=16, key=b'k')\nfor i in range(0, len(long), 37): h.update(long[i:i + 37])\nh.hexdigest() == hashlib.blake2s(long, digest_size=16, key=b'k').hexdigest(), h.hexdigest()",
	"h = hashlib.blake2b()\nh.name, h.digest_size, h.block_size, hashlib.blake2s().name, hashlib.blake2s().block_size, type(h).__name__, type(h).__module__, isinstance(h, hashlib.blake2b), isinstance(h, hashlib.blake2s), repr(h).startswith('<_blake2.blake2b object at 0x')",
	"hashlib.blake2b.SALT_SIZE, hashlib.blake2b.PERSON_SIZE, hashlib.blake2b.MAX_KEY_SIZE, hashlib.blake2b.MAX_DIGEST_SIZE, hashlib.blake2s.SALT_SIZE, hashlib.blake2s.PERSON_SIZE, hashlib.blake2s.MAX_KEY_SIZE, hashlib.blake2s.MAX_DIGEST_SIZE",
	"hashlib.new('blake2b', data, digest_size=8).hexdigest(), hashlib.new('blake2s').name, hashlib.new('blake2s', data=b'x').hexdigest(), err(hashlib.new, 'blake2b', b'x', fo=1), err(hashlib.new, 'md5', foo=1), {'blake2b', 'blake2s'} <= hashlib.algorithms_guaranteed <= hashlib.algorithms_available",
	"[err(hashlib.blake2b, **kw) for kw in [dict(digest_size=0), dict(digest_size=65), dict(key=b'x' * 65), dict(salt=b'x' * 17), dict(person=b'x' * 17), dict(fanout=256), dict(fanout=-1), dict(depth=0), dict(depth=256)]]",
	"[err(hashlib.blake2b, **kw) for kw in [dict(leaf_size=-1), dict(leaf_size=2 ** 32), dict(node_offset=-1), dict(node_offset=2 ** 64), dict(node_depth=256), dict(inner_size=65), dict(inner_size=-1), dict(key='s'), dict(salt=1)]]",
	"err(hashlib.blake2s, node_offset=2 ** 48), err(hashlib.blake2s, salt=b'x' * 9), err(hashlib.blake2s, digest_size=33), err(hashlib.blake2b, 'str'), err(hashlib.blake2b().update, 'str'), err(hashlib.blake2s, inner_size=33)",
	"import io\nhashlib.file_digest(io.BytesIO(data), 'blake2s').hexdigest() == hashlib.blake2s(data).hexdigest()",
	"hashlib.pbkdf2_hmac('blake2b', b'p', b's', 2).hex(), hashlib.pbkdf2_hmac('blake2s', data, b'salt', 3, 10).hex()",
	"import hmac\nr = []\nfor dm in ('blake2b', 'blake2s', hashlib.blake2b, hashlib.blake2s):\n    h = hmac.new(b'key', b'msg', dm)\n    c = h.copy()\n    h.update(data)\n    r.append((h.name, h.digest_size, h.block_size, h.hexdigest(), c.hexdigest()))\nr, hmac.digest(b'k' * 200, b'x' * 300, 'blake2b').hex(), hmac.digest(b'k', b'', 'blake2s').hex()",
}

func TestBlake2MatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, blake2Prelude, blake2Exprs)
}
