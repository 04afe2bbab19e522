// Package hmac is Python's hmac module (RFC 2104) over Go's crypto/hmac
// and the digests of lang/lib/hashlib: new, digest, HMAC objects with
// update, digest, hexdigest and copy, and compare_digest, with CPython's
// errors.
package hmac

import (
	"bytes"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"hash"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/hashlib"
)

// HMAC is an hmac.HMAC object.
type HMAC struct {
	name   string // the digest's: sha256
	key    []byte
	h      hash.Hash
	fed    []byte // what was hashed, for copy
	digest int
	block  int
}

var (
	_ lang.HasAttrs   = (*HMAC)(nil)
	_ lang.Reprer     = (*HMAC)(nil)
	_ lang.TypeNamer  = (*HMAC)(nil)
	_ lang.ClassNamer = (*HMAC)(nil)
)

// TypeName is HMAC.
func (*HMAC) TypeName() string { return "HMAC" }

// ClassName is hmac.HMAC, for type() and isinstance.
func (*HMAC) ClassName() string { return "hmac.HMAC" }

// PyRepr is <hmac.HMAC object at 0x...>.
func (m *HMAC) PyRepr() string { return fmt.Sprintf("<hmac.HMAC object at %p>", m) }

// String is its repr.
func (m *HMAC) String() string { return m.PyRepr() }

// Attr gives name, digest_size, block_size and the methods.
func (m *HMAC) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return "hmac-" + m.name, true
	case "digest_size":
		return int64(m.digest), true
	case "block_size":
		return int64(m.block), true
	}
	if b, ok := methods[name]; ok {
		return &lang.BoundMethod{Recv: m, Method: b}, true
	}
	return nil, false
}

// AttrNames lists them.
func (m *HMAC) AttrNames() []string {
	return []string{"block_size", "copy", "digest", "digest_size", "hexdigest", "name", "update"}
}

// errUnsupported is CPython's (OpenSSL's) error for a digest it lacks.
func errUnsupported() error {
	return lang.Errorf(lang.ValueError, "[digital envelope routines] unsupported")
}

// digestName is the digest digestmod names: a name, or a constructor
// (hashlib.sha256) or module whose new() makes a hash object.
func digestName(a *lang.Args, digestmod lang.Value) (string, error) {
	if s, ok := digestmod.(string); ok {
		if s == "" {
			return "", lang.Errorf(lang.TypeError, "Missing required parameter 'digestmod'.")
		}
		return s, nil
	}
	if digestmod == lang.None {
		return "", lang.Errorf(lang.TypeError, "Missing required parameter 'digestmod'.")
	}
	var h lang.Value
	var err error
	if _, ok := digestmod.(*lang.Module); ok {
		var maker lang.Value
		if maker, err = lang.GetAttr(digestmod, "new"); err != nil {
			return "", err
		}
		h, err = a.Call(maker, lang.NewBytes([]byte{}))
	} else {
		h, err = a.Call(digestmod)
	}
	if err != nil {
		return "", err
	}
	if name, ok := hashlib.Name(h); ok {
		return name, nil
	}
	return "", errUnsupported()
}

