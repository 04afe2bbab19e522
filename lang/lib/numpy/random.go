package numpy

import (
	"math"
	"sync"
	"time"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/internal/mt19937"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// NumPy's legacy random numbers (np.random.seed, rand, randn, ...,
// RandomState): the Mersenne Twister seeded as NumPy seeds it, and each
// distribution drawn as numpy/random/src/legacy and distributions.c draw
// it, so that a seed gives NumPy's numbers bit for bit.

// randomState is one legacy generator.
type randomState struct {
	mu       sync.Mutex
	mt       mt19937.MT
	hasGauss bool
	gauss    float64
}

func newRandomState() *randomState {
	r := &randomState{}
	r.seed(uint32(time.Now().UnixNano()))
	return r
}

func (r *randomState) seed(s uint32) {
	r.mt = mt19937.New(s)
	r.hasGauss, r.gauss = false, 0
}

func (r *randomState) seedArray(key []uint32) {
	r.mt = mt19937.NewByArray(key)
	r.hasGauss, r.gauss = false, 0
}

func (r *randomState) uint32() uint32 { return r.mt.Uint32() }

func (r *randomState) uint64() uint64 {
	hi := uint64(r.mt.Uint32())
	return hi<<32 | uint64(r.mt.Uint32())
}

// double is mt19937_next_double: 53 random bits in [0, 1).
func (r *randomState) double() float64 {
	a, b := r.mt.Uint32()>>5, r.mt.Uint32()>>6
	return (float64(a)*67108864.0 + float64(b)) / 9007199254740992.0
}

// gaussian is legacy_gauss: the polar method, keeping the second value.
func (r *randomState) gaussian() float64 {
	if r.hasGauss {
		r.hasGauss = false
		g := r.gauss
		r.gauss = 0
		return g
	}
	var x1, x2, r2 float64
	for {
		x1 = 2*r.double() - 1
		x2 = 2*r.double() - 1
		r2 = x1*x1 + x2*x2
		if r2 < 1 && r2 != 0 {
			break
		}
	}
	f := math.Sqrt(-2 * libm.Log(r2) / r2) // correctly rounded, as C's log NumPy calls
	r.gauss, r.hasGauss = f*x1, true
	return f * x2
}

// genMask is the smallest 2**k - 1 at least rng.
func genMask(rng uint64) uint64 {
	m := rng
	m |= m >> 1
	m |= m >> 2
	m |= m >> 4
	m |= m >> 8
	m |= m >> 16
	m |= m >> 32
	return m
}

// bounded is random_bounded_uint64 with the masked method: a value in
// [0, rng].
func (r *randomState) bounded(rng uint64) uint64 {
	switch {
	case rng == 0:
		return 0
	case rng == 0xFFFFFFFF:
		return uint64(r.uint32())
	case rng < 0xFFFFFFFF:
		mask := uint32(genMask(rng))
		for {
			if v := r.uint32() & mask; uint64(v) <= rng {
				return uint64(v)
			}
		}
	case rng == math.MaxUint64:
		return r.uint64()
	}
	mask := genMask(rng)
	for {
		if v := r.uint64() & mask; v <= rng {
			return v
		}
	}
}

// interval is random_interval: a value in [0, max], for shuffling.
func (r *randomState) interval(max uint64) uint64 {
	if max == 0 {
		return 0
	}
	mask := genMask(max)
	if max <= 0xFFFFFFFF {
		for {
			if v := uint64(r.uint32()) & mask; v <= max {
				return v
			}
		}
	}
	for {
		if v := r.uint64() & mask; v <= max {
			return v
		}
	}
}

// fill makes an array of size drawn one by one, or a scalar for no size
// (a Python float, as NumPy's float draws give).
func fill(size lang.Value, dt tensor.DType, draw func() float64) (lang.Value, error) {
	v, err := drawArray(size, dt, draw)
	if s, ok := v.(*Scalar); ok && dt == tensor.Float64 {
		return draw2float(s.t), err
	}
	return v, err
}

// drawArray makes an array of size, in dtype dt, of draw's values one by
// one, or a NumPy scalar for no size.
func drawArray[T tensor.Element](size lang.Value, dt tensor.DType, draw func() T) (lang.Value, error) {
	shape, n, sized, err := drawShape(size)
	if err != nil {
		return nil, err
	}
	vals := make([]T, n)
	for i := range vals {
		vals[i] = draw()
	}
	t, err := fromValues(vals, shape)
	if err != nil {
		return nil, err
	}
	if t, err = castTensor(t, dt); err != nil {
		return nil, err
	}
	if !sized {
		return wrap(t), nil
	}
	return wrapArray(t), nil
}

// drawShape reads size=: the shape and the number of draws, or sized
// false for None (one scalar draw).
func drawShape(size lang.Value) (shape []int, n int, sized bool, err error) {
	if _, none := size.(lang.NoneType); none || size == nil {
		return nil, 1, false, nil
	}
	if f, ok := size.(float64); ok {
		return nil, 0, false, lang.Errorf(lang.TypeError, "expected a sequence of integers or a single integer, got '%s'", lang.Repr(f))
	}
	if shape, err = shapeArg(size); err != nil {
		return nil, 0, false, err
	}
	n = 1
	for _, d := range shape {
		if d < 0 {
			return nil, 0, false, lang.Errorf(lang.ValueError, "negative dimensions are not allowed")
		}
		n *= d
	}
	if n > lang.MaxCollect {
		return nil, 0, false, lang.Errorf(lang.MemoryError, "kael's np.random draws at most %d numbers at once", lang.MaxCollect)
	}
	return shape, n, true, nil
}

// draw2float is a float64 draw as NumPy returns it without size: a
// Python float.
func draw2float(t *tensor.Tensor) lang.Value {
	v, _ := t.Item()
	return v
}

// The global generator np.random.* uses.
var globalRandom = newRandomState()

// RandomState is np.random.RandomState(seed): a generator of its own.
type RandomState struct{ r *randomState }

// TypeName returns "numpy.random.mtrand.RandomState".
func (*RandomState) TypeName() string { return "numpy.random.mtrand.RandomState" }

// PyRepr returns RandomState(MT19937).
func (*RandomState) PyRepr() string { return "RandomState(MT19937)" }

// Attr gives the generator's methods.
func (s *RandomState) Attr(name string) (lang.Value, bool) {
	m, ok := randomMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: s, Method: m}, true
}

