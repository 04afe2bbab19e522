package hashlib

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"math"
	"math/big"

	"github.com/kael-dev/kael/lang"
)

// BLAKE2b and BLAKE2s, written from RFC 7693 with the parameter block of
// the BLAKE2 paper (salt, personalization and the tree parameters), which
// CPython's blake2b and blake2s take and golang.org/x/crypto's do not.
// One generic core serves both: BLAKE2b works on 64-bit words, 12
// rounds and 128-byte blocks, BLAKE2s on 32-bit words, 10 rounds and
// 64-byte blocks.

// word is the word of a BLAKE2 variant.
type word interface{ uint32 | uint64 }

// variant describes BLAKE2b or BLAKE2s.
type variant[W word] struct {
	name                 string
	wordBytes, blockSize int
	maxDigest, maxKey    int
	saltSize, personSize int
	rounds               int
	rot                  [4]int // G's rotations
	iv                   [8]W
	nodeOffsetBytes      int   // bytes of the node offset in the parameter block
	nodeDepthAt, saltAt  int   // where node depth and salt lie in it
	maxNodeOffset        int64 // -1: any uint64
}

var blake2bVariant = &variant[uint64]{
	name: "blake2b", wordBytes: 8, blockSize: 128, maxDigest: 64, maxKey: 64, saltSize: 16, personSize: 16,
	rounds: 12, rot: [4]int{32, 24, 16, 63},
	iv: [8]uint64{0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
		0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179},
	nodeOffsetBytes: 8, nodeDepthAt: 16, saltAt: 32, maxNodeOffset: -1,
}

var blake2sVariant = &variant[uint32]{
	name: "blake2s", wordBytes: 4, blockSize: 64, maxDigest: 32, maxKey: 32, saltSize: 8, personSize: 8,
	rounds: 10, rot: [4]int{16, 12, 8, 7},
	iv:              [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19},
	nodeOffsetBytes: 6, nodeDepthAt: 14, saltAt: 16, maxNodeOffset: 1<<48 - 1,
}

