package numpy

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/kael-dev/kael/lang"
)

// The bit generators a Generator draws from, as NumPy 1.24 has them:
// PCG64 (the default), Philox, SFC64 and MT19937, each seeded through
// SeedSequence as NumPy seeds it, so that Generator(Philox(seed)) draws
// NumPy's numbers bit for bit.

// bitSource is one bit generator's stream of 64-bit words.
type bitSource interface{ next64() uint64 }

// wordSource is a bit generator with its own 32-bit draws and doubles
// (MT19937, whose next_uint32 is one word of the twister and whose
// next_double is the legacy 53 bits of two words).
type wordSource interface {
	bitSource
	next32() uint32
	nextDouble() float64
}

// bitGen is NumPy's bitgen_t: a bit generator as the Generator's
// algorithms see it, its 32-bit draws the halves of 64-bit ones (the
// upper half kept for the next), except for a wordSource.
type bitGen struct {
	mu     *sync.Mutex // held while a Generator draws, shared by all drawing from the source
	src    bitSource
	words  wordSource // src when it is one, else nil
	name   string     // the class: "PCG64", "Philox", "SFC64" or "MT19937"
	hasU32 bool
	u32    uint32
}

func newBitGen(name string, src bitSource) *bitGen {
	return &bitGen{mu: &sync.Mutex{}, src: src, name: name}
}

func (p *bitGen) uint64() uint64 { return p.src.next64() }

func (p *bitGen) uint32() uint32 {
	if p.words != nil {
		return p.words.next32()
	}
	if p.hasU32 {
		p.hasU32 = false
		return p.u32
	}
	n := p.src.next64()
	p.hasU32, p.u32 = true, uint32(n>>32)
	return uint32(n)
}

// double is next_double: the top 53 bits of a 64-bit draw in [0, 1).
func (p *bitGen) double() float64 {
	if p.words != nil {
		return p.words.nextDouble()
	}
	return float64(p.uint64()>>11) * (1.0 / 9007199254740992.0)
}

// Philox's constants (Random123's philox.h, 4x64 with 10 rounds).
const (
	philoxM0, philoxM1 = 0xD2E7470EE14C6C93, 0xCA5A826395121157
	philoxW0, philoxW1 = 0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B
	philoxRounds       = 10
)

// philox is NumPy's Philox (4x64-10): a counter encrypted under a
// 128-bit key, each block four words handed out in order.
type philox struct {
	ctr [4]uint64
	key [2]uint64
	buf [4]uint64
	pos int // the next word of buf; 4 when it is spent
}

func (p *philox) next64() uint64 {
	if p.pos < len(p.buf) {
		p.pos++
		return p.buf[p.pos-1]
	}
	for i := range p.ctr {
		if p.ctr[i]++; p.ctr[i] != 0 {
			break
		}
	}
	c, k := p.ctr, p.key
	for r := range philoxRounds {
		if r > 0 {
			k[0] += philoxW0
			k[1] += philoxW1
		}
		hi0, lo0 := bits.Mul64(philoxM0, c[0])
		hi1, lo1 := bits.Mul64(philoxM1, c[2])
		c = [4]uint64{hi1 ^ c[1] ^ k[0], lo1, hi0 ^ c[3] ^ k[1], lo0}
	}
	p.buf, p.pos = c, 1
	return c[0]
}

// philoxFromPool seeds as Philox(seed_seq): the key two 64-bit words of
// the sequence, the counter zero, the buffer spent.
func philoxFromPool(pool [ssPoolSize]uint32) *bitGen {
	w := generateState(pool, 2)
	return newBitGen("Philox", &philox{key: [2]uint64{w[0], w[1]}, pos: 4})
}

// sfc64 is NumPy's SFC64, Chris Doty-Humphrey's Small Fast Chaotic
// generator with a 64-bit counter.
type sfc64 struct{ a, b, c, counter uint64 }

func (s *sfc64) next64() uint64 {
	tmp := s.a + s.b + s.counter
	s.counter++
	s.a = s.b ^ s.b>>11
	s.b = s.c + s.c<<3
	s.c = bits.RotateLeft64(s.c, 24) + tmp
	return tmp
}

