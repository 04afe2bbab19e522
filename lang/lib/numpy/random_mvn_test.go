package numpy_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestMultivariateNormalMatchesNumPy draws multivariate_normal from
// np.random, a RandomState and a Generator (each method) for several
// seeds and sizes and compares them with NumPy 1.24's within 1e-12: the
// draws are standard normals (bit-exact) times a factor of cov from an
// SVD, eigh or Cholesky, whose last bits follow the LAPACK NumPy calls.
// The generator's stream after them, the shapes, the warnings and the
// errors are compared exactly.
func TestMultivariateNormalMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "5", "99"} {
		s := "np.random.seed(" + seed + ")\nr = np.random.RandomState(" + seed + ")\ng = np.random.default_rng(" + seed + ")\ncov = [[1.0, 0.5], [0.5, 2.0]]\n"
		srcs = append(srcs,
			s+"np.random.multivariate_normal([0, 1], cov).tolist(), np.random.multivariate_normal([0, 1], cov, 3).tolist(), r.multivariate_normal([1, 2, 3], np.diag([1, 2, 3]), (2, 2)).tolist(), np.random.random(), r.random()",
			s+"r.multivariate_normal([0, 0, 0], [[4, 2, 0.6], [2, 2, 0.4], [0.6, 0.4, 1]], 4).tolist(), r.random()",
			s+"g.multivariate_normal([0, 1], cov).tolist(), g.multivariate_normal([0, 1], cov, 3).tolist(), g.random()",
			s+"g.multivariate_normal([0, 1], cov, 3, method='cholesky').tolist(), g.multivariate_normal([0, 1], cov, (2,), method='eigh').tolist(), g.multivariate_normal([5, -5], np.eye(2), [2, 1]).tolist(), g.random()",
		)
	}
	warn := "import warnings\nwith warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    v = %s\nnp.shape(v), [(x.category.__name__, str(x.message)) for x in w]"
	for _, c := range []string{
		"np.random.multivariate_normal([0, 0], [[1, 2], [2, 1]])",
		"np.random.multivariate_normal([0, 0], [[1, 2], [2, 1]], check_valid='ignore')",
		"np.random.default_rng(0).multivariate_normal([0, 0], [[1, 2], [2, 1]], method='eigh')",
		"np.random.default_rng(0).multivariate_normal([0, 0], [[1, 2], [2, 1]], method='svd', size=(2, 3))",
	} {
		srcs = append(srcs, fmt.Sprintf(warn, c))
	}
	srcs = append(srcs,
		"np.random.multivariate_normal([0, 0], [[1, 2], [2, 1]], check_valid='raise')",
		"np.random.multivariate_normal([0, 0], [[1, 2], [2, 1]], check_valid='x')",
		"np.random.multivariate_normal([[0, 0]], [[1, 0], [0, 1]])",
		"np.random.multivariate_normal([0, 0], [1, 1])",
		"np.random.multivariate_normal([0, 0, 0], [[1, 0], [0, 1]])",
		"np.random.default_rng(0).multivariate_normal([0, 0], np.eye(2), method='x')",
		"np.random.default_rng(0).multivariate_normal([0, 0], np.eye(2), method=None)",
		"np.random.default_rng(0).multivariate_normal([0j, 0], np.eye(2))",
		"np.random.default_rng(0).multivariate_normal([0, 0], [[1, 2], [2, 1]], check_valid='raise', method='eigh')",
		"np.random.default_rng(0).multivariate_normal([0, 0], [[1, 2], [2, 1]], check_valid='raise', method='cholesky')",
		"np.random.seed(1)\ntry:\n    np.random.multivariate_normal([0, 0], [[1, 2], [2, 1]], 3, check_valid='raise')\nexcept ValueError:\n    pass\nnp.random.random()",
	)
	want := cpython.CellOutcomes(t, prelude, srcs)
	tol := reftest.Tolerance{Rel: 1e-12, Abs: 1e-12}
	for i, src := range srcs {
		got := langtest.Outcome(lang.NewSession(lang.IO{}).Exec(context.Background(), "", prelude+src))
		if err := reftest.CompareText(got, want[i], tol); err != nil {
			t.Errorf("%s\n kael  %s\n NumPy %s\n%v", src, got, want[i], err)
		}
	}
}

// TestGeneratorPermutedMatchesNumPy shuffles arrays with
// Generator.permuted, whole and along each axis, into new arrays and
// into out=, and compares the results, the stream after them and the
// errors with NumPy 1.24's exactly.
func TestGeneratorPermutedMatchesNumPy(t *testing.T) {
	var srcs []string
	for _, seed := range []string{"0", "3", "2024"} {
		s := "g = np.random.default_rng(" + seed + ")\nx = np.arange(24).reshape(2, 3, 4)\n"
		srcs = append(srcs,
			s+"g.permuted(x).tolist(), g.permuted(x, axis=1).tolist(), g.permuted(x, axis=-1).tolist(), g.permuted(x, axis=0).tolist(), g.random()",
			s+"g.permuted([1.5, 2, 3]).tolist(), g.permuted(np.arange(300.0))[::7].tolist(), g.permuted(x[:, ::2], axis=2).tolist(), g.permuted(np.zeros((0, 3)), axis=1).shape, g.random()",
			s+"o = np.zeros((2, 3, 4))\nr = g.permuted(x, axis=0, out=o)\nr is o, o.tolist(), x.tolist() == np.arange(24).reshape(2, 3, 4).tolist(), g.permuted(np.array([True, False, True])).dtype, g.random()",
		)
	}
	for _, bad := range []string{"g.permuted(x, axis=3)", "g.permuted(5)", "g.permuted(np.float64(5), axis=0)", "g.permuted(x, out=[1])",
		"g.permuted(x, out=np.zeros(3))", "g.permuted(x, out=np.zeros((2, 3, 4), np.int32))", "g.permuted(np.arange(3.0), out=np.zeros(3, int))", "g.permuted(x, axis=1.5)", "g.permuted(x, axis='a')"} {
		srcs = append(srcs, "g = np.random.default_rng(0)\nx = np.arange(24).reshape(2, 3, 4)\n"+bad)
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}
