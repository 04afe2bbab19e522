package kernel

import (
	"context"
	"log/slog"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// fakeKernelEnv makes the test binary run as a kernel with the fake engine
// on the connection file given as its last argument, so that
// testdata/jupyter_integration.py can drive it.
const fakeKernelEnv = "KAEL_TEST_FAKE_KERNEL"

func TestMain(m *testing.M) {
	if os.Getenv(fakeKernelEnv) == "1" {
		err := Run(context.Background(), os.Args[len(os.Args)-1], Config{
			NewEngine: newFakeEngine,
			Version:   "0.0.0-test",
			Logger:    slog.New(slog.NewTextHandler(os.Stderr, nil)),
		})
		if err != nil {
			slog.Error("kernel failed", "err", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// jupyterPython returns a Python that can import module. Without one it
// skips the test, or fails it when required is set.
func jupyterPython(t *testing.T, module, debianPackage string, required bool) string {
	for _, candidate := range []string{"python3", "/usr/bin/python3"} {
		if path, err := exec.LookPath(candidate); err == nil && exec.Command(path, "-c", "import "+module).Run() == nil {
			return path
		}
	}
	if required {
		t.Fatalf("no python3 with %s (apt-get install %s)", module, debianPackage)
	}
	t.Skipf("no python3 with %s (apt-get install %s)", module, debianPackage)
	return ""
}

// requireJupyter is set by `make test`, which installs the Debian packages
// of the Jupyter tests.
var requireJupyter = os.Getenv("KAEL_REQUIRE_JUPYTER") == "1"

// runAsKernel runs a Python script that starts this test binary as a
// kernel, and fails unless it reports no failures.
func runAsKernel(t *testing.T, python string, args ...string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, append(args, exe)...)
	cmd.Env = append(os.Environ(), fakeKernelEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), " 0 failed") {
		t.Errorf("%v\n%s", err, out)
	}
}

// TestJupyterClient runs testdata/jupyter_integration.py, which drives the
// kernel with jupyter_client's KernelManager, in both interrupt modes.
func TestJupyterClient(t *testing.T) {
	if testing.Short() {
		t.Skip("starts kernels through Python")
	}
	python := jupyterPython(t, "jupyter_client", "python3-jupyter-client", requireJupyter)
	for _, mode := range []string{"message", "signal"} {
		t.Run(mode, func(t *testing.T) {
			runAsKernel(t, python, "testdata/jupyter_integration.py", "--interrupt-mode", mode)
		})
	}
}

// TestJupyterKernelHarness runs the official jupyter_kernel_test suite,
// which validates every message against the protocol's schema.
func TestJupyterKernelHarness(t *testing.T) {
	if testing.Short() {
		t.Skip("starts kernels through Python")
	}
	python := jupyterPython(t, "jupyter_kernel_test", "python3-jupyter-kernel-test", false)
	runAsKernel(t, python, "testdata/kernel_harness.py", "testdata/fake_engine_samples.json")
}
