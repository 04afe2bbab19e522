package lang

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
)

// TestSyntaxWarningsOfAProgram runs programs from a file, as kael run
// does, and compares what they write to stderr with what CPython 3.11
// writes running the same file: the compiler's SyntaxWarnings, before
// the program runs, with the file's absolute path and the line. Without
// the warnings module (package lang's tests do not link it) the engine
// prints them itself, as CPython's default filters would.
func TestSyntaxWarningsOfAProgram(t *testing.T) {
	if _, err := os.Stat(cpython.DebianPython); err != nil {
		t.Skip("no", cpython.DebianPython)
	}
	for _, src := range []string{
		"x = 1\nprint(x is 1)\nprint(x is not ())\nprint('abc' is 'abc')\nassert (x, 'msg')\nprint([(1, 2) (3, 4)] if 0 else 5)\n",
		"def f(x):\n    if x is 2:\n        return [[1, 2] [x, 0]]\n    return [{1, 2} [x]] if x is None else x\nprint(f(3))\n",
		"x = None\nprint(x is None, x is ..., x is True, x is not x)\ny = {}\ny[0, 1] = 3 if 0 else 4\n",
		"s = '\\d'\nprint(len(s))\n",
		"x = 3\nprint(1if x else 0, [0x1for y in ()])\nprint(x if 1else 0, 2or 3)\n",
	} {
		path := filepath.Join(t.TempDir(), "prog.py")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		cmd := exec.Command(cpython.DebianPython, path)
		cmd.Stderr = &want
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: python3: %v\n%s", src, err, want.String())
		}
		var out, got bytes.Buffer
		s := NewSession(IO{Stdout: &out, Stderr: &got})
		if r := s.Exec(context.Background(), path, src); r.Err != nil {
			t.Errorf("%s\nfails: %s", src, r.Err.Render())
			continue
		}
		if got.String() != want.String() {
			t.Errorf("%s\nkael's stderr:\n%s\nCPython's:\n%s", src, got.String(), want.String())
		}
	}
}
