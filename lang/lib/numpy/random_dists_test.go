package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLegacyDistributionsMatchNumPy draws each of RandomState's
// distributions, from np.random's global generator and a RandomState of
// its own, for several seeds and parameters across their algorithms'
// branches, and compares every draw, the stream after them, the types and
// the errors with NumPy's.
func TestLegacyDistributionsMatchNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "7", "123"} {
		s := "np.random.seed(" + seed + ")\nr = np.random.RandomState(" + seed + " + 1)\n"
		srcs = append(srcs,
			s+"np.random.standard_exponential(3), np.random.exponential(2.0), np.random.exponential(size=2), r.standard_exponential(), np.random.random()",
			s+"[(np.random.standard_gamma(k, 400)[::13].tolist(), np.random.gamma(k, 2.0), r.gamma(k, size=2)) for k in (0.3, 1.0, 2.5, 7.0, 0.0)], np.random.random()",
			s+"[(np.random.beta(a, b, 300)[::29].tolist(), r.beta(a, b)) for a, b in ((0.5, 0.5), (0.3, 0.9), (2.0, 3.0), (0.5, 4.0))], np.random.random()",
			s+"[(np.random.poisson(lam, 300)[::17].tolist(), r.poisson(lam)) for lam in (0.0, 0.5, 3.0, 10.0, 50.0, 1234.5)], np.random.random()",
			// RandomState's binomial draws even for n or p 0, unlike Generator's
			s+"[(np.random.binomial(n, p, 300)[::17].tolist(), r.binomial(n, p), np.random.random()) for n, p in ((10, 0.3), (100, 0.2), (1000, 0.5), (1000, 0.97), (0, 0.5), (7, 0.0), (7, 1.0), (200, 0.16))]",
			s+"np.random.multinomial(20, [0.2, 0.3, 0.5]), np.random.multinomial(100, [0.1] * 10, size=3), r.multinomial(5, [0.5, 0.5], size=(2, 2)), np.random.multinomial(4, [0.3, 0.3, 0.9]), np.random.random()",
			s+"np.random.dirichlet([0.5, 1.0, 2.0]), np.random.dirichlet([2.0, 3.0], 2), r.dirichlet((1, 1, 1, 1), size=(1, 2)), np.random.random()",
			s+"np.random.standard_t(3, 200)[::11].tolist(), np.random.standard_t(0.5), r.standard_t(10, 2), np.random.random()",
			s+"np.random.laplace(size=5), np.random.laplace(2, 3), np.random.logistic(size=5), r.logistic(1, 2), np.random.lognormal(size=4), r.lognormal(1, 0.5), np.random.random()",
			s+"np.random.geometric(0.5, 20), np.random.geometric(0.1, 20), r.geometric(0.9), np.random.geometric(1.0), np.random.random()",
			s+"np.random.hypergeometric(10, 5, 7, 20), np.random.hypergeometric(100, 200, 50, 20), np.random.hypergeometric(2000, 100, 1500, 10), r.hypergeometric(5, 5, 5), np.random.random()",
			s+"np.random.triangular(0, 1, 3, 5), r.triangular(-1, -1, 2), np.random.triangular(0, 3, 3), np.random.random(), r.random()",
		)
	}
	// NaN shapes end Marsaglia's loop with nan (it hung kael).
	srcs = append(srcs, "nan = float('nan')\ng = np.random.default_rng(0)\nr = np.random.RandomState(0)\ng.standard_gamma(nan), g.standard_gamma(nan, dtype=np.float32), g.beta(nan, 2), r.gamma(nan), r.dirichlet([nan, 1.0]), r.standard_t(nan), g.random()")
	srcs = append(srcs, []string{"np.random.gamma(-1)", "np.random.gamma(1, -1)", "np.random.beta(0, 1)", "np.random.poisson(-1)", "np.random.poisson(1e19)",
		"np.random.binomial(5, 1.5)", "np.random.binomial(-1, 0.5)", "np.random.geometric(0)", "np.random.geometric(1.5)",
		"np.random.hypergeometric(2, 2, 5)", "np.random.hypergeometric(-1, 5, 2)", "np.random.hypergeometric(3, 5, 0)",
		"np.random.triangular(2, 1, 3)", "np.random.triangular(0, 4, 3)", "np.random.triangular(1, 1, 1)",
		"np.random.multinomial(5, [0.7, 0.7, 0.1])", "np.random.multinomial(5, 0.5)", "np.random.multinomial(-1, [0.5, 0.5])", "np.random.multinomial(5, [1.5, -0.5])",
		"np.random.dirichlet([1, 0])", "np.random.dirichlet(2.0)", "np.random.standard_t(0)", "np.random.laplace(0, -1)", "np.random.lognormal(0, -1)", "np.random.exponential(-1)",
		"type(np.random.poisson(2)), type(np.random.binomial(3, 0.5)), type(np.random.geometric(0.5)), type(np.random.hypergeometric(3, 3, 3)), np.random.poisson(2, 2).dtype, type(np.random.gamma(2)), np.random.multinomial(3, [0.5, 0.5]).dtype",
	}...)
	langtest.CheckMatchesCPython(t, prelude, srcs)
}
