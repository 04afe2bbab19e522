package hashlib

import (
	"crypto/hmac"
	"crypto/pbkdf2"
	"crypto/sha3"
	"encoding/hex"
	"fmt"
	"hash"
	"sort"

	"github.com/kael-dev/kael/lang"
)

// xofs make the SHAKE extendable-output functions, by Python's name.
var xofs = map[string]func() *sha3.SHAKE{"shake_128": sha3.NewSHAKE128, "shake_256": sha3.NewSHAKE256}

// XOF is a SHAKE object, _hashlib.HASHXOF: its digest takes a length.
type XOF struct {
	name string
	s    *sha3.SHAKE
}

var (
	_ lang.HasAttrs  = (*XOF)(nil)
	_ lang.Reprer    = (*XOF)(nil)
	_ lang.TypeNamer = (*XOF)(nil)
)

// TypeName is HASHXOF, as CPython's type(h).__name__.
func (x *XOF) TypeName() string { return "HASHXOF" }

// PyRepr is <shake_128 _hashlib.HASHXOF object @ 0x...>.
func (x *XOF) PyRepr() string {
	return fmt.Sprintf("<%s _hashlib.HASHXOF object @ %p>", x.name, x)
}

// String is str(h), its repr.
func (x *XOF) String() string { return x.PyRepr() }

// Attr gives name, digest_size (0), block_size and the methods.
func (x *XOF) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return x.name, true
	case "digest_size":
		return int64(0), true
	case "block_size":
		return int64(x.s.BlockSize()), true
	}
	if m, ok := xofMethods[name]; ok {
		return &lang.BoundMethod{Recv: x, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (x *XOF) AttrNames() []string {
	return []string{"block_size", "copy", "digest", "digest_size", "hexdigest", "name", "update"}
}

// clone is a SHAKE in x's state.
func (x *XOF) clone() (*sha3.SHAKE, error) {
	state, err := x.s.MarshalBinary()
	if err != nil {
		return nil, lang.Errorf(lang.RuntimeError, "%v", err)
	}
	c := xofs[x.name]()
	if err := c.UnmarshalBinary(state); err != nil {
		return nil, lang.Errorf(lang.RuntimeError, "%v", err)
	}
	return c, nil
}

// output is length bytes of the function's output, x left as it was.
func (x *XOF) output(a *lang.Args) ([]byte, error) {
	if a.IsNone("length") {
		return nil, lang.Errorf(lang.TypeError, "%s() missing required argument 'length' (pos 1)", a.Builtin().Name)
	}
	n := a.Int("length")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if n < 0 {
		return nil, lang.Errorf(lang.ValueError, "Negative size passed to PyBytes_FromStringAndSize")
	}
	c, err := x.clone()
	if err != nil {
		return nil, err
	}
	out := make([]byte, n)
	c.Read(out)
	return out, nil
}

func newXOF(name string, initial lang.Value) (lang.Value, error) {
	x := &XOF{name: name, s: xofs[name]()}
	if initial != lang.None {
		b, err := data(initial)
		if err != nil {
			return nil, err
		}
		x.s.Write(b)
	}
	return x, nil
}

var xofMethods = map[string]*lang.Builtin{}

func selfXOF(a *lang.Args) *XOF { return a.Value("self").(*XOF) }

func init() {
	for _, b := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "update(self, obj)", "Adds the bytes obj to what is hashed.", func(a *lang.Args) (lang.Value, error) {
			b, err := data(a.Value("obj"))
			if err != nil {
				return nil, err
			}
			selfXOF(a).s.Write(b)
			return lang.None, nil
		}),
		lang.NewBuiltin(lang.AsValue, "digest(self, length=None)", "The first length bytes of the output of what was hashed.", func(a *lang.Args) (lang.Value, error) {
			out, err := selfXOF(a).output(a)
			if err != nil {
				return nil, err
			}
			return lang.NewBytes(out), nil
		}),
		lang.NewBuiltin(lang.AsValue, "hexdigest(self, length=None)", "The first length bytes of the output, as a str of hex digits.", func(a *lang.Args) (lang.Value, error) {
			out, err := selfXOF(a).output(a)
			if err != nil {
				return nil, err
			}
			return hex.EncodeToString(out), nil
		}),
		lang.NewBuiltin(lang.AsValue, "copy(self)", "A hash object in the same state, hashing on independently.", func(a *lang.Args) (lang.Value, error) {
			x := selfXOF(a)
			c, err := x.clone()
			if err != nil {
				return nil, err
			}
			return &XOF{name: x.name, s: c}, nil
		}),
	} {
		xofMethods[b.Name] = b
	}
	lang.RegisterMethodTable("HASHXOF", xofMethods)
}

// allNames are the algorithms kael has, sorted.
func allNames() []lang.Value {
	var out []string
	out = append(out, names...)
	for n := range xofs {
		out = append(out, n)
	}
	for n := range blake2Classes {
		out = append(out, n)
	}
	sort.Strings(out)
	vals := make([]lang.Value, len(out))
	for i, n := range out {
		vals[i] = n
	}
	return vals
}

