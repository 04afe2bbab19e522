package tensor

import (
	"math/rand/v2"
	"sync"
)

// DefaultSeed is the seed of the default generator at start-up, PyTorch's
// default_rng_seed_val, so a fresh process draws the same numbers each run.
const DefaultSeed uint64 = 67280421310721

// pcgStream is the second PCG seed word: the sequence is chosen by the user's
// seed alone.
const pcgStream uint64 = 0x9e3779b97f4a7c15

// Generator is a seeded source of random numbers, like torch.Generator. It
// draws from math/rand/v2's PCG, whose output is specified, so a seed gives
// the same values on every platform and Go release. A Generator is safe for
// concurrent use; a nil *Generator stands for the default generator.
type Generator struct {
	mu   sync.Mutex
	seed uint64
	rng  *rand.Rand
}

var defaultGenerator = NewGenerator(DefaultSeed)

// NewGenerator returns a generator seeded with seed.
func NewGenerator(seed uint64) *Generator {
	return &Generator{seed: seed, rng: newPCG(seed)}
}

// newPCG returns the source a seed selects.
func newPCG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, pcgStream)) }

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

// ManualSeed restarts g's sequence from seed.
func (g *Generator) ManualSeed(seed uint64) {
	g = g.resolve()
	g.mu.Lock()
	defer g.mu.Unlock()
	g.seed = seed
	g.rng = newPCG(seed)
}

// InitialSeed returns the seed g was last seeded with.
func (g *Generator) InitialSeed() uint64 {
	g = g.resolve()
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.seed
}

// draw runs f with exclusive use of g's source.
func (g *Generator) draw(f func(r *rand.Rand)) {
	g = g.resolve()
	g.mu.Lock()
	defer g.mu.Unlock()
	f(g.rng)
}

// Float64 returns a uniform value in [0, 1).
func (g *Generator) Float64() (v float64) {
	g.draw(func(r *rand.Rand) { v = r.Float64() })
	return v
}

// NormFloat64 returns a standard normal value (mean 0, standard deviation 1).
func (g *Generator) NormFloat64() (v float64) {
	g.draw(func(r *rand.Rand) { v = r.NormFloat64() })
	return v
}

// Int64n returns a uniform value in [0, n). It panics when n <= 0, as
// math/rand does.
func (g *Generator) Int64n(n int64) (v int64) {
	g.draw(func(r *rand.Rand) { v = r.Int64N(n) })
	return v
}

// uniformFill writes uniform values in [0, 1) drawn from r into the
// contiguous storage of t.
type uniformFill func(r *rand.Rand, t *Tensor)

var uniformKernels = FloatingDTypes(ByDType[uniformFill]{Float32: func(r *rand.Rand, t *Tensor) {
	d := t.storage.data.([]float32)
	for i := range d {
		d[i] = r.Float32()
	}
}, Float64: func(r *rand.Rand, t *Tensor) {
	d := t.storage.data.([]float64)
	for i := range d {
		d[i] = r.Float64()
	}
}})

// normalFill writes normal values with the given mean and standard
// deviation drawn from r into the contiguous storage of t.
type normalFill func(r *rand.Rand, t *Tensor, mean, std float64)

var normalKernels = FloatingDTypes(ByDType[normalFill]{Float32: fillNormal[float32], Float64: fillNormal[float64]})

func fillNormal[T Float](r *rand.Rand, t *Tensor, mean, std float64) {
	d := t.storage.data.([]T)
	for i := range d {
		d[i] = T(mean + std*r.NormFloat64())
	}
}

// random allocates a tensor of dtype d and shape and fills it from g's
// source.
func random(g *Generator, d DType, shape []int, fill func(r *rand.Rand, t *Tensor)) (*Tensor, error) {
	t, err := emptyOutput(d, shape...)
	if err != nil {
		return nil, err
	}
	g.draw(func(r *rand.Rand) { fill(r, t) })
	return t, nil
}

// Rand returns a tensor of values uniform in [0, 1), as torch.rand. d must
// be floating.
func Rand(g *Generator, d DType, shape ...int) (*Tensor, error) {
	fill, err := uniformKernels.Select("rand", d)
	if err != nil {
		return nil, err
	}
	return random(g, d, shape, fill)
}

// Randn returns a tensor of standard normal values, as torch.randn. d must
// be floating.
func Randn(g *Generator, d DType, shape ...int) (*Tensor, error) {
	return normal(g, "randn", 0, 1, d, shape)
}

// Normal returns a tensor of normal values with the given mean and standard
// deviation, as torch.normal(mean, std, size). d must be floating.
func Normal(g *Generator, mean, std float64, d DType, shape ...int) (*Tensor, error) {
	if std < 0 || std != std {
		return nil, valueErrorf("normal expects std >= 0.0, but found std %g", std)
	}
	return normal(g, "normal", mean, std, d, shape)
}

// normal fills a new tensor with normal values for op.
func normal(g *Generator, op string, mean, std float64, d DType, shape []int) (*Tensor, error) {
	fill, err := normalKernels.Select(op, d)
	if err != nil {
		return nil, err
	}
	return random(g, d, shape, func(r *rand.Rand, t *Tensor) { fill(r, t, mean, std) })
}

// Randint returns an int64 tensor of values uniform in [low, high), as
// torch.randint.
func Randint(g *Generator, low, high int64, shape ...int) (*Tensor, error) {
	if low >= high {
		return nil, valueErrorf("random_ expects 'from' to be less than 'to', but got from=%d >= to=%d", low, high)
	}
	t, err := emptyOutput(Int64, shape...)
	if err != nil {
		return nil, err
	}
	// high-low may overflow int64; as uint64 it is the exact span.
	span := uint64(high) - uint64(low)
	d := t.storage.data.([]int64)
	g.draw(func(r *rand.Rand) {
		for i := range d {
			d[i] = int64(uint64(low) + r.Uint64N(span))
		}
	})
	return t, nil
}
