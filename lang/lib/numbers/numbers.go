// Package numbers is Python's numbers module, the abstract numeric tower
// (Number, Complex, Real, Rational, Integral) with the built-in numbers
// registered, written in Python (module.py).
package numbers

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/abc"  // module.py imports abc
	_ "github.com/kael-dev/kael/lang/lib/math" // math.floor and math.ceil call __floor__ and __ceil__, which Real declares
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("numbers", "Python's numbers: the abstract base classes Number, Complex, Real, Rational and Integral, with int, float and complex registered.", source)
}
