package numpy

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/kael-dev/kael/internal/mt19937"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// SeedSequence is np.random.SeedSequence: entropy (and a spawn key) hashed
// into a pool of four 32-bit words from which generate_state derives seeds,
// as numpy/random/bit_generator.pyx does, so PCG64(ss), MT19937(ss) and
// default_rng(ss) give NumPy's streams; spawn makes independent children.
type SeedSequence struct {
	entropy  lang.Value // as given, or the int drawn for None
	words    []uint32   // entropy's 32-bit words
	spawnKey []int64
	children int64
}

var (
	_ lang.HasAttrs = (*SeedSequence)(nil)
	_ lang.Reprer   = (*SeedSequence)(nil)
)

// TypeName returns "numpy.random.bit_generator.SeedSequence".
func (*SeedSequence) TypeName() string { return "numpy.random.bit_generator.SeedSequence" }

// ClassName returns "numpy.random.bit_generator.SeedSequence".
func (*SeedSequence) ClassName() string { return "numpy.random.bit_generator.SeedSequence" }

// newSeedSequence reads SeedSequence(entropy): None draws 128 bits from the
// system, kept as the int NumPy shows.
func newSeedSequence(v lang.Value, spawnKey []int64) (*SeedSequence, error) {
	words, err := seedEntropy(v)
	if err != nil {
		return nil, err
	}
	if _, none := v.(lang.NoneType); none || v == nil {
		z := new(big.Int)
		for i := len(words) - 1; i >= 0; i-- {
			z.Lsh(z, 32).Or(z, big.NewInt(int64(words[i])))
		}
		v = lang.IntFromBig(z)
	}
	return &SeedSequence{entropy: v, words: words, spawnKey: spawnKey}, nil
}

// seedSequenceOf is a seed argument as a SeedSequence: one given, or one
// made from an int, a sequence of ints or None.
func seedSequenceOf(v lang.Value) (*SeedSequence, error) {
	if s, ok := v.(*SeedSequence); ok {
		return s, nil
	}
	return newSeedSequence(v, nil)
}

// pool is the sequence's pool: its entropy, filled out with zeros to the
// pool's size when there is a spawn key, then the key's words.
func (s *SeedSequence) pool() [ssPoolSize]uint32 {
	entropy := append([]uint32(nil), s.words...)
	if len(s.spawnKey) > 0 {
		for len(entropy) < ssPoolSize {
			entropy = append(entropy, 0)
		}
	}
	for _, k := range s.spawnKey {
		entropy = append(entropy, intWords(k)...)
	}
	return seedPool(entropy)
}

// intWords is a non-negative int's 32-bit words, least significant
// first (one word for 0).
func intWords(n int64) []uint32 {
	if n>>32 == 0 {
		return []uint32{uint32(n)}
	}
	return []uint32{uint32(n), uint32(n >> 32)}
}

// spawn makes n children: the same entropy, the key extended by each
// child's number.
func (s *SeedSequence) spawn(n int64) []*SeedSequence {
	out := make([]*SeedSequence, n)
	for i := range out {
		key := append(append([]int64(nil), s.spawnKey...), s.children+int64(i))
		out[i] = &SeedSequence{entropy: s.entropy, words: s.words, spawnKey: key}
	}
	s.children += n
	return out
}

func (s *SeedSequence) keyTuple() lang.Tuple {
	t := make(lang.Tuple, len(s.spawnKey))
	for i, k := range s.spawnKey {
		t[i] = k
	}
	return t
}

// PyRepr is NumPy's repr, listing entropy, a spawn key and the number of
// children spawned.
func (s *SeedSequence) PyRepr() string {
	var b strings.Builder
	fmt.Fprintf(&b, "SeedSequence(\n    entropy=%s,\n", lang.Repr(s.entropy))
	if len(s.spawnKey) > 0 {
		fmt.Fprintf(&b, "    spawn_key=%s,\n", lang.Repr(s.keyTuple()))
	}
	if s.children > 0 {
		fmt.Fprintf(&b, "    n_children_spawned=%d,\n", s.children)
	}
	b.WriteString(")")
	return b.String()
}

