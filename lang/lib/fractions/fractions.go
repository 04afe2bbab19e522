// Package fractions is Python's fractions module: Fraction, an exact
// rational number with CPython's arithmetic (int, float, complex and
// Decimal operands), parsing, limit_denominator and hash, written in
// Python (module.py).
package fractions

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/copy"     // declares __copy__ and __deepcopy__, which Fraction defines
	_ "github.com/kael-dev/kael/lang/lib/math"     // module.py imports math
	_ "github.com/kael-dev/kael/lang/lib/numbers"  // module.py imports numbers
	_ "github.com/kael-dev/kael/lang/lib/operator" // module.py imports operator
	_ "github.com/kael-dev/kael/lang/lib/pickle"   // declares __reduce__, which Fraction defines
	_ "github.com/kael-dev/kael/lang/lib/re"       // module.py imports re
	_ "github.com/kael-dev/kael/lang/lib/sys"      // module.py imports sys
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("fractions", "Python's fractions: Fraction, an exact rational number, with CPython's arithmetic, parsing, limit_denominator, from_float, from_decimal and hash.", source)
}
