// Package array is Python's array module (module.py): array.array, a
// list of numbers or characters of one C type (typecodes
// 'bBuhHiIlLqQfd') with CPython's range checks and messages, and
// tobytes, frombytes, byteswap in the machine's layout, over struct.
package array

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/copy"     // declares __copy__ and __deepcopy__, which array defines
	_ "github.com/kael-dev/kael/lang/lib/operator" // module.py imports operator
	_ "github.com/kael-dev/kael/lang/lib/pickle"   // declares __reduce__, which array defines
	_ "github.com/kael-dev/kael/lang/lib/pystruct" // module.py imports struct
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("array", "Python's array: array.array, a sequence of one C type (typecodes 'bBuhHiIlLqQfd') with CPython's range checks, tobytes and frombytes.", source)
}
