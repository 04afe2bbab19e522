package lang

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// scopePrograms exercise Python's scoping rules. Each prints what it
// finds; errors are caught by the harness and printed as "Kind" so that
// kael and CPython can be compared line by line.
var scopePrograms = []struct{ name, src string }{
	{"closure counter", `
def counter():
    box = [0]
    def inc():
        box[0] += 1
        return box[0]
    return inc
c = counter()
c()
c()
print(c())`},
	{"late global", `
def f():
    return later * 2
later = 21
print(f())`},
	{"local shadows global", `
x = 'global'
def f():
    x = 'local'
    return x
print(f(), x)`},
	{"closures share a cell", `
def make():
    fs = [lambda: k for k in range(3)]
    return [f() for f in fs]
print(make())`},
	{"loop variable captured", `
def outer():
    n = 1
    def get():
        return n
    n = 5
    return get()
print(outer())`},
	{"three levels", `
def a():
    v = 'a'
    def b():
        def c():
            return v + '!'
        return c()
    return b()
print(a())`},
	{"comprehension does not leak", `
def f():
    [q for q in range(3)]
    return 'q' in [name for name in ['q']]
print(f())`},
	{"parameter shadowing", `
y = 100
def f(y):
    return y + 1
print(f(1), y)`},
	{"defaults evaluated at def", `
k = 1
def f(a=k):
    return a
k = 2
print(f())`},
	{"recursion through global", `
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(10))`},
	{"nested def rebinding", `
def f():
    def g():
        return 1
    r = g()
    def g():
        return 2
    return r + g()
print(f())`},
	{"assigned in a branch not taken", `
def f(flag):
    if flag:
        z = 1
    return z
print(f(True))`},
	{"del then read", `
def f():
    a = 1
    del a
    return 'deleted'
print(f())`},
	{"lambda default and free", `
def f(base):
    return [(lambda x, m=2: x * m + base)(v) for v in [1, 2]]
print(f(10))`},
	{"for target local", `
def f():
    for i in range(3):
        pass
    return i
print(f())`},
	{"with target local", `
def f():
    with no_grad() as g:
        pass
    return g
print(f())`},
}

// scopeErrorPrograms fail with a Python exception; the kind must match.
var scopeErrorPrograms = []struct{ name, src, kind string }{
	{"read before assign", "x = 1\ndef f():\n    print(x)\n    x = 2\nf()", "UnboundLocalError"},
	{"branch not taken", "def f(flag):\n    if flag:\n        z = 1\n    return z\nf(False)", "UnboundLocalError"},
	{"missing global", "def f():\n    return nowhere\nf()", "NameError"},
	{"augmented local", "n = 0\ndef f():\n    n += 1\nf()", "UnboundLocalError"},
	{"free before assign", "def f():\n    def g():\n        return v\n    r = g()\n    v = 1\n    return r\nf()", "NameError"},
	{"deleted local", "def f():\n    a = 1\n    del a\n    return a\nf()", "UnboundLocalError"},
}

// noGradStub makes the with-statement program run in CPython too; its
// __enter__ returns None, as PyTorch's no_grad's does.
const noGradStub = "class no_grad:\n    def __enter__(self): return None\n    def __exit__(self, *a): return None\n"

// TestScopingMatchesCPython runs each program in kael and in CPython
// (3.11, reftest.CPython) and compares what they print.
func TestScopingMatchesCPython(t *testing.T) {
	python := reftest.CPython(t)
	for _, p := range scopePrograms {
		t.Run(p.name, func(t *testing.T) {
			var out bytes.Buffer
			s := NewSession(IO{Stdout: &out})
			if r := s.Exec(context.Background(), "", p.src); r.Err != nil {
				t.Fatalf("kael: %s", r.Err.Render())
			}
			cmd := exec.Command(python, "-c", noGradStub+p.src)
			want, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("CPython: %v\n%s", err, want)
			}
			if out.String() != string(want) {
				t.Errorf("kael printed %q, CPython %q", out.String(), want)
			}
		})
	}
	for _, p := range scopeErrorPrograms {
		t.Run(p.name, func(t *testing.T) {
			r := NewSession(IO{}).Exec(context.Background(), "", p.src)
			if r.Err == nil || string(r.Err.Kind) != p.kind {
				t.Errorf("kael: got %v, want %s", r.Err, p.kind)
			}
			cmd := exec.Command(python, "-c", p.src)
			out, _ := cmd.CombinedOutput()
			if !strings.Contains(string(out), p.kind+":") {
				t.Errorf("CPython does not raise %s:\n%s", p.kind, out)
			}
		})
	}
}

// TestGlobalsPersistAcrossCells checks that globals live in the session:
// a function defined in one cell sees globals assigned in later cells, a
// cell can redefine what an earlier function calls, and a failing cell
// leaves the globals as they were.
func TestGlobalsPersistAcrossCells(t *testing.T) {
	s := NewSession(IO{})
	ctx := context.Background()
	steps := []struct{ src, want string }{
		{"def f():\n    return g() + base", "<none>"},
		{"f()", "NameError: name 'g' is not defined"},
		{"def g():\n    return 1\nbase = 10", "<none>"},
		{"f()", "11"},
		{"def g():\n    return 2", "<none>"},
		{"f()", "12"},
		{"base = 'x'\nf()", "TypeError: unsupported operand type(s) for +: 'int' and 'str'"},
		{"base", "'x'"},
		{"del base\nf()", "NameError: name 'base' is not defined"},
		{"len = 3\nlen", "3"},
		{"del len\nlen([1, 2])", "2"},
		{"x = 1\nbreak", "SyntaxError: 'break' outside loop"},
		{"x", "NameError: name 'x' is not defined"},
	}
	for _, st := range steps {
		if got := outcome(s.Exec(ctx, "", st.src)); got != st.want {
			t.Errorf("%q: got %s, want %s", st.src, got, st.want)
		}
	}
}
