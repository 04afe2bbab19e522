package tensor

import (
	"math"
	"sync"

	"github.com/kael-dev/kael/internal/libm"

	"github.com/kael-dev/kael/internal/mt19937"
)

// DefaultSeed is the seed of the default generator at start-up, PyTorch's
// default_rng_seed_val, so a fresh process draws the same numbers each run.
const DefaultSeed uint64 = 67280421310721

// Generator is a seeded source of random numbers, like torch.Generator on
// the CPU: the same 32-bit Mersenne Twister, drawn from by every
// distribution in the order and with the transforms PyTorch uses, so that a
// seed gives PyTorch's values (see docs/operations.md, "Random numbers").
// It also keeps PyTorch's cached second Box-Muller sample. A Generator is
// safe for concurrent use; a nil *Generator stands for the default
// generator.
type Generator struct {
	mu   sync.Mutex
	seed uint64
	mt   mt19937.MT
	// nextDouble is the cached second sample of the scalar normal
	// distribution, valid when hasNextDouble; nextFloat is PyTorch's float
	// cache, which only its state format carries.
	nextDouble    float64
	hasNextDouble bool
	nextFloat     float32
	hasNextFloat  bool
}

var defaultGenerator = NewGenerator(DefaultSeed)

// NewGenerator returns a generator seeded with seed.
func NewGenerator(seed uint64) *Generator {
	return &Generator{seed: seed, mt: mt19937.New(uint32(seed))}
}

// DefaultGenerator returns the process-wide generator that random functions
// use when given a nil generator.
func DefaultGenerator() *Generator { return defaultGenerator }

// ManualSeed reseeds the default generator, as torch.manual_seed.
func ManualSeed(seed uint64) { defaultGenerator.ManualSeed(seed) }

// resolve returns g, or the default generator when g is nil.
func (g *Generator) resolve() *Generator {
	if g == nil {
		return defaultGenerator
	}
	return g
}

// ManualSeed restarts g's sequence from seed. Only the low 32 bits of seed
// choose the sequence, as in PyTorch; InitialSeed returns all 64.
func (g *Generator) ManualSeed(seed uint64) {
	g = g.resolve()
	g.mu.Lock()
	defer g.mu.Unlock()
	g.seed, g.mt = seed, mt19937.New(uint32(seed))
	g.hasNextDouble, g.hasNextFloat = false, false
}

// InitialSeed returns the seed g was last seeded with.
func (g *Generator) InitialSeed() uint64 {
	g = g.resolve()
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.seed
}

// Clone returns an independent generator in g's current state.
func (g *Generator) Clone() *Generator {
	g = g.resolve()
	g.mu.Lock()
	defer g.mu.Unlock()
	return &Generator{seed: g.seed, mt: g.mt, nextDouble: g.nextDouble, hasNextDouble: g.hasNextDouble,
		nextFloat: g.nextFloat, hasNextFloat: g.hasNextFloat}
}

// lock resolves g and locks it for a run of draws; the caller unlocks.
func (g *Generator) lock() *Generator {
	g = g.resolve()
	g.mu.Lock()
	return g
}

func (g *Generator) unlock() { g.mu.Unlock() }

// Float64 returns a uniform value in [0, 1), as PyTorch draws one for a
// float64 tensor.
func (g *Generator) Float64() float64 {
	g = g.lock()
	defer g.unlock()
	return g.uniform64()
}

// NormFloat64 returns a standard normal value (mean 0, standard deviation 1)
// from PyTorch's scalar Box-Muller distribution, which caches every second
// value.
func (g *Generator) NormFloat64() float64 {
	g = g.lock()
	defer g.unlock()
	return g.normal64()
}

// Int64n returns a uniform value in [0, n), as randint(0, n) draws it. It
// panics when n <= 0, as math/rand does.
func (g *Generator) Int64n(n int64) int64 {
	if n <= 0 {
		panic("tensor: Int64n with n <= 0")
	}
	g = g.lock()
	defer g.unlock()
	return int64(g.below(uint64(n)))
}

// The primitive draws below run with g locked.

// random32 is CPUGeneratorImpl::random: one engine word.
func (g *Generator) random32() uint32 { return g.mt.Uint32() }

// random64 is CPUGeneratorImpl::random64: two words, the first one high.
func (g *Generator) random64() uint64 {
	hi := g.mt.Uint32()
	lo := g.mt.Uint32()
	return uint64(hi)<<32 | uint64(lo)
}

// uniform32 is a float in [0, 1) from the low 24 bits of one word.
func (g *Generator) uniform32() float32 {
	return float32(g.random32()&(1<<24-1)) * (1.0 / (1 << 24))
}

// uniform64 is a double in [0, 1) from the low 53 bits of two words.
func (g *Generator) uniform64() float64 {
	return float64(g.random64()&(1<<53-1)) * (1.0 / (1 << 53))
}

// below is a value in [0, n) as PyTorch's random_(from, to) draws it: the
// remainder of one word, or of two when n needs more than 32 bits.
func (g *Generator) below(n uint64) uint64 {
	if n >= 1<<32 {
		return g.random64() % n
	}
	return uint64(g.random32()) % n
}

// normal64 is at::normal_distribution<double>(0, 1): Box-Muller on two
// uniform doubles, returning the cosine sample and caching the sine one.
func (g *Generator) normal64() float64 {
	if g.hasNextDouble {
		g.hasNextDouble = false
		return g.nextDouble
	}
	u1 := g.uniform64()
	u2 := g.uniform64()
	r := math.Sqrt(-2 * libm.Log(1-u2))
	theta := 2 * math.Pi * u1
	sin, cos := libm.Sincos(theta)
	g.nextDouble, g.hasNextDouble = r*sin, true
	return r * cos
}

// Set puts g in src's current state.
func (g *Generator) Set(src *Generator) {
	c := src.Clone()
	g = g.lock()
	defer g.unlock()
	g.seed, g.mt, g.nextDouble, g.hasNextDouble, g.nextFloat, g.hasNextFloat = c.seed, c.mt, c.nextDouble, c.hasNextDouble, c.nextFloat, c.hasNextFloat
}
