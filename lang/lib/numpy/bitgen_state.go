package numpy

import (
	"math/big"
	"math/bits"
	"sync"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The bit generators' state, as NumPy 1.24 shows and takes it, and
// their moves: PCG64's and PCG64DXSM's state dicts (ints only), advance
// and jumped for them and for Philox, random_raw, and Philox's key= and
// counter=. The state of Philox, SFC64 and MT19937 holds uint64 and
// uint32 arrays, which kael's NumPy does not have yet.

// PCG's cheap 64-bit multiplier, which PCG64DXSM steps and outputs with.
const pcgCheapMult = 0xda942042e4dd58b5

// pcgJump is jumped()'s step: (φ - 1)·2**128, rounded to an odd number,
// as _pcg64.pyx's jump_inplace advances.
var pcgJump, _ = new(big.Int).SetString("9e3779b97f4a7c15f39cc0605cedc835", 16)

var (
	two64  = new(big.Int).Lsh(big.NewInt(1), 64)
	two128 = new(big.Int).Lsh(big.NewInt(1), 128)
	two256 = new(big.Int).Lsh(big.NewInt(1), 256)
)

// pcg64dxsm is NumPy's PCG64DXSM: PCG64's state and seeding, stepped by
// the cheap multiplier, its output the DXSM function of the state before
// the step.
type pcg64dxsm struct{ pcg64 }

func (p *pcg64dxsm) next64() uint64 {
	hi, lo := p.hi, p.lo|1
	hi ^= hi >> 32
	hi *= pcgCheapMult
	hi ^= hi >> 48
	hi *= lo
	// state = state * cheap + inc, mod 2**128
	h, l := bits.Mul64(p.lo, pcgCheapMult)
	h += p.hi * pcgCheapMult
	var c uint64
	p.lo, c = bits.Add64(l, p.incLo, 0)
	p.hi, _ = bits.Add64(h, p.incHi, c)
	return hi
}

// pcg64DXSMFromPool seeds as PCG64DXSM(seed_seq), the same state as
// PCG64's for a seed.
func pcg64DXSMFromPool(pool [ssPoolSize]uint32) *bitGen {
	p := pcg64FromPool(pool).src.(*pcg64)
	return newBitGen("PCG64DXSM", &pcg64dxsm{*p})
}

// pcgState is the 128-bit LCG of a PCG64 or PCG64DXSM source, and the
// multiplier it steps with.
func pcgState(src bitSource) (*pcg64, *big.Int) {
	switch p := src.(type) {
	case *pcg64:
		return p, new(big.Int).SetUint64(0).Add(new(big.Int).Lsh(new(big.Int).SetUint64(pcgMultHi), 64), new(big.Int).SetUint64(pcgMultLo))
	case *pcg64dxsm:
		return &p.pcg64, new(big.Int).SetUint64(pcgCheapMult)
	}
	return nil, nil
}

func u128(hi, lo uint64) *big.Int {
	z := new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64)
	return z.Or(z, new(big.Int).SetUint64(lo))
}

func split128(z *big.Int) (hi, lo uint64) {
	z = new(big.Int).Mod(z, two128)
	return new(big.Int).Rsh(z, 64).Uint64(), new(big.Int).Mod(z, two64).Uint64()
}

// advance moves the LCG delta steps ahead (delta taken mod 2**128) in
// O(log delta), as pcg_advance_lcg_128 does.
func (p *pcg64) advance(delta, mult *big.Int) {
	d := new(big.Int).Mod(delta, two128)
	accMult, accPlus := big.NewInt(1), big.NewInt(0)
	curMult, curPlus := new(big.Int).Set(mult), u128(p.incHi, p.incLo)
	for d.Sign() > 0 {
		if d.Bit(0) == 1 {
			accMult.Mul(accMult, curMult).Mod(accMult, two128)
			accPlus.Mul(accPlus, curMult).Add(accPlus, curPlus).Mod(accPlus, two128)
		}
		curPlus.Mul(new(big.Int).Add(curMult, big.NewInt(1)), curPlus).Mod(curPlus, two128)
		curMult.Mul(curMult, curMult).Mod(curMult, two128)
		d.Rsh(d, 1)
	}
	s := u128(p.hi, p.lo)
	s.Mul(s, accMult).Add(s, accPlus)
	p.hi, p.lo = split128(s)
}

