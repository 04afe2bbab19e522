package math

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/kael-dev/kael/lang"
)

// The functions of math on ints (gcd, lcm, factorial, comb, perm, isqrt)
// and the logarithms of ints beyond the floats, computed on ints of any
// size as CPython does.

// addIntFuncs adds the functions of ints to the module through add.
func addIntFuncs(add func(sig, doc string, fn func(a *lang.Args) (lang.Value, error))) {
	for _, f := range []struct {
		name, none string
		small      func(ns lang.Tuple) (int64, bool)
		pair       func(x, y *big.Int) *big.Int
	}{{"gcd", "0", gcdInt64s, gcdPair}, {"lcm", "1", lcmInt64s, lcmPair}} {
		identity := big.NewInt(1)
		if f.name == "gcd" {
			identity = new(big.Int)
		}
		add(f.name+"(*integers)", "math."+f.name+" of any number of ints (of none: "+f.none+"), never negative.", func(a *lang.Args) (lang.Value, error) {
			args := lang.Tuple(a.VarArgs("integers")) // read, not kept
			if r, ok := f.small(args); ok {
				return r, nil
			}
			ns, err := mathInts(args)
			if err != nil {
				return nil, err
			}
			acc := new(big.Int).Set(identity)
			for _, n := range ns {
				acc = f.pair(acc, n)
			}
			return lang.IntFromBig(acc), nil
		})
	}
	add("factorial(n)", "n! of an int n >= 0.", func(a *lang.Args) (lang.Value, error) {
		n, err := mathNatural(a.Value("n"), "factorial() not defined for negative values")
		if err != nil {
			return nil, err
		}
		return mathPerm(n, n)
	})
	add("comb(n, k)", "The number of ways to choose k of n items without order, n! / (k! (n-k)!), 0 when k > n.", func(a *lang.Args) (lang.Value, error) {
		ns, err := mathInts(lang.Tuple{a.Value("n"), a.Value("k")})
		if err != nil {
			return nil, err
		}
		return mathComb(ns[0], ns[1])
	})
	add("perm(n, k=None)", "The number of ways to choose k of n items in order, n! / (n-k)! (k defaults to n), 0 when k > n.", func(a *lang.Args) (lang.Value, error) {
		k := a.Value("k")
		if a.IsNone("k") {
			k = a.Value("n")
		}
		ns, err := mathInts(lang.Tuple{a.Value("n"), k})
		if err != nil {
			return nil, err
		}
		if a.IsNone("k") && ns[0].Sign() < 0 {
			return nil, lang.Errorf(lang.ValueError, "factorial() not defined for negative values")
		}
		if err := mathNonNegative(ns[0], ns[1]); err != nil {
			return nil, err
		}
		if ns[1].Cmp(ns[0]) > 0 {
			return int64(0), nil
		}
		return mathPerm(ns[0], ns[1])
	})
	add("isqrt(n)", "The integer square root of an int n >= 0: the largest int whose square is at most n.", func(a *lang.Args) (lang.Value, error) {
		n, err := mathNatural(a.Value("n"), "isqrt() argument must be nonnegative")
		if err != nil {
			return nil, err
		}
		return lang.IntFromBig(new(big.Int).Sqrt(n)), nil
	})
}

// mathInts reads int arguments, with CPython's error for anything else.
func mathInts(vs []lang.Value) ([]*big.Int, error) {
	out := make([]*big.Int, len(vs))
	for i, v := range vs {
		n, ok := lang.BigOf(v)
		if !ok {
			if m, isTensorInt := lang.AsInt(v); isTensorInt {
				n, ok = big.NewInt(m), true
			}
		}
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(v))
		}
		out[i] = n
	}
	return out, nil
}

// mathNatural reads an int argument that must not be negative; msg is
// CPython's error for a negative one.
func mathNatural(v lang.Value, msg string) (*big.Int, error) {
	ns, err := mathInts([]lang.Value{v})
	if err != nil {
		return nil, err
	}
	if ns[0].Sign() < 0 {
		return nil, lang.Errorf(lang.ValueError, "%s", msg)
	}
	return ns[0], nil
}

// gcdInt64s is math.gcd of ints that all fit in 64 bits, without big
// ints (Fraction's arithmetic calls it on every operation); ok is false
// for anything else, which the general path answers.
func gcdInt64s(ns lang.Tuple) (int64, bool) {
	var g uint64
	for _, v := range ns {
		n, ok := v.(int64)
		if !ok {
			return 0, false
		}
		g = gcdUint64(g, absUint64(n))
	}
	if g > math.MaxInt64 { // gcd(-2**63, 0) is 2**63
		return 0, false
	}
	return int64(g), true
}

