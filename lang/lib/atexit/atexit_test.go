package atexit_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/lib/atexit"
)

// atexitCases are compared with CPython 3.11's outcomes; each clears
// what it registered, as CPython runs them in one process.
var atexitCases = []string{
	"out = []\ndef f(x, y=0):\n    out.append((x, y))\natexit.register(f, 1)\natexit.register(f, 2, y=3)\nn = atexit._ncallbacks()\natexit._run_exitfuncs()\nout, n, atexit._ncallbacks()",
	"out = []\n@atexit.register\ndef g():\n    out.append('g')\natexit.register(g)\natexit.register(len, [])\natexit.unregister(g)\natexit._run_exitfuncs()\nout, g.__name__",
	"atexit.register(print)\natexit._clear()\natexit._ncallbacks()",
	"atexit.register(3)",
	"atexit.register()",
	"atexit.unregister(print), atexit.unregister(3)",
}

func TestAtexitMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, "import atexit\natexit._clear()\n", atexitCases)
}

// TestAtexitRunsAtShutdown checks that the session's end runs the
// registered functions, the last first, and prints an error one raises
// without stopping the others, as CPython's end does.
func TestAtexitRunsAtShutdown(t *testing.T) {
	tests := []struct {
		src          string
		out, errHave string
	}{
		{"import atexit\natexit.register(print, 'first registered')\natexit.register(print, 'last registered', end='!\\n')", "last registered!\nfirst registered\n", ""},
		{"import atexit\ndef bad():\n    raise ValueError('boom')\natexit.register(print, 'still runs')\natexit.register(bad)", "still runs\n", "Exception ignored in atexit callback: <function bad"},
		{"import atexit\natexit.register(print, 'gone')\natexit.unregister(print)", "", ""},
		{"print('no atexit')", "no atexit\n", ""},
	}
	for _, tt := range tests {
		var out, errOut bytes.Buffer
		s := lang.NewSession(lang.IO{Stdout: &out, Stderr: &errOut})
		if r := s.Exec(context.Background(), "", tt.src); r.Err != nil {
			t.Fatal(r.Err.Render())
		}
		if err := s.Shutdown(context.Background()); err != nil {
			t.Fatal(err.Render())
		}
		if out.String() != tt.out || !strings.Contains(errOut.String(), tt.errHave) || (tt.errHave == "") != (errOut.Len() == 0) {
			t.Errorf("%s:\nstdout %q, want %q\nstderr %q, want it to have %q", tt.src, out.String(), tt.out, errOut.String(), tt.errHave)
		}
		if tt.errHave != "" && (!strings.Contains(errOut.String(), "ValueError: boom") || strings.Contains(errOut.String(), "_run_exitfuncs")) {
			t.Errorf("%s: stderr %q lacks the error, or shows atexit's own frame", tt.src, errOut.String())
		}
	}
}
