package hashlib_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/hashlib"
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
`

var hashlibCases = []langtest.Case{
	{"[hashlib.new(n, data).hexdigest() for n in ['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512']]", "['84006c2fa70b7e4d2ef307cc85e408b6', 'fa0ada1f50a592836f8cf21eeea3d9fee08b3317', '0eaa01ab4927cab3670b18435b585ee18cfe8cd4e6b181b23bbfa98e', 'ceebb2a573b5e0e36b9d7ddc62b93c353f302dbff63674b72f12478d142da651', '27eeecbca3a3a92dba66ea6691b491b5696ecc71d86f99b6c1e0020de077541b6be426c51bdc0b28b9ad5c9552f7c93e', '4e4b5f1cf86492bd3d4dfb3355623b2369547c88fd4f9404c37de035b2f9be49ca2d5f29c911f0f7af8ddc5a4012b94e000d601762ac9ea13e980d25d0100545']"},
	{"hashlib.md5(empty).hexdigest(), hashlib.sha256(empty).hexdigest(), hashlib.sha1().hexdigest()", "('d41d8cd98f00b204e9800998ecf8427e', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'da39a3ee5e6b4b0d3255bfef95601890afd80709')"},
	{"h = hashlib.sha256()\nh.update(data[:7])\nc = h.copy()\nh.update(data[7:])\nh.hexdigest() == hashlib.sha256(data).hexdigest(), c.hexdigest() == hashlib.sha256(data[:7]).hexdigest(), len(h.digest()), h.digest()[:4]", "(True, True, 32, b'\\xce\\xeb\\xb2\\xa5')"},
	{"h = hashlib.md5()\nh.name, h.digest_size, h.block_size, hashlib.sha512().digest_size, hashlib.sha384().block_size, hashlib.new('SHA1').name, type(h).__name__", "('md5', 16, 64, 64, 128, 'sha1', 'HASH')"},
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