// sigma is the message schedule: the order of the block's words in each
// round (round i uses sigma[i%10]).
var sigma = [10][16]byte{
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	{14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
	{11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
	{7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
	{9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
	{2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
	{12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
	{13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
	{6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
	{10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
}

func (v *variant[W]) rotr(x W, n int) W {
	w := v.wordBytes * 8
	return x>>n | x<<(w-n)
}

func (v *variant[W]) load(b []byte) W {
	if v.wordBytes == 8 {
		return W(binary.LittleEndian.Uint64(b))
	}
	return W(binary.LittleEndian.Uint32(b))
}

// compress is the function F of RFC 7693 on one block.
func (v *variant[W]) compress(h *[8]W, block []byte, t0, t1 W, last, lastNode bool) {
	var m [16]W
	for i := range m {
		m[i] = v.load(block[i*v.wordBytes:])
	}
	var s [16]W
	copy(s[:8], h[:])
	copy(s[8:], v.iv[:])
	s[12] ^= t0
	s[13] ^= t1
	if last {
		s[14] = ^s[14]
		if lastNode {
			s[15] = ^s[15]
		}
	}
	g := func(a, b, c, d int, x, y W) {
		s[a] += s[b] + x
		s[d] = v.rotr(s[d]^s[a], v.rot[0])
		s[c] += s[d]
		s[b] = v.rotr(s[b]^s[c], v.rot[1])
		s[a] += s[b] + y
		s[d] = v.rotr(s[d]^s[a], v.rot[2])
		s[c] += s[d]
		s[b] = v.rotr(s[b]^s[c], v.rot[3])
	}
	for r := 0; r < v.rounds; r++ {
		p := &sigma[r%10]
		g(0, 4, 8, 12, m[p[0]], m[p[1]])
		g(1, 5, 9, 13, m[p[2]], m[p[3]])
		g(2, 6, 10, 14, m[p[4]], m[p[5]])
		g(3, 7, 11, 15, m[p[6]], m[p[7]])
		g(0, 5, 10, 15, m[p[8]], m[p[9]])
		g(1, 6, 11, 12, m[p[10]], m[p[11]])
		g(2, 7, 8, 13, m[p[12]], m[p[13]])
		g(3, 4, 9, 14, m[p[14]], m[p[15]])
	}
	for i := range h {
		h[i] ^= s[i] ^ s[i+8]
	}
}

// blake2Params are the parameters of one hash, as blake2b() takes them.
type blake2Params struct {
	digestSize           int
	key, salt, person    []byte
	fanout, depth        int
	leafSize             uint32
	nodeOffset           uint64
	nodeDepth, innerSize int
	lastNode             bool
}

// state is the running hash: the chain value, the byte counter and the
// bytes not yet compressed (the last block is compressed only when the
// digest is asked, with the final flag).
type state[W word] struct {
	v        *variant[W]
	h        [8]W
	t0, t1   W
	buf      []byte
	size     int
	lastNode bool
}

func newState[W word](v *variant[W], p *blake2Params) *state[W] {
	block := make([]byte, v.wordBytes*8)
	block[0], block[1], block[2], block[3] = byte(p.digestSize), byte(len(p.key)), byte(p.fanout), byte(p.depth)
	binary.LittleEndian.PutUint32(block[4:], p.leafSize)
	var off [8]byte
	binary.LittleEndian.PutUint64(off[:], p.nodeOffset)
	copy(block[8:8+v.nodeOffsetBytes], off[:])
	block[v.nodeDepthAt], block[v.nodeDepthAt+1] = byte(p.nodeDepth), byte(p.innerSize)
	copy(block[v.saltAt:], p.salt)
	copy(block[v.saltAt+v.saltSize:], p.person)
	s := &state[W]{v: v, size: p.digestSize, lastNode: p.lastNode, buf: make([]byte, 0, v.blockSize)}
	for i := range s.h {
		s.h[i] = v.iv[i] ^ v.load(block[i*v.wordBytes:])
	}
	if len(p.key) > 0 {
		s.buf = s.buf[:v.blockSize]
		copy(s.buf, p.key)
	}
	return s
}

func (s *state[W]) count(n int) {
	s.t0 += W(n)
	if s.t0 < W(n) {
		s.t1++
	}
}

func (s *state[W]) write(p []byte) {
	for len(p) > 0 {
		if len(s.buf) == s.v.blockSize {
			s.count(s.v.blockSize)
			s.v.compress(&s.h, s.buf, s.t0, s.t1, false, false)
			s.buf = s.buf[:0]
		}
		n := copy(s.buf[len(s.buf):s.v.blockSize], p)
		s.buf = s.buf[:len(s.buf)+n]
		p = p[n:]
	}
}

func (s *state[W]) clone() *state[W] {
	c := *s
	c.buf = append(make([]byte, 0, s.v.blockSize), s.buf...)
	return &c
}

// sum is the digest, leaving s as it is.
func (s *state[W]) sum() []byte {
	c := s.clone()
	c.count(len(c.buf))
	block := make([]byte, c.v.blockSize)
	copy(block, c.buf)
	c.v.compress(&c.h, block, c.t0, c.t1, true, c.lastNode)
	out := make([]byte, 8*c.v.wordBytes)
	for i, w := range c.h {
		if c.v.wordBytes == 8 {
			binary.LittleEndian.PutUint64(out[i*8:], uint64(w))
		} else {
			binary.LittleEndian.PutUint32(out[i*4:], uint32(w))
		}
	}
	return out[:c.size]
}

// goHash is a state as Go's hash.Hash, for HMAC: it starts from init
// again on Reset.
type goHash[W word] struct {
	s, init *state[W]
}

func (g *goHash[W]) Write(p []byte) (int, error) { g.s.write(p); return len(p), nil }
func (g *goHash[W]) Sum(b []byte) []byte         { return append(b, g.s.sum()...) }
func (g *goHash[W]) Reset()                      { g.s = g.init.clone() }
func (g *goHash[W]) Size() int                   { return g.s.size }
func (g *goHash[W]) BlockSize() int              { return g.s.v.blockSize }

// blake2GoHash is the default BLAKE2b or BLAKE2s (as hashlib.new(name)
// makes it) as a hash.Hash maker; false for another name.
func blake2GoHash(name string) (func() hash.Hash, bool) {
	switch name {
	case "blake2b":
		return func() hash.Hash {
			s := newState(blake2bVariant, &blake2Params{digestSize: blake2bVariant.maxDigest, fanout: 1, depth: 1})
			return &goHash[uint64]{s: s, init: s.clone()}
		}, true
	case "blake2s":
		return func() hash.Hash {
			s := newState(blake2sVariant, &blake2Params{digestSize: blake2sVariant.maxDigest, fanout: 1, depth: 1})
			return &goHash[uint32]{s: s, init: s.clone()}
		}, true
	}
	return nil, false
}

// blake2Hasher is what a Blake2 object needs of its state, whichever the
// word.
type blake2Hasher interface {
	write(p []byte)
	sum() []byte
	copyHasher() blake2Hasher
}

func (s *state[W]) copyHasher() blake2Hasher { return s.clone() }

// Blake2 is a blake2b or blake2s object (_blake2.blake2b).
type Blake2 struct {
	name                  string
	digestSize, blockSize int
	h                     blake2Hasher
}

var (
	_ lang.HasAttrs   = (*Blake2)(nil)
	_ lang.Reprer     = (*Blake2)(nil)
	_ lang.TypeNamer  = (*Blake2)(nil)
	_ lang.ClassNamer = (*Blake2)(nil)
)

// TypeName is blake2b or blake2s, as CPython's type(h).__name__.
func (b *Blake2) TypeName() string { return b.name }

// ClassName is _blake2.blake2b, the class isinstance asks for.
func (b *Blake2) ClassName() string { return "_blake2." + b.name }

// PyRepr is <_blake2.blake2b object at 0x...>.
func (b *Blake2) PyRepr() string { return fmt.Sprintf("<_blake2.%s object at %p>", b.name, b) }

// String is str(b), its repr.
func (b *Blake2) String() string { return b.PyRepr() }

// Attr gives name, digest_size, block_size and the methods.
func (b *Blake2) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return b.name, true
	case "digest_size":
		return int64(b.digestSize), true
	case "block_size":
		return int64(b.blockSize), true
	}
	if m, ok := blake2Methods[name]; ok {
		return &lang.BoundMethod{Recv: b, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (b *Blake2) AttrNames() []string {
	return []string{"block_size", "copy", "digest", "digest_size", "hexdigest", "name", "update"}
}

var blake2Methods = map[string]*lang.Builtin{}

func selfBlake2(a *lang.Args) *Blake2 { return a.Value("self").(*Blake2) }

// byteRange reads an int argument that must lie in [lo, hi], with
// CPython's message.
func byteRange(a *lang.Args, name string, lo, hi int, msg string) int {
	n := a.Int(name)
	if a.Err() == nil && (n < lo || n > hi) {
		a.Fail(lang.Errorf(lang.ValueError, "%s", msg))
	}
	return n
}

// bytesParam reads key, salt or person: bytes-like, at most max bytes.
func bytesParam(a *lang.Args, name string, max int) []byte {
	b, err := lang.BytesArg(a.Value(name))
	if err != nil {
		a.Fail(lang.ToError(err))
		return nil
	}
	if len(b) > max {
		a.Fail(lang.Errorf(lang.ValueError, "maximum %s length is %d bytes", name, max))
	}
	return b
}

// unsignedParam reads leaf_size or node_offset: a non-negative int of at
// most max (math.MaxUint64 for any uint64), with CPython's errors.
func unsignedParam(a *lang.Args, name string, max uint64, tooLarge string) uint64 {
	v := a.Value(name)
	var n *big.Int
	switch x := v.(type) {
	case lang.BigInt:
		n = x.Big()
	default:
		i, ok := lang.AsInt(v)
		if !ok {
			a.Fail(a.WrongType(name, "int", v))
			return 0
		}
		n = big.NewInt(i)
	}
	switch {
	case n.Sign() < 0:
		a.Fail(lang.Errorf(lang.ValueError, "value must be positive"))
	case !n.IsUint64():
		a.Fail(lang.Errorf(lang.OverflowError, "int too big to convert"))
	case n.Uint64() > max:
		a.Fail(lang.Errorf(lang.OverflowError, "%s", tooLarge))
	default:
		return n.Uint64()
	}
	return 0
}

// blake2Sig is the signature of both constructors.
const blake2Sig = "(data=b'', /, *, digest_size=%d, key=b'', salt=b'', person=b'', fanout=1, depth=1, leaf_size=0, node_offset=0, node_depth=0, inner_size=0, last_node=False, usedforsecurity=True)"

// newBlake2Class is the constructor of one variant, a class of its own.
func newBlake2Class[W word](v *variant[W]) *lang.Builtin {
	doc := fmt.Sprintf("A %s hash object: digest_size up to %d bytes, key up to %d, salt and person up to %d; fanout, depth, leaf_size, node_offset, node_depth, inner_size and last_node for tree hashing.", v.name, v.maxDigest, v.maxKey, v.saltSize)
	return lang.NewBuiltin(lang.AsValue, v.name+fmt.Sprintf(blake2Sig, v.maxDigest), doc, func(a *lang.Args) (lang.Value, error) {
		if kw, _ := a.Keywords(); len(kw) > 0 {
			return nil, lang.Errorf(lang.TypeError, "'%s' is an invalid keyword argument for %s()", kw[0], v.name)
		}
		maxOffset := uint64(math.MaxUint64)
		if v.maxNodeOffset >= 0 {
			maxOffset = uint64(v.maxNodeOffset)
		}
		p := &blake2Params{
			digestSize: byteRange(a, "digest_size", 1, v.maxDigest, fmt.Sprintf("digest_size must be between 1 and %d bytes", v.maxDigest)),
			key:        bytesParam(a, "key", v.maxKey),
			salt:       bytesParam(a, "salt", v.saltSize),
			person:     bytesParam(a, "person", v.personSize),
			fanout:     byteRange(a, "fanout", 0, 255, "fanout must be between 0 and 255"),
			depth:      byteRange(a, "depth", 1, 255, "depth must be between 1 and 255"),
			leafSize:   uint32(unsignedParam(a, "leaf_size", math.MaxUint32, "leaf_size is too large")),
			nodeOffset: unsignedParam(a, "node_offset", maxOffset, "node_offset is too large"),
			nodeDepth:  byteRange(a, "node_depth", 0, 255, "node_depth must be between 0 and 255"),
			innerSize:  byteRange(a, "inner_size", 0, v.maxDigest, fmt.Sprintf("inner_size must be between 0 and is %d", v.maxDigest)),
			lastNode:   a.Bool("last_node"),
		}
		initial := a.Value("data")
		if err := a.Err(); err != nil {
			return nil, err
		}
		b := newBlake2(v, p)
		if initial != lang.None {
			d, err := data(initial)
			if err != nil {
				return nil, err
			}
			b.h.write(d)
		}
		return b, nil
	}).CollectKeywords()
}

func newBlake2[W word](v *variant[W], p *blake2Params) *Blake2 {
	return &Blake2{name: v.name, digestSize: p.digestSize, blockSize: v.blockSize, h: newState(v, p)}
}

// blake2Classes are hashlib.blake2b and hashlib.blake2s, by name.
var blake2Classes = map[string]*lang.Builtin{"blake2b": newBlake2Class(blake2bVariant), "blake2s": newBlake2Class(blake2sVariant)}

// newBlake2Default is a blake2b or blake2s object with the default
// parameters (file_digest's).
func newBlake2Default(name string) lang.Value {
	if name == "blake2s" {
		return newBlake2(blake2sVariant, &blake2Params{digestSize: blake2sVariant.maxDigest, fanout: 1, depth: 1})
	}
	return newBlake2(blake2bVariant, &blake2Params{digestSize: blake2bVariant.maxDigest, fanout: 1, depth: 1})
}

func init() {
	for _, b := range []*lang.Builtin{
		lang.NewBuiltin(lang.AsValue, "update(self, data, /)", "Adds the bytes data to what is hashed.", func(a *lang.Args) (lang.Value, error) {
			d, err := data(a.Value("data"))
			if err != nil {
				return nil, err
			}
			selfBlake2(a).h.write(d)
			return lang.None, nil
		}),
		lang.NewBuiltin(lang.AsValue, "digest(self)", "The digest of what was hashed, as bytes.", func(a *lang.Args) (lang.Value, error) {
			return lang.NewBytes(selfBlake2(a).h.sum()), nil
		}),
		lang.NewBuiltin(lang.AsValue, "hexdigest(self)", "The digest as a str of hex digits.", func(a *lang.Args) (lang.Value, error) {
			return hex.EncodeToString(selfBlake2(a).h.sum()), nil
		}),
		lang.NewBuiltin(lang.AsValue, "copy(self)", "A hash object in the same state, hashing on independently.", func(a *lang.Args) (lang.Value, error) {
			b := *selfBlake2(a)
			b.h = b.h.copyHasher()
			return &b, nil
		}),
	} {
		blake2Methods[b.Name] = b
	}
	lang.RegisterMethodTable("blake2b", blake2Methods)
	lang.RegisterMethodTable("blake2s", blake2Methods)
	for name, c := range blake2Classes {
		lang.RegisterClass(c, "_blake2."+name)
	}
	for c, v := range map[*lang.Builtin][4]int{
		blake2Classes["blake2b"]: {blake2bVariant.saltSize, blake2bVariant.personSize, blake2bVariant.maxKey, blake2bVariant.maxDigest},
		blake2Classes["blake2s"]: {blake2sVariant.saltSize, blake2sVariant.personSize, blake2sVariant.maxKey, blake2sVariant.maxDigest},
	} {
		for i, n := range []string{"SALT_SIZE", "PERSON_SIZE", "MAX_KEY_SIZE", "MAX_DIGEST_SIZE"} {
			lang.RegisterClassAttr(c, n, int64(v[i]))
		}
	}
}

// newBlake2ByName is hashlib.new('blake2b', data, **kwargs).
func newBlake2ByName(a *lang.Args, name string, initial lang.Value) (lang.Value, error) {
	kwNames, kwVals := a.Keywords()
	pos := []lang.Value{}
	if initial != lang.None {
		pos = append(pos, initial)
	}
	return a.CallKw(blake2Classes[name], pos, kwNames, kwVals)
}
