// Package unittest is Python's unittest module, written in Python
// (unittest.py, run by the engine once per session that imports it):
// TestCase and its assert methods, subTest, the skip and expectedFailure
// decorators, TestSuite, TestLoader, TestResult, TextTestRunner and
// main(), printing what CPython 3.11's prints. unittest.mock is absent,
// with a ModuleNotFoundError that says so.
package unittest

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"
	// the modules unittest.py imports
	_ "github.com/kael-dev/kael/lang/lib/asyncio"
	_ "github.com/kael-dev/kael/lang/lib/contextlib"
	_ "github.com/kael-dev/kael/lang/lib/fnmatch"
	_ "github.com/kael-dev/kael/lang/lib/functools"
	_ "github.com/kael-dev/kael/lang/lib/re"
	_ "github.com/kael-dev/kael/lang/lib/signal"
	_ "github.com/kael-dev/kael/lang/lib/sys"
	_ "github.com/kael-dev/kael/lang/lib/time"
	_ "github.com/kael-dev/kael/lang/lib/traceback"
	_ "github.com/kael-dev/kael/lang/lib/warnings"
)

//go:embed unittest.py
var source string

func init() {
	lang.RegisterSourceModule("unittest", "Unit testing framework, as CPython's unittest: TestCase, the assert methods, skips, suites, runners and main().", source)
	lang.RegisterUnavailable("unittest.mock", "No module named 'unittest.mock': kael has no mock objects",
		"write a small stand-in class or function for the object the test replaces")
}
