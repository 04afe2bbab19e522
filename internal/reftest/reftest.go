// Package reftest finds the independent references that tests compare
// kael against (Debian's python3-torch, node and npm), skipping a test
// cleanly when one is missing, unless KAEL_REQUIRE_JUPYTER=1 (which
// `make test` sets after installing them) makes a missing one a failure.
package reftest

import (
	"os"
	"os/exec"
	"testing"
)

// Required reports whether missing references fail tests instead of
// skipping them.
func Required() bool { return os.Getenv("KAEL_REQUIRE_JUPYTER") == "1" }

// missing skips or fails t because what is not available.
func missing(t testing.TB, what string) {
	t.Helper()
	if Required() {
		t.Fatalf("%s is not available (KAEL_REQUIRE_JUPYTER=1 requires it)", what)
	}
	t.Skipf("%s is not available", what)
}

// TorchPython returns Debian's python3 when it can import torch.
func TorchPython(t testing.TB) string {
	t.Helper()
	for _, py := range []string{"/usr/bin/python3", "python3"} {
		if exec.Command(py, "-c", "import torch").Run() == nil {
			return py
		}
	}
	missing(t, "python3 with torch (apt-get install python3-torch)")
	return ""
}

// Command returns the path of the program name, or skips t.
func Command(t testing.TB, name, debianPackage string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		missing(t, name+" (apt-get install "+debianPackage+")")
	}
	return p
}