// AttrNames lists them.
func (s *RandomState) AttrNames() []string { return sortedKeys(randomMethods) }

// randomFunc is one of the generator's functions, both a RandomState
// method and a function of np.random over the global generator.
type randomFunc struct {
	name, params, doc string
	fn                func(r *randomState, a *lang.Args) (lang.Value, error)
}

var (
	randomMethods   = map[string]*lang.Builtin{}
	randomFunctions = map[string]lang.Value{}
)

func seedFrom(r *randomState, v lang.Value) error {
	if _, none := v.(lang.NoneType); none || v == nil {
		r.seed(uint32(time.Now().UnixNano()))
		return nil
	}
	if i, ok := lang.AsInt(v); ok {
		if i < 0 || i > math.MaxUint32 {
			return lang.Errorf(lang.ValueError, "Seed must be between 0 and 2**32 - 1")
		}
		r.seed(uint32(i))
		return nil
	}
	elems, err := lang.Collect(v)
	if err != nil {
		return lang.Errorf(lang.TypeError, "Cannot cast scalar from dtype('float64') to dtype('int64') according to the rule 'safe'")
	}
	key := make([]uint32, len(elems))
	for i, e := range elems {
		n, ok := lang.AsInt(e)
		if !ok || n < 0 || n > math.MaxUint32 {
			return lang.Errorf(lang.ValueError, "Seed must be between 0 and 2**32 - 1")
		}
		key[i] = uint32(n)
	}
	if len(key) == 0 {
		return lang.Errorf(lang.ValueError, "Seed must be non-empty")
	}
	r.seedArray(key)
	return nil
}

// dims reads *args sizes: rand(2, 3).
func dims(v lang.Value) (lang.Value, error) {
	args, _ := v.(lang.Tuple)
	if len(args) == 0 {
		return lang.None, nil
	}
	return args, nil
}

