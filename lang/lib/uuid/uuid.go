// Package uuid is Python's uuid module in small: the UUID class read
// from its text forms, uuid3, uuid4 and uuid5, and the namespaces, with
// CPython's text, repr, equality and errors.
package uuid

import (
	"crypto/md5"
	"crypto/rand"
	"crypto/sha1"
	"encoding/hex"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// UUID is uuid.UUID: 16 bytes, most significant first.
type UUID [16]byte

var (
	_ lang.HasAttrs   = UUID{}
	_ lang.TypeNamer  = UUID{}
	_ lang.ClassNamer = UUID{}
	_ lang.Reprer     = UUID{}
	_ lang.Equaler    = UUID{}
	_ lang.Hashable   = UUID{}
)

// TypeName is UUID.
func (u UUID) TypeName() string { return "UUID" }

// ClassName is uuid.UUID, the class isinstance asks for.
func (u UUID) ClassName() string { return "uuid.UUID" }

// String is str(u): 8-4-4-4-12 hex digits.
func (u UUID) String() string {
	h := hex.EncodeToString(u[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// PyRepr is UUID('...').
func (u UUID) PyRepr() string { return "UUID('" + u.String() + "')" }

// Equal is ==.
func (u UUID) Equal(other lang.Value) bool {
	v, ok := other.(UUID)
	return ok && v == u
}

// HashKey makes UUIDs dict keys.
func (u UUID) HashKey() (string, error) { return string(u[:]), nil }

// variant is CPython's UUID.variant text.
func (u UUID) variant() string {
	switch {
	case u[8]&0x80 == 0:
		return "reserved for NCS compatibility"
	case u[8]&0x40 == 0:
		return "specified in RFC 4122"
	case u[8]&0x20 == 0:
		return "reserved for Microsoft compatibility"
	}
	return "reserved for future definition"
}

// Attr returns the UUID's attributes.
func (u UUID) Attr(name string) (lang.Value, bool) {
	switch name {
	case "hex":
		return hex.EncodeToString(u[:]), true
	case "urn":
		return "urn:uuid:" + u.String(), true
	case "variant":
		return u.variant(), true
	case "version":
		if u.variant() != "specified in RFC 4122" {
			return lang.None, true
		}
		return int64(u[6] >> 4), true
	}
	return nil, false
}

// AttrNames lists them.
func (u UUID) AttrNames() []string { return []string{"hex", "urn", "variant", "version"} }

// parse reads CPython's text forms: hex digits with or without hyphens,
// braces, and the urn:uuid: prefix.
func parse(s string) (UUID, error) {
	h := strings.ReplaceAll(strings.ReplaceAll(s, "urn:", ""), "uuid:", "")
	h = strings.ReplaceAll(strings.Trim(h, "{}"), "-", "")
	var u UUID
	if len([]rune(h)) != 32 {
		return u, lang.Errorf(lang.ValueError, "badly formed hexadecimal UUID string")
	}
	if _, err := hex.Decode(u[:], []byte(h)); err != nil {
		return u, lang.Errorf(lang.ValueError, "invalid literal for int() with base 16: %s", lang.Repr(h))
	}
	return u, nil
}

// named is uuid3 (md5) or uuid5 (sha1) of a namespace and a name.
func named(version byte, namespace UUID, name string) UUID {
	var sum []byte
	data := append(namespace[:], name...)
	if version == 3 {
		s := md5.Sum(data)
		sum = s[:]
	} else {
		s := sha1.Sum(data)
		sum = s[:]
	}
	var u UUID
	copy(u[:], sum[:16])
	return withVersion(u, version)
}

// withVersion sets the RFC 4122 variant and the version.
func withVersion(u UUID, version byte) UUID {
	u[8] = u[8]&0x3f | 0x80
	u[6] = u[6]&0x0f | version<<4
	return u
}

func mustParse(s string) UUID {
	u, err := parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// uuidArg reads a UUID argument.
func uuidArg(a *lang.Args, name string) (UUID, error) {
	v := a.Value(name)
	u, ok := v.(UUID)
	if !ok {
		return UUID{}, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'bytes'", lang.TypeName(v))
	}
	return u, nil
}

func namedFunc(version byte) func(a *lang.Args) (lang.Value, error) {
	return func(a *lang.Args) (lang.Value, error) {
		ns, err := uuidArg(a, "namespace")
		if err != nil {
			return nil, err
		}
		name := a.Value("name")
		if err := a.Err(); err != nil {
			return nil, err
		}
		switch n := name.(type) {
		case string:
			return named(version, ns, n), nil
		case lang.Bytes:
			return named(version, ns, string(n.Data())), nil
		}
		return nil, lang.Errorf(lang.TypeError, "object supporting the buffer API required")
	}
}

var uuidClass = lang.NewBuiltin(lang.AsValue, "UUID(hex=None)", "A UUID from its text: 32 hex digits, with or without hyphens, braces or the urn:uuid: prefix.", func(a *lang.Args) (lang.Value, error) {
	if a.IsNone("hex") {
		return nil, lang.Errorf(lang.TypeError, "one of the hex, bytes, bytes_le, fields, or int arguments must be given").
			WithHint("kael's UUID reads the hex text only")
	}
	s := a.Str("hex")
	if err := a.Err(); err != nil {
		return nil, err
	}
	return parse(s)
})

var uuidModule = &lang.Module{Name: "uuid", Attrs: map[string]lang.Value{
	"UUID":  uuidClass,
	"uuid3": lang.NewBuiltin(lang.AsValue, "uuid3(namespace, name)", "The version-3 UUID of a name in a namespace (MD5).", namedFunc(3)),
	"uuid5": lang.NewBuiltin(lang.AsValue, "uuid5(namespace, name)", "The version-5 UUID of a name in a namespace (SHA-1).", namedFunc(5)),
	"uuid4": lang.NewBuiltin(lang.AsValue, "uuid4()", "A random UUID (version 4), from the system's secure random source.", func(a *lang.Args) (lang.Value, error) {
		var u UUID
		if _, err := rand.Read(u[:]); err != nil {
			return nil, lang.Errorf(lang.OSError, "%v", err)
		}
		return withVersion(u, 4), nil
	}),
	"NAMESPACE_DNS":  mustParse("6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
	"NAMESPACE_URL":  mustParse("6ba7b811-9dad-11d1-80b4-00c04fd430c8"),
	"NAMESPACE_OID":  mustParse("6ba7b812-9dad-11d1-80b4-00c04fd430c8"),
	"NAMESPACE_X500": mustParse("6ba7b814-9dad-11d1-80b4-00c04fd430c8"),
}}

func init() {
	lang.RegisterClass(uuidClass, "uuid.UUID")
	lang.RegisterModule("uuid", "Python's uuid module in small: UUID from text, uuid3, uuid4, uuid5 and the namespaces.",
		func() *lang.Module { return uuidModule })
}
