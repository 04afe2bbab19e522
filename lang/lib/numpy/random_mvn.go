package numpy

import (
	_ "embed" // random_mvn.py

	"github.com/kael-dev/kael/lang"
)

// multivariate_normal of RandomState, np.random and Generator is Python
// (random_mvn.py) over kael's NumPy, as NumPy's is: the private source
// module _numpy_random, run once per session the first time it is
// called. It draws through the generator's own standard_normal, so its
// builtins take no lock of their own.

//go:embed random_mvn.py
var randomMVNSource string

// mvnCall calls the module's multivariate_normal for gen with a's
// arguments (legacy for RandomState's, which has no method) and issues
// its warning.
func mvnCall(a *lang.Args, gen lang.Value, legacy bool) (lang.Value, error) {
	method := lang.Value("svd")
	if !legacy {
		method = a.Value("method")
	}
	mod, err := a.Import("_numpy_random")
	if err != nil {
		return nil, err
	}
	fn, err := lang.GetAttr(mod, "multivariate_normal")
	if err != nil {
		return nil, err
	}
	res, err := a.Call(fn, gen, legacy, a.Value("mean"), a.Value("cov"), a.Value("size"), a.Value("check_valid"), a.Value("tol"), method)
	if werr := issuePending(a, mod); werr != nil {
		return nil, werr
	}
	return res, err
}

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_random", "multivariate_normal of np.random, RandomState and Generator, written in Python over kael's NumPy (kael's own code, behaving as NumPy 1.24's mtrand.pyx and _generator.pyx).", randomMVNSource)
		const doc = "Draws from the multivariate normal distribution of mean and covariance cov, one row of len(mean) per draw: standard normals times a factor of cov from its SVD (as NumPy's; LAPACK's signs may differ in the last bits); check_valid 'warn', 'raise' or 'ignore' a cov not symmetric positive-semidefinite within tol."
		randomMethods["multivariate_normal"] = lang.NewBuiltin(lang.AsValue, "multivariate_normal(self, mean, cov, size=None, check_valid='warn', tol=1e-8)", doc, func(a *lang.Args) (lang.Value, error) {
			return mvnCall(a, a.Value("self"), true)
		})
		randomFunctions["multivariate_normal"] = lang.NewBuiltin(lang.AsValue, "multivariate_normal(mean, cov, size=None, check_valid='warn', tol=1e-8)", doc, func(a *lang.Args) (lang.Value, error) {
			return mvnCall(a, &RandomState{r: globalRandom}, true)
		})
		generatorMethods["multivariate_normal"] = lang.NewBuiltin(lang.AsValue, "multivariate_normal(self, mean, cov, size=None, check_valid='warn', tol=1e-8, *, method='svd')", doc+" method= 'svd', 'eigh' or 'cholesky' picks the factor.", func(a *lang.Args) (lang.Value, error) {
			return mvnCall(a, a.Value("self"), false)
		})
	})
}
