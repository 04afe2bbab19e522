// Package reftest finds the independent references that tests compare
// kael against (Debian's python3-torch, node and npm), skipping a test
// cleanly when one is missing, unless KAEL_REQUIRE_JUPYTER=1 (which
// `make test` sets after installing them) makes a missing one a failure.
// It also holds the check that generated files are current
// (GeneratedIsCurrent).
package reftest

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync"
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

// cpython is the CPython 3.11 found first, or "" (then cpythonErr says why).
var cpython = sync.OnceValues(func() (string, error) {
	// Debian's interpreter first: the python3 first on PATH may be another
	// version (pyenv's, 3.12's), whose messages differ from 3.11's.
	for _, candidate := range []string{"/usr/bin/python3", "python3.11", "python3"} {
		path, err := exec.LookPath(candidate)
		if err != nil {
			continue
		}
		out, err := exec.Command(path, "-c", "import sys; print('%d.%d' % sys.version_info[:2])").Output()
		if err == nil && strings.TrimSpace(string(out)) == "3.11" {
			return path, nil
		}
	}
	return "", errors.New("no CPython 3.11 (/usr/bin/python3, python3.11 or python3 on PATH; apt-get install python3)")
})

// CPython returns the path of a CPython 3.11, the version whose behaviour
// kael's language follows: Debian's /usr/bin/python3 when it is 3.11, else
// python3.11 or python3 on PATH when that is 3.11. Without one it skips t,
// or fails it where references are required (KAEL_REQUIRE_JUPYTER=1).
func CPython(t testing.TB) string {
	t.Helper()
	path, err := cpython()
	if err != nil {
		missing(t, err.Error())
	}
	return path
}

// PinnedCPUEnv is the environment under which PyTorch computes the same
// bits on every x86-64 CPU of kael's machine class, with or without
// AVX-512: ATen's kernels capped at AVX2 (ATEN_CPU_CAPABILITY), oneDNN's
// convolutions too (ONEDNN_MAX_CPU_ISA, DNNL_ for older names), and
// OpenBLAS on its Haswell kernel, which Zen CPUs share. A golden file
// made by PyTorch (lang/programs' main.out) is checked under it, so that
// a program whose results are rounding-sensitive compares the same on an
// AVX-512 and an AVX2 machine. Variables the environment already sets
// (make test-isa sets ATEN_CPU_CAPABILITY) are kept.
func PinnedCPUEnv() []string {
	env := os.Environ()
	for _, kv := range []string{"ATEN_CPU_CAPABILITY=avx2", "ONEDNN_MAX_CPU_ISA=AVX2", "DNNL_MAX_CPU_ISA=AVX2", "OPENBLAS_CORETYPE=Haswell"} {
		name, _, _ := strings.Cut(kv, "=")
		if _, set := os.LookupEnv(name); !set {
			env = append(env, kv)
		}
	}
	return env
}
