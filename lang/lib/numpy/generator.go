package numpy

import (
	"crypto/rand"
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// np.random.default_rng: NumPy's Generator over its default bit
// generator PCG64, seeded through SeedSequence as NumPy seeds it, so that
// a seed gives NumPy's stream: random, integers, uniform, choice,
// permutation and shuffle draw NumPy's numbers bit for bit, and so do
// the distributions (distributions.go).

// SeedSequence's constants (numpy/random/bit_generator.pyx).
const (
	ssInitA    = 0x43b0d7e5
	ssMultA    = 0x931e8875
	ssInitB    = 0x8b51f9dd
	ssMultB    = 0x58f38ded
	ssMixMultL = 0xca01f9dd
	ssMixMultR = 0x4973f715
	ssXShift   = 16
	ssPoolSize = 4
)

// seedPool is SeedSequence(entropy).pool: entropy's 32-bit words hashed
// and mixed into a pool of four.
func seedPool(entropy []uint32) [ssPoolSize]uint32 {
	var pool [ssPoolSize]uint32
	hashConst := uint32(ssInitA)
	hashmix := func(v uint32) uint32 {
		v ^= hashConst
		hashConst *= ssMultA
		v *= hashConst
		return v ^ v>>ssXShift
	}
	mix := func(x, y uint32) uint32 {
		r := ssMixMultL*x - ssMixMultR*y
		return r ^ r>>ssXShift
	}
	for i := range pool {
		if i < len(entropy) {
			pool[i] = hashmix(entropy[i])
		} else {
			pool[i] = hashmix(0)
		}
	}
	for src := range pool {
		for dst := range pool {
			if src != dst {
				pool[dst] = mix(pool[dst], hashmix(pool[src]))
			}
		}
	}
	for src := ssPoolSize; src < len(entropy); src++ {
		for dst := range pool {
			pool[dst] = mix(pool[dst], hashmix(entropy[src]))
		}
	}
	return pool
}

// generateState is SeedSequence.generate_state(n, np.uint64): pairs of
// 32-bit words, little-endian.
func generateState(pool [ssPoolSize]uint32, n int) []uint64 {
	words := generateWords(pool, 2*n)
	out := make([]uint64, n)
	for i := range out {
		out[i] = uint64(words[2*i]) | uint64(words[2*i+1])<<32
	}
	return out
}

// pcg64 is NumPy's PCG64: a 128-bit LCG with the XSL-RR output.
type pcg64 struct {
	hi, lo       uint64 // the state
	incHi, incLo uint64 // the increment (odd)
}

// PCG's default 128-bit multiplier.
const pcgMultHi, pcgMultLo = 0x2360ED051FC65DA4, 0x4385DF649FCCF645

func (p *pcg64) step() {
	h, l := bits.Mul64(p.lo, pcgMultLo)
	h += p.hi*pcgMultLo + p.lo*pcgMultHi
	var c uint64
	p.lo, c = bits.Add64(l, p.incLo, 0)
	p.hi, _ = bits.Add64(h, p.incHi, c)
}

// pcg64FromPool seeds as PCG64(seed_seq): the state and the increment
// from four 64-bit words of the sequence's pool.
func pcg64FromPool(pool [ssPoolSize]uint32) *bitGen {
	w := generateState(pool, 4)
	p := &pcg64{}
	// pcg_setseq_128_srandom_r: inc = seq<<1 | 1, step, add the state, step.
	p.incHi = w[2]<<1 | w[3]>>63
	p.incLo = w[3]<<1 | 1
	p.step()
	var c uint64
	p.lo, c = bits.Add64(p.lo, w[1], 0)
	p.hi, _ = bits.Add64(p.hi, w[0], c)
	p.step()
	return newBitGen("PCG64", p)
}

func (p *pcg64) next64() uint64 {
	p.step()
	return bits.RotateLeft64(p.hi^p.lo, -int(p.hi>>58))
}

// float is next_float: the top 24 bits of a 32-bit draw in [0, 1).
func (p *bitGen) float() float32 { return float32(p.uint32()>>8) * (1.0 / 16777216.0) }

// bounded is random_bounded_uint64 by Lemire's method: a value in [0, rng].
func (p *bitGen) bounded(rng uint64) uint64 {
	switch {
	case rng == 0:
		return 0
	case rng == math.MaxUint32:
		return uint64(p.uint32())
	case rng < math.MaxUint32:
		excl := uint32(rng) + 1
		m := uint64(p.uint32()) * uint64(excl)
		if left := uint32(m); left < excl {
			threshold := (math.MaxUint32 - uint32(rng)) % excl
			for left < threshold {
				m = uint64(p.uint32()) * uint64(excl)
				left = uint32(m)
			}
		}
		return m >> 32
	case rng == math.MaxUint64:
		return p.uint64()
	}
	excl := rng + 1
	hi, lo := bits.Mul64(p.uint64(), excl)
	if lo < excl {
		threshold := (math.MaxUint64 - rng) % excl
		for lo < threshold {
			hi, lo = bits.Mul64(p.uint64(), excl)
		}
	}
	return hi
}

// interval is random_interval: a value in [0, max] by masking, as
// Generator.shuffle draws.
func (p *bitGen) interval(max uint64) uint64 {
	if max == 0 {
		return 0
	}
	mask := genMask(max)
	if max <= math.MaxUint32 {
		for {
			if v := uint64(p.uint32()) & mask; v <= max {
				return v
			}
		}
	}
	for {
		if v := p.uint64() & mask; v <= max {
			return v
		}
	}
}

// Generator is np.random.Generator over a bit generator (PCG64 for
// default_rng, or Philox, SFC64 or MT19937).
type Generator struct {
	p  *bitGen
	bg lang.Value // the bit generator object, made on first use for default_rng's
}

// ClassName returns "numpy.random._generator.Generator".
func (*Generator) ClassName() string { return "numpy.random._generator.Generator" }

// TypeName returns "numpy.random._generator.Generator".
func (*Generator) TypeName() string { return "numpy.random._generator.Generator" }

// PyRepr returns Generator(PCG64) (the bit generator's class), NumPy's
// repr without its address.
func (g *Generator) PyRepr() string { return "Generator(" + g.p.name + ")" }

// Attr gives the generator's methods and its bit_generator.
func (g *Generator) Attr(name string) (lang.Value, bool) {
	if name == "bit_generator" {
		if g.bg == nil {
			g.bg = &BitGenerator{p: g.p}
		}
		return g.bg, true
	}
	m, ok := generatorMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: g, Method: m}, true
}

