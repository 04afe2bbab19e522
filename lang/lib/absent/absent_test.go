package absent_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/absent" // the modules under test
)

// The absent modules are ModuleNotFoundError, as CPython's error for a
// module that is not there (an except ImportError catches it), with the
// reason after CPython's message.
func TestAbsentModules(t *testing.T) {
	langtest.CheckCellCases(t, "", []langtest.Case{
		{"import socket", "ModuleNotFoundError: No module named 'socket': kael programs have no network access"},
		{"import urllib.request", "ModuleNotFoundError: No module named 'urllib.request': kael programs have no network access"},
		{"import ctypes", "ModuleNotFoundError: No module named 'ctypes': kael cannot load or call native libraries"},
		{"try:\n    import socket\nexcept ImportError as e:\n    r = type(e).__name__\nr", "'ModuleNotFoundError'"},
	})
}
