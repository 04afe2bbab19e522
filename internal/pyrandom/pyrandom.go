// Package pyrandom is CPython's random.Random: the same Mersenne Twister,
// seeded from an integer's 32-bit words by init_by_array, and the same
// algorithms for random, getrandbits, randrange (by rejection on
// getrandbits), choice, choices, sample, shuffle, uniform and gauss, so that a seed gives
// the values CPython's random module gives. It knows nothing of kael's
// language; lang wraps it as the random module.
package pyrandom

import (
	"crypto/rand"
	"crypto/sha512"
	"encoding/binary"
	"errors"
	"math"
	"math/big"
	"math/bits"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/internal/mt19937"
	"github.com/kael-dev/kael/internal/pyhash"
)

// Random is one generator, like an instance of random.Random. It is not
// safe for concurrent use.
type Random struct {
	mt        mt19937.MT
	gaussNext float64
	hasGauss  bool
	system    bool // draws from the operating system's source, not mt
}

// NewSystem returns a generator that draws from the operating system's
// random source (crypto/rand), as random.SystemRandom: the same methods,
// no state, and seeding leaves it as it is.
func NewSystem() *Random { return &Random{system: true} }

// System reports whether r draws from the operating system's source.
func (r *Random) System() bool { return r.system }

// word is the next 32 random bits.
func (r *Random) word() uint32 {
	if r.system {
		var b [4]byte
		_, _ = rand.Read(b[:])
		return binary.LittleEndian.Uint32(b[:])
	}
	return r.mt.Uint32()
}

// New returns a generator seeded with seed, as random.Random(seed).
func New(seed *big.Int) *Random {
	r := &Random{}
	r.Seed(seed)
	return r
}

// Seed reseeds from the integer seed, as random.seed(n): init_by_array
// with the 32-bit words of |n|, least significant first.
func (r *Random) Seed(seed *big.Int) {
	if r.system {
		return
	}
	words := absWords(seed)
	r.mt = mt19937.NewByArray(words)
	r.hasGauss = false
}

// SeedString reseeds from a string as random.seed(s) does (version 2): the
// integer whose big-endian bytes are s followed by its SHA-512.
func (r *Random) SeedString(s string) {
	sum := sha512.Sum512([]byte(s))
	r.Seed(new(big.Int).SetBytes(append([]byte(s), sum[:]...)))
}

// SeedFloat reseeds from a float as random.seed(x) does: from hash(x)
// taken as an unsigned 64-bit number (so hash -2 seeds with 2**64 - 2).
// ok is false for NaN, whose hash CPython takes from the object's
// identity; the generator is then left as it was.
func (r *Random) SeedFloat(x float64) (ok bool) {
	h, ok := pyhash.Float(x)
	if ok {
		r.Seed(new(big.Int).SetUint64(uint64(h)))
	}
	return ok
}

func absWords(n *big.Int) []uint32 {
	abs := new(big.Int).Abs(n)
	var words []uint32
	for _, w := range abs.Bits() {
		if bits.UintSize == 64 {
			words = append(words, uint32(w), uint32(uint64(w)>>32))
		} else {
			words = append(words, uint32(w))
		}
	}
	for len(words) > 0 && words[len(words)-1] == 0 {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		words = []uint32{0}
	}
	return words
}

// Float64 is random.random(): 53 bits from two words, in [0, 1).
func (r *Random) Float64() float64 {
	a := r.word() >> 5
	b := r.word() >> 6
	return (float64(a)*67108864.0 + float64(b)) * (1.0 / 9007199254740992.0)
}

// GetRandBits is random.getrandbits(k) for k >= 0: k random bits, the
// first word the least significant.
func (r *Random) GetRandBits(k int) *big.Int {
	if k <= 32 {
		if k == 0 {
			return new(big.Int)
		}
		return big.NewInt(int64(r.word() >> (32 - k)))
	}
	out := new(big.Int)
	for shift := 0; k > 0; shift += 32 {
		w := r.word()
		if k < 32 {
			w >>= 32 - k
		}
		out.Or(out, new(big.Int).Lsh(big.NewInt(int64(w)), uint(shift)))
		k -= 32
	}
	return out
}

