package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestEmptySliceWarningsMatchNumPy compares the warnings of np.mean over
// an empty slice and np.var/np.std without degrees of freedom with
// NumPy's, message for message and in order, with the results: "Mean of
// empty slice." or "Degrees of freedom <= 0 for slice", then the
// division's 0/0 or x/0, named "scalar divide" for a float64 scalar and
// "divide" otherwise.
func TestEmptySliceWarningsMatchNumPy(t *testing.T) {
	setup := "import warnings\n" +
		"def warned(f):\n" +
		"    with warnings.catch_warnings(record=True) as w:\n" +
		"        warnings.simplefilter('always')\n" +
		"        r = f()\n" +
		"    return r, [(x.category.__name__, str(x.message)) for x in w]\n"
	langtest.CheckMatchesCPython(t, prelude+setup, []string{
		"warned(lambda: np.mean(np.zeros(0)))",
		"warned(lambda: np.zeros((0, 3)).mean(axis=0)), warned(lambda: np.zeros((2, 0)).mean(axis=1))",
		"warned(lambda: np.zeros((0, 3)).mean(axis=1)), warned(lambda: np.zeros(0).mean(keepdims=True))",
		"warned(lambda: np.zeros(0, dtype=int).mean()), warned(lambda: np.zeros(0, np.float32).mean())",
		"warned(lambda: np.var(np.ones(3), ddof=3)), warned(lambda: np.var(np.array([1., 2, 3]), ddof=4))",
		"warned(lambda: np.ones((2, 3)).std(axis=1, ddof=5)), warned(lambda: np.zeros(0).var())",
		"warned(lambda: np.array([1., 2, 3], dtype=np.float32).var(ddof=4)), warned(lambda: np.ones(3).var(ddof=2))",
		"with np.errstate(invalid='ignore'):\n    r = warned(lambda: np.zeros(0).mean())\nr",
		"with np.errstate(invalid='raise'):\n    r = warned(lambda: np.zeros((0, 2)).mean(axis=0))\nr",
	})
}
