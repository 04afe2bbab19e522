package random

import (
	"math"
	"math/big"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/kael-dev/kael/internal/pyrandom"
	"github.com/kael-dev/kael/lang"
)

// pyRandom is the random module's generator, one per process as in
// CPython, seeded from the clock at start-up.
var pyRandom = struct {
	sync.Mutex
	r *pyrandom.Random
}{r: pyrandom.New(big.NewInt(time.Now().UnixNano()))}

// generator is a random.Random object's generator, in its Native.
type generator struct {
	sync.Mutex
	r *pyrandom.Random
}

// withRandom runs f holding the generator a draws from: self's, for a
// method of random.Random, else the module's.
func withRandom[T any](a *lang.Args, f func(r *pyrandom.Random) T) T {
	if a.Builtin().HasParam("self") {
		if x, ok := a.Value("self").(*lang.Instance); ok {
			if g, ok := x.Native().(*generator); ok {
				g.Lock()
				defer g.Unlock()
				return f(g.r)
			}
		}
	}
	pyRandom.Lock()
	defer pyRandom.Unlock()
	return f(pyRandom.r)
}

// reseed runs f, which reseeds, shuffles or draws, holding a's generator.
func reseed(a *lang.Args, f func(r *pyrandom.Random)) {
	withRandom(a, func(r *pyrandom.Random) struct{} { f(r); return struct{}{} })
}

// randomModule is Python's random module in small, drawing what CPython's
// draws for the same seed (see internal/pyrandom): seed, random, randint,
// randrange, choice, choices, sample, shuffle, uniform and gauss. It is filled by init,
// since builtins refer back to the modules.
var randomModule = &lang.Module{Name: "random", Attrs: map[string]lang.Value{}}

// methods are the functions of the module, as methods of random.Random.
var methods []*lang.Builtin

