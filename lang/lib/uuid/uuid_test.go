package uuid_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/uuid"
)

const uuidPrelude = `import uuid
def err(f, *args):
    try:
        return f(*args)
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

func TestUUID(t *testing.T) {
	langtest.CheckCellCases(t, uuidPrelude, uuidCases)
}

func TestUUIDAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, uuidPrelude, uuidCases)
}