// Below is random._randbelow(n) for n > 0: getrandbits(n.bit_length())
// until the value is below n.
func (r *Random) Below(n *big.Int) *big.Int {
	k := n.BitLen()
	for {
		v := r.GetRandBits(k)
		if v.Cmp(n) < 0 {
			return v
		}
	}
}

// ErrEmptyRange is what RandRange returns for stop <= start.
var ErrEmptyRange = errors.New("empty range")

// RandRange is random.randrange(start, stop): start + _randbelow(stop -
// start).
func (r *Random) RandRange(start, stop *big.Int) (*big.Int, error) {
	width := new(big.Int).Sub(stop, start)
	if width.Sign() <= 0 {
		return nil, ErrEmptyRange
	}
	return width.Add(start, r.Below(width)), nil
}

// RandInt is random.randint(a, b): randrange(a, b+1).
func (r *Random) RandInt(a, b *big.Int) (*big.Int, error) {
	return r.RandRange(a, new(big.Int).Add(b, big.NewInt(1)))
}

// Index is the index random.choice(seq) picks for a sequence of n > 0
// elements.
func (r *Random) Index(n int) int { return int(r.Below(big.NewInt(int64(n))).Int64()) }

// Shuffle permutes n elements in place as random.shuffle does, calling
// swap(i, j) for each exchange.
func (r *Random) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.Index(i+1))
	}
}

// Uniform is random.uniform(a, b): a + (b-a)·random().
func (r *Random) Uniform(a, b float64) float64 { return a + float64((b-a)*r.Float64()) }

// Gauss is random.gauss(mu, sigma): Box-Muller with the second value kept
// for the next call.
func (r *Random) Gauss(mu, sigma float64) float64 {
	z := r.gaussNext
	if !r.hasGauss {
		x2pi := r.Float64() * (2 * math.Pi)
		g2rad := math.Sqrt(-2.0 * libm.Log(1.0-r.Float64()))
		sin, cos := libm.Sincos(x2pi)
		z = cos * g2rad
		r.gaussNext = sin * g2rad
	}
	r.hasGauss = !r.hasGauss
	return mu + float64(z*sigma)
}

// Sample is the indices random.sample(population, k) picks from a
// population of n, in order, 0 <= k <= n: CPython's two algorithms (a
// partial shuffle of a pool for small populations, rejection of repeats
// against a set for large ones), chosen by CPython's rule.
func (r *Random) Sample(n, k int) []int {
	out := make([]int, k)
	setsize := 21 // size of a small set minus size of an empty list
	if k > 5 {
		setsize += 1 << (2 * int(math.Ceil(math.Log(float64(k*3))/math.Log(4)))) // 4 ** ceil(log(3k, 4))
	}
	if n <= setsize {
		pool := make([]int, n)
		for i := range pool {
			pool[i] = i
		}
		for i := range k {
			j := r.Index(n - i)
			out[i] = pool[j]
			pool[j] = pool[n-i-1] // move the non-selected item into the vacancy
		}
		return out
	}
	selected := make(map[int]bool, k)
	for i := range k {
		j := r.Index(n)
		for selected[j] {
			j = r.Index(n)
		}
		selected[j] = true
		out[i] = j
	}
	return out
}

// Choices is the indices random.choices(population, k=k) picks from a
// population of n > 0 without weights: floor(random() * n) each.
func (r *Random) Choices(n, k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = int(math.Floor(r.Float64() * float64(n)))
	}
	return out
}

// WeightedChoices is the indices random.choices picks with the cumulative
// weights cum (one per element, the last their positive total): bisect
// of random() * total in cum, as CPython.
func (r *Random) WeightedChoices(cum []float64, k int) []int {
	out := make([]int, k)
	total, hi := cum[len(cum)-1], len(cum)-1
	for i := range out {
		x := r.Float64() * total
		lo, top := 0, hi
		for lo < top { // bisect_right(cum, x, 0, hi)
			mid := (lo + top) / 2
			if x < cum[mid] {
				top = mid
			} else {
				lo = mid + 1
			}
		}
		out[i] = lo
	}
	return out
}