// sfc64FromPool seeds as SFC64(seed_seq): three 64-bit words of the
// sequence, the counter 1, and twelve draws thrown away.
func sfc64FromPool(pool [ssPoolSize]uint32) *bitGen {
	w := generateState(pool, 3)
	s := &sfc64{a: w[0], b: w[1], c: w[2], counter: 1}
	for range 12 {
		s.next64()
	}
	return newBitGen("SFC64", s)
}

// mtWords is an MT19937 bit generator's twister seen by a Generator.
type mtWords struct{ r *randomState }

func (m mtWords) next32() uint32      { return m.r.uint32() }
func (m mtWords) next64() uint64      { return m.r.uint64() }
func (m mtWords) nextDouble() float64 { return m.r.double() }

// bitGenOf is the bitGen of an MT19937 bit generator, drawing from (and
// locking) the same state as a RandomState made on it.
func (m *MT19937) bitGen() *bitGen {
	w := mtWords{m.r}
	return &bitGen{mu: &m.r.mu, src: w, words: w, name: "MT19937"}
}

// bitGenModules are the modules NumPy defines its bit generators in.
var bitGenModules = map[string]string{"PCG64": "numpy.random._pcg64.", "PCG64DXSM": "numpy.random._pcg64.", "Philox": "numpy.random._philox.", "SFC64": "numpy.random._sfc64."}

// BitGenerator is np.random.PCG64(seed), Philox(seed) or SFC64(seed): the
// bit generator a Generator draws from (one shares its state with every
// Generator made on it).
type BitGenerator struct{ p *bitGen }

// TypeName returns the class's qualified name, as
// "numpy.random._pcg64.PCG64".
func (b *BitGenerator) TypeName() string { return bitGenModules[b.p.name] + b.p.name }

// ClassName returns the same.
func (b *BitGenerator) ClassName() string { return b.TypeName() }

// PyRepr is NumPy's: <numpy.random._pcg64.PCG64 object at 0x...>.
func (b *BitGenerator) PyRepr() string {
	return fmt.Sprintf("<%s object at %#x>", b.TypeName(), lang.ID(b))
}

// PyRepr is NumPy's: <numpy.random._mt19937.MT19937 object at 0x...>.
func (m *MT19937) PyRepr() string {
	return fmt.Sprintf("<%s object at %#x>", m.TypeName(), lang.ID(m))
}

func init() {
	defineLater(func() {
		for _, c := range []struct {
			name, doc string
			seed      func([ssPoolSize]uint32) *bitGen
		}{
			{"PCG64", "NumPy's default bit generator, seeded through SeedSequence(seed); Generator(PCG64(seed)) is default_rng(seed).", pcg64FromPool},
			{"PCG64DXSM", "PCG64's state stepped by the cheap multiplier with the DXSM output, seeded as PCG64; Generator(PCG64DXSM(seed)) draws NumPy's numbers.", pcg64DXSMFromPool},
			{"Philox", "The Philox 4x64-10 counter-based bit generator, its key seeded through SeedSequence(seed) as NumPy seeds it; Generator(Philox(seed)) draws NumPy's numbers.", philoxFromPool},
			{"SFC64", "The SFC64 chaotic bit generator, seeded through SeedSequence(seed) as NumPy seeds it; Generator(SFC64(seed)) draws NumPy's numbers.", sfc64FromPool},
		} {
			params := "(seed=None)"
			if c.name == "Philox" {
				params = "(seed=None, counter=None, key=None)"
			}
			class := lang.NewBuiltin(lang.AsValue, c.name+params, c.doc, func(a *lang.Args) (lang.Value, error) {
				if c.name == "Philox" {
					return newPhilox(a)
				}
				ss, err := seedSequenceOf(a.Value("seed"))
				if err != nil {
					return nil, err
				}
				return &BitGenerator{p: c.seed(ss.pool())}, nil
			})
			lang.RegisterClass(class, bitGenModules[c.name]+c.name)
			randomFunctions[c.name] = class
		}
	})
}