// AttrNames lists them.
func (g *Generator) AttrNames() []string {
	return append(sortedKeys(generatorMethods), "bit_generator")
}

// seedEntropy reads default_rng's seed as SeedSequence reads its entropy:
// a non-negative int as its 32-bit words (least significant first), a
// sequence of them one after another, or None for the system's random
// source.
func seedEntropy(v lang.Value) ([]uint32, error) {
	words := func(n int64) ([]uint32, error) {
		if n < 0 {
			return nil, lang.Errorf(lang.ValueError, "expected non-negative integer")
		}
		if n>>32 == 0 {
			return []uint32{uint32(n)}, nil
		}
		return []uint32{uint32(n), uint32(n >> 32)}, nil
	}
	if _, none := v.(lang.NoneType); none || v == nil {
		var b [16]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, lang.Errorf(lang.OSError, "no random source: %v", err)
		}
		out := make([]uint32, 4)
		for i := range out {
			out[i] = binary.LittleEndian.Uint32(b[4*i:])
		}
		return out, nil
	}
	if _, isFloat := v.(float64); isFloat {
		return nil, lang.Errorf(lang.TypeError, "SeedSequence expects int or sequence of ints for entropy not %s", lang.Repr(v))
	}
	if n, ok := lang.AsInt(v); ok {
		return words(n)
	}
	if z, ok := lang.BigOf(v); ok {
		return bigWords(z)
	}
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "SeedSequence expects int or sequence of ints for entropy not %s", lang.Repr(v))
	}
	var out []uint32
	for _, e := range elems {
		if z, ok := lang.BigOf(e); ok && !z.IsInt64() {
			w, err := bigWords(z)
			if err != nil {
				return nil, err
			}
			out = append(out, w...)
			continue
		}
		n, ok := lang.AsInt(e)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "SeedSequence expects int or sequence of ints for entropy not %s", lang.Repr(v))
		}
		w, err := words(n)
		if err != nil {
			return nil, err
		}
		out = append(out, w...)
	}
	return out, nil
}

// floatDType reads a dtype= of random or standard_normal: float64 or
// float32.
func floatDType(v lang.Value, fn string) (tensor.DType, error) {
	dt, err := toDType(v)
	if err != nil {
		return 0, err
	}
	if dt != tensor.Float64 && dt != tensor.Float32 {
		return 0, lang.Errorf(lang.TypeError, "Unsupported dtype %s for %s", dtypeOf(dt).PyRepr(), fn)
	}
	return dt, nil
}

