package numpy_test

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
)

// TestUfuncHelpMatchesNumPy checks that help(np.add) prints what pydoc
// prints for a ufunc: "Help on ufunc:", the object, then its docstring
// (the signature first) indented under it; kael's docstring is its own.
func TestUfuncHelpMatchesNumPy(t *testing.T) {
	for _, name := range []string{"add", "sqrt", "maximum"} {
		var out bytes.Buffer
		s := lang.NewSession(lang.IO{Stdout: &out})
		if r := s.Exec(context.Background(), "", "import numpy as np\nhelp(np."+name+")"); r.Err != nil {
			t.Fatal(r.Err.Render())
		}
		ref, err := exec.Command(reftest.CPython(t), "-c", "import numpy as np\nhelp(np."+name+")").Output()
		if err != nil {
			t.Fatal(err)
		}
		got, want := strings.Split(out.String(), "\n"), strings.Split(string(ref), "\n")
		if len(got) < 6 || strings.Join(got[:3], "\n") != strings.Join(want[:3], "\n") {
			t.Errorf("help(np.%s) begins\n%s\nNumPy's\n%s", name, strings.Join(got[:min(3, len(got))], "\n"), strings.Join(want[:3], "\n"))
			continue
		}
		if !strings.HasPrefix(got[3], "    "+name+"(") || !strings.HasPrefix(want[3], "    "+name+"(") {
			t.Errorf("help(np.%s): the signature line is %q, NumPy's %q", name, got[3], want[3])
		}
		if doc := strings.TrimSpace(got[5]); doc == "" {
			t.Errorf("help(np.%s) shows no documentation:\n%s", name, out.String())
		}
	}
}