// newHMAC is an HMAC of key over the digest digestmod names, fed msg.
func newHMAC(a *lang.Args, keyV, msg, digestmod lang.Value) (*HMAC, error) {
	name, err := digestName(a, digestmod)
	if err != nil {
		return nil, err
	}
	var key []byte
	switch k := keyV.(type) {
	case lang.Bytes, *lang.ByteArray:
		key, _ = lang.BytesArg(k)
	default:
		return nil, lang.Errorf(lang.TypeError, "key: expected bytes or bytearray, but got '%s'", lang.TypeName(keyV))
	}
	h, canonical, ok := hashlib.HMACHash(name, key)
	if !ok {
		return nil, errUnsupported()
	}
	m := &HMAC{name: canonical, key: bytes.Clone(key), h: h, digest: h.Size(), block: h.BlockSize()}
	if msg != lang.None {
		if err := m.update(msg); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// update feeds the bytes of v, with hashlib's errors for others.
func (m *HMAC) update(v lang.Value) error {
	if _, ok := v.(string); ok {
		return lang.Errorf(lang.TypeError, "Strings must be encoded before hashing")
	}
	b, err := lang.BytesArg(v)
	if err != nil {
		return lang.Errorf(lang.TypeError, "object supporting the buffer API required")
	}
	m.h.Write(b)
	m.fed = append(m.fed, b...)
	return nil
}

var methods = map[string]*lang.Builtin{}

func self(a *lang.Args) *HMAC { return a.Value("self").(*HMAC) }

// compareDigest is hmac.compare_digest: a constant-time a == b of two
// ASCII strs or two bytes-like objects.
func compareDigest(a *lang.Args) (lang.Value, error) {
	x, y := a.Value("a"), a.Value("b")
	xs, xStr := x.(string)
	ys, yStr := y.(string)
	if xStr && yStr {
		for _, s := range []string{xs, ys} {
			for i := 0; i < len(s); i++ {
				if s[i] >= 0x80 {
					return nil, lang.Errorf(lang.TypeError, "comparing strings with non-ASCII characters is not supported")
				}
			}
		}
		return subtle.ConstantTimeCompare([]byte(xs), []byte(ys)) == 1, nil
	}
	xb, xErr := lang.BytesArg(x)
	yb, yErr := lang.BytesArg(y)
	switch {
	case xErr == nil && yErr == nil:
		return subtle.ConstantTimeCompare(xb, yb) == 1, nil
	case xStr && yErr == nil:
		return nil, lang.Errorf(lang.TypeError, "a bytes-like object is required, not 'str'")
	case yStr && xErr == nil:
		return nil, lang.Errorf(lang.TypeError, "a bytes-like object is required, not 'str'")
	}
	return nil, lang.Errorf(lang.TypeError, "unsupported operand types(s) or combination of types: '%s' and '%s'", lang.TypeName(x), lang.TypeName(y))
}

const hmacDoc = "A new HMAC object of key (bytes), fed msg when given; digestmod names the digest ('sha256') or is a hashlib constructor."

// hmacClass is hmac.HMAC, the class of the objects new makes.
var hmacClass = lang.NewBuiltin(lang.AsValue, "HMAC(key, msg=None, digestmod='')", hmacDoc, func(a *lang.Args) (lang.Value, error) {
	return newHMAC(a, a.Value("key"), a.Value("msg"), a.Value("digestmod"))
})

// CompareDigest is hmac.compare_digest, which secrets shares.
var CompareDigest = lang.NewBuiltin(lang.AsValue, "compare_digest(a, b, /)", "Return 'a == b', in a time that does not depend on where they differ; a and b are both ASCII str or both bytes-like.", compareDigest)

func init() {
	for _, b := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "update(self, msg)", "Feed msg (bytes) into this hashing object.", func(a *lang.Args) (lang.Value, error) {
			return lang.None, self(a).update(a.Value("msg"))
		}),
		lang.NewBuiltin(lang.AsValue, "digest(self)", "The MAC of what was fed, as bytes.", func(a *lang.Args) (lang.Value, error) {
			return lang.NewBytes(self(a).h.Sum(nil)), nil
		}),
		lang.NewBuiltin(lang.AsValue, "hexdigest(self)", "The MAC of what was fed, as a str of hex digits.", func(a *lang.Args) (lang.Value, error) {
			return hex.EncodeToString(self(a).h.Sum(nil)), nil
		}),
		lang.NewBuiltin(lang.AsValue, "copy(self)", "An HMAC in the same state, fed on independently.", func(a *lang.Args) (lang.Value, error) {
			m := self(a)
			h, _, _ := hashlib.HMACHash(m.name, m.key)
			h.Write(m.fed)
			return &HMAC{name: m.name, key: m.key, h: h, fed: bytes.Clone(m.fed), digest: m.digest, block: m.block}, nil
		}),
	} {
		methods[b.Name] = b
	}
	lang.RegisterMethodTable("HMAC", methods)
	lang.RegisterClass(hmacClass, "hmac.HMAC")
	lang.RegisterModule("hmac", "Python's hmac: keyed hashing for message authentication (RFC 2104) over hashlib's digests; compare_digest.", func() *lang.Module {
		return &lang.Module{Name: "hmac", Attrs: map[string]lang.Value{
			"new": lang.NewBuiltin(lang.AsValue, "new(key, msg=None, digestmod='')", hmacDoc, func(a *lang.Args) (lang.Value, error) {
				return newHMAC(a, a.Value("key"), a.Value("msg"), a.Value("digestmod"))
			}),
			"HMAC": hmacClass,
			"digest": lang.NewBuiltin(lang.AsValue, "digest(key, msg, digest)", "The MAC of msg under key with the digest named (or made by) digest, as bytes.", func(a *lang.Args) (lang.Value, error) {
				m, err := newHMAC(a, a.Value("key"), a.Value("msg"), a.Value("digest"))
				if err != nil {
					return nil, err
				}
				return lang.NewBytes(m.h.Sum(nil)), nil
			}),
			"compare_digest": CompareDigest,
			"trans_5C":       lang.NewBytes(translation(0x5c)),
			"trans_36":       lang.NewBytes(translation(0x36)),
			"digest_size":    lang.None,
		}}
	})
}

// translation is bytes(x ^ pad for x in range(256)).
func translation(pad byte) []byte {
	out := make([]byte, 256)
	for i := range out {
		out[i] = byte(i) ^ pad
	}
	return out
}