// fillFloat32 is a float32 draw of size, or for no size one draw as a
// Python float, as NumPy's float_fill returns it.
func fillFloat32(size lang.Value, draw func() float32) (lang.Value, error) {
	if _, none := size.(lang.NoneType); none || size == nil {
		return float64(draw()), nil
	}
	return drawArray(size, tensor.Float32, draw)
}

// genShuffle is Generator's shuffle of t's first axis: for i from the
// last down to 1, swap with random_interval(i).
func genShuffle(p *bitGen, t *tensor.Tensor) error {
	if t.Dim() == 0 {
		return lang.Errorf(lang.TypeError, "len() of unsized object")
	}
	n := t.Shape()[0]
	idx := make([]int64, n)
	for i := range idx {
		idx[i] = int64(i)
	}
	for i := n - 1; i >= 1; i-- {
		j := p.interval(uint64(i))
		idx[i], idx[j] = idx[j], idx[i]
	}
	return permuteRows(t, idx)
}

// permuteRows writes t[idx] into t along the first axis.
func permuteRows(t *tensor.Tensor, idx []int64) error {
	it, err := tensor.FromSlice(idx, len(idx))
	if err != nil {
		return err
	}
	perm, err := t.Index(tensor.IndexTensor(it))
	if err != nil {
		return err
	}
	if err := t.CopyFrom(perm); err != nil {
		return err
	}
	t.MarkModified()
	return nil
}

// genChoice is Generator.choice along the first axis.
func genChoice(p *bitGen, a *lang.Args) (lang.Value, error) {
	var pop *tensor.Tensor
	popSize := int64(0)
	if n, ok := lang.AsInt(a.Value("a")); ok {
		popSize = n
	} else {
		t, err := arrayFrom(a.Value("a"), 0, false)
		if err != nil {
			return nil, err
		}
		if t.Dim() == 0 {
			return nil, lang.Errorf(lang.ValueError, "a cannot be empty unless no samples are taken")
		}
		pop, popSize = t, int64(t.Shape()[0])
	}
	shuffle, axis := a.Bool("shuffle"), a.Int("axis")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if axis != 0 && pop != nil {
		return nil, lang.Errorf(notImplementedError, "kael's Generator.choice of an array has only axis=0")
	}
	shape, size, sized, err := drawShape(a.Value("size"))
	if err != nil {
		return nil, err
	}
	if popSize <= 0 && size != 0 {
		if pop == nil {
			return nil, lang.Errorf(lang.ValueError, "a must be a positive integer unless no samples are taken")
		}
		return nil, lang.Errorf(lang.ValueError, "a cannot be empty unless no samples are taken")
	}
	var probs []float64
	if !a.IsNone("p") {
		if probs, err = choiceProbabilities(a.Value("p"), int(popSize), ""); err != nil {
			return nil, err
		}
	}
	idx := make([]int64, size)
	replace := a.Bool("replace")
	// NumPy's heuristic for the tail shuffle over Floyd's algorithm
	cutoff := int64(50)
	if !shuffle {
		cutoff = 20
	}
	switch {
	case replace && probs != nil:
		cdf := cumulative(probs)
		for i := range idx {
			idx[i] = int64(searchRight(cdf, p.double()))
		}
	case replace:
		rng := uint64(popSize - 1)
		for i := range idx {
			idx[i] = int64(p.bounded(rng))
		}
	case int64(size) > popSize:
		return nil, lang.Errorf(lang.ValueError, "Cannot take a larger sample than population when replace is False")
	case probs != nil:
		if err := choiceWeighted(p, probs, idx); err != nil {
			return nil, err
		}
	case popSize > 10000 && int64(size) > popSize/cutoff:
		// a tail shuffle of range(popSize), keeping the last size
		all := make([]int64, popSize)
		for i := range all {
			all[i] = int64(i)
		}
		first := popSize - int64(size)
		if first < 1 {
			first = 1
		}
		for i := popSize - 1; i >= first; i-- {
			j := p.bounded(uint64(i))
			all[i], all[j] = all[j], all[i]
		}
		copy(idx, all[popSize-int64(size):])
	default:
		floyd(p, popSize, idx, shuffle)
	}
	return chosen(idx, sized, shape, pop)
}

// chosen is choice's result: the drawn positions idx (shaped as shape,
// or the first alone when no size was given) or, for a population pop,
// its elements at them.
func chosen(idx []int64, sized bool, shape []int, pop *tensor.Tensor) (lang.Value, error) {
	var it *tensor.Tensor
	var err error
	if sized {
		it, err = tensor.FromSlice(idx, shape...)
	} else {
		it, err = tensor.Scalar(idx[0])
	}
	if err != nil {
		return nil, err
	}
	if pop == nil {
		return wrap(it), nil
	}
	r, err := pop.Index(tensor.IndexTensor(it))
	if err != nil {
		return nil, err
	}
	return wrap(r), nil
}

