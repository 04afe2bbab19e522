package tensor

import (
	"os"
	"os/exec"
	"testing"
)

// TestGoldenScriptDrift reruns testdata/random/gen.py with Debian's
// PyTorch and has it compare its fresh values with the committed
// torch.json, so that a PyTorch whose generator changed is caught. It is
// skipped where /usr/bin/python3 cannot import torch, unless
// KAEL_REQUIRE_TORCH=1.
func TestGoldenScriptDrift(t *testing.T) {
	python := debianTorch(t)
	if out, err := exec.Command(python, "testdata/random/gen.py", "--check").CombinedOutput(); err != nil {
		t.Errorf("gen.py --check: %v\n%s", err, out)
	}
}

// debianTorch returns Debian's python3, skipping the test where it cannot
// import torch, unless KAEL_REQUIRE_TORCH=1 (then the test fails).
func debianTorch(t *testing.T) string {
	t.Helper()
	const python = "/usr/bin/python3"
	if exec.Command(python, "-c", "import torch").Run() != nil {
		if os.Getenv("KAEL_REQUIRE_TORCH") == "1" {
			t.Fatal("KAEL_REQUIRE_TORCH=1 but " + python + " cannot import torch")
		}
		t.Skip("no PyTorch at " + python)
	}
	return python
}
