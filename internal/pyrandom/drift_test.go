package pyrandom

import (
	"os/exec"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestGoldenScriptDrift reruns testdata/gen.py with CPython and has it
// compare its fresh draws with the committed cpython.json. It is skipped
// when no python3 is found.
func TestGoldenScriptDrift(t *testing.T) {
	python := reftest.CPython(t)
	if out, err := exec.Command(python, "testdata/gen.py", "--check").CombinedOutput(); err != nil {
		t.Errorf("gen.py --check: %v\n%s", err, out)
	}
}
