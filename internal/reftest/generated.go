package reftest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// GeneratedIsCurrent runs the generator program gen (a `go run` file of
// the package under test, such as "_asm/gen.go", which takes -out) and
// fails t unless its output equals the committed file, so that a
// generator and what it generated cannot drift apart.
func GeneratedIsCurrent(t *testing.T, gen, committed string) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the generator")
	}
	out := filepath.Join(t.TempDir(), filepath.Base(committed))
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if msg, err := exec.Command(gobin, "run", gen, "-out", out).CombinedOutput(); err != nil {
		t.Fatalf("go run %s: %v\n%s", gen, err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(committed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output of %s: run go generate in its package", committed, gen)
	}
}
