package platform_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/platform" // the module under test
)

const platformPrelude = "import platform\n"

// platformCases hold CPython 3.11's outcomes on this machine;
// TestPlatformAgainstCPython checks them there.
var platformCases = []langtest.Case{
	{"platform.python_version(), platform.python_version_tuple()", "('3.11.2', ('3', '11', '2'))"},
}

// platformMachineCases are the same for kael and CPython on one machine,
// which TestPlatformAgainstCPython asks.
var platformMachineCases = []string{
	"platform.system(), platform.machine(), platform.release(), platform.node()",
	"type(platform.system()).__name__, callable(platform.machine)",
}

func TestPlatform(t *testing.T) {
	langtest.CheckCellCases(t, platformPrelude, platformCases)
}

func TestPlatformAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, platformPrelude, platformCases)
	langtest.CheckMatchesCPython(t, platformPrelude, platformMachineCases)
}