// Attr gives entropy, spawn_key, pool_size, n_children_spawned, pool,
// state, generate_state and spawn.
func (s *SeedSequence) Attr(name string) (lang.Value, bool) {
	switch name {
	case "entropy":
		return s.entropy, true
	case "spawn_key":
		return s.keyTuple(), true
	case "pool_size":
		return int64(ssPoolSize), true
	case "n_children_spawned":
		return s.children, true
	case "pool":
		p := s.pool()
		vals := make([]int64, len(p))
		for i, w := range p {
			vals[i] = int64(w)
		}
		t, _ := tensor.FromSlice(vals, len(vals))
		return wrapArray(t), true
	case "state":
		d := lang.NewDict()
		_ = d.Set("entropy", s.entropy)
		_ = d.Set("spawn_key", s.keyTuple())
		_ = d.Set("pool_size", int64(ssPoolSize))
		_ = d.Set("n_children_spawned", s.children)
		return d, true
	}
	if m, ok := seedSeqMethods[name]; ok {
		return &lang.BoundMethod{Recv: s, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (s *SeedSequence) AttrNames() []string {
	return append([]string{"entropy", "n_children_spawned", "pool", "pool_size", "spawn_key", "state"}, sortedKeys(seedSeqMethods)...)
}

var seedSeqMethods = map[string]*lang.Builtin{}

func init() {
	defineLater(func() {
		seedSeqMethods["generate_state"] = lang.NewBuiltin(lang.AsValue, "generate_state(self, n_words, dtype='uint32')", "n_words 32-bit words of seed drawn from the pool, as NumPy derives them; kael has no uint32 dtype, so they come as int64 (the same values); 'uint64' is refused.", func(a *lang.Args) (lang.Value, error) {
			s := a.Value("self").(*SeedSequence)
			n := a.Int("n_words")
			if err := a.Err(); err != nil {
				return nil, err
			}
			name, _ := a.Value("dtype").(string)
			if d, ok := a.Value("dtype").(*DType); ok {
				name = numpyName(d.dt)
			}
			switch name {
			case "uint32", "u4":
			case "uint64", "u8":
				return nil, unsupportedDType("uint64")
			default:
				return nil, lang.Errorf(lang.ValueError, "only support uint32 or uint64")
			}
			if n < 0 {
				return nil, lang.Errorf(lang.ValueError, "negative dimensions are not allowed")
			}
			words := generateWords(s.pool(), int(n))
			vals := make([]int64, len(words))
			for i, w := range words {
				vals[i] = int64(w)
			}
			t, err := tensor.FromSlice(vals, len(vals))
			if err != nil {
				return nil, err
			}
			return wrapArray(t), nil
		})
		seedSeqMethods["spawn"] = lang.NewBuiltin(lang.AsValue, "spawn(self, n_children)", "n_children new SeedSequences, each with this one's entropy and its own spawn key.", func(a *lang.Args) (lang.Value, error) {
			s := a.Value("self").(*SeedSequence)
			n := a.Int("n_children")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if n < 0 {
				return nil, lang.Errorf(lang.ValueError, "n_children must be non-negative")
			}
			kids := s.spawn(int64(n))
			out := make([]lang.Value, len(kids))
			for i, k := range kids {
				out[i] = k
			}
			return &lang.List{Elems: out}, nil
		})
		ssClass := lang.NewBuiltin(lang.AsValue, "SeedSequence(entropy=None, *, spawn_key=(), pool_size=4)", "NumPy's seed hashing: entropy (an int, a sequence of ints, or None for the system's) and a spawn key mixed into a pool from which generate_state derives the seeds of bit generators.", func(a *lang.Args) (lang.Value, error) {
			if ps := a.Int("pool_size"); ps != ssPoolSize {
				if err := a.Err(); err != nil {
					return nil, err
				}
				return nil, lang.Errorf(notImplementedError, "kael's SeedSequence has pool_size 4, not %d", ps)
			}
			elems, err := lang.Collect(a.Value("spawn_key"))
			if err != nil {
				return nil, err
			}
			key := make([]int64, len(elems))
			for i, e := range elems {
				n, ok := lang.AsInt(e)
				if !ok || n < 0 {
					return nil, lang.Errorf(lang.ValueError, "expected non-negative integer")
				}
				key[i] = n
			}
			return newSeedSequence(a.Value("entropy"), key)
		})
		lang.RegisterClass(ssClass, "numpy.random.bit_generator.SeedSequence")
		randomFunctions["SeedSequence"] = ssClass

		mtClass := lang.NewBuiltin(lang.AsValue, "MT19937(seed=None)", "The Mersenne Twister as a bit generator, seeded through SeedSequence(seed) as NumPy seeds it (np.random.seed's legacy seeding is RandomState's); RandomState(MT19937(seed)) draws from it.", func(a *lang.Args) (lang.Value, error) {
			ss, err := seedSequenceOf(a.Value("seed"))
			if err != nil {
				return nil, err
			}
			return &MT19937{r: &randomState{mt: mtFromSeedSequence(ss)}}, nil
		})
		lang.RegisterClass(mtClass, "numpy.random._mt19937.MT19937")
		randomFunctions["MT19937"] = mtClass
	})
}

// generateWords is SeedSequence.generate_state(n, np.uint32).
func generateWords(pool [ssPoolSize]uint32, n int) []uint32 {
	words := make([]uint32, n)
	hashConst := uint32(ssInitB)
	for i := range words {
		v := pool[i%ssPoolSize]
		v ^= hashConst
		hashConst *= ssMultB
		v *= hashConst
		words[i] = v ^ v>>ssXShift
	}
	return words
}

// MT19937 is np.random.MT19937(seed), the bit generator RandomState
// draws from: RandomState(MT19937(seed)) shares its state.
type MT19937 struct{ r *randomState }

// TypeName returns "numpy.random._mt19937.MT19937".
func (*MT19937) TypeName() string { return "numpy.random._mt19937.MT19937" }

// ClassName returns "numpy.random._mt19937.MT19937".
func (*MT19937) ClassName() string { return "numpy.random._mt19937.MT19937" }

// mtFromSeedSequence seeds as MT19937.__init__: 624 words of the
// sequence's state with the first replaced by 0x80000000, and the
// position left at 623 as NumPy leaves it (its first draw is the last
// word, then the twister turns).
func mtFromSeedSequence(ss *SeedSequence) mt19937.MT {
	var t mt19937.MT
	copy(t.State[:], generateWords(ss.pool(), mt19937.N))
	t.State[0] = 0x80000000
	t.Next, t.Left = mt19937.N-1, 2
	return t
}