// choiceWeighted fills idx with distinct positions drawn with
// probabilities probs, as Generator.choice(replace=False, p=) draws them:
// rounds of uniforms against the cdf of what is not yet drawn, each
// round keeping its new positions in the order they first appear.
func choiceWeighted(p *bitGen, probs []float64, idx []int64) error {
	nonZero := 0
	for _, q := range probs {
		if q > 0 {
			nonZero++
		}
	}
	if nonZero < len(idx) {
		return lang.Errorf(lang.ValueError, "Fewer non-zero entries in p than size")
	}
	probs = append([]float64(nil), probs...)
	n := 0
	for n < len(idx) {
		xs := make([]float64, len(idx)-n)
		for i := range xs {
			xs[i] = p.double()
		}
		for _, j := range idx[:n] {
			probs[j] = 0
		}
		cdf := cumulative(probs)
		seen := map[int64]bool{}
		for _, x := range xs {
			if j := int64(searchRight(cdf, x)); !seen[j] {
				seen[j] = true
				idx[n] = j
				n++
			}
		}
	}
	return nil
}

// floyd fills idx with distinct values of range(popSize) by Floyd's
// algorithm with NumPy's open-addressing set, then shuffles them unless
// shuffle is false, as Generator.choice(replace=False) does.
func floyd(p *bitGen, popSize int64, idx []int64, shuffle bool) {
	size := int64(len(idx))
	mask := genMask(uint64(1.2 * float64(size)))
	const empty = math.MaxUint64
	set := make([]uint64, mask+1)
	for i := range set {
		set[i] = empty
	}
	for j := popSize - size; j < popSize; j++ {
		val := p.bounded(uint64(j))
		loc := val & mask
		for set[loc] != empty && set[loc] != val {
			loc = (loc + 1) & mask
		}
		if set[loc] == empty {
			set[loc] = val
			idx[j-popSize+size] = int64(val)
			continue
		}
		loc = uint64(j) & mask
		for set[loc] != empty {
			loc = (loc + 1) & mask
		}
		set[loc] = uint64(j)
		idx[j-popSize+size] = j
	}
	if !shuffle {
		return
	}
	for i := size - 1; i >= 1; i-- {
		j := p.bounded(uint64(i))
		idx[i], idx[j] = idx[j], idx[i]
	}
}

// genFunc is one of Generator's methods.
type genFunc struct {
	sig, doc string
	fn       func(p *bitGen, a *lang.Args) (lang.Value, error)
}

var generatorMethods = map[string]*lang.Builtin{}

