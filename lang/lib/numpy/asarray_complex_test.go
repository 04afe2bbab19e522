package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestAsarrayComplexWarningMatchesNumPy checks that np.asarray and
// np.array with a real dtype (not bool) warn NumPy's ComplexWarning for
// complex arrays and scalars, as astype does, and that the warning under
// an 'error' filter is the error.
func TestAsarrayComplexWarningMatchesNumPy(t *testing.T) {
	pre := prelude + "import warnings\nc = np.array([1+2j, 3-1j])\n" +
		"def cast(f):\n" +
		"    with warnings.catch_warnings(record=True) as w:\n" +
		"        warnings.simplefilter('always')\n" +
		"        r = f()\n" +
		"    return r.tolist(), str(r.dtype), [(x.category.__name__, str(x.message)) for x in w]\n"
	langtest.CheckMatchesCPython(t, pre, []string{
		"cast(lambda: np.asarray(c, dtype=float))",
		"cast(lambda: np.array(c, dtype=float))",
		"cast(lambda: np.asarray(c, dtype=np.float32))",
		"cast(lambda: np.asarray(c, dtype=int))",
		"cast(lambda: np.array(c.astype(np.complex64), dtype='f8'))",
		"cast(lambda: np.asarray(c[0], dtype=float))",
		"cast(lambda: np.asarray(c, dtype=bool))",
		"cast(lambda: np.asarray(c, dtype=complex))",
		"cast(lambda: np.asarray(c))",
		"cast(lambda: np.asarray(np.array([1.5]), dtype=int))",
		"with warnings.catch_warnings():\n    warnings.simplefilter('error')\n    np.asarray(c, dtype=float)",
	})
}