// advance moves Philox's counter delta blocks ahead (delta mod 2**256),
// word by word with philox_advance's carry, and empties its buffer.
func (p *philox) advance(delta *big.Int) {
	d := new(big.Int).Mod(delta, two256)
	carry := false
	for i := range p.ctr {
		step := new(big.Int).Mod(new(big.Int).Rsh(d, uint(64*i)), two64).Uint64()
		if carry {
			p.ctr[i]++
			carry = p.ctr[i] == 0
		}
		orig := p.ctr[i]
		p.ctr[i] += step
		if p.ctr[i] < orig && !carry {
			carry = true
		}
	}
	p.buf, p.pos = [4]uint64{}, len(p.buf)
}

// intArg is an int argument as a big.Int (a bool, an int, a NumPy
// integer), or the TypeError CPython gives for another value where
// NumPy's arithmetic needs an int (op: its first operator, & or //).
func intArg(v lang.Value, op string) (*big.Int, error) {
	n, err := lang.IndexValue(v)
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "unsupported operand type(s) for %s: '%s' and 'int'", op, lang.TypeName(v))
	}
	z, _ := lang.BigOf(n)
	return z, nil
}

// pyInt is int(v), as NumPy's jumped and int_to_array read their
// argument (int('x') is its ValueError).
func pyInt(a *lang.Args, v lang.Value) (*big.Int, error) {
	intFn, _ := lang.LookupBuiltin("int")
	n, err := a.Call(intFn, v)
	if err != nil {
		return nil, err
	}
	z, ok := lang.BigOf(n)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "int() returned %s", lang.TypeName(n))
	}
	return z, nil
}

// wordsArg reads Philox's key= or counter=: an int below 2**bits split
// into 64-bit words (least significant first), or a sequence of the
// words, with NumPy's errors.
func wordsArg(a *lang.Args, v lang.Value, name string, bits int) ([]uint64, error) {
	n := bits / 64
	out := make([]uint64, n)
	if lang.IsInt(v) || isNumPyInt(v) {
		z, err := intArg(v, "&")
		if err != nil {
			return nil, err
		}
		if z.Sign() < 0 || z.BitLen() > bits {
			return nil, lang.Errorf(lang.ValueError, "%s must be positive and less than 2**%d.", name, bits)
		}
		for i := range out {
			out[i] = new(big.Int).Mod(new(big.Int).Rsh(z, uint(64*i)), two64).Uint64()
		}
		return out, nil
	}
	if _, isStr := v.(string); isStr { // NumPy reads a str through int()
		z, err := pyInt(a, v)
		if err != nil {
			return nil, err
		}
		return wordsArg(a, lang.IntFromBig(z), name, bits)
	}
	if f, ok := v.(float64); ok { // NumPy reads a float scalar as its integer part
		return wordsArg(a, int64(f), name, bits)
	}
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, err
	}
	if len(elems) != n {
		return nil, lang.Errorf(lang.ValueError, "%s must have %d elements when using array form", name, n)
	}
	for i, e := range elems {
		z, err := pyInt(a, e) // the words are cast to uint64: floats truncated
		if err != nil {
			return nil, err
		}
		out[i] = new(big.Int).Mod(z, two64).Uint64()
	}
	return out, nil
}

// stateDict is the bit generator's state as NumPy shows it, for PCG64
// and PCG64DXSM.
func (b *BitGenerator) stateDict() (lang.Value, error) {
	p, _ := pcgState(b.p.src)
	b.p.mu.Lock()
	defer b.p.mu.Unlock()
	inner := lang.NewDict()
	d := lang.NewDict()
	_ = d.Set("bit_generator", b.p.name)
	switch src := b.p.src.(type) {
	case *philox:
		_ = inner.Set("counter", wordsArray(src.ctr[:]))
		_ = inner.Set("key", wordsArray(src.key[:]))
		_ = d.Set("state", inner)
		_ = d.Set("buffer", wordsArray(src.buf[:]))
		_ = d.Set("buffer_pos", int64(src.pos))
	case *sfc64:
		_ = inner.Set("state", wordsArray([]uint64{src.a, src.b, src.c, src.counter}))
		_ = d.Set("state", inner)
	default:
		if p == nil {
			return nil, lang.Errorf(notImplementedError, "kael's %s has no state", b.p.name)
		}
		_ = inner.Set("state", lang.IntFromBig(u128(p.hi, p.lo)))
		_ = inner.Set("inc", lang.IntFromBig(u128(p.incHi, p.incLo)))
		_ = d.Set("state", inner)
	}
	has := int64(0)
	if b.p.hasU32 {
		has = 1
	}
	_ = d.Set("has_uint32", has)
	_ = d.Set("uinteger", int64(b.p.u32))
	return d, nil
}

