package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestPolySeriesMatchNumPy covers numpy.polynomial.polynomial's functions
// (coefficients lowest degree first): values, dtypes, axis= and m=, k=,
// lbnd=, scl=, and NumPy's errors. Least-squares fits and roots come from
// kael's solvers, so those are rounded to 8 decimals.
func TestPolySeriesMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"import numpy.polynomial.polynomial as npp\nimport warnings\n", []string{
		"npp.polyval(2, [1, 2, 3]), npp.polyval([1, 2], [1, 2, 3]), npp.polyval(np.arange(4).reshape(2, 2), [1, 0, -1]), npp.polyval(0.5, [[1, 2], [3, 4]]), npp.polyval(2, [1, 2], tensor=False)",
		"npp.polyval(np.float32(2), np.float32([1, 2])), npp.polyval(1j, [1, 1]), npp.polyval(2, [True, False])",
		"npp.polyadd([1, 2], [1]), npp.polyadd([1, 2, 0], [0, -2]), npp.polysub([1, 2], [1, 2, 3]), npp.polysub([3], [3]), npp.polymul([1, 2], [1, 3]), npp.polymul([0], [1, 2]), npp.polymulx([1, 2]), npp.polymulx([0])",
		"npp.polydiv([1, 2, 3], [1, 1]), npp.polydiv([1, 2], [3]), npp.polydiv([1], [1, 2]), npp.polydiv([2, 0, 2, 0, 1], [1, 0, 1]), npp.polypow([1, 1], 3), npp.polypow([1, 2], 0)",
		"npp.polyder([1, 2, 3, 4]), npp.polyder([1, 2, 3, 4], 2), npp.polyder([1, 2, 3, 4], 5), npp.polyder([1, 2, 3], scl=2), npp.polyder(np.arange(6).reshape(3, 2), axis=0), npp.polyder(np.arange(6).reshape(2, 3), axis=1), npp.polyder([1, 2], 0)",
		"npp.polyint([1, 2, 3]), npp.polyint([1, 2, 3], 2), npp.polyint([1, 2, 3], k=3), npp.polyint([1, 2, 3], 2, k=[1, 2]), npp.polyint([1, 2, 3], lbnd=-1), npp.polyint([0]), npp.polyint([1, 2], scl=3), npp.polyint(np.ones((2, 2)), axis=1)",
		"npp.polyroots([-2, 1, 1]), npp.polyroots([1]), npp.polyroots([2, 4]), np.round(npp.polyroots([-6, 11, -6, 1]), 8), np.round(npp.polyroots([1, 0, 1]), 8), npp.polyfromroots([1, 2]), npp.polyfromroots([]), npp.polyline(1, 2), npp.polyline(3, 0)",
		"npp.polyvander([1, 2, 3], 2), npp.polyvander(2.0, 3), npp.polycompanion([1, 2, 3]), npp.polycompanion([2, 4])",
		"np.round(npp.polyfit([0, 1, 2, 3], [1, 3, 7, 13], 2), 8), np.round(npp.polyfit([0, 1, 2, 3, 4], [1, 2, 0, 2, 1], 1), 8), np.round(npp.polyfit([0, 1, 2, 3], [[1, 0], [3, 1], [7, 2], [13, 3]], 1), 8)",
		"np.round(npp.polyfit([0, 1, 2, 3], [1, 3, 7, 13], [0, 2]), 8), np.round(npp.polyfit([0, 1, 2, 3], [1, 3, 7, 14], 1, w=[1, 1, 1, 0.1]), 8)",
		"c, (res, rank, sv, rcond) = npp.polyfit([0, 1, 2, 3], [1, 3, 7, 14], 1, full=True)\n(np.round(c, 8), np.round(res, 8), rank, np.round(sv, 8), rcond)",
		"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    c = npp.polyfit([1, 1, 1], [1, 2, 3], 2)\n[x.category.__name__ for x in w], str(w[0].message)",
		"npp.polyval(2, [])", "npp.polyadd([], [1])", "npp.polyadd([[1]], [1])", "npp.polydiv([1, 2], [1, 0])", "npp.polypow([1, 2], -1)", "npp.polypow([1, 2], 1.5)",
		"npp.polyder([1, 2], -1)", "npp.polyder([1, 2], 1.5)", "npp.polyint([1, 2], -1)", "npp.polyint([1, 2], 1, k=[1, 2])", "npp.polyint([1, 2], lbnd=[1, 2])", "npp.polyder([1, 2], axis=1)",
		"npp.polyfit([0, 1], [1, 2], -1)", "npp.polyfit([0, 1], [1, 2], 1.5)", "npp.polyfit([[0, 1]], [1, 2], 1)", "npp.polyfit([0, 1], [1, 2, 3], 1)", "npp.polyfit([], [], 1)", "npp.polycompanion([1])",
	})
}

