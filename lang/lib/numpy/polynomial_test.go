package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestPolynomialFunctionsMatchNumPy covers np.polyadd, np.polysub,
// np.polymul, np.polyder, np.polyint, np.polydiv, np.roots and np.poly: values,
// dtypes and NumPy's errors. Roots come from an eigenvalue solver, so
// those are rounded to 10 decimals.
func TestPolynomialFunctionsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.polyadd([1, 2], [9, 5, 4]), np.polyadd([1.5, 2], [1]), np.polyadd(3, [1, 2]), np.polyadd(np.int8([1]), np.int8([1, 2]))",
		"np.polysub([2, 10, -2], [3, 10, -4]), np.polysub([1], [1.0, 2, 3])",
		"np.polymul([1, 2, 3], [9, 5, 1]), np.polymul([1.5], [2, 3]), np.polymul(2, 3)",
		"np.polyder([1, 1, 1, 1]), np.polyder([1, 1, 1, 1], 2), np.polyder([1, 1, 1, 1], 3), np.polyder([1, 1, 1, 1], 4), np.polyder([3.5, 2], 0)",
		"np.polyint([1, 1, 1]), np.polyint([1, 1, 1], 2), np.polyint([1, 1, 1], 2, k=[3, 4]), np.polyint([6], 3, k=1), np.polyint([1, 2], 0)",
		"np.polydiv([3.0, 5.0, 2.0], [2.0, 1.0]), np.polydiv([1, 2, 3], [1]), np.polydiv([1, 0, -1], [1, -1]), np.polydiv([1, 2], [1, 2, 3])",
		"np.roots([1, -3, 2]), np.roots([1, 0, 0]), np.roots([0, 0, 2, -4, 0]), np.roots([5]), np.roots([0, 0]), np.roots([1, 2, 5])",
		"np.round(np.roots([3.2, 2, 1]), 10), np.round(np.roots([1, -6, 11, -6]), 10), np.roots(np.float32([1, -3, 2])).dtype, np.roots([2, -6, 4, 0]).dtype",
		"np.poly([1, 2, 3]), np.poly([0.5, -1.5]), np.poly([]), np.poly(np.float32([1, 2])), np.poly(np.float32([0.1, 0.7, 3]))",
		"np.poly([1j, -1j]), np.poly([1 + 2j, 1 - 2j, 3]), np.poly([1j, 2]), np.poly(np.complex64([1j, -1j])).dtype, np.poly([0.5j, 2 - 1j, 3])",
		"np.round(np.poly(np.array([[1, 2], [3, 4]])), 10), np.round(np.poly(np.roots([1, -6, 11, -6])), 10), np.round(np.poly(np.roots([1, 0, 1])), 10)",
		"np.poly(2)", "np.poly([[1, 2, 3]])", "np.poly(np.zeros((0, 0)))", "np.poly(np.zeros((2, 2, 2)))",
		"np.polyder([1, 2], -1)", "np.polyint([1, 2], -1)", "np.polyint([1, 2], 3, k=[1, 2])", "np.roots([[1, 2]])",
	})
}