// halves is NumPy's reading of a 128-bit state value into a uint64
// vector: v // 2**64 and v % 2**64, each cast to uint64 (the quotient
// must fit a C long or an unsigned one).
func halves(v lang.Value) (hi, lo uint64, err error) {
	z, err := intArg(v, "//")
	if err != nil {
		return 0, 0, err
	}
	q, r := new(big.Int).DivMod(z, two64, new(big.Int))
	if q.Cmp(two64) >= 0 || q.Cmp(new(big.Int).Neg(new(big.Int).Rsh(two64, 1))) < 0 {
		return 0, 0, lang.Errorf(lang.OverflowError, "Python int too large to convert to C long")
	}
	return new(big.Int).Mod(q, two64).Uint64(), r.Uint64(), nil
}

// item is d[key] with Python's KeyError.
func item(d lang.Value, key string) (lang.Value, error) {
	return lang.Index(d, []lang.Subscript{{Value: key}})
}

// setState sets a PCG64's or PCG64DXSM's state from NumPy's dict.
func (b *BitGenerator) setState(v lang.Value) error {
	d, ok := v.(*lang.Dict)
	if !ok {
		return lang.Errorf(lang.TypeError, "state must be a dict")
	}
	if name, _, _ := d.Get("bit_generator"); name != b.p.name {
		kind := "RNG"
		if b.p.name == "Philox" {
			kind = "PRNG" // NumPy's word for Philox
		}
		return lang.Errorf(lang.ValueError, "state must be for a %s %s", b.p.name, kind)
	}
	inner, err := item(d, "state")
	if err != nil {
		return err
	}
	switch b.p.src.(type) {
	case *philox, *sfc64:
		return b.setWordState(d, inner)
	}
	p, _ := pcgState(b.p.src)
	if p == nil {
		return lang.Errorf(notImplementedError, "kael's %s has no state", b.p.name)
	}
	var words [4]uint64
	for i, k := range []string{"state", "inc"} {
		x, err := item(inner, k)
		if err == nil {
			words[2*i], words[2*i+1], err = halves(x)
		}
		if err != nil {
			return err
		}
	}
	var flags [2]int64
	for i, k := range []string{"has_uint32", "uinteger"} {
		x, err := item(d, k)
		if err != nil {
			return err
		}
		n, ok := lang.AsInt(x)
		if !ok {
			return lang.Errorf(lang.TypeError, "an integer is required")
		}
		flags[i] = n
	}
	b.p.mu.Lock()
	defer b.p.mu.Unlock()
	p.hi, p.lo, p.incHi, p.incLo = words[0], words[1], words[2], words[3]
	b.p.hasU32, b.p.u32 = flags[0] != 0, uint32(flags[1])
	return nil
}

// setWordState sets a Philox's or an SFC64's state from NumPy's dict d
// (inner is d['state']): uint64 words, in arrays or sequences.
func (b *BitGenerator) setWordState(d *lang.Dict, inner lang.Value) error {
	var flags [2]int64
	for i, k := range []string{"has_uint32", "uinteger"} {
		x, err := item(d, k)
		if err != nil {
			return err
		}
		n, ok := lang.AsInt(x)
		if !ok {
			return lang.Errorf(lang.TypeError, "an integer is required")
		}
		flags[i] = n
	}
	var apply func()
	switch src := b.p.src.(type) {
	case *philox:
		var words [3][]uint64
		for i, read := range []struct {
			from lang.Value
			key  string
			n    int
		}{{inner, "counter", 4}, {inner, "key", 2}, {d, "buffer", 4}} {
			x, err := item(read.from, read.key)
			if err == nil {
				words[i], err = stateWords(x, read.key, read.n)
			}
			if err != nil {
				return err
			}
		}
		x, err := item(d, "buffer_pos")
		if err != nil {
			return err
		}
		pos, ok := lang.AsInt(x)
		if !ok {
			return lang.Errorf(lang.TypeError, "an integer is required")
		}
		if pos < 0 || pos > 4 {
			return lang.Errorf(lang.ValueError, "kael's Philox takes a buffer_pos from 0 to 4, not %d", pos)
		}
		apply = func() {
			copy(src.ctr[:], words[0])
			copy(src.key[:], words[1])
			copy(src.buf[:], words[2])
			src.pos = int(pos)
		}
	case *sfc64:
		x, err := item(inner, "state")
		if err != nil {
			return err
		}
		w, err := stateWords(x, "state", 4)
		if err != nil {
			return err
		}
		apply = func() { src.a, src.b, src.c, src.counter = w[0], w[1], w[2], w[3] }
	}
	b.p.mu.Lock()
	defer b.p.mu.Unlock()
	apply()
	b.p.hasU32, b.p.u32 = flags[0] != 0, uint32(flags[1])
	return nil
}