func init() {
	defineLater(func() {
		defs := []randomFunc{
			{"seed", "seed=None", "Seeds the generator: an int in [0, 2**32) or a sequence of them, or None for the clock.",
				func(r *randomState, a *lang.Args) (lang.Value, error) { return lang.None, seedFrom(r, a.Value("seed")) }},
			{"random_sample", "size=None", "Floats uniform in [0, 1).",
				func(r *randomState, a *lang.Args) (lang.Value, error) {
					return fill(a.Value("size"), tensor.Float64, r.double)
				}},
			{"rand", "*d", "Floats uniform in [0, 1), of shape d0, d1, ...",
				func(r *randomState, a *lang.Args) (lang.Value, error) {
					size, err := dims(a.Value("d"))
					if err != nil {
						return nil, err
					}
					return fill(size, tensor.Float64, r.double)
				}},
			{"randn", "*d", "Floats from the standard normal distribution, of shape d0, d1, ...",
				func(r *randomState, a *lang.Args) (lang.Value, error) {
					size, err := dims(a.Value("d"))
					if err != nil {
						return nil, err
					}
					return fill(size, tensor.Float64, r.gaussian)
				}},
			{"standard_normal", "size=None", "Floats from the standard normal distribution.",
				func(r *randomState, a *lang.Args) (lang.Value, error) {
					return fill(a.Value("size"), tensor.Float64, r.gaussian)
				}},
			{"normal", "loc=0.0, scale=1.0, size=None", "Floats from the normal distribution of mean loc and standard deviation scale.",
				func(r *randomState, a *lang.Args) (lang.Value, error) {
					return normalDraws(a, func() float64 { return r.gaussian() })
				}},
			{"uniform", "low=0.0, high=1.0, size=None", "Floats uniform in [low, high).",
				func(r *randomState, a *lang.Args) (lang.Value, error) {
					return uniformDraws(a, r.double, true)
				}},
			{"randint", "low, high=None, size=None, dtype=int", "Integers uniform in [low, high) (in [0, low) without high).",
				func(r *randomState, a *lang.Args) (lang.Value, error) {
					lo, hi := a.Int64("low"), int64(0)
					if a.IsNone("high") {
						lo, hi = 0, lo
					} else {
						hi = a.Int64("high")
					}
					if err := a.Err(); err != nil {
						return nil, err
					}
					dt, err := toDType(a.Value("dtype"))
					if err != nil {
						return nil, err
					}
					if lo >= hi {
						return nil, lang.Errorf(lang.ValueError, "low >= high")
					}
					rng := uint64(hi-1) - uint64(lo)
					return drawArray(a.Value("size"), dt, func() int64 { return lo + int64(r.bounded(rng)) })
				}},
			{"choice", "a, size=None, replace=True, p=None", "A random sample of a's elements (of range(a) for an int a), with or without replacement, uniform or with probabilities p.",
				func(r *randomState, a *lang.Args) (lang.Value, error) { return choice(r, a) }},
			{"permutation", "x", "A shuffled copy of the array x (along its first axis), or of range(x) for an int x.",
				func(r *randomState, a *lang.Args) (lang.Value, error) {
					var t *tensor.Tensor
					var err error
					if n, ok := lang.AsInt(a.Value("x")); ok {
						if t, err = tensor.Arange(0, float64(n), 1, tensor.Int64); err != nil {
							return nil, err
						}
					} else {
						if t, err = arrayFrom(a.Value("x"), 0, false); err != nil {
							return nil, err
						}
						if t, err = t.Clone(); err != nil {
							return nil, err
						}
					}
					return wrapArray(t), shuffle(r, t)
				}},
			{"shuffle", "x", "Shuffles the array or list x in place along its first axis.",
				func(r *randomState, a *lang.Args) (lang.Value, error) {
					switch x := a.Value("x").(type) {
					case *Array:
						return lang.None, x.update(func(t *tensor.Tensor) error { return shuffle(r, t) })
					case *lang.List:
						for i := len(x.Elems) - 1; i >= 1; i-- {
							j := int(r.interval(uint64(i)))
							x.Elems[i], x.Elems[j] = x.Elems[j], x.Elems[i]
						}
						return lang.None, nil
					}
					return nil, lang.Errorf(lang.TypeError, "shuffle takes an array or a list, not %s", lang.TypeName(a.Value("x")))
				}},
		}
		defs = append(defs, randomFunc{"random", "size=None", "Floats uniform in [0, 1).", defs[1].fn})
		defs = append(defs, legacyDistributions...)
		defs = append(defs, legacyMoreDistributions...)
		defs = append(defs, legacyStateFuncs...)
		for _, d := range defs {
			d := d
			sig := d.name + "(self"
			if d.params != "" {
				sig += ", " + d.params
			}
			randomMethods[d.name] = lang.NewBuiltin(lang.AsValue, sig+")", d.doc, func(a *lang.Args) (lang.Value, error) {
				s := a.Value("self").(*RandomState).r
				s.mu.Lock()
				defer s.mu.Unlock()
				return d.fn(s, a)
			})
			randomFunctions[d.name] = lang.NewBuiltin(lang.AsValue, d.name+"("+d.params+")", d.doc, func(a *lang.Args) (lang.Value, error) {
				globalRandom.mu.Lock()
				defer globalRandom.mu.Unlock()
				return d.fn(globalRandom, a)
			})
		}
		randomFunctions["RandomState"] = lang.NewBuiltin(lang.AsValue, "RandomState(seed=None)", "A legacy generator of its own, seeded as np.random.seed seeds.", func(a *lang.Args) (lang.Value, error) {
			if bg, ok := a.Value("seed").(*MT19937); ok {
				return &RandomState{r: bg.r}, nil
			}
			s := &RandomState{r: &randomState{}}
			return s, seedFrom(s.r, a.Value("seed"))
		})
	})
}

