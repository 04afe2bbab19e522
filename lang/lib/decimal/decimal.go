// Package decimal is Python's decimal module for kael: Decimal, Context,
// the signals and the rounding modes, as CPython 3.11's decimal (the
// General Decimal Arithmetic specification). module.py, kael's own
// Python, holds the classes, the contexts, the signals and the text
// forms; the arithmetic is done in Go by github.com/cockroachdb/apd
// (_decimal, arith.go), and a Decimal hashes and keys dicts as the int or
// float it equals (hash.go).
package decimal

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/collections" // module.py imports collections
	_ "github.com/kael-dev/kael/lang/lib/contextvars" // module.py imports contextvars
	_ "github.com/kael-dev/kael/lang/lib/copy"        // declares __copy__ and __deepcopy__, which Decimal defines
	_ "github.com/kael-dev/kael/lang/lib/math"        // module.py imports math
	_ "github.com/kael-dev/kael/lang/lib/numbers"     // module.py imports numbers
	_ "github.com/kael-dev/kael/lang/lib/pickle"      // declares __reduce__, which Decimal defines
	_ "github.com/kael-dev/kael/lang/lib/re"          // module.py imports re
	_ "github.com/kael-dev/kael/lang/lib/sys"         // module.py imports sys
)

// decimalCore is _decimal, the part of decimal written in Go.
var decimalCore = &lang.Module{Name: "_decimal", Attrs: map[string]lang.Value{
	"op":          compute,
	"from_float":  fromFloat,
	"DecimalBase": baseClass,
	"base_hash":   baseHash,
}}

//go:embed module.py
var source string

func init() {
	registerBase()
	lang.RegisterModule("_decimal", "The part of decimal written in Go: the arithmetic (apd) and the hash.", func() *lang.Module { return decimalCore })
	lang.RegisterSourceModule("decimal", "Python's decimal: Decimal, Context, localcontext and the signals, as CPython's (the General Decimal Arithmetic specification).", source)
}