// wordsArray is the uint64 array of words, as a state dict holds them.
func wordsArray(words []uint64) lang.Value {
	t, err := fromValues(append([]uint64(nil), words...), []int{len(words)})
	if err != nil {
		return lang.None
	}
	return wrap(t)
}

// stateWords reads n uint64 words of a state dict: a uint64 array, or a
// sequence of ints (each taken mod 2**64, as NumPy's cast to uint64).
func stateWords(v lang.Value, name string, n int) ([]uint64, error) {
	var out []uint64
	if arr, ok := v.(*Array); ok && arr.store.DType() == tensor.Uint64 {
		c, err := arr.val().Contiguous()
		if err != nil {
			return nil, err
		}
		if out, err = tensor.Values[uint64](c); err != nil {
			return nil, err
		}
	} else {
		elems, err := lang.Collect(v)
		if err != nil {
			return nil, err
		}
		for _, e := range elems {
			if sc, isScalar := e.(*Scalar); isScalar {
				e = sc.item()
			}
			z, err := intArg(e, "&")
			if err != nil {
				return nil, err
			}
			out = append(out, new(big.Int).Mod(z, two64).Uint64())
		}
	}
	if len(out) != n {
		return nil, lang.Errorf(lang.ValueError, "%s must have %d elements", name, n)
	}
	return out, nil
}

// advanceBy moves the bit generator delta draws ahead (PCG64, PCG64DXSM)
// or delta blocks of four (Philox), clearing its buffered half-word.
func (b *BitGenerator) advanceBy(delta *big.Int) error {
	b.p.mu.Lock()
	defer b.p.mu.Unlock()
	if p, mult := pcgState(b.p.src); p != nil {
		p.advance(delta, mult)
	} else if ph, ok := b.p.src.(*philox); ok {
		ph.advance(delta)
	} else {
		return lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'advance'", b.TypeName())
	}
	b.p.hasU32, b.p.u32 = false, 0
	return nil
}

// clone is a new bit generator of b's class in b's state.
func (b *BitGenerator) clone() *BitGenerator {
	b.p.mu.Lock()
	defer b.p.mu.Unlock()
	var src bitSource
	switch s := b.p.src.(type) {
	case *pcg64:
		c := *s
		src = &c
	case *pcg64dxsm:
		c := *s
		src = &c
	case *philox:
		c := *s
		src = &c
	case *sfc64:
		c := *s
		src = &c
	}
	p := newBitGen(b.p.name, src)
	p.hasU32, p.u32 = b.p.hasU32, b.p.u32
	return &BitGenerator{p: p}
}

// canJump reports whether NumPy's class has advance and jumped (SFC64
// has neither).
func (b *BitGenerator) canJump() bool { return b.p.name != "SFC64" }

// Attr gives state, advance, jumped, random_raw.
func (b *BitGenerator) Attr(name string) (lang.Value, bool) {
	switch name {
	case "state":
		d, err := b.stateDict()
		if err != nil {
			return nil, false
		}
		return d, true
	case "advance", "jumped":
		if !b.canJump() {
			return nil, false
		}
	}
	m, ok := bitGenMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: b, Method: m}, true
}

// AttrNames lists them.
func (b *BitGenerator) AttrNames() []string {
	names := []string{"random_raw", "state"}
	if b.canJump() {
		names = append(names, "advance", "jumped")
	}
	return names
}

// SetAttr sets state.
func (b *BitGenerator) SetAttr(name string, v lang.Value) error {
	if name != "state" {
		return lang.Errorf(lang.AttributeError, "'%s' object has no attribute '%s'", b.TypeName(), name)
	}
	return b.setState(v)
}

