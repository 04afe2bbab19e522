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

// TestPoly1dMatchesNumPy covers np.poly1d: construction (coefficients,
// roots, variable=, from another poly1d), its two-line printing, repr,
// calling, arithmetic with numbers and polynomials, deriv and integ,
// indexing and assignment, ==, its attributes and NumPy's errors.
func TestPoly1dMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"p = np.poly1d([1, 2, 3])\nq = np.poly1d([1, -3, 2], variable='z')\n", []string{
		"str(p)", "repr(p), p.c, p.coeffs, p.coef, p.coefficients, p.order, p.o, p.variable, len(p), list(p)",
		"p(0.5), p(np.array([1, 2])), p([0, 1]), p(2), str(p(q))", "np.round(p.r, 10), np.round(p.roots, 10), np.poly1d([1, -3, 2]).r",
		"str(q), str(np.poly1d(p, variable='t')), str(np.poly1d([1, 2, 3], r=True)), repr(np.poly1d([1, 2, 3], r=True))",
		"str(p * q), str(p + 1), str(2 * p), str(p * 2.5), str(p - q), str(1 - p), str(p ** 3), str(p ** 0), str(-p), str(+p)",
		"str(p / 2), repr(np.poly1d([1, -3, 2]) / np.poly1d([1, -1])), repr(6 / np.poly1d([2, 3]))", "repr(p + [1, 1]), repr([1, 1, 1, 1] - p), repr(p * [1, 0])",
		"str(p.deriv()), str(p.integ()), str(p.integ(2, 3)), str(p.deriv(2)), repr(p.deriv(3)), repr(p.integ(k=5))",
		"p == np.poly1d([1, 2, 3]), p == np.poly1d([1., 2., 3.]), p != q, p == q, p == np.poly1d([2, 3]), p == [1, 2, 3]",
		"str(np.poly1d([0, 0, 1.5, 0])), str(np.poly1d([0])), str(np.poly1d([])), repr(np.poly1d([0, 0])), str(np.poly1d([1e-5, 123456.789, -2]))",
		"str(np.poly1d([1+2j, 3j, 2])), str(np.poly1d([-1, 0, -2.5, 1])), str(np.poly1d([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]))",
		"str(np.poly1d(list(range(1, 30)))), str(np.poly1d([3.0]))",
		"p[0], p[1], p[2], p[5], p[-1], type(p[5]).__name__",
		"r = np.poly1d([1, 2, 3])\nr[4] = 7\nr[0] = 9\nstr(r), repr(r)",
		"type(p), isinstance(p, np.poly1d), isinstance(p.c, np.poly1d), isinstance(3, np.poly1d), np.poly1d",
		"str(np.poly1d(np.polyfit([0, 1, 2], [1, 3, 7], 2)))",
		"p ** -1", "p ** 1.5", "np.poly1d([[1, 2], [3, 4]])", "p.coeffs = np.array([1])", "p[-1] = 2",
	})
}
