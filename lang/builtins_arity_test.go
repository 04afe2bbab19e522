package lang

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
)

// TestBuiltinArityMatchesCPython calls every builtin of cpythonArity with
// 0 to 4 and 9 positional arguments (and a few keyword forms), in kael and
// in /usr/bin/python3, and compares the outcomes where CPython's is a
// TypeError about the count: the message is CPython's word for word.
func TestBuiltinArityMatchesCPython(t *testing.T) {
	names := make([]string, 0, len(cpythonArity))
	for name := range cpythonArity {
		names = append(names, name)
	}
	slices.Sort(names)
	var srcs []string
	for _, name := range names {
		for _, n := range []int{0, 1, 2, 3, 4, 9} {
			if (name == "open" || name == "input") && n < 9 {
				continue // they would read the terminal or open a descriptor
			}
			args := make([]string, n)
			for i := range args {
				args[i] = fmt.Sprint(i + 1)
			}
			srcs = append(srcs, name+"("+strings.Join(args, ", ")+")")
		}
	}
	srcs = append(srcs, "sorted(key=len)", "max(key=len)", "round(ndigits=2)", "pow(exp=2)", "sum(start=1)",
		"round(number=2.5), round(number=2.675, ndigits=2), pow(base=2, exp=10), pow(2, exp=3, mod=5)")
	want := cpython.CellOutcomes(t, "", srcs)
	counted := 0
	for i, src := range srcs {
		if !isCountError(want[i]) && !strings.Contains(src, "=") {
			continue
		}
		counted++
		s := NewSession(IO{})
		if got := outcome(s.Exec(context.Background(), "", src)); got != want[i] {
			t.Errorf("%s\n got %s\nwant %s (CPython)", src, got, want[i])
		}
	}
	if counted < 100 {
		t.Fatalf("only %d of %d calls were count errors in CPython: the table no longer tests what it should", counted, len(srcs))
	}
}

// isCountError reports whether a CPython outcome is a TypeError about how
// many arguments a call gave.
func isCountError(outcome string) bool {
	if !strings.HasPrefix(outcome, "TypeError: ") {
		return false
	}
	for _, s := range []string{"argument (", "arguments (", "argument,", "arguments,", "missing required", "positional argument"} {
		if strings.Contains(outcome, s) {
			return true
		}
	}
	return false
}

// TestSiteBuiltins checks exit, quit, ascii and iter(callable, sentinel)
// against CPython.
func TestSiteBuiltins(t *testing.T) {
	cases := []struct{ src, want string }{
		{"repr(exit), str(quit), type(exit).__name__, callable(exit)", "('Use exit() or Ctrl-D (i.e. EOF) to exit', 'Use quit() or Ctrl-D (i.e. EOF) to exit', 'Quitter', True)"},
		{"try:\n    quit('bye')\nexcept SystemExit as e:\n    r = e.code\nr", "'bye'"},
		{"try:\n    exit()\nexcept SystemExit as e:\n    r = e.code, e.args\nr", "(None, (None,))"},
		{"ascii('café'), ascii(['ü', 1, 'a\\U0001f600']), ascii(b'\\xff'), ascii(1.5)", `("'caf\\xe9'", "['\\xfc', 1, 'a\\U0001f600']", "b'\\xff'", '1.5')`},
		{"class R:\n    def __repr__(self):\n        return 'é'\nascii(R())", `'\\xe9'`},
		{"import io\nf = io.BytesIO(b'abcdefgh')\nlist(iter(lambda: f.read(3), b''))", "[b'abc', b'def', b'gh']"},
		{"n = [0]\ndef g():\n    n[0] += 1\n    return n[0]\nit = iter(g, 3)\ntype(it).__name__, list(it), list(it), n", "('callable_iterator', [1, 2], [], [3])"},
		{"def h():\n    raise StopIteration\nlist(iter(h, 1))", "[]"},
		{"class E:\n    def __eq__(self, o):\n        return o == 2\nn = [0]\ndef g():\n    n[0] += 1\n    return n[0]\nlist(iter(g, E()))", "[1]"},
		{"iter(1, 2)", "TypeError: iter(v, w): v must be callable"},
		{"iter(len, 1, 2)", "TypeError: iter expected at most 2 arguments, got 3"},
	}
	checkCellCases(t, "", cases)
	checkCellCasesAgainstCPython(t, "", cases)
	// exit ends CPython's runner, so kael alone: SystemExit carries the code
	checkCellCases(t, "", []struct{ src, want string }{{"exit(3)", "SystemExit: 3"}, {"try:\n    quit()\nexcept SystemExit as e:\n    r = e.args\nr", "(None,)"}})
}
