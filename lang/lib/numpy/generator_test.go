package numpy_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestDefaultRNGMatchesNumPy draws from np.random.default_rng for several
// seeds, method by method, and compares the streams with NumPy's bit for
// bit (repr shows all 17 digits of a float).
func TestDefaultRNGMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "1", "42", "12345", "2**32 + 5", "[1, 2, 3]", "[7] * 9", "np.int64(3)"} {
		r := "rng = np.random.default_rng(" + seed + ")\n"
		srcs = append(srcs,
			r+"rng.random(3), rng.random(), rng.random(2, dtype=np.float32).tolist()",
			r+"rng.integers(10, size=4), rng.integers(-5, 2**40, size=3), rng.integers(3, 7, endpoint=True), rng.integers(2**33, size=(2, 2)), rng.integers(0, 2**63 - 1, size=2)",
			r+"rng.uniform(-2, 3, size=3), rng.uniform()",
			r+"rng.choice(10, 3), rng.choice(10, 4, replace=False), rng.choice([1.5, 2.5, 3.5], size=4, p=[0.2, 0.3, 0.5]), rng.choice(5), rng.choice([1.5, 2])",
			r+"rng.choice(20000, 500, replace=False)[:5], rng.choice(20000, 1000, replace=False)[-3:], rng.choice(np.arange(12).reshape(6, 2), 2, replace=False)",
			r+"rng.permutation(8), rng.permutation(np.arange(6).reshape(3, 2))",
			r+"l = list(range(7))\nrng.shuffle(l)\na = np.arange(5.0)\nrng.shuffle(a)\nl, a, rng.random()",
			r+"rng.normal(size=5), rng.standard_normal(3), rng.normal(3, 2), rng.normal(size=(2, 2)), rng.random()",
			r+"x = rng.standard_normal(100000)\nx[::97].tolist(), rng.integers(1000)",
			r+"x = rng.standard_normal(100000, dtype=np.float32)\nx[:4].tolist(), float(x.astype(np.float64).sum()), x[::9973].tolist(), rng.standard_normal(dtype=np.float32), rng.standard_normal((2, 2), dtype='float32'), rng.random(dtype=np.float32), rng.random()",
		)
	}
	srcs = append(srcs,
		"rng = np.random.default_rng(0)\nnp.random.default_rng(rng) is rng, type(rng.integers(5)), type(rng.random()), type(rng.normal())",
		"np.random.default_rng(-1)", "np.random.default_rng(1.5)",
		"rng = np.random.default_rng(0)\nrng.integers(0)", "rng = np.random.default_rng(0)\nrng.integers(5, 3)",
		"rng = np.random.default_rng(0)\nrng.integers(5, 3, endpoint=True)", "rng = np.random.default_rng(0)\nrng.normal(0, -1)",
		"rng = np.random.default_rng(0)\nrng.choice(0)", "rng = np.random.default_rng(0)\nrng.choice(3, 5, replace=False)",
		"rng = np.random.default_rng(0)\nrng.uniform(0, float('inf'))", "rng = np.random.default_rng(0)\nrng.choice([])",
		"rng = np.random.default_rng(0)\nrng.choice(3, p=[0.5, 0.6, 0.1])", "rng = np.random.default_rng(0)\nrng.random(dtype=np.int64)",
		"a = np.random.default_rng(5).random(4)\nb = np.random.default_rng(5).random(4)\n(a == b).all()",
		"np.random.Generator(np.random.PCG64(42)).random(3), np.random.default_rng(42).random(3)",
		"bg = np.random.PCG64(7)\ng1 = np.random.Generator(bg)\ng2 = np.random.default_rng(bg)\ng1.integers(100, size=3), g2.integers(100, size=3), g1.bit_generator is bg, type(g1.bit_generator).__name__",
		"isinstance(np.random.default_rng(1), np.random.Generator), isinstance(np.random.PCG64(1), np.random.PCG64), type(np.random.default_rng(0)).__name__",
	)
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestGeneratorDistributionsMatchNumPy draws each distribution of
// default_rng for several seeds and parameters across its algorithms'
// branches (the ziggurats' tails, gamma below and above shape 1, beta's
// Johnk and gamma paths, Poisson's products and PTRS, binomial's inversion
// and BTPE), and compares every printed draw, and the stream after them,
// with NumPy's bit for bit.
func TestGeneratorDistributionsMatchNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "1", "42", "2024"} {
		r := "rng = np.random.default_rng(" + seed + ")\n"
		srcs = append(srcs,
			r+"x = rng.standard_normal(30000)\ny = rng.standard_normal(30000, dtype=np.float32)\nx[::61].tolist(), y[::59].tolist(), rng.random()",
			r+"x = rng.standard_exponential(30000)\ny = rng.standard_exponential(30000, dtype=np.float32)\nx[::61].tolist(), y[::59].tolist(), rng.exponential(2.5), rng.exponential(3, size=2), rng.standard_exponential(3, method='inv'), rng.standard_exponential(2, np.float32, 'inv'), rng.random()",
			r+"[(rng.standard_gamma(k, 4000)[::37].tolist(), rng.gamma(k, 2.0), rng.standard_gamma(k, 4000, dtype=np.float32)[::37].tolist()) for k in (0.3, 1.0, 2.5, 7.0, 0.0)], rng.gamma(3, size=(2, 2)), rng.random()",
			r+"[(rng.beta(a, b, 3000)[::29].tolist(), rng.beta(a, b)) for a, b in ((0.5, 0.5), (0.3, 0.9), (2.0, 3.0), (0.5, 4.0))], rng.random()",
			r+"[(rng.poisson(lam, 3000)[::17].tolist(), rng.poisson(lam)) for lam in (0.0, 0.5, 3.0, 9.99, 10.0, 50.0, 1234.5, 1e7)], rng.poisson(size=3), rng.random()",
			r+"[(rng.binomial(n, p, 3000)[::17].tolist(), rng.binomial(n, p)) for n, p in ((10, 0.3), (100, 0.2), (1000, 0.5), (1000, 0.97), (50, 0.999), (10**6, 0.4), (0, 0.5), (7, 0.0), (7, 1.0), (200, 0.16))], rng.random()",
			r+"rng.bytes(7), rng.bytes(0), rng.bytes(4), rng.bytes(-1), rng.bytes(-5), rng.random()",
		)
	}
	r := "rng = np.random.default_rng(0)\n"
	for _, call := range []string{
		"type(rng.poisson(3)), type(rng.binomial(3, 0.5)), type(rng.gamma(2)), type(rng.standard_gamma(2, dtype=np.float32)), type(rng.standard_exponential(dtype=np.float32)), type(rng.exponential()), type(rng.beta(1, 2))",
		"rng.poisson(3, size=2).dtype, rng.binomial(3, 0.5, size=2).dtype, rng.standard_gamma(2, 2, np.float32).dtype",
		"rng.exponential(-1)", "rng.exponential(-0.0)", "rng.exponential(float('nan'))",
		"rng.gamma(-1)", "rng.gamma(2, -1)", "rng.standard_gamma(-2)", "rng.standard_gamma(2, dtype=np.int64)",
		"rng.beta(0, 1)", "rng.beta(1, -1)", "rng.standard_exponential(dtype=np.float16)",
		"rng.poisson(-1)", "rng.poisson(float('nan'))", "rng.poisson(1e19)",
		"rng.binomial(10, 1.5)", "rng.binomial(10, float('nan'))", "rng.binomial(-1, 0.5)", "rng.binomial(-1, 2)",
		"rng.bytes(-8)",
	} {
		srcs = append(srcs, r+call)
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestGeneratorIntegersDTypes draws integers in each integer dtype kael
// has, across the ranges that take each of NumPy's paths (the full width,
// Lemire's method on buffered 8 and 16 bits, on 32 and 64), and compares
// draws, types and errors with NumPy's.
func TestGeneratorIntegersDTypes(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "5"} {
		for _, dt := range []string{"np.int8", "np.uint8", "np.int16", "np.int32", "np.int64", "bool", "'int16'"} {
			srcs = append(srcs, "rng = np.random.default_rng("+seed+")\nout = []\nfor lo, hi, ep in [(0, 2, False), (0, 1, True), (-3, 100, False), (0, 256, False), (-128, 127, True), (5, 6, False), (0, 30000, False), (-32768, 32767, True), (0, 2**31 - 1, False), (-2**31, 2**31 - 1, True), (0, 2**40, False)]:\n"+
				"    try:\n        out.append((rng.integers(lo, hi, size=11, dtype="+dt+", endpoint=ep).tolist(), repr(rng.integers(lo, hi, dtype="+dt+", endpoint=ep)), rng.random()))\n"+
				"    except ValueError as e:\n        out.append(str(e))\nout")
		}
	}
	r := "rng = np.random.default_rng(1)\n"
	srcs = append(srcs, r+"rng.integers(5.7, size=3), rng.integers(-2.5, 3.9), rng.integers(0, 2, size=0, dtype=np.int8), type(rng.integers(2, dtype=np.int8)), rng.random()")
	for _, args := range []string{"0, -1", "0, 0, endpoint=True", "3, 1", "3, 1, endpoint=True", "-1", "0", "2**64", "-2**63-1, 0",
		"300, dtype=np.int8", "-1, 3, dtype=np.uint8", "2, dtype=np.float64", "float('nan')", "2, 3, size=0, dtype=np.int64"} {
		srcs = append(srcs, r+"rng.integers("+args+")")
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestGeneratorChoiceMatchesNumPy covers choice without replacement with
// probabilities (NumPy's rounds of draws against the remaining cdf) and
// with shuffle=False (Floyd's set unshuffled, the tail shuffle's other
// cutoff), and choice's errors.
func TestGeneratorChoiceMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "3", "99"} {
		r := "rng = np.random.default_rng(" + seed + ")\np = [0.1, 0.05, 0.3, 0.0, 0.25, 0.2, 0.1]\n"
		srcs = append(srcs,
			r+"rng.choice(7, 5, replace=False, p=p), rng.choice(7, 6, replace=False, p=p), rng.choice([1.5, 2.5, 3.5], 2, replace=False, p=[0.5, 0.2, 0.3]), rng.choice(7, (2, 2), replace=False, p=p), rng.choice(7, replace=False, p=p), rng.random()",
			r+"rng.choice(10, 5, replace=False, shuffle=False), rng.choice(20000, 1500, replace=False, shuffle=False)[:5], rng.choice(20000, 900, replace=False, shuffle=False)[-3:], rng.choice(20000, 900, replace=False)[-3:], rng.random()",
			r+"rng.choice(100, 30, replace=False, p=np.full(100, 0.01))[:10], rng.choice(4, 2, axis=1), rng.random()",
		)
	}
	for _, args := range []string{"7, 7, replace=False, p=[0.1, 0.05, 0.3, 0.0, 0.25, 0.2, 0.1]", "3, 2, p=[0.5, 0.5]",
		"3, 2, p=[0.5, 0.6, -0.1]", "3, p=[[0.5, 0.5]]", "3, p=[0.5, 0.2, 0.2]"} {
		srcs = append(srcs, "np.random.default_rng(1).choice("+args+")")
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestGeneratorArgumentsMatchNumPy calls Generator's methods with the
// arguments NumPy refuses or reads in its own way (floats cast to C
// integers, 0-d arrays, negative or empty sizes), one after another on
// one generator, and checks after each call that the stream is where
// NumPy's is (a call that fails may have drawn first, as shuffle of a
// tuple does).
func TestGeneratorArgumentsMatchNumPy(t *testing.T) {
	calls := []string{"rng.permutation(np.array(5))", "rng.permutation(-3)", "rng.shuffle(np.array(5))", "rng.shuffle((1, 2))",
		"rng.random(-1)", "rng.random((2, -1))", "rng.integers(5, size=-1)", "rng.normal(size=-2)", "rng.uniform(2, 1, size=3)", "rng.uniform(2, 2)",
		"rng.uniform(size=(0,))", "rng.random(2.5)", "rng.normal(size=2.5)", "rng.choice(5, -1)", "rng.choice(5, 3, replace=False, p=[0.2] * 5)",
		"rng.standard_normal(dtype=np.int32)", "rng.standard_gamma(1, dtype=np.float16)", "rng.gamma(2, size=(2, 0))", "rng.poisson(size=0)",
		"rng.bytes(2.5)", "rng.integers(1, 5, dtype='int8', size=(2,))", "rng.exponential(np.float64(2))", "rng.beta(np.int64(2), 3)",
		"rng.normal(np.array(1.0))", "rng.binomial(5.7, 0.5)", "rng.binomial(np.int64(5), 0.5, size=2)"}
	quoted := make([]string, len(calls))
	for i, c := range calls {
		quoted[i] = strconv.Quote(c)
	}
	src := "rng = np.random.default_rng(0)\nout = []\nfor src in [" + strings.Join(quoted, ", ") + "]:\n" +
		"    try:\n        out.append(repr(eval(src)))\n    except Exception as e:\n        out.append(type(e).__name__ + ': ' + str(e))\n" +
		"    out.append(np.random.default_rng(rng.integers(2**62)).random())\nout"
	langtest.CheckMatchesCPython(t, prelude, []string{src})
}

// TestBitGeneratorsMatchNumPy draws from a Generator over each of NumPy's
// other bit generators (Philox's blocks of four words and its counter,
// SFC64, and MT19937 with its own 32-bit draws and doubles) for several
// seeds, through the methods that take 64-bit, buffered 32-bit and narrow
// draws, and compares the streams with NumPy's bit for bit.
func TestBitGeneratorsMatchNumPy(t *testing.T) {
	var srcs []string
	for _, bg := range []string{"Philox", "SFC64", "MT19937"} {
		for _, seed := range []string{"0", "5", "2**40 + 3", "[1, 2, 3]", "np.random.SeedSequence(9)"} {
			r := "rng = np.random.Generator(np.random." + bg + "(" + seed + "))\n"
			srcs = append(srcs,
				r+"rng.random(5), rng.random(3, dtype=np.float32).tolist(), rng.random()",
				r+"rng.integers(100, size=7), rng.integers(-5, 2**40, size=3), rng.integers(0, 200, size=5, dtype=np.uint8), rng.integers(2, dtype=bool, size=4), rng.random()",
				r+"rng.normal(size=4), rng.standard_exponential(2), rng.choice(10, 4, replace=False), rng.permutation(6), rng.gamma(0.5, size=2), rng.random()",
				r+"x = rng.standard_normal(2000)\ny = rng.integers(1000, size=3000)\nx[::97].tolist(), y[::131].tolist(), rng.integers(2**62), rng.random()",
			)
		}
	}
	srcs = append(srcs,
		"bg = np.random.Philox(3)\ng1 = np.random.Generator(bg)\ng2 = np.random.default_rng(bg)\ng1.integers(100, size=3), g2.integers(100, size=3), g1.bit_generator is bg, type(bg).__name__, repr(g1).split(' at ')[0]",
		"mt = np.random.MT19937(4)\ng = np.random.Generator(mt)\nrs = np.random.RandomState(mt)\ng.random(), rs.random_sample(), g.random(), g.bit_generator is mt, repr(g).split(' at ')[0]",
		"repr(np.random.default_rng(np.random.SFC64(1))).split(' at ')[0], isinstance(np.random.SFC64(1), np.random.SFC64), isinstance(np.random.Philox(1), np.random.PCG64)",
		"[repr(b).split(' at ')[0] for b in (np.random.PCG64(1), np.random.Philox(1), np.random.SFC64(1), np.random.MT19937(1))]",
		"np.random.Generator(5)", "np.random.Generator(np.random.Philox)", "np.random.Generator('x')", "np.random.SFC64(-1)", "np.random.Philox(1.5)",
	)
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestUnsignedIntegersMatchNumPy draws Generator.integers of uint16 and
// uint32, numbers and arrays of bounds, draw for draw.
func TestUnsignedIntegersMatchNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "5"} {
		r := "rng = np.random.default_rng(" + seed + ")\n"
		srcs = append(srcs,
			r+"rng.integers(0, 2**32, size=4, dtype=np.uint32), rng.integers(7, dtype=np.uint16), rng.integers(0, 2**16, size=3, dtype='u2'), rng.integers(5, 100, size=(2, 2), dtype=np.uint32), rng.random()",
			r+"rng.integers([1, 10], [5, 2**32 - 1], dtype=np.uint32), rng.integers(0, [3, 60000], dtype=np.uint16), rng.integers(2**31, 2**32, dtype=np.uint32, endpoint=False), rng.random()",
			r+"rng.integers(-1, 5, dtype=np.uint32)", r+"rng.integers(0, 2**32 + 1, dtype=np.uint32)", r+"rng.integers(0, 70000, dtype=np.uint16)",
		)
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}
