// Package timeit is Python's timeit module: Timer (timeit, repeat,
// autorange), timeit, repeat and default_timer, written in Python
// (module.py). The command line (python -m timeit) is not offered.
package timeit

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/itertools" // module.py imports itertools
	_ "github.com/kael-dev/kael/lang/lib/sys"       // module.py imports sys
	_ "github.com/kael-dev/kael/lang/lib/time"      // module.py imports time
	_ "github.com/kael-dev/kael/lang/lib/traceback" // Timer.print_exc imports traceback
)

//go:embed module.py
var source string

func init() {
	lang.RegisterSourceModule("timeit", "Python's timeit: Timer (timeit, repeat, autorange), timeit, repeat and default_timer.", source)
}