// pbkdf2HMAC is hashlib.pbkdf2_hmac.
func pbkdf2HMAC(a *lang.Args) (lang.Value, error) {
	name := a.Str("hash_name")
	iterations := a.Int64("iterations")
	if err := a.Err(); err != nil {
		return nil, err
	}
	password, err := lang.BytesArg(a.Value("password"))
	if err != nil {
		return nil, err
	}
	salt, err := lang.BytesArg(a.Value("salt"))
	if err != nil {
		return nil, err
	}
	f, _, ok := Constructor(name)
	if !ok {
		return nil, lang.Errorf(lang.ValueError, "[digital envelope routines] unsupported")
	}
	size := f().Size()
	if !a.IsNone("dklen") {
		size = a.Int("dklen")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if size < 1 {
			return nil, lang.Errorf(lang.ValueError, "key length must be greater than 0.")
		}
	}
	if iterations < 1 {
		return nil, lang.Errorf(lang.ValueError, "iteration value must be greater than 0.")
	}
	if iterations > 1<<31-1 {
		return nil, lang.Errorf(lang.OverflowError, "iteration value is too great.")
	}
	key, err := pbkdf2.Key(f, string(password), salt, int(iterations), size)
	if err != nil {
		return nil, lang.Errorf(lang.ValueError, "%v", err)
	}
	return lang.NewBytes(key), nil
}

// fileDigest is hashlib.file_digest: fileobj read in binary mode, in
// pieces, into the digest digest names (or makes).
func fileDigest(a *lang.Args) (lang.Value, error) {
	var h lang.Value
	var err error
	if name, ok := a.Value("digest").(string); ok {
		h, err = newByName(name)
	} else {
		h, err = a.Call(a.Value("digest"))
	}
	if err != nil {
		return nil, err
	}
	update, err := lang.GetAttr(h, "update")
	if err != nil {
		return nil, err
	}
	f := a.Value("fileobj")
	notBinary := func() error {
		return lang.Errorf(lang.ValueError, "'%s' is not a file-like object in binary reading mode.", lang.Repr(f))
	}
	if get, err := lang.GetAttr(f, "getbuffer"); err == nil {
		buf, err := a.Call(get)
		if err != nil {
			return nil, err
		}
		if _, err := a.Call(update, buf); err != nil {
			return nil, err
		}
		return h, nil
	}
	read, err := lang.GetAttr(f, "read")
	if err != nil {
		return nil, notBinary()
	}
	for {
		piece, err := a.Call(read, int64(1<<18))
		if err != nil {
			return nil, err
		}
		b, err := lang.BytesArg(piece)
		if err != nil {
			return nil, notBinary()
		}
		if len(b) == 0 {
			return h, nil
		}
		if _, err := a.Call(update, piece); err != nil {
			return nil, err
		}
	}
}

// newByName is hashlib.new(name) without data.
func newByName(name string) (lang.Value, error) {
	if _, ok := blake2Classes[name]; ok {
		return newBlake2Default(name), nil
	}
	if _, ok := xofs[name]; ok {
		return newXOF(name, lang.None)
	}
	n, ok := canonical(name)
	if !ok {
		return nil, errUnsupported(name)
	}
	return newHash(n, lang.None)
}

// HMACHash is the hash.Hash maker for an HMAC over the digest named name.
func HMACHash(name string, key []byte) (hash.Hash, string, bool) {
	f, n, ok := Constructor(name)
	if !ok {
		return nil, "", false
	}
	return hmac.New(f, key), n, true
}

// addMore adds the SHAKE functions, pbkdf2_hmac, file_digest and the
// sets of algorithm names to the module.
func addMore(mod *lang.Module) {
	for name := range xofs {
		mod.Attrs[name] = lang.NewBuiltin(lang.AsValue, name+"(string=b'', *, usedforsecurity=True)", "A "+name+" extendable-output hash object, fed string (bytes) when given; its digest takes a length.", func(a *lang.Args) (lang.Value, error) {
			return newXOF(name, a.Value("string"))
		})
	}
	mod.Attrs["pbkdf2_hmac"] = lang.NewBuiltin(lang.AsValue, "pbkdf2_hmac(hash_name, password, salt, iterations, dklen=None)", "Password-based key derivation function 2 (PKCS #5 v2.0) with HMAC as pseudorandom function.", pbkdf2HMAC)
	mod.Attrs["file_digest"] = lang.NewBuiltin(lang.AsValue, "file_digest(fileobj, digest, /)", "Hash the contents of a file-like object opened for reading in binary mode; digest is a hash name or a constructor.", fileDigest)
	for _, n := range []string{"algorithms_guaranteed", "algorithms_available"} {
		set, err := lang.NewSet(allNames(), true)
		if err != nil {
			panic(err)
		}
		mod.Attrs[n] = set
	}
}