var bitGenMethods = map[string]*lang.Builtin{}

func init() {
	defineLater(func() {
		recv := func(a *lang.Args) *BitGenerator { b, _ := a.Value("self").(*BitGenerator); return b }
		bitGenMethods["advance"] = lang.NewBuiltin(lang.AsValue, "advance(self, delta)", "Moves the bit generator delta draws ahead (PCG64, PCG64DXSM; taken mod 2**128) or delta blocks of four draws (Philox; mod 2**256), as NumPy's advance; returns the bit generator.", func(a *lang.Args) (lang.Value, error) {
			b := recv(a)
			d, err := intArg(a.Value("delta"), "&")
			if err != nil {
				return nil, err
			}
			return b, b.advanceBy(d)
		})
		bitGenMethods["jumped"] = lang.NewBuiltin(lang.AsValue, "jumped(self, jumps=1)", "A new bit generator in this one's state advanced jumps times NumPy's jump (PCG64: (φ-1)·2**128 draws; Philox: 2**128 blocks).", func(a *lang.Args) (lang.Value, error) {
			b := recv(a)
			// jump_inplace multiplies by int(jumps)
			n, err := pyInt(a, a.Value("jumps"))
			if err != nil {
				return nil, err
			}
			c := b.clone()
			step := new(big.Int).Set(two128)
			if p, _ := pcgState(c.p.src); p != nil {
				step.Set(pcgJump)
			}
			return c, c.advanceBy(step.Mul(step, n))
		})
		bitGenMethods["random_raw"] = lang.NewBuiltin(lang.AsValue, "random_raw(self, size=None, output=True)", "The bit generator's next 64-bit word as an int, or size= of them as a uint64 array (None with output=False).", func(a *lang.Args) (lang.Value, error) {
			b := recv(a)
			return randomRaw(a, b.p.mu, b.p.uint64)
		})
	})
}

// randomRaw is random_raw(size=None, output=True) of a bit generator
// whose raw word draw gives, under the lock mu.
func randomRaw(a *lang.Args, mu sync.Locker, draw func() uint64) (lang.Value, error) {
	var shape []int
	n := 1
	if !a.IsNone("size") {
		var err error
		if shape, err = shapeArg(a.Value("size")); err != nil {
			return nil, err
		}
		for _, d := range shape {
			if d < 0 {
				return nil, lang.Errorf(lang.ValueError, "negative dimensions are not allowed")
			}
			n *= d
		}
	}
	output, err := lang.Truth(a.Value("output")) // NumPy asks its truth
	if err != nil {
		return nil, err
	}
	words := make([]uint64, n)
	mu.Lock()
	for i := range words {
		words[i] = draw()
	}
	mu.Unlock()
	if !output {
		return lang.None, nil
	}
	if shape == nil {
		return lang.IntFromBig(new(big.Int).SetUint64(words[0])), nil
	}
	t, err := fromValues(words, shape)
	if err != nil {
		return nil, err
	}
	return wrapArray(t), nil
}

// isNumPyInt reports whether v is a NumPy integer scalar (np.int64(3)).
func isNumPyInt(v lang.Value) bool {
	sc, ok := v.(*Scalar)
	return ok && sc.t.DType().Category() == tensor.IntegerCategory
}

// newPhilox is Philox(seed=None, counter=None, key=None): the key seeded
// through SeedSequence(seed), or given (an int below 2**128 or two
// words, not with a seed), and the counter an int below 2**256 or four
// words (0 when not given).
func newPhilox(a *lang.Args) (lang.Value, error) {
	var p *bitGen
	if a.IsNone("key") {
		ss, err := seedSequenceOf(a.Value("seed"))
		if err != nil {
			return nil, err
		}
		p = philoxFromPool(ss.pool())
	} else {
		if !a.IsNone("seed") {
			return nil, lang.Errorf(lang.ValueError, "seed and key cannot be both used")
		}
		key, err := wordsArg(a, a.Value("key"), "key", 128)
		if err != nil {
			return nil, err
		}
		p = newBitGen("Philox", &philox{key: [2]uint64{key[0], key[1]}, pos: 4})
	}
	if !a.IsNone("counter") {
		ctr, err := wordsArg(a, a.Value("counter"), "counter", 256)
		if err != nil {
			return nil, err
		}
		copy(p.src.(*philox).ctr[:], ctr)
	}
	return &BitGenerator{p: p}, nil
}
