// Package hashlib is Python's hashlib for the digests of Go's standard
// library: md5, sha1, the SHA-2 and SHA-3 families and the SHAKE
// extendable-output functions, with update, digest, hexdigest, copy and
// CPython's names, sizes and errors; pbkdf2_hmac and file_digest; and
// BLAKE2b and BLAKE2s (blake2.go), written here from RFC 7693.
package hashlib

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding"
	"encoding/hex"
	"fmt"
	"hash"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// algorithms make each digest, by Python's name.
var algorithms = map[string]func() hash.Hash{
	"md5": md5.New, "sha1": sha1.New, "sha224": sha256.New224, "sha256": sha256.New,
	"sha384": sha512.New384, "sha512": sha512.New,
	"sha3_224": func() hash.Hash { return sha3.New224() }, "sha3_256": func() hash.Hash { return sha3.New256() },
	"sha3_384": func() hash.Hash { return sha3.New384() }, "sha3_512": func() hash.Hash { return sha3.New512() },
}

// names are the fixed-size algorithms in the order hashlib lists them.
var names = []string{"md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3_224", "sha3_256", "sha3_384", "sha3_512"}

// legacyNames are those new() also takes in capitals ('SHA256'), as
// CPython's OpenSSL does; the SHA-3 names it takes only as written.
var legacyNames = map[string]bool{"md5": true, "sha1": true, "sha224": true, "sha256": true, "sha384": true, "sha512": true}

// canonical is the algorithm new() takes name for.
func canonical(name string) (string, bool) {
	if _, ok := algorithms[name]; ok {
		return name, true
	}
	if n := strings.ToLower(name); legacyNames[n] {
		return n, true
	}
	return "", false
}

// Constructor is the digest named name (as hashlib.new takes it), and
// its canonical name.
func Constructor(name string) (func() hash.Hash, string, bool) {
	if f, ok := blake2GoHash(name); ok {
		return f, name, true
	}
	n, ok := canonical(name)
	if !ok {
		return nil, "", false
	}
	return algorithms[n], n, true
}

// Name is the algorithm of a hash object kael's hashlib made.
func Name(v lang.Value) (string, bool) {
	switch h := v.(type) {
	case *Hash:
		return h.name, true
	case *Blake2:
		return h.name, true
	}
	return "", false
}

// Hash is a hash object, _hashlib.HASH.
type Hash struct {
	name string
	h    hash.Hash
}

var (
	_ lang.HasAttrs  = (*Hash)(nil)
	_ lang.Reprer    = (*Hash)(nil)
	_ lang.TypeNamer = (*Hash)(nil)
)

// TypeName is HASH, as CPython's type(h).__name__.
func (h *Hash) TypeName() string { return "HASH" }

// PyRepr is <md5 _hashlib.HASH object @ 0x...>.
func (h *Hash) PyRepr() string { return fmt.Sprintf("<%s _hashlib.HASH object @ %p>", h.name, h) }

// String is str(h), its repr.
func (h *Hash) String() string { return h.PyRepr() }

// Attr gives name, digest_size, block_size and the methods.
func (h *Hash) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return h.name, true
	case "digest_size":
		return int64(h.h.Size()), true
	case "block_size":
		return int64(h.h.BlockSize()), true
	}
	if m, ok := hashMethods[name]; ok {
		return &lang.BoundMethod{Recv: h, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (h *Hash) AttrNames() []string {
	return []string{"block_size", "copy", "digest", "digest_size", "hexdigest", "name", "update"}
}

// data reads a bytes-like argument (bytes, bytearray, memoryview), with
// CPython's errors for others.
func data(v lang.Value) ([]byte, error) {
	if _, ok := v.(string); ok {
		return nil, lang.Errorf(lang.TypeError, "Strings must be encoded before hashing")
	}
	b, err := lang.BytesArg(v)
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "object supporting the buffer API required")
	}
	return b, nil
}

func self(a *lang.Args) *Hash { return a.Value("self").(*Hash) }

var hashMethods = map[string]*lang.Builtin{}