// shuffle is the legacy shuffle along the first axis.
func shuffle(r *randomState, t *tensor.Tensor) error {
	if t.Dim() == 0 {
		return lang.Errorf(lang.TypeError, "len() of unsized object")
	}
	n := t.Shape()[0]
	for i := n - 1; i >= 1; i-- {
		j := int(r.interval(uint64(i)))
		if i == j {
			continue
		}
		ri, err := t.Select(0, i)
		if err != nil {
			return err
		}
		rj, err := t.Select(0, j)
		if err != nil {
			return err
		}
		tmp, err := ri.Clone()
		if err != nil {
			return err
		}
		if err := ri.CopyFrom(rj); err != nil {
			return err
		}
		if err := rj.CopyFrom(tmp); err != nil {
			return err
		}
	}
	t.MarkModified()
	return nil
}

// choice is RandomState.choice, step for step.
func choice(r *randomState, a *lang.Args) (lang.Value, error) {
	var pop *tensor.Tensor
	popSize := 0
	if n, ok := lang.AsInt(a.Value("a")); ok {
		popSize = int(n)
		if popSize <= 0 {
			return nil, lang.Errorf(lang.ValueError, "a must be greater than 0 unless no samples are taken")
		}
	} else {
		t, err := arrayFrom(a.Value("a"), 0, false)
		if err != nil {
			return nil, err
		}
		if t.Dim() != 1 {
			return nil, lang.Errorf(lang.ValueError, "a must be 1-dimensional")
		}
		pop, popSize = t, t.Shape()[0]
		if popSize == 0 {
			return nil, lang.Errorf(lang.ValueError, "'a' cannot be empty unless no samples are taken")
		}
	}
	var p []float64
	if !a.IsNone("p") {
		var err error
		if p, err = choiceProbabilities(a.Value("p"), popSize, "'"); err != nil {
			return nil, err
		}
	}
	shape, size, sized, err := drawShape(a.Value("size"))
	if err != nil {
		return nil, err
	}
	idx := make([]int64, size)
	replace := a.Bool("replace")
	switch {
	case replace && p != nil:
		cdf := cumulative(p)
		for i := range idx {
			u := r.double()
			idx[i] = int64(searchRight(cdf, u))
		}
	case replace:
		rng := uint64(popSize - 1)
		for i := range idx {
			idx[i] = int64(r.bounded(rng))
		}
	case p != nil:
		return nil, lang.Errorf(notImplementedError, "kael's np.random.choice has no replace=False with p= yet")
	default:
		if size > popSize {
			return nil, lang.Errorf(lang.ValueError, "Cannot take a larger sample than population when 'replace=False'")
		}
		perm, err := tensor.Arange(0, float64(popSize), 1, tensor.Int64)
		if err != nil {
			return nil, err
		}
		if err := shuffle(r, perm); err != nil {
			return nil, err
		}
		vals, err := tensor.Values[int64](perm)
		if err != nil {
			return nil, err
		}
		copy(idx, vals[:size])
	}
	return chosen(idx, sized, shape, pop)
}

// choiceProbabilities reads choice's p=: popSize probabilities, checked
// as NumPy checks them; quote is "'" around a and p in RandomState's
// messages, "" in Generator's.
func choiceProbabilities(v lang.Value, popSize int, quote string) ([]float64, error) {
	pt, err := arrayFrom(v, tensor.Float64, true)
	if err != nil {
		return nil, err
	}
	if pt.Dim() != 1 {
		return nil, lang.Errorf(lang.ValueError, "%sp%s must be 1-dimensional", quote, quote)
	}
	p, err := floatValues(pt)
	if err != nil {
		return nil, err
	}
	if len(p) != popSize {
		return nil, lang.Errorf(lang.ValueError, "%sa%s and %sp%s must have same size", quote, quote, quote, quote)
	}
	sum, comp := 0.0, 0.0 // kahan_sum
	for _, x := range p {
		y := x - comp
		t := sum + y
		comp = (t - sum) - y
		sum = t
	}
	if math.IsNaN(sum) {
		return nil, lang.Errorf(lang.ValueError, "probabilities contain NaN")
	}
	for _, x := range p {
		if x < 0 {
			return nil, lang.Errorf(lang.ValueError, "probabilities are not non-negative")
		}
	}
	if math.Abs(sum-1) > math.Sqrt(2.220446049250313e-16) {
		return nil, lang.Errorf(lang.ValueError, "probabilities do not sum to 1")
	}
	return p, nil
}

// cumulative is p.cumsum() / its last element, choice's cdf.
func cumulative(p []float64) []float64 {
	cdf := make([]float64, len(p))
	acc := 0.0
	for i, x := range p {
		acc += x
		cdf[i] = acc
	}
	last := cdf[len(cdf)-1]
	for i := range cdf {
		cdf[i] /= last
	}
	return cdf
}

// searchRight is searchsorted(side='right').
func searchRight(cdf []float64, u float64) int {
	lo, hi := 0, len(cdf)
	for lo < hi {
		mid := (lo + hi) / 2
		if cdf[mid] <= u {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}
