package numpy_test

import (
	"fmt"
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestArrayParamsMatchNumPy draws normal, uniform, exponential, gamma,
// beta, poisson and binomial with array parameters from both generators
// (and RandomState's laplace, logistic, lognormal, standard_t, geometric,
// triangular and hypergeometric): broadcast with each other and with size=, drawn in C order
// (so the numbers match NumPy's for a seed), checked element by element,
// and NumPy's errors when the shapes do not fit.
func TestArrayParamsMatchNumPy(t *testing.T) {
	var srcs []string
	for _, gen := range []string{"np.random.default_rng(%s)", "np.random.RandomState(%s)"} {
		for _, seed := range []string{"0", "7"} {
			r := "r = " + fmt.Sprintf(gen, seed) + "\n"
			srcs = append(srcs,
				r+"r.normal(np.array([0.0, 10.0]), 1), r.normal(loc=[[0], [100]], scale=[1, 2, 3]), r.normal(5, [0.5, 1.5], size=(3, 2)), r.normal()",
				r+"r.normal(np.array(1.0), np.array(2.0)), r.normal([1], 2).dtype, r.normal([1, 2], size=2), r.normal(np.array([1, 2], np.int8), 1)",
				r+"r.normal(np.zeros(3), [1, 2], size=(2, 3))", r+"r.normal(np.zeros(3), 1, size=(2,))", r+"r.normal([0, 1], [1, -1])",
				r+"r.normal([0, 1], 1, size=(3, 1))", r+"r.normal([0, 1], -0.0)",
				r+"r.uniform(np.array([0.0, 10.0])), r.uniform([[0], [5]], [1, 6, 11]), r.uniform(-1, [0, 1], size=(2, 2)), r.uniform(np.array(2.0), 3.0), r.uniform()",
				r+"r.uniform([0, 1], [np.inf, 2])", r+"r.uniform([0, 1], [-1, np.inf])", r+"r.uniform(0, np.inf)", r+"r.uniform(1, [0, 2])", r+"r.uniform(1, 0)",
				r+"r.uniform([0, 1], 2, size=(3,))",
				r+"r.exponential([1.0, 2.5]), r.exponential([[1], [3]], size=(2, 3)), r.exponential(np.array(2.0)), r.exponential(2)",
				r+"r.gamma([0.5, 1.0, 3.0]), r.gamma([1, 2], [[1], [0.5]]), r.gamma(2.0, [1, 2], size=(3, 2)), r.gamma(2.0)",
				r+"r.exponential([1, -1])", r+"r.gamma([1, 2], [1, -1])", r+"r.gamma([-1, 2], [1, -1])", r+"r.gamma([1, 2], 1, size=3)",
				r+"r.beta([1, 2, 0.5], [3, 4, 0.3]), r.beta(np.array([[0.3], [3]]), [0.4, 5.0]), r.beta(2, [1, 2], size=(2, 2)), r.beta(2, 3), r.random()",
				r+"r.poisson([1.0, 2.0, 30, 0], size=(3, 4)), r.poisson(np.array([[5], [50]])), r.poisson(3), r.random()",
				r+"r.binomial([3, 4, 100, 7.9], 0.5), r.binomial(30, [[0.1], [0.9]], size=(2, 3)), r.binomial([1000, 20], [0.4, 0.6]), r.binomial(5, 0.5, size=2), r.random()",
				r+"r.beta([1, 0], [0, 1])", r+"r.beta([1, 1], [0, 1])", r+"r.beta([1, np.nan], [1, 1])", r+"r.beta([1, 2], 1, size=3)",
				r+"r.poisson([1, -1])", r+"r.poisson([1, np.nan])", r+"r.poisson([np.nan, -1])", r+"r.poisson([1e300, -1])", r+"r.poisson(np.array([1, 2]), size=3)",
				r+"r.binomial([3, -1], 0.5)", r+"r.binomial([3, 1], [0.5, 2])", r+"r.binomial([3, -1], [0.5, np.nan])", r+"r.binomial(np.nan, [0.5])", r+"r.binomial([np.nan], 0.5)", r+"r.binomial(np.inf, [0.5])", r+"r.binomial(np.nan, 0.5)", r+"r.binomial(2.7, [0.5, 0.5])", r+"r.binomial([3, 4], 0.5, size=(3,))",
			)
		}
	}
	for _, seed := range []string{"0", "7"} {
		r := "r = np.random.RandomState(" + seed + ")\n"
		srcs = append(srcs,
			r+"r.laplace([0, 1], [1, 2]), r.laplace([[0], [1]], [1, 2], size=(3, 2, 2)), r.logistic([0, 5], 2), r.lognormal([0, 1], [[0.5], [1]]), r.laplace(), r.random()",
			r+"r.standard_t([1, 5, 30]), r.standard_t(3, size=2), r.geometric([0.5, 0.1, 1]), r.geometric(0.3, size=(2, 2)), r.laplace(0, [1, np.nan]), r.random()",
			r+"r.laplace([0, 1], [1, -1])", r+"r.logistic([0, 1], [1, -1])", r+"r.lognormal([0, 1], [1, -1])", r+"r.lognormal(0, -1)",
			r+"r.standard_t([1, 0])", r+"r.standard_t(0)", r+"r.geometric([0.5, 0])", r+"r.geometric([0.5, np.nan])", r+"r.laplace([0, 1], 1, size=3)",
			r+"r.triangular([0, 1], [2, 3], [5, 6]), r.triangular(0, [1, 2], 3, size=(2, 2)), r.triangular([[0], [1]], 2, 3), r.triangular(0, 1, 2), r.random()",
			r+"r.hypergeometric([10, 5], 5, [3, 4]), r.hypergeometric([[100], [10]], [200, 10], 7, size=(3, 2, 2)), r.hypergeometric(10.7, [5, 5], 3), r.hypergeometric(5, 5, 5), r.random()",
			r+"r.triangular([0, 3], [1, 2], [2, 1])", r+"r.triangular([0, 0], [1, 3], [2, 2])", r+"r.triangular([0, 1], [0, 1], [1, 1])", r+"r.triangular(0, [1, 2], 3, size=3)",
			r+"r.hypergeometric([10, -1], 5, 3)", r+"r.hypergeometric([10, 5], [-1, 2], 3)", r+"r.hypergeometric([10, 5], 5, [0, 3])", r+"r.hypergeometric([3, -1], 1, [9, 1])", r+"r.hypergeometric([1, 5], [1, 2], [3, 3])", r+"r.hypergeometric([10, 5], 5, 3, size=3)",
		)
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestScalarParamsRefuseArrays checks that a distribution that takes
// numbers only refuses an array of them, a one-element one too, with a
// NotImplementedError naming it.
func TestScalarParamsRefuseArrays(t *testing.T) {
	langtest.CheckCellCases(t, prelude, []langtest.Case{
		{Src: "np.random.RandomState(0).standard_gamma(np.array([1.0]))", Want: "NotImplementedError: kael's standard_gamma takes a number for shape, not an array"},
	})
}

// TestMoreGeneratorDistsMatchNumPy draws Generator's triangular,
// laplace, logistic, lognormal, gumbel, standard_cauchy, standard_t,
// chisquare, rayleigh, weibull, pareto and power, with numbers and arrays of parameters,
// for two seeds, and their errors.
func TestMoreGeneratorDistsMatchNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "7"} {
		r := "r = np.random.default_rng(" + seed + ")\n"
		srcs = append(srcs,
			r+"r.triangular(0, 1, 3), r.triangular([0, 1], [2, 3], [5, 6]), r.triangular(0, [1, 2], 3, size=(2, 2)), r.triangular(-1, -1, 2, size=3), r.random()",
			r+"r.laplace(), r.laplace([0, 1], [1, 2]), r.logistic([0, 5], 2), r.logistic(size=2), r.lognormal([0, 1], [[0.5], [1]]), r.lognormal(), r.random()",
			r+"r.gumbel(), r.gumbel([1, 2]), r.gumbel(0, [1, 3], size=(2, 2)), r.standard_cauchy(), r.standard_cauchy(3), r.random()",
			r+"r.standard_t(3), r.standard_t([1, 5, 30]), r.chisquare(2), r.chisquare([1, 2], size=(2, 2)), r.random()",
			r+"r.rayleigh(), r.rayleigh([1, 2]), r.weibull(1.5), r.weibull([0, 1, 2]), r.weibull(2, size=3), r.random()",
			r+"r.triangular([0, 3], [1, 2], [2, 1])", r+"r.triangular(1, 1, 1)", r+"r.triangular(0, 4, 3)",
			r+"r.laplace(0, -1)", r+"r.gumbel([0, 1], [1, -1])", r+"r.lognormal(0, [-1])", r+"r.standard_t([1, 0])",
			r+"r.chisquare(0)", r+"r.rayleigh(-1)", r+"r.weibull([1, -1])", r+"r.weibull([1, 2], size=3)",
			r+"type(r.gumbel()), type(r.standard_cauchy()), r.chisquare([1.0]).dtype",
			r+"r.pareto(3), r.pareto([1, 2, 0.5], size=(2, 3)), r.power(2), r.power([0.5, 1, 5], size=(2, 3)), r.random()",
			r+"r.pareto(0)", r+"r.power([1, -1])",
		)
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestGeneratorHypergeometricMatchesNumPy draws Generator.hypergeometric
// on both of NumPy's paths (the urn below 10 draws, HRUA above), with
// numbers and arrays, for several seeds, and its errors.
func TestGeneratorHypergeometricMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "1", "7", "42"} {
		r := "r = np.random.default_rng(" + seed + ")\n"
		srcs = append(srcs,
			r+"r.hypergeometric(10, 5, 7, 20), r.hypergeometric(5, 10, 12, 5), r.hypergeometric(3, 3, 0), r.random()",
			r+"r.hypergeometric(100, 200, 50, 20), r.hypergeometric(2000, 100, 1500, 10), r.hypergeometric(500, 600, 1000, 5), r.random()",
			r+"r.hypergeometric([10, 100], [5, 300], [7, 150]), r.hypergeometric(10**6, 10**6, 10**5, 5), r.hypergeometric(5.7, 3, 2, 4), r.random()",
		)
	}
	srcs = append(srcs,
		"r = np.random.default_rng(0)\nr.hypergeometric(10, 5, -1)", "r = np.random.default_rng(0)\nr.hypergeometric(-1, 5, 3)",
		"r = np.random.default_rng(0)\nr.hypergeometric(5, -1, 3)", "r = np.random.default_rng(0)\nr.hypergeometric(2, 2, 5)",
		"r = np.random.default_rng(0)\nr.hypergeometric(10**9, 1, 3)", "r = np.random.default_rng(0)\nr.hypergeometric([10, -1], 5, 3)",
		"r = np.random.default_rng(0)\ntype(r.hypergeometric(5, 5, 3)), r.hypergeometric(5, 5, 3, size=2).dtype",
	)
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestGeneratorChiSquaresMatchNumPy draws Generator's f,
// noncentral_chisquare, noncentral_f, geometric and negative_binomial,
// numbers and arrays, for two seeds, and their errors.
func TestGeneratorChiSquaresMatchNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "7"} {
		r := "r = np.random.default_rng(" + seed + ")\n"
		srcs = append(srcs,
			r+"r.f(3, 5), r.f([1, 2], 3), r.f(2, [4, 6], size=(2, 2)), r.random()",
			r+"r.noncentral_chisquare(3, 2), r.noncentral_chisquare([0.5, 3], [1, 0]), r.noncentral_chisquare(1, 2, size=3), r.noncentral_chisquare(2, np.nan), r.random()",
			r+"r.noncentral_f(3, 5, 1.5), r.noncentral_f([1, 4], 3, [0, 2]), r.random()",
			r+"r.geometric(0.5), r.geometric([0.2, 0.9, 1.0], size=(2, 3)), r.geometric(0.01, size=4), r.random()",
			r+"r.f(0, 1)", r+"r.f(1, [1, -1])", r+"r.noncentral_chisquare(1, -1)", r+"r.noncentral_f(1, 1, [-1])",
			r+"r.geometric(0)", r+"r.geometric([0.5, 1.5])", r+"r.geometric(np.nan)",
			r+"r.negative_binomial(5, 0.5), r.negative_binomial([1, 10], [0.3, 0.9]), r.negative_binomial(3, 0.2, size=(2, 2)), r.negative_binomial(1e18, 0.5), r.negative_binomial(2, 1.0), r.random()",
			r+"r.negative_binomial(0, 0.5)", r+"r.negative_binomial(np.nan, 0.5)", r+"r.negative_binomial(1, 0)", r+"r.negative_binomial([1, 2], [0.5, np.nan])",
		)
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestGeneratorVectorsMatchNumPy draws Generator's multinomial and
// dirichlet for two seeds, with their errors, and the legacy ones
// through the same code.
func TestGeneratorVectorsMatchNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "7"} {
		r := "r = np.random.default_rng(" + seed + ")\n"
		srcs = append(srcs,
			r+"r.multinomial(10, [0.2, 0.3, 0.5]), r.multinomial(5, [0.5, 0.5], size=2), r.multinomial(100, [0.1] * 10, size=(2, 1)), r.random()",
			r+"r.dirichlet([1, 2, 3]), r.dirichlet([0.5, 0.5], size=2), r.dirichlet([0.05, 0.2]), r.random()",
			r+"r.multinomial(10, [0.6, 0.6, 0.1])", r+"r.multinomial(10, [-0.1, 1.1])", r+"r.multinomial(-1, [0.5, 0.5])", r+"r.multinomial(10, 0.5)",
			r+"r.dirichlet([0, 1])", r+"r.dirichlet(2)",
			"r = np.random.RandomState("+seed+")\nr.multinomial(10, [0.2, 0.3, 0.5]), r.dirichlet([1, 2], size=2), r.random()",
		)
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
	langtest.CheckCellCases(t, prelude, []langtest.Case{
		{Src: "np.random.default_rng(0).dirichlet([0.05, 0.05])", Want: "NotImplementedError: kael's Generator.dirichlet takes alphas of which one is at least 0.1 (NumPy breaks a stick with beta draws below)"},
		{Src: "np.random.default_rng(0).multinomial([3, 4], [0.5, 0.5])", Want: "NotImplementedError: kael's Generator.multinomial takes an int n, not an array"},
	})
}

// TestGeneratorWaldZipfMatchNumPy draws Generator's wald, logseries and
// zipf, numbers and arrays, for two seeds, and their errors.
func TestGeneratorWaldZipfMatchNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "7"} {
		r := "r = np.random.default_rng(" + seed + ")\n"
		srcs = append(srcs,
			r+"r.wald(1, 1), r.wald([0.5, 3], [1, 10]), r.wald(2, 0.5, size=(2, 2)), r.random()",
			r+"r.logseries(0.5), r.logseries([0.1, 0.9, 0.99], size=(2, 3)), r.logseries(0), r.random()",
			r+"r.zipf(2), r.zipf([1.5, 3, 10], size=(2, 3)), r.zipf(1.01, size=3), r.random()",
			r+"r.wald(0, 1)", r+"r.wald([1, -1], 1)", r+"r.logseries(1)", r+"r.logseries(np.nan)", r+"r.logseries([0.5, 1])",
			r+"r.zipf(1)", r+"r.zipf(np.nan)", r+"r.zipf([2, 0.5])",
		)
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestGeneratorVonmisesMatchesNumPy draws Generator.vonmises for four
// seeds, bit for bit (tolist prints every digit): each of NumPy's paths
// (uniform below kappa 1e-8, Taylor's s below 1e-5, the rejection
// sampler, the wrapped normal past 1e6), NaNs, arrays, a long stream, and
// the errors; and RandomState's (legacy_vonmises: no wrapped normal).
func TestGeneratorVonmisesMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "1", "42", "12345"} {
		r := "r = np.random.default_rng(" + seed + ")\n"
		srcs = append(srcs,
			r+"r.vonmises(0.5, 4.0, size=6).tolist(), r.vonmises(-2, 1e-9, 2).tolist(), r.vonmises(1, 1e-6, 3).tolist(), r.vonmises(3, 2e6, 3).tolist(), r.vonmises(0, 0.7), r.random()",
			r+"r.vonmises([0, 1, 3.1], [0.1, 10, 100]).tolist(), r.vonmises(np.nan, 1, 2).tolist(), r.vonmises(0, np.nan, 2).tolist(), r.vonmises(0, 1, size=(2, 2)).tolist()",
			r+"x = r.vonmises(0.3, 2.5, 20000)\nx[::1999].tolist(), x.min() >= -np.pi, x.max() <= np.pi, r.random()",
		)
	}
	for _, seed := range []string{"0", "3", "99"} {
		r := "r = np.random.RandomState(" + seed + ")\n"
		srcs = append(srcs, r+"r.vonmises(0.5, 4.0, size=6).tolist(), r.vonmises(-2, 1e-9, 2).tolist(), r.vonmises(3, 2e6, 3).tolist(), r.vonmises(0, 0.7), r.vonmises([0, 1], [0.1, 50]).tolist(), r.random()")
	}
	srcs = append(srcs, "np.random.default_rng(0).vonmises(0, -1)", "np.random.default_rng(0).vonmises(0, [1, -1])",
		"np.random.seed(5)\nnp.random.vonmises(1, 2, 4).tolist()", "np.random.vonmises(0, -1)", "np.random.RandomState(0).vonmises(0, [1, -1])")
	langtest.CheckMatchesCPython(t, prelude, srcs)
}