func init() {
	defineLater(func() {
		defs := []genFunc{
			{"random(self, size=None, dtype=float)", "Floats uniform in [0, 1), float64 (53 random bits) or float32 (24).",
				func(p *bitGen, a *lang.Args) (lang.Value, error) {
					dt, err := floatDType(a.Value("dtype"), "random")
					if err != nil {
						return nil, err
					}
					if dt == tensor.Float32 {
						return fillFloat32(a.Value("size"), p.float)
					}
					return fill(a.Value("size"), tensor.Float64, p.double)
				}},
			{"integers(self, low, high=None, size=None, dtype=int, endpoint=False)", "Integers uniform in [low, high) ([low, high] with endpoint=True; from 0 without high).", genIntegers},
			{"uniform(self, low=0.0, high=1.0, size=None)", "Floats uniform in [low, high).",
				func(p *bitGen, a *lang.Args) (lang.Value, error) {
					return uniformDraws(a, p.double, false)
				}},
			{"normal(self, loc=0.0, scale=1.0, size=None)", "Floats from the normal distribution of mean loc and standard deviation scale (NumPy's ziggurat).",
				func(p *bitGen, a *lang.Args) (lang.Value, error) {
					return normalDraws(a, func() float64 { return p.standardNormal() })
				}},
			{"standard_normal(self, size=None, dtype=float)", "Floats from the standard normal distribution (float64).",
				func(p *bitGen, a *lang.Args) (lang.Value, error) {
					dt, err := floatDType(a.Value("dtype"), "standard_normal")
					if err != nil {
						return nil, err
					}
					if dt == tensor.Float32 {
						return fillFloat32(a.Value("size"), p.normalFloat)
					}
					return fill(a.Value("size"), tensor.Float64, p.standardNormal)
				}},
			{"choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True)", "A random sample of a's elements (of range(a) for an int a), with or without replacement, uniform or with probabilities p.", genChoice},
			{"permutation(self, x)", "A shuffled copy of the array x (along its first axis), or of range(x) for an int x.",
				func(p *bitGen, a *lang.Args) (lang.Value, error) {
					var t *tensor.Tensor
					var err error
					_, isArray := a.Value("x").(*Array)
					if n, ok := lang.AsInt(a.Value("x")); ok && !isArray {
						t, err = tensor.Arange(0, float64(max(n, 0)), 1, tensor.Int64)
					} else if t, err = arrayFrom(a.Value("x"), 0, false); err == nil {
						if t.Dim() == 0 {
							return nil, lang.Errorf(AxisError, "axis 0 is out of bounds for array of dimension 0")
						}
						t, err = t.Clone()
					}
					if err != nil {
						return nil, err
					}
					return wrapArray(t), genShuffle(p, t)
				}},
			{"shuffle(self, x)", "Shuffles the array or list x in place along its first axis.",
				func(p *bitGen, a *lang.Args) (lang.Value, error) {
					switch x := a.Value("x").(type) {
					case *Array:
						return lang.None, x.update(func(t *tensor.Tensor) error { return genShuffle(p, t) })
					case *lang.List:
						for i := len(x.Elems) - 1; i >= 1; i-- {
							j := p.interval(uint64(i))
							x.Elems[i], x.Elems[j] = x.Elems[j], x.Elems[i]
						}
						return lang.None, nil
					case lang.Tuple:
						// NumPy draws the first swap before the tuple refuses it
						if len(x) > 1 {
							p.interval(uint64(len(x) - 1))
						}
					}
					return nil, lang.Errorf(lang.TypeError, "'%s' object does not support item assignment", lang.TypeName(a.Value("x")))
				}},
		}
		for _, d := range append(append(append(defs, distributionMethods...), moreDistributionMethods...), append(chiDistributionMethods, miscDistributionMethods...)...) {
			d := d
			name := d.sig[:strings.IndexByte(d.sig, '(')]
			generatorMethods[name] = lang.NewBuiltin(lang.AsValue, d.sig, d.doc, func(a *lang.Args) (lang.Value, error) {
				g := a.Value("self").(*Generator)
				g.p.mu.Lock()
				defer g.p.mu.Unlock()
				return d.fn(g.p, a)
			})
		}
		randomFunctions["default_rng"] = lang.NewBuiltin(lang.AsValue, "default_rng(seed=None)", "A Generator over PCG64 seeded through SeedSequence(seed), as NumPy's: an int or a sequence of ints gives NumPy's stream; None seeds from the system.", func(a *lang.Args) (lang.Value, error) {
			switch x := a.Value("seed").(type) {
			case *Generator:
				return x, nil
			case *BitGenerator:
				return &Generator{p: x.p, bg: x}, nil
			case *MT19937:
				return &Generator{p: x.bitGen(), bg: x}, nil
			}
			ss, err := seedSequenceOf(a.Value("seed"))
			if err != nil {
				return nil, err
			}
			return &Generator{p: pcg64FromPool(ss.pool())}, nil
		})
		genClass := lang.NewBuiltin(lang.AsValue, "Generator(bit_generator)", "A Generator drawing from bit_generator (a PCG64, PCG64DXSM, Philox, SFC64 or MT19937), sharing its state.", func(a *lang.Args) (lang.Value, error) {
			switch bg := a.Value("bit_generator").(type) {
			case *BitGenerator:
				return &Generator{p: bg.p, bg: bg}, nil
			case *MT19937:
				return &Generator{p: bg.bitGen(), bg: bg}, nil
			}
			for _, class := range []string{"PCG64", "PCG64DXSM", "Philox", "SFC64", "MT19937"} {
				if a.Value("bit_generator") == randomFunctions[class] {
					return nil, lang.Errorf(lang.ValueError, "Invalid bit generator. The bit generator must be instantiated.")
				}
			}
			return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'capsule'", lang.TypeName(a.Value("bit_generator")))
		})
		lang.RegisterClass(genClass, "numpy.random._generator.Generator")
		randomFunctions["Generator"] = genClass
	})
}

// bigWords is a non-negative int of any size as its 32-bit words, least
// significant first, as SeedSequence splits its entropy.
func bigWords(z *big.Int) ([]uint32, error) {
	if z.Sign() < 0 {
		return nil, lang.Errorf(lang.ValueError, "expected non-negative integer")
	}
	var out []uint32
	for z = new(big.Int).Set(z); len(out) == 0 || z.Sign() > 0; z.Rsh(z, 32) {
		out = append(out, uint32(new(big.Int).And(z, big.NewInt(0xFFFFFFFF)).Uint64()))
	}
	return out, nil
}
