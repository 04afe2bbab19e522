package copyreg_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/copy"
	_ "github.com/kael-dev/kael/lang/lib/copyreg"
	_ "github.com/kael-dev/kael/lang/lib/pickle"
)

const copyregPrelude = "import copyreg, copy, pickle\nclass P:\n    def __init__(self, x):\n        self.x = x\n"

// copyregCases are compared with CPython 3.11's outcomes.
var copyregCases = []string{
	"copyreg.pickle(P, lambda p: (P, (p.x * 10,)))\ncopyreg.dispatch_table[P](P(2))[1], copy.copy(P(3)).x, copy.deepcopy(P(4)).x, P in copyreg.dispatch_table",
	"copyreg.pickle(P, 5)",
	"copyreg.constructor(5)",
	"copyreg.add_extension('m', 'n', 240)\ncopyreg.add_extension('m', 'n', 240)\ncopyreg.add_extension('m', 'o', 240)",
	"copyreg.add_extension('m', 'n', 0)",
	"copyreg.add_extension('m', 'k', 241)\ncopyreg.add_extension('m', 'k', 242)",
	"copyreg.remove_extension('m', 'q', 243)",
	"copyreg.add_extension('m', 'r', 244)\ncopyreg.remove_extension('m', 'r', 244)\ncopyreg.clear_extension_cache()\n('m', 'r') in copyreg._extension_registry",
	"type(copyreg.__newobj__(P, 1)).__name__, type(copyreg.__newobj_ex__(P, (), {})).__name__, type(copyreg._reconstructor(P, object, None)).__name__",
	"class S:\n    __slots__ = ('a', '__b')\ncopyreg._slotnames(S)",
}

func TestCopyregMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, copyregPrelude, copyregCases)
}
