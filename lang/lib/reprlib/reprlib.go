// Package reprlib is Python's reprlib module: Repr and repr, reprs
// shortened by size and depth, and the recursive_repr decorator, written
// in Python (module.py).
package reprlib

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/builtins"  // module.py imports builtins
	_ "github.com/kael-dev/kael/lang/lib/itertools" // module.py imports itertools
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("reprlib", "Python's reprlib: Repr and repr, reprs shortened by size and depth, and recursive_repr.", source)
}
