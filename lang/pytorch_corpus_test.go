package lang

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestPyTorchCorpus runs the PyTorch-tutorial-style programs of
// testdata/pytorch as kael scripts and compares what they print with the
// .out file beside each, which is what PyTorch prints for the same
// program: TestPyTorchCorpusAgainstPyTorch checks that (and go test
// -update rewrites the .out files from PyTorch's output). The .out files
// were printed on another machine, so floats may differ by a rounding or
// one unit in the last printed digit (reftest.Printed); all else is exact.
func TestPyTorchCorpus(t *testing.T) {
	files := corpusFiles(t)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			r := NewSession(IO{Stdout: &out}).Exec(context.Background(), filepath.Base(file), string(src))
			if r.Err != nil {
				t.Fatalf("kael failed:\n%s", r.Err.Render())
			}
			want, err := os.ReadFile(strings.TrimSuffix(file, ".py") + ".out")
			if err != nil {
				t.Fatalf("%v (run go test -update with PyTorch installed)", err)
			}
			if err := reftest.CompareText(out.String(), string(want), reftest.Printed); err != nil {
				t.Errorf("kael prints\n%s\nPyTorch prints\n%s\n%v", out.String(), want, err)
			}
		})
	}
}

func corpusFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/pytorch/*.py")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus programs: %v", err)
	}
	return files
}

// TestPyTorchCorpusAgainstPyTorch runs the corpus with Debian's python3
// and PyTorch, in one process, and checks the .out files hold what it
// prints. It skips when PyTorch is not installed, unless
// KAEL_REQUIRE_TORCH is set (make test sets it, after installing
// python3-torch).
func TestPyTorchCorpusAgainstPyTorch(t *testing.T) {
	if err := exec.Command(debianPython, "-c", "import torch").Run(); err != nil {
		if os.Getenv("KAEL_REQUIRE_TORCH") != "" {
			t.Fatalf("KAEL_REQUIRE_TORCH is set but %s cannot import torch: %v", debianPython, err)
		}
		t.Skipf("%s with torch is not available: %v", debianPython, err)
	}
	files := corpusFiles(t)
	const harness = `
import contextlib, io, json, runpy, sys, traceback
out = {}
for path in json.load(sys.stdin):
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            runpy.run_path(path, run_name="__main__")
    except Exception:
        buf.write("EXCEPTION " + traceback.format_exc())
    out[path] = buf.getvalue()
json.dump(out, sys.stdout)
`
	in, _ := json.Marshal(files)
	cmd := exec.Command(debianPython, "-c", harness)
	cmd.Stdin = bytes.NewReader(in)
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	var got map[string]string
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		golden := strings.TrimSuffix(file, ".py") + ".out"
		if *update {
			if err := os.WriteFile(golden, []byte(got[file]), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, _ := os.ReadFile(golden)
		if err := reftest.CompareText(got[file], string(want), reftest.Printed); err != nil {
			t.Errorf("%s: PyTorch prints\n%s\n%s holds\n%s\n%v", file, got[file], golden, want, err)
		}
	}
}