func init() {
	m := randomModule
	add := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		m.Attrs[b.Name] = b
		name, params, _ := strings.Cut(sig, "(")
		self := "self, "
		if strings.HasPrefix(params, ")") {
			self = "self"
		}
		methods = append(methods, lang.NewBuiltin(lang.AsValue, name+"("+self+params, doc, fn))
	}
	add("seed(a=None)", "Seeds the random module: the same int, float or str seed gives CPython's numbers (a float seeds from hash(a)); None (or NaN, whose hash CPython takes from the object) seeds from the clock.", func(a *lang.Args) (lang.Value, error) {
		clock := func(r *pyrandom.Random) { r.Seed(big.NewInt(time.Now().UnixNano())) }
		switch v := a.Value("a").(type) {
		case lang.NoneType:
			reseed(a, clock)
		case string:
			reseed(a, func(r *pyrandom.Random) { r.SeedString(v) })
		case float64:
			reseed(a, func(r *pyrandom.Random) {
				if !r.SeedFloat(v) {
					clock(r)
				}
			})
		default:
			n, ok := lang.AsInt(v)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "The only supported seed types are: None, int, float, str, bytes, and bytearray.").
					WithHint("kael's random.seed takes an int, a float or a str, e.g. random.seed(0)")
			}
			reseed(a, func(r *pyrandom.Random) { r.Seed(big.NewInt(n)) })
		}
		return lang.None, nil
	})
	add("random()", "A float uniform in [0, 1).", func(a *lang.Args) (lang.Value, error) {
		return withRandom(a, func(r *pyrandom.Random) float64 { return r.Float64() }), nil
	})
	add("uniform(a, b)", "A float uniform between a and b: a + (b-a) * random().", func(a *lang.Args) (lang.Value, error) {
		lo, hi := a.Float("a"), a.Float("b")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return withRandom(a, func(r *pyrandom.Random) float64 { return r.Uniform(lo, hi) }), nil
	})
	add("gauss(mu=0.0, sigma=1.0)", "A normal float with mean mu and standard deviation sigma.", func(a *lang.Args) (lang.Value, error) {
		mu, sigma := a.Float("mu"), a.Float("sigma")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return withRandom(a, func(r *pyrandom.Random) float64 { return r.Gauss(mu, sigma) }), nil
	})
	add("randint(a, b)", "An int uniform in [a, b], both ends included.", func(a *lang.Args) (lang.Value, error) {
		lo, hi := a.Int64("a"), a.Int64("b")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if hi < lo {
			return nil, lang.Errorf(lang.ValueError, "empty range for randrange() (%d, %d, %d)", lo, hi+1, hi+1-lo)
		}
		return randomRange(a, big.NewInt(lo), new(big.Int).Add(big.NewInt(hi), big.NewInt(1)))
	})
	add("randrange(start, stop=None)", "An int uniform in [start, stop), or in [0, start) without stop.", func(a *lang.Args) (lang.Value, error) {
		start, stop := a.Int64("start"), a.OptInt("stop")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if stop == nil {
			if start <= 0 {
				return nil, lang.Errorf(lang.ValueError, "empty range for randrange()")
			}
			return randomRange(a, new(big.Int), big.NewInt(start))
		}
		if int64(*stop) <= start {
			return nil, lang.Errorf(lang.ValueError, "empty range for randrange() (%d, %d, %d)", start, *stop, int64(*stop)-start)
		}
		return randomRange(a, big.NewInt(start), big.NewInt(int64(*stop)))
	})
	add("choice(seq)", "One element of a non-empty list, tuple, range or str.", func(a *lang.Args) (lang.Value, error) {
		seq := a.Value("seq")
		n, ok := sequenceLen(seq)
		if !ok {
			return nil, a.WrongType("seq", "a list, tuple, range or str", seq)
		}
		if n == 0 {
			return nil, lang.Errorf(lang.IndexError, "Cannot choose from an empty sequence")
		}
		return sequenceAt(seq, withRandom(a, func(r *pyrandom.Random) int { return r.Index(n) })), nil
	})
	add("sample(population, k)", "k distinct elements of the population (a list, tuple, range or str), in the order drawn, as CPython draws them for the same seed; k larger than the population is a ValueError.", func(a *lang.Args) (lang.Value, error) {
		population, n, k, err := populationArgs(a)
		if err != nil {
			return nil, err
		}
		if k < 0 || k > n {
			return nil, lang.Errorf(lang.ValueError, "Sample larger than population or is negative")
		}
		return pick(population, withRandom(a, func(r *pyrandom.Random) []int { return r.Sample(n, k) })), nil
	})
	add("choices(population, weights=None, *, cum_weights=None, k=1)", "k elements of the population drawn with replacement, as CPython draws them for the same seed: uniformly, or in proportion to weights (or to the steps of cum_weights).", func(a *lang.Args) (lang.Value, error) {
		population, n, k, err := populationArgs(a)
		if err != nil {
			return nil, err
		}
		k = max(k, 0)
		if a.IsNone("weights") && a.IsNone("cum_weights") {
			if n == 0 && k > 0 {
				return nil, lang.Errorf(lang.IndexError, "%s index out of range", lang.TypeName(population))
			}
			return pick(population, withRandom(a, func(r *pyrandom.Random) []int { return r.Choices(n, k) })), nil
		}
		cum, err := cumulativeWeights(a, n)
		if err != nil {
			return nil, err
		}
		return pick(population, withRandom(a, func(r *pyrandom.Random) []int { return r.WeightedChoices(cum, k) })), nil
	})
	add("shuffle(x)", "Shuffles the list x in place; returns None.", func(a *lang.Args) (lang.Value, error) {
		if seq, ok := a.Value("x").(librarySequence); ok { // a deque: x[i], x[j] = x[j], x[i]
			n, err := seq.Length()
			if err != nil {
				return nil, err
			}
			set, canSet := seq.(lang.SubscriptSetter)
			if !canSet {
				return nil, lang.Errorf(lang.TypeError, "'%s' object does not support item assignment", lang.TypeName(seq))
			}
			elems := make([]lang.Value, n)
			for i := range elems {
				elems[i] = sequenceAt(seq, i)
			}
			reseed(a, func(r *pyrandom.Random) {
				r.Shuffle(len(elems), func(i, j int) { elems[i], elems[j] = elems[j], elems[i] })
			})
			for i, e := range elems {
				if err := set.SetSubscript([]lang.Subscript{{Value: int64(i)}}, e); err != nil {
					return nil, err
				}
			}
			return lang.None, nil
		}
		l, ok := a.Value("x").(*lang.List)
		if !ok {
			return nil, a.WrongType("x", "a list", a.Value("x"))
		}
		reseed(a, func(r *pyrandom.Random) {
			r.Shuffle(len(l.Elems), func(i, j int) { l.Elems[i], l.Elems[j] = l.Elems[j], l.Elems[i] })
		})
		return lang.None, nil
	})
	defRandomClass()
	defSystemRandomClass()
}