// TestPolynomialClassMatchesNumPy covers numpy.polynomial.Polynomial:
// construction (domain=, window=, symbol=), repr and NumPy 1.24's
// unicode printing (line wrapping at the print options' linewidth),
// calling, arithmetic with numbers and polynomials, divmod, **, ==,
// deriv, integ, roots, Polynomial.fit with .convert(), fromroots,
// identity, basis, cast, trim, cutdeg and NumPy's errors.
func TestPolynomialClassMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"from numpy.polynomial import Polynomial as P\np = P([1, 2, 3])\nq = P([1, -1])\n", []string{
		"repr(p), str(p), repr(P([1.5, -2])), str(P([1.5, -2])), repr(P([0])), str(P([1, 0, 0, 4])), repr(P([1, 2], domain=[0, 2])), repr(P([1, 2], window=[0, 1], symbol='t'))",
		"str(P([1, 2, 3], symbol='t')), str(P([-1.5, 0.25, 1e-9, 1e10, np.nan, -np.inf])), str(P(np.arange(-12, 12))), str(P([0.1] * 20)), str(P([1j, 2])), repr(P([1j, 2]))",
		"p(2), p(np.array([1, 2])), p(0.5j), repr(p(q)), P([1, 2], domain=[0, 2])(1), P([1, 2], domain=[0, 2], window=[0, 1])(np.array([0., 2.]))",
		"repr(p + 1), repr(1 + p), repr(p - q), repr(2 - p), repr(p * q), repr(2 * p), repr(p * 2.5), repr(p / 2), repr(-p), repr(+p), repr(p ** 2), repr(p ** 0)",
		"repr(p // q), repr(p % q), [repr(x) for x in divmod(p, q)], repr(p // 2), repr(3 // q), [repr(x) for x in divmod(5, q)]",
		"p == P([1, 2, 3]), p == P([1, 2]), p != q, p == P([1, 2, 3], domain=[0, 1]), p == P([1, 2, 3], symbol='y'), p == [1, 2, 3], len(p), list(p), p.degree(), p.coef, p.domain, p.window, p.symbol",
		"repr(p.deriv()), repr(p.deriv(2)), repr(p.deriv(5)), repr(p.integ()), repr(p.integ(2, k=[1, 2])), repr(p.integ(lbnd=1)), repr(P([1, 2], domain=[0, 2]).deriv()), repr(P([1, 2], domain=[0, 2]).integ())",
		"p.roots(), P([-2, 1, 1]).roots(), P([2, 1], domain=[0, 4]).roots(), np.round(P([1, 0, 1]).roots(), 8)",
		"f = P.fit([0, 1, 2, 3], [1, 3, 7, 13], 2)\n(repr(f.domain), repr(f.window), np.round(f.coef, 8), np.round(f.convert().coef, 8), f.convert().domain, np.round(f(1.5), 8))",
		"f = P.fit(np.linspace(-2, 5, 9), np.linspace(-2, 5, 9) ** 3 - 1, 3)\n(f.domain, np.round(f.coef, 8), np.round(f.convert().coef, 8), np.round(f.deriv().convert().coef, 8))",
		"f = P.fit([0, 1, 2], [1, 2, 3], 1, domain=[])\n(f.domain, np.round(f.coef, 8)), P.fit([0, 1, 2], [1, 2, 3], 1, window=[0, 1]).window",
		"f, (res, rank, sv, rcond) = P.fit([0, 1, 2, 3], [1, 3, 7, 14], 1, full=True)\n(np.round(f.coef, 8), np.round(res, 8), rank)",
		"repr(P.fromroots([1, 2])), repr(P.identity()), repr(P.basis(3)), repr(P.identity(domain=[0, 2])), repr(P.cast(P([1, 2], domain=[0, 2]))), repr(p.copy()), p.copy() is not p",
		"repr(P([1, 2, 0, 1e-12]).trim()), repr(P([1, 2, 0, 1e-12]).trim(1e-10)), repr(p.cutdeg(1)), repr(p.truncate(2)), repr(p.convert(domain=[0, 2])), p.mapparms(), P([1], domain=[0, 2]).mapparms()",
		"x, y = p.linspace(5)\n(x, y)", "p.has_samecoef(P([1, 2, 3])), p.has_samedomain(q), p.has_samewindow(q), p.has_sametype(q)",
		"import numpy.polynomial\n(np.polynomial.Polynomial is P, np.polynomial.polynomial.Polynomial is P, np.polynomial.polynomial.polyval(2, [1, 1]))",
		"from numpy.polynomial import polynomial as Pm\nPm.polyadd([1], [2]), Pm.Polynomial is P",
		"P([])", "P([[1, 2]])", "P([1], domain=[1, 2, 3])", "P([1], window=[0])", "P([1], symbol='1x')", "P([1], symbol=3)",
		"p + P([1], domain=[0, 1])", "p + P([1], window=[0, 1])", "p + P([1], symbol='y')", "p / q", "p / True", "1 / p", "p ** -1", "p ** 101", "p // P([0])", "p + 'a'",
		"p.deriv(-1)", "p.integ(-1)", "p.trim(-1)", "p.truncate(0)", "P.basis(-1)",
	})
}

// TestPolynomialIsNumpysAttribute checks that np.polynomial needs no
// import of its own, as NumPy's package imports it.
func TestPolynomialIsNumpysAttribute(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"repr(np.polynomial.Polynomial([1, 2])), np.polynomial.polynomial.polyval(3, [1, 2])",
		"import numpy\nnumpy.polynomial.Polynomial is np.polynomial.Polynomial",
		// the builtins find it before np.polynomial is read, as obj.name does
		"hasattr(np, 'polynomial'), 'polynomial' in dir(np), getattr(np, 'polynomial').__name__, getattr(np, 'polynomial') is np.polynomial, hasattr(np, 'polynomial')",
	})
}