func init() {
	for _, b := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "update(self, obj)", "Adds the bytes obj to what is hashed.", func(a *lang.Args) (lang.Value, error) {
			b, err := data(a.Value("obj"))
			if err != nil {
				return nil, err
			}
			self(a).h.Write(b)
			return lang.None, nil
		}),
		lang.NewBuiltin(lang.AsValue, "digest(self)", "The digest of what was hashed, as bytes.", func(a *lang.Args) (lang.Value, error) {
			return lang.NewBytes(self(a).h.Sum(nil)), nil
		}),
		lang.NewBuiltin(lang.AsValue, "hexdigest(self)", "The digest as a str of hex digits.", func(a *lang.Args) (lang.Value, error) {
			return hex.EncodeToString(self(a).h.Sum(nil)), nil
		}),
		lang.NewBuiltin(lang.AsValue, "copy(self)", "A hash object in the same state, hashing on independently.", func(a *lang.Args) (lang.Value, error) {
			h := self(a)
			state, err := h.h.(encoding.BinaryMarshaler).MarshalBinary()
			if err != nil {
				return nil, lang.Errorf(lang.RuntimeError, "%v", err)
			}
			c := algorithms[h.name]()
			if err := c.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
				return nil, lang.Errorf(lang.RuntimeError, "%v", err)
			}
			return &Hash{name: h.name, h: c}, nil
		}),
	} {
		hashMethods[b.Name] = b
	}
	lang.RegisterMethodTable("HASH", hashMethods)
	mod := &lang.Module{Name: "hashlib", Attrs: map[string]lang.Value{}}
	for _, n := range names {
		mod.Attrs[n] = lang.NewBuiltin(lang.AsValue, n+"(string=None, *, usedforsecurity=True)", "A "+n+" hash object, fed string (bytes) when given.", construct(n))
	}
	mod.Attrs["new"] = lang.NewBuiltin(lang.AsValue, "new(name, data=b'', *, usedforsecurity=True)", "A hash object of the algorithm named name (md5, sha1, sha224, sha256, sha384, sha512, sha3_224, sha3_256, sha3_384, sha3_512, shake_128, shake_256, blake2b, blake2s); blake2b and blake2s take their keywords (digest_size, key, salt, person, ...).", func(a *lang.Args) (lang.Value, error) {
		name := a.Str("name")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if _, ok := blake2Classes[name]; ok {
			return newBlake2ByName(a, name, a.Value("data"))
		}
		if kw, _ := a.Keywords(); len(kw) > 0 {
			return nil, lang.Errorf(lang.TypeError, "'%s' is an invalid keyword argument for new()", kw[0])
		}
		if _, ok := xofs[name]; ok {
			return newXOF(name, a.Value("data"))
		}
		n, ok := canonical(name)
		if !ok {
			return nil, errUnsupported(name)
		}
		return newHash(n, a.Value("data"))
	}).CollectKeywords()
	for name, c := range blake2Classes {
		mod.Attrs[name] = c
	}
	addMore(mod)
	lang.RegisterModule("hashlib", "Python's hashlib: md5, sha1, sha224, sha256, sha384, sha512, sha3_*, shake_*, blake2b and blake2s of bytes, pbkdf2_hmac and file_digest.", func() *lang.Module { return mod })
}

func construct(name string) func(a *lang.Args) (lang.Value, error) {
	return func(a *lang.Args) (lang.Value, error) { return newHash(name, a.Value("string")) }
}

// errUnsupported is new()'s error for a name it does not know.
func errUnsupported(name string) error {
	return lang.Errorf(lang.ValueError, "unsupported hash type %s", name).
		WithHint("kael's hashlib has %s", strings.Join(append(names[:len(names):len(names)], "shake_128", "shake_256", "blake2b", "blake2s"), ", "))
}

func newHash(name string, initial lang.Value) (lang.Value, error) {
	h := &Hash{name: name, h: algorithms[name]()}
	if initial != lang.None {
		b, err := data(initial)
		if err != nil {
			return nil, err
		}
		h.h.Write(b)
	}
	return h, nil
}
