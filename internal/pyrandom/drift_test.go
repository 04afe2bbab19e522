package pyrandom

import (
	"os/exec"
	"testing"
)

// TestGoldenScriptDrift reruns testdata/gen.py with CPython and has it
// compare its fresh draws with the committed cpython.json. It is skipped
// when no python3 is found.
func TestGoldenScriptDrift(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	if out, err := exec.Command(python, "testdata/gen.py", "--check").CombinedOutput(); err != nil {
		t.Errorf("gen.py --check: %v\n%s", err, out)
	}
}