// lcmInt64s is math.lcm of ints that all fit in 64 bits while the result
// does; ok is false otherwise.
func lcmInt64s(ns lang.Tuple) (int64, bool) {
	l := uint64(1)
	for _, v := range ns {
		n, ok := v.(int64)
		if !ok {
			return 0, false
		}
		m := absUint64(n)
		if l == 0 || m == 0 {
			l = 0
			continue
		}
		hi, lo := bits.Mul64(l/gcdUint64(l, m), m)
		if hi != 0 {
			return 0, false
		}
		l = lo
	}
	if l > math.MaxInt64 {
		return 0, false
	}
	return int64(l), true
}

// absUint64 is |n|, exact for math.MinInt64 too.
func absUint64(n int64) uint64 {
	if n < 0 {
		return -uint64(n)
	}
	return uint64(n)
}

// gcdUint64 is Stein's binary gcd; gcd(0, b) is b.
func gcdUint64(a, b uint64) uint64 {
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	shift := bits.TrailingZeros64(a | b)
	a >>= bits.TrailingZeros64(a)
	for b != 0 {
		b >>= bits.TrailingZeros64(b)
		if a > b {
			a, b = b, a
		}
		b -= a
	}
	return a << shift
}

// gcdPair is the greatest common divisor of two ints, not negative.
func gcdPair(a, b *big.Int) *big.Int { return new(big.Int).GCD(nil, nil, a, b) }

// lcmPair is the least common multiple of two ints, not negative.
func lcmPair(a, b *big.Int) *big.Int {
	if a.Sign() == 0 || b.Sign() == 0 {
		return new(big.Int)
	}
	r := new(big.Int).Quo(a, gcdPair(a, b))
	return r.Abs(r.Mul(r, b))
}

// mathNonNegative checks comb's and perm's arguments.
func mathNonNegative(n, k *big.Int) error {
	if n.Sign() < 0 {
		return lang.Errorf(lang.ValueError, "n must be a non-negative integer")
	}
	if k.Sign() < 0 {
		return lang.Errorf(lang.ValueError, "k must be a non-negative integer")
	}
	return nil
}

// mathPerm is n * (n-1) * ... * (n-k+1), for 0 <= k <= n.
func mathPerm(n, k *big.Int) (lang.Value, error) {
	if err := checkProductSize(n, k); err != nil {
		return nil, err
	}
	if n.IsInt64() {
		return lang.IntFromBig(new(big.Int).MulRange(n.Int64()-k.Int64()+1, n.Int64())), nil
	}
	r := big.NewInt(1)
	for i := int64(0); i < k.Int64(); i++ {
		r.Mul(r, new(big.Int).Sub(n, big.NewInt(i)))
	}
	return lang.IntFromBig(r), nil
}

// checkProductSize refuses a product of k factors of at most n whose
// result is beyond kael's limit on ints.
func checkProductSize(n, k *big.Int) error {
	if !k.IsInt64() {
		return lang.CheckIntSize(math.Inf(1))
	}
	return lang.CheckIntSize(float64(k.Int64()) * float64(n.BitLen()))
}

// mathComb is the binomial coefficient.
func mathComb(n, k *big.Int) (lang.Value, error) {
	if err := mathNonNegative(n, k); err != nil {
		return nil, err
	}
	if k.Cmp(n) > 0 {
		return int64(0), nil
	}
	if rest := new(big.Int).Sub(n, k); rest.Cmp(k) < 0 {
		k = rest
	}
	if err := checkProductSize(n, k); err != nil {
		return nil, err
	}
	if n.IsInt64() {
		return lang.IntFromBig(new(big.Int).Binomial(n.Int64(), k.Int64())), nil
	}
	// Each partial product r = C(n-k+i, i) divides exactly.
	r := big.NewInt(1)
	base := new(big.Int).Sub(n, k)
	for i := int64(1); i <= k.Int64(); i++ {
		r.Mul(r, new(big.Int).Add(base, big.NewInt(i)))
		r.Quo(r, big.NewInt(i))
	}
	return lang.IntFromBig(r), nil
}

// bigLog is log (log2, log10: fn) of a number. An int too large for a
// float is m * 2**e with m in [0.5, 1): fn(m) + fn(2) * e, as CPython's
// loghelper computes it.
func bigLog(v lang.Value, fn func(float64) float64) (lang.Value, error) {
	x, err := mathReal(v)
	z, isInt := lang.BigOf(v)
	if err == nil || !isInt || z.Sign() <= 0 {
		if err != nil {
			return nil, err
		}
		return mathResult(x, fn(x), false)
	}
	mant := new(big.Float)
	e := new(big.Float).SetInt(z).MantExp(mant)
	m, _ := mant.Float64()
	return fn(m) + fn(2)*float64(e), nil
}
