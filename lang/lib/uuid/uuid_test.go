package uuid_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/copy"
	_ "github.com/kael-dev/kael/lang/lib/uuid"
)

const uuidPrelude = `import uuid, pickle, copy
def err(f, *args, **kw):
    try:
        return f(*args, **kw)
    except Exception as e:
        return type(e).__name__ + ": " + str(e)
`

// uuidCases hold CPython 3.11's outcomes; TestUUIDAgainstCPython checks
// them there.
var uuidCases = []langtest.Case{
	{"u = uuid.uuid5(uuid.NAMESPACE_DNS, 'python.org')\nu, str(u), u.hex, u.urn, u.version, u.variant", "(UUID('886313e1-3b8a-5372-9b90-0c9aee199e5d'), '886313e1-3b8a-5372-9b90-0c9aee199e5d', '886313e13b8a53729b900c9aee199e5d', 'urn:uuid:886313e1-3b8a-5372-9b90-0c9aee199e5d', 5, 'specified in RFC 4122')"},
	{"uuid.uuid3(uuid.NAMESPACE_URL, 'héllo'), uuid.uuid5(uuid.NAMESPACE_OID, ''), uuid.uuid3(uuid.NAMESPACE_X500, 'a').version", "(UUID('b620d177-d6bd-332b-947f-7d8c426bb304'), UUID('0a68eb57-c88a-5f34-9e9d-27f85e68af4f'), 3)"},
	{"uuid.NAMESPACE_DNS, uuid.NAMESPACE_URL, str(uuid.NAMESPACE_OID), str(uuid.NAMESPACE_X500)", "(UUID('6ba7b810-9dad-11d1-80b4-00c04fd430c8'), UUID('6ba7b811-9dad-11d1-80b4-00c04fd430c8'), '6ba7b812-9dad-11d1-80b4-00c04fd430c8', '6ba7b814-9dad-11d1-80b4-00c04fd430c8')"},
	{"a = uuid.UUID('{12345678-1234-5678-1234-567812345678}')\na == uuid.UUID('urn:uuid:12345678123456781234567812345678'), a != uuid.NAMESPACE_DNS, a.version, a.variant, len({a, uuid.UUID(a.hex)})", "(True, True, None, 'reserved for NCS compatibility', 1)"},
	{"u = uuid.uuid4()\nlen(str(u)), u.version, u.variant, str(u)[14], u == uuid.UUID(str(u)), u != uuid.uuid4()", "(36, 4, 'specified in RFC 4122', '4', True, True)"},
	{"err(uuid.UUID, 'xyz'), err(uuid.UUID, '1234567812345678123456781234567g'), isinstance(uuid.uuid4(), uuid.UUID), type(uuid.uuid4()).__name__", "('ValueError: badly formed hexadecimal UUID string', \"ValueError: invalid literal for int() with base 16: '1234567812345678123456781234567g'\", True, 'UUID')"},
}

// uuidExprs are computed by kael and by CPython 3.11 and compared.
var uuidExprs = []string{
	"u = uuid.UUID('12345678-1234-5678-9234-567812345678')\nu.bytes, u.bytes_le, u.fields, u.int, int(u), u.time_low, u.time_mid, u.time_hi_version, u.clock_seq_hi_variant, u.clock_seq_low, u.node, u.time, u.clock_seq",
	"u = uuid.UUID('12345678-1234-5678-9234-567812345678')\n[uuid.UUID(bytes=u.bytes), uuid.UUID(bytes_le=u.bytes_le), uuid.UUID(fields=u.fields), uuid.UUID(int=u.int), uuid.UUID(int=u.int, version=1), uuid.UUID(hex=u.hex, version=4).version]",
	"a, b = uuid.UUID(int=1), uuid.UUID(int=2)\na < b, a <= b, a > b, b >= a, sorted([b, a]), a == 1, a != 1, hash(a) == hash(uuid.UUID(int=1)), err(lambda: a < 1)",
	"u = uuid.NAMESPACE_DNS\nerr(setattr, u, 'int', 3), u.is_safe, uuid.UUID(int=5, is_safe=uuid.SafeUUID.safe).is_safe, repr(uuid.UUID(int=0)), str(uuid.UUID(int=2 ** 128 - 1))",
	"u = uuid.UUID(int=99, is_safe=uuid.SafeUUID.unsafe)\nv = pickle.loads(pickle.dumps(u))\nv, v.is_safe, pickle.loads(pickle.dumps(uuid.NAMESPACE_URL)).is_safe, copy.copy(u) == u, copy.deepcopy(u).is_safe, u.__getstate__(), uuid.NAMESPACE_URL.__getstate__()",
	"[err(uuid.UUID, **kw) for kw in [dict(), dict(hex='0' * 32, int=0), dict(bytes=b'x'), dict(bytes_le=b'x' * 17), dict(fields=(1, 2)), dict(fields=(2 ** 32, 0, 0, 0, 0, 0)), dict(fields=(0, 0, 0, 0, 256, 0)), dict(fields=(0, 0, 0, 0, 0, 2 ** 48)), dict(int=-1), dict(int=2 ** 128), dict(int=0, version=6), dict(int=0, version=0)]]",
	"uuid.RESERVED_NCS, uuid.RFC_4122, uuid.RESERVED_MICROSOFT, uuid.RESERVED_FUTURE, uuid.bytes_ is bytes, uuid.int_ is int, uuid.Enum.__name__, list(uuid.SafeUUID), uuid.SafeUUID(None), uuid.SafeUUID.unsafe.value",
	"[uuid.UUID(int=n << 64).variant for n in (0, 0x8000, 0xc000, 0xe000)], [uuid.UUID(int=n << 64).version for n in (0, 0x8000 | 0x1000)]",
	"n = uuid.getnode()\n0 <= n < 2 ** 48, n == uuid.getnode()",
	"u = uuid.uuid1()\nv = uuid.uuid1()\nu.version, u.variant, u.node == uuid.getnode(), u != v, v.time >= u.time, 0 <= u.clock_seq < 2 ** 14",
	"import time\nu = uuid.uuid1(node=0x123456789abc, clock_seq=0x1234)\nu.node, u.clock_seq, u.version, abs((u.time - 0x01b21dd213814000) / 1e7 - time.time()) < 60",
	"uuid.uuid3(uuid.NAMESPACE_DNS, b'bytes name'), uuid.uuid5(uuid.NAMESPACE_DNS, b'bytes name'), uuid.uuid4().version, len(uuid.uuid4().bytes)",
}

func TestUUIDMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, uuidPrelude, uuidExprs)
}

func TestUUID(t *testing.T) {
	langtest.CheckCellCases(t, uuidPrelude, uuidCases)
}

func TestUUIDAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, uuidPrelude, uuidCases)
}
