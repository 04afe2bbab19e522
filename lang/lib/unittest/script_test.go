package unittest_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/cpython"

	_ "github.com/kael-dev/kael/lang/std"
)

// outcome is what a script printed on stdout and stderr and its exit
// status.
type outcome struct {
	stdout, stderr string
	status         int
}

// elapsed is the time a runner reports, which differs from run to run.
var elapsed = regexp.MustCompile(`Ran (\d+) tests? in \d+\.\d{3}s`)

func normalize(s string) string { return elapsed.ReplaceAllString(s, "Ran $1 tests in T") }

// runKael runs the script at path as kael run does.
func runKael(t *testing.T, path string, args ...string) outcome {
	t.Helper()
	var stdout, stderr bytes.Buffer
	s := lang.NewSession(lang.IO{Stdout: &stdout, Stderr: &stderr})
	s.SetScript(path)
	s.SetArgv(append([]string{path}, args...))
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := s.Exec(context.Background(), path, string(src))
	o := outcome{status: 0}
	if r.Err != nil {
		status, text, ok := lang.ExitStatus(r.Err)
		if !ok {
			t.Fatalf("%s: %s", path, r.Err.Render())
		}
		o.status = status
		if text != "" {
			stderr.WriteString(text + "\n")
		}
	}
	o.stdout, o.stderr = normalize(stdout.String()), normalize(stderr.String())
	return o
}

// runCPython runs the script at path in Debian's python3.
func runCPython(t *testing.T, path string, args ...string) outcome {
	t.Helper()
	if _, err := os.Stat(cpython.DebianPython); err != nil {
		t.Skip("no " + cpython.DebianPython)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(cpython.DebianPython, append([]string{path}, args...)...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=0", "PYTHONDONTWRITEBYTECODE=1")
	o := outcome{}
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatal(err)
		}
		o.status = ee.ExitCode()
	}
	o.stdout, o.stderr = normalize(stdout.String()), normalize(stderr.String())
	return o
}

// TestScriptsMatchCPython runs each script of testdata under kael and
// CPython 3.11 and compares what they print and their exit status.
func TestScriptsMatchCPython(t *testing.T) {
	scripts, err := filepath.Glob("testdata/*.py")
	if err != nil || len(scripts) == 0 {
		t.Fatal("no scripts in testdata", err)
	}
	for _, path := range scripts {
		abs, err := filepath.Abs(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{nil, {"-v"}} {
			got, want := runKael(t, abs, args...), runCPython(t, abs, args...)
			if got != want {
				t.Errorf("%s %v:\nkael (status %d):\n%s%s\nCPython (status %d):\n%s%s", path, args, got.status, got.stdout, got.stderr, want.status, want.stdout, want.stderr)
			}
		}
	}
}
