package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLegacyMoreDistributionsMatchNumPy draws RandomState's distributions
// of issue 29 (bytes, random_integers, ranf, sample, standard_cauchy,
// pareto, weibull, power, rayleigh, gumbel, wald, chisquare, f,
// noncentral_*, negative_binomial, zipf, logseries) from np.random's
// global generator and a RandomState of its own, for several seeds, sizes
// and array parameters, and compares every draw (printed in full, so bit
// for bit), the stream after them, the types, the warnings and the errors
// with NumPy 1.24's.
func TestLegacyMoreDistributionsMatchNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "7", "123"} {
		s := "import warnings\nwarnings.simplefilter('ignore')\nnp.random.seed(" + seed + ")\nr = np.random.RandomState(" + seed + " + 1)\n"
		srcs = append(srcs,
			s+"np.random.bytes(10), r.bytes(1), np.random.bytes(-1), np.random.bytes(0), np.random.bytes(7.9), np.random.random()",
			s+"np.random.random_integers(5, size=4).tolist(), np.random.random_integers(-3, 9, (2, 2)).tolist(), np.random.random_integers(3), r.random_integers(2.7, 9.9, 3).tolist(), np.random.random()",
			s+"np.random.ranf(3).tolist(), np.random.sample(), np.random.sample((2, 1)).tolist(), np.random.random()",
			s+"np.random.standard_cauchy(5).tolist(), r.standard_cauchy(), np.random.pareto(3, 5).tolist(), r.pareto(0.5), np.random.random()",
			s+"np.random.weibull(2, 5).tolist(), np.random.weibull(0, 2).tolist(), r.weibull(0.3), np.random.power(5, 4).tolist(), r.power(0.2), np.random.random()",
			s+"np.random.rayleigh(size=5).tolist(), r.rayleigh(3), np.random.gumbel(size=4).tolist(), r.gumbel(1, 2), np.random.random()",
			s+"np.random.wald(1, 1, 5).tolist(), r.wald(3, 0.5), np.random.chisquare(3, 5).tolist(), r.chisquare(0.5), np.random.random()",
			s+"np.random.f(3, 4, 5).tolist(), r.f(0.5, 20), np.random.noncentral_f(3, 4, 2, 5).tolist(), r.noncentral_f(0.5, 2, 1), np.random.random()",
			s+"np.random.noncentral_chisquare(3, 2, 5).tolist(), np.random.noncentral_chisquare(0.5, 2, 5).tolist(), r.noncentral_chisquare(2, 0), np.random.random()",
			s+"np.random.negative_binomial(3, 0.4, 8).tolist(), np.random.negative_binomial(0.5, 0.9, 8).tolist(), r.negative_binomial(100, 0.01), np.random.negative_binomial(5, 1.0, 2).tolist(), np.random.random()",
			s+"np.random.zipf(2, 8).tolist(), np.random.zipf(1.2, 8).tolist(), r.zipf(5), np.random.random()",
			s+"np.random.logseries(0.5, 8).tolist(), np.random.logseries(0.99, 8).tolist(), r.logseries(0.1), np.random.logseries(0.0, 2).tolist(), np.random.random(), r.random()",
			s+"np.random.pareto([1, 2, 3]).tolist(), np.random.gumbel([0, 1], [[1], [2]]).tolist(), np.random.zipf([2, 3], size=(3, 2)).tolist(), np.random.wald([1, 2], 1).tolist(), np.random.negative_binomial([1, 2], [[0.5], [0.25]]).tolist(), np.random.random()",
		)
	}
	srcs = append(srcs,
		// NaN parameters pass the checks: NumPy 1.16's draws, then NaN (or 0)
		"np.random.seed(3)\nnan = float('nan')\nnp.random.noncentral_chisquare(0.5, nan, 3).tolist(), np.random.noncentral_chisquare(3, nan), np.random.negative_binomial(nan, 0.5, 3).tolist(), np.random.negative_binomial(1, 0.0), np.random.random()",
		"import warnings\nwith warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    np.random.random_integers(5); np.random.random_integers(2, 7.5)\n[(x.category.__name__, str(x.message)) for x in w]",
		"type(np.random.zipf(2)), type(np.random.logseries(0.5)), type(np.random.negative_binomial(1, 0.5)), np.random.zipf(2, 2).dtype, type(np.random.pareto(2)), type(np.random.standard_cauchy()), type(np.random.random_integers(3)), type(np.random.ranf()), np.random.random_integers(3, size=2).dtype, type(np.random.bytes(3))",
		"isinstance(np.random.PCG64(1), np.random.BitGenerator), isinstance(np.random.MT19937(1), np.random.BitGenerator), issubclass(np.random.SFC64, np.random.BitGenerator), isinstance(np.random.RandomState(), np.random.BitGenerator), np.random.BitGenerator",
		"hasattr(np.random.RandomState(), 'ranf'), hasattr(np.random.RandomState(), 'bytes'), hasattr(np.random.RandomState(), 'zipf')",
	)
	for _, bad := range []string{"np.random.pareto(0)", "np.random.pareto(-1)", "np.random.weibull(-1)", "np.random.power(0)", "np.random.rayleigh(-1)", "np.random.gumbel(0, -1)",
		"np.random.wald(0, 1)", "np.random.wald(1, 0)", "np.random.chisquare(0)", "np.random.f(0, 1)", "np.random.f(1, 0)", "np.random.noncentral_chisquare(0, 1)",
		"np.random.noncentral_chisquare(1, -1)", "np.random.noncentral_f(1, 1, -1)", "np.random.noncentral_f(1, 0, 1)", "np.random.negative_binomial(0, 0.5)",
		"np.random.negative_binomial(1, 1.5)", "np.random.negative_binomial(1, float('nan'))", "np.random.negative_binomial(1, [0.5, 2])", "np.random.zipf(1)", "np.random.zipf(float('nan'))", "np.random.zipf([2, 1])",
		"np.random.logseries(1)", "np.random.logseries(-0.1)", "np.random.logseries([0.5, float('nan')])", "np.random.pareto([1, -1])", "np.random.gumbel([0, 0], [1, -1])",
		"np.random.pareto([1, 2], size=(3,))", "np.random.bytes(-8)", "np.random.random_integers(5, 3)", "np.random.BitGenerator(1)",
		"np.random.random_integers(2**70)", "np.random.random_integers(2**70, 5)", "np.random.random_integers(-2**70, 5)", "np.random.random_integers(5, 2**64)", "np.random.random_integers(1e19)",
		"np.random.random_integers('a')", "np.random.random_integers('7', size=2)", "np.random.bytes('a')",
		"np.random.seed(5)\nnp.random.random_integers(2**63 - 1), np.random.random_integers(-2**63, -2**63), np.random.random_integers(np.int64(4)), np.random.random_integers(np.array(4.5)), np.random.random()"} {
		srcs = append(srcs, "import warnings\nwarnings.simplefilter('ignore')\n"+bad)
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestLegacyMoreDistributionsLongStreams hashes 20000 draws of each of
// issue 29's legacy distributions (and Generator.permuted of a 50x100
// array), with parameters that reach their rare branches (zipf's and
// logseries' rejections, noncentral_chisquare's Poisson mixture), and
// compares the hashes of the bits with NumPy's.
func TestLegacyMoreDistributionsLongStreams(t *testing.T) {
	const h = "import hashlib\nimport warnings\nwarnings.simplefilter('ignore')\ndef h(a):\n    return hashlib.sha1(np.ascontiguousarray(a).tobytes()).hexdigest()[:12]\n"
	var srcs []string
	for _, seed := range []string{"1", "42", "2**31"} {
		s := h + "np.random.seed(" + seed + ")\nR = np.random\n"
		srcs = append(srcs,
			s+"[h(R.standard_cauchy(20000)), h(R.pareto(0.7, 20000)), h(R.weibull(1.5, 20000)), h(R.power(0.3, 20000)), h(R.rayleigh(2, 20000)), h(R.gumbel(1, 2, 20000)), h(R.wald(0.5, 3, 20000)), R.random()]",
			s+"[h(R.chisquare(0.3, 20000)), h(R.chisquare(7, 20000)), h(R.f(0.3, 2.5, 20000)), h(R.noncentral_chisquare(0.7, 3, 20000)), h(R.noncentral_chisquare(5, 0.1, 20000)), h(R.noncentral_f(1.5, 2, 50, 20000)), R.random()]",
			s+"[h(R.negative_binomial(0.3, 0.05, 20000)), h(R.negative_binomial(50, 0.5, 20000)), h(R.zipf(1.05, 20000)), h(R.zipf(3.5, 20000)), h(R.logseries(0.999, 20000)), h(R.logseries(0.3, 20000)), R.random()]",
			s+"[hashlib.sha1(R.bytes(4097)).hexdigest(), h(R.random_integers(-5, 2**40, 20000)), h(R.random_integers(7, size=20000)), R.random()]",
			h+"g = np.random.default_rng("+seed+")\nx = np.arange(5000).reshape(50, 100)\n[h(g.permuted(x)), h(g.permuted(x, axis=0)), h(g.permuted(x, axis=1)), g.random()]",
		)
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}
