package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestPrintOptionsMatchNumPy sets print options and prints as NumPy does.
// The options belong to the process, as NumPy's: each case puts back the
// defaults it changed.
func TestPrintOptionsMatchNumPy(t *testing.T) {
	const reset = "\nnp.set_printoptions(precision=8, suppress=False, threshold=1000, edgeitems=3, linewidth=75)"
	a := "a = np.array([1.123456789, 2.5, 1e-5])\n"
	langtest.CheckMatchesCPython(t, prelude, []string{
		a + "np.set_printoptions(precision=3)\nr = repr(a), str(a), np.get_printoptions()['precision']" + reset + "\nr",
		a + "np.set_printoptions(suppress=True)\nr = repr(a), str(a * 1e6), repr(np.array([1e-9, 1.0]))" + reset + "\nr",
		a + "with np.printoptions(precision=2) as o:\n    r = repr(a), o['precision'], repr(np.array([1/3], dtype=np.float32))\nr, repr(a)",
		"with np.printoptions(threshold=5, edgeitems=2):\n    r = str(np.arange(10)), repr(np.arange(12).reshape(3, 4))\nr, str(np.arange(10))",
		"with np.printoptions(linewidth=20):\n    r = str(np.arange(12)), repr(np.arange(12.0))\nr",
		"with np.printoptions(precision=4, suppress=True):\n    r = repr(np.random.default_rng(0).normal(size=(2, 3)) * 1e-3)\nr",
		"sorted(np.get_printoptions().items())",
		"np.set_printoptions(precision='x')",
		"repr(np.array([0.869227, 3.7312508e-04], dtype=np.float32)), repr(np.array([1e-10, 1.5, 123456.789], dtype=np.float32))",
	})
}

// TestNonFiniteInScientificMatchesNumPy covers inf and nan beside
// numbers printed in scientific notation: NumPy pads them to the width of
// the numbers' mantissa, exponent and point.
func TestNonFiniteInScientificMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.array([1e308, np.inf]), np.array([1.5e-10, np.nan, -np.inf]), np.array([np.inf, 1e300, 2.5e-7])",
		"str(np.array([1e308, np.inf])), str(np.array([1.23456789e20, -np.inf, np.nan]))",
		"np.array([5.5406225e+34, np.inf], dtype=np.float32), np.array([1e-5, np.inf, 3.0]), np.array([[1e10, np.nan], [np.inf, -1e-10]])",
		"np.cumsum([1e308, 1e308])",
	})
}
