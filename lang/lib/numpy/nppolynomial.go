package numpy

import (
	_ "embed" // nppolynomial.py

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/numbers"  // nppolynomial.py imports numbers
	_ "github.com/kael-dev/kael/lang/lib/operator" // nppolynomial.py imports operator
)

// numpy.polynomial: the power series of numpy.polynomial.polynomial
// (coefficients lowest degree first: polyval, polyfit, polyder, polyint,
// polyadd, polymul, polyroots, ...) and its Polynomial class, written in
// Python in nppolynomial.py over kael's NumPy. np.polynomial is an
// attribute of numpy from the start, as NumPy's package imports it; a
// session runs the code the first time a program reads it.

//go:embed nppolynomial.py
var nppolynomialSource string

func init() {
	defineLater(func() {
		lang.RegisterSourceSubmodule("numpy.polynomial", "NumPy's polynomial package: the Polynomial class and the power-series functions of numpy.polynomial.polynomial (kael's own code, behaving as NumPy 1.24's).",
			"import numpy.polynomial.polynomial\nfrom numpy.polynomial.polynomial import Polynomial\n")
		lang.RegisterSourceModule("numpy.polynomial.polynomial", "NumPy's power series, coefficients lowest degree first: polyval, polyfit, polyder, polyint, polyadd, polysub, polymul, polydiv, polypow, polyroots, polyvander, polyfromroots, polycompanion, polyline, and the Polynomial class (kael's own code, behaving as NumPy 1.24's numpy/polynomial).", nppolynomialSource)
	})
}
