package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// mainEnv makes the test binary behave as the kael command, so that tests
// can start it as a kernel or a script runner without building it.
const mainEnv = "KAEL_TEST_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(mainEnv) == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	code := m.Run()
	if theBookSite.dir != "" {
		_ = os.RemoveAll(theBookSite.dir)
	}
	os.Exit(code)
}

func runCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, io.NopCloser(strings.NewReader(stdin)), &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestScriptMode(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "prog.kael")
	if err := os.WriteFile(file, []byte("x = tensor([1, 2, 3])\nprint('sum is', x.sum().item())\nx * 2.5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.kael")
	if err := os.WriteFile(bad, []byte("x = 1\ny = x + tensr(2)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name           string
		stdin          string
		args           []string
		stdout, stderr string
		code           int
	}{
		{"-c value", "", []string{"-c", "1 + 2"}, "3\n", "", 0},
		{"-c print then None", "", []string{"-c", "print('hi')\nNone"}, "hi\n", "", 0},
		// A script prints only what it prints, as python3 prog.py does: the
		// final x * 2.5 shows nothing.
		{"run file", "", []string{"run", file}, "sum is 6\n", "", 0},
		{"piped stdin", "a = 2\nprint(a ** 10)\na\n", nil, "1024\n", "", 0},
		{"error", "", []string{"run", bad}, "",
			bad + ":2:9: NameError: name 'tensr' is not defined\n2 | y = x + tensr(2)\n  |         ^^^^^\nhint: did you mean `tensor`?\n", 1},
		{"input from stdin", "kael\n", []string{"-c", "name = input('who? ')\nprint('hello', name)"}, "who? hello kael\n", "", 0},
		{"unknown command", "", []string{"frobnicate"}, "", "kael: unknown command \"frobnicate\"\n" + usage, 2},
		{"missing file", "", []string{"run", filepath.Join(dir, "nope.kael")}, "", "", 1},
		{"run a device", "", []string{"run", "/dev/zero"}, "", "kael: /dev/zero: not a regular file\n", 1},
		{"binary stdin", "x = 1\x00", nil, "", "kael: standard input: not a UTF-8 text file\n", 1},
		{"version", "", []string{"version"}, "kael " + version + "\n", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runCmd(t, tt.stdin, tt.args...)
			if code != tt.code || out != tt.stdout || (tt.stderr != "" && errOut != tt.stderr) {
				t.Errorf("exit %d, stdout %q, stderr %q\nwant exit %d, stdout %q, stderr %q", code, out, errOut, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}

func TestKernelInstall(t *testing.T) {
	prefix := t.TempDir()
	out, errOut, code := runCmd(t, "", "kernel", "install", "--prefix", prefix)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	spec := filepath.Join(prefix, "share", "jupyter", "kernels", "kael", "kernel.json")
	data, err := os.ReadFile(spec)
	if err != nil {
		t.Fatalf("%s: %v (output %q)", spec, err, out)
	}
	for _, want := range []string{`"kernel"`, `"{connection_file}"`, `"language": "kael"`} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("kernel.json lacks %s:\n%s", want, data)
		}
	}
}

// python returns a python3 that can import every module, skipping the test
// when there is none, or failing it when `make test` promised one.
func python(t *testing.T, debs string, modules ...string) string {
	t.Helper()
	// Debian's packages install into /usr/bin/python3, which need not be
	// the python3 first on PATH.
	for _, candidate := range []string{"python3", "/usr/bin/python3"} {
		path, err := exec.LookPath(candidate)
		if err == nil && exec.Command(path, "-c", "import "+strings.Join(modules, ", ")).Run() == nil {
			return path
		}
	}
	if os.Getenv("KAEL_REQUIRE_JUPYTER") == "1" {
		t.Fatalf("no python3 can import %v: apt-get install %s", modules, debs)
	}
	t.Skipf("no python3 can import %v (apt-get install %s)", modules, debs)
	return ""
}

// runPython runs a script with this test binary acting as kael, and fails
// unless it exits 0.
func runPython(t *testing.T, py string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(py, args...)
	cmd.Env = append(append(os.Environ(), mainEnv+"=1"), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("%s %v: %v\n%s", py, args, err, out)
	}
	return string(out)
}

// TestJupyterClient drives the real kael kernel with jupyter_client:
// execute, complete, inspect, is_complete, history, stdin, interrupting a
// running loop, restart and shutdown, in both interrupt modes.
func TestJupyterClient(t *testing.T) {
	if testing.Short() {
		t.Skip("starts kernels through Python")
	}
	py := python(t, "python3-jupyter-client", "jupyter_client")
	exe, _ := os.Executable()
	for _, mode := range []string{"message", "signal"} {
		t.Run(mode, func(t *testing.T) {
			out := runPython(t, py, nil, "../../kernel/testdata/jupyter_integration.py", "--interrupt-mode", mode, exe, "kernel")
			if !strings.Contains(out, " 0 failed") {
				t.Errorf("integration script reported failures:\n%s", out)
			}
		})
	}
}

// TestJupyterKernelHarness runs the official jupyter_kernel_test suite
// against the real kernel, validating every message against the schema.
func TestJupyterKernelHarness(t *testing.T) {
	if testing.Short() {
		t.Skip("starts kernels through Python")
	}
	py := python(t, "python3-jupyter-kernel-test", "jupyter_kernel_test")
	exe, _ := os.Executable()
	runPython(t, py, nil, "../../kernel/testdata/kernel_harness.py", "../../kernel/testdata/kael_samples.json", exe, "kernel")
}

// TestPayloadsAgainstIPykernel runs the same %load cells in the real kael
// kernel and in ipykernel and compares their execute_reply payloads.
func TestPayloadsAgainstIPykernel(t *testing.T) {
	if testing.Short() {
		t.Skip("starts kernels through Python")
	}
	py := python(t, "python3-jupyter-client python3-ipykernel", "jupyter_client", "ipykernel")
	exe, _ := os.Executable()
	if out := runPython(t, py, nil, "../../kernel/testdata/payloads_vs_ipykernel.py", exe, "kernel"); !strings.Contains(out, " 0 failed") {
		t.Errorf("payloads_vs_ipykernel.py reported failures:\n%s", out)
	}
}

// TestIOPubFloodReachesPythonClient prints 100 MB in one cell and runs
// 5,000 clear_output + print in another, read by jupyter_client as fast as
// Python can: every character and the idle status must arrive (issue 35).
func TestIOPubFloodReachesPythonClient(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a kernel through Python and prints 100 MB")
	}
	py := python(t, "python3-jupyter-client", "jupyter_client")
	exe, _ := os.Executable()
	if out := runPython(t, py, nil, "../../kernel/testdata/iopub_flood.py", "1000", "100000", "5000", exe, "kernel"); !strings.Contains(out, " 0 failed") {
		t.Errorf("iopub_flood.py reported failures:\n%s", out)
	}
}