// populationArgs reads sample's and choices' population, a sequence
// sequenceLen accepts (anything else is CPython's TypeError), its length
// and k.
func populationArgs(a *lang.Args) (population lang.Value, n, k int, err error) {
	population, k = a.Value("population"), a.Int("k")
	if err := a.Err(); err != nil {
		return nil, 0, 0, err
	}
	n, ok := sequenceLen(population)
	if !ok {
		return nil, 0, 0, lang.Errorf(lang.TypeError, "Population must be a sequence.  For dicts or sets, use sorted(d).")
	}
	return population, n, k, nil
}

// pick is the list of the population's elements at the indices.
func pick(population lang.Value, indices []int) *lang.List {
	out := make([]lang.Value, len(indices))
	for i, j := range indices {
		out[i] = sequenceAt(population, j)
	}
	return &lang.List{Elems: out}
}

// cumulativeWeights reads choices' weights or cum_weights for a
// population of n: the running totals, the last positive and finite.
func cumulativeWeights(a *lang.Args, n int) ([]float64, error) {
	if !a.IsNone("weights") && !a.IsNone("cum_weights") {
		return nil, lang.Errorf(lang.TypeError, "Cannot specify both weights and cumulative weights")
	}
	name := "weights"
	if a.IsNone("weights") {
		name = "cum_weights"
	}
	elems, err := lang.Collect(a.Value(name))
	if err != nil {
		return nil, err
	}
	cum := make([]float64, len(elems))
	total := 0.0
	for i, e := range elems {
		w, ok := lang.AsFloat(e)
		if !ok {
			return nil, a.WrongType(name, "a sequence of numbers", e)
		}
		if name == "weights" {
			total += w
			w = total
		}
		cum[i] = w
	}
	switch {
	case len(cum) == 0:
		return nil, lang.Errorf(lang.IndexError, "list index out of range") // CPython reads the total as cum_weights[-1]
	case len(cum) != n:
		return nil, lang.Errorf(lang.ValueError, "The number of weights does not match the population")
	case cum[n-1] <= 0:
		return nil, lang.Errorf(lang.ValueError, "Total of weights must be greater than zero")
	case math.IsInf(cum[n-1], 0) || math.IsNaN(cum[n-1]):
		return nil, lang.Errorf(lang.ValueError, "Total of weights must be finite")
	}
	return cum, nil
}

// randomRange draws from [start, stop), stop > start, as an int.
func randomRange(a *lang.Args, start, stop *big.Int) (lang.Value, error) {
	var v *big.Int
	var err error
	reseed(a, func(r *pyrandom.Random) { v, err = r.RandRange(start, stop) })
	if err != nil {
		return nil, lang.Errorf(lang.ValueError, "empty range for randrange()")
	}
	return v.Int64(), nil
}

// sequenceLen is the length of the sequences choice takes.
func sequenceLen(v lang.Value) (int, bool) {
	switch x := v.(type) {
	case *lang.List:
		return len(x.Elems), true
	case lang.Tuple:
		return len(x), true
	case *lang.Range:
		return int(x.Len()), true
	case string:
		return utf8.RuneCountInString(x), true
	case librarySequence: // a deque
		n, err := x.Length()
		return int(n), err == nil
	}
	return 0, false
}

// librarySequence is a sequence of a library that orders as a list does,
// with len and d[i] (collections.deque): a Sequence for choice, sample,
// choices and shuffle, as CPython's are.
type librarySequence interface {
	lang.SequenceOrderer
	lang.Sized
	lang.SubscriptGetter
}

// sequenceAt is element i of a sequence sequenceLen accepts.
func sequenceAt(v lang.Value, i int) lang.Value {
	switch x := v.(type) {
	case *lang.List:
		return x.Elems[i]
	case lang.Tuple:
		return x[i]
	case *lang.Range:
		return x.Start + int64(i)*x.Step
	case librarySequence:
		e, err := x.GetSubscript([]lang.Subscript{{Value: int64(i)}})
		if err != nil {
			return lang.None // i is below its length
		}
		return e
	}
	return string([]rune(v.(string))[i])
}

func init() {
	lang.RegisterModule("random", "Python's random module in small, drawing CPython's numbers for the same seed.", func() *lang.Module { return randomModule })
}
