package numpy_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
)

// TestGuideScriptsMatchNumPy runs whole scripts of NumPy's documentation
// in kael and in /usr/bin/python3 with NumPy 1.24, and compares what they
// print: one row per script of testdata.
func TestGuideScriptsMatchNumPy(t *testing.T) {
	for _, script := range []string{
		"testdata/nditer_guide.py",    // np.nditer, NumPy's "Iterating over arrays"
		"testdata/matrix_tutorial.py", // np.matrix
	} {
		src, err := os.ReadFile(script)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		s := lang.NewSession(lang.IO{Stdout: &out})
		if r := s.Exec(context.Background(), script, string(src)); r.Err != nil {
			t.Errorf("%s: %s", script, r.Err.Render())
			continue
		}
		want, err := exec.Command(reftest.CPython(t), script).Output()
		if err != nil {
			t.Fatalf("%s under NumPy: %v", script, err)
		}
		if len(want) == 0 || out.String() != string(want) {
			t.Errorf("%s prints\n%s\nNumPy's\n%s", script, out.String(), want)
		}
	}
}
