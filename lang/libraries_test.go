package lang

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// probeDefined is set when the probe library below is defined.
var probeDefined bool

// The probe library is registered only in TestLibrariesDefinedOnFirstUse's
// children, so that the package's other tests (the language reference)
// do not see it.
func init() {
	if os.Getenv("KAEL_PROBE_CELLS") == "" {
		return
	}
	RegisterLibrary("probe", []string{"lazy_probe_module"}, func() {
		probeDefined = true
		NewBuiltin(AsFunc, "lazy_library_probe(x)", "The probe library's function: x + 1.", func(a *Args) (Value, error) {
			return a.Int("x") + 1, a.Err()
		})
		RegisterModule("lazy_probe_module", "The probe library's module.", func() *Module {
			return &Module{Attrs: map[string]Value{"answer": int64(42)}}
		})
	})
	// A second library, whose module's import defines it alone.
	RegisterLibrary("probe2", []string{"lazy_probe_module2"}, func() {
		RegisterModule("lazy_probe_module2", "The second probe library's module.", func() *Module {
			return &Module{Attrs: map[string]Value{"answer": int64(7)}}
		})
	})
}

// TestLibrariesDefinedOnFirstUse runs each row in a fresh process (this
// test binary, running TestLibraryProbeChild): the cells that use only
// the engine's names leave the probe library undefined; the first that
// reaches one of its names defines it, and then it prints what it would
// have printed with the library defined at start-up.
func TestLibrariesDefinedOnFirstUse(t *testing.T) {
	cases := []struct {
		name  string
		cells []string
		want  string
	}{
		{"engine only", []string{"x = 1\ndef f(): return x + len([1])\nprint(f())", "print(probe())"}, "2\nFalse\n"},
		{"a user class and a NameError", []string{"class V:\n    def __init__(self, d): self.d = d\n    def up(self): return V(self.d + 1)\nprint(V(1).up().d)", "try:\n    nope\nexcept NameError as e:\n    print(e)", "print(probe())"}, "2\nname 'nope' is not defined\nTrue\n"},
		{"a global name", []string{"print(probe())", "print(lazy_library_probe(2))", "print(probe())"}, "False\n3\nTrue\n"},
		{"in a function compiled before", []string{"def g(n): return lazy_library_probe(n)\nprint(probe())\nprint(g(4), g(5))", "print(probe())"}, "False\n5 6\nTrue\n"},
		{"an import", []string{"import lazy_probe_module\nprint(lazy_probe_module.answer)", "print(probe())"}, "42\nTrue\n"},
		// a library's builtin is no name of Python's builtins module: its
		// listing neither shows it nor defines the library
		{"the builtins module's listing", []string{"import builtins\nprint('lazy_library_probe' in dir(builtins), hasattr(builtins, 'lazy_library_probe'))", "print(probe())"}, "False False\nFalse\n"},
		{"the module names", []string{"import sys\nprint('lazy_probe_module' in sys.builtin_module_names)", "print(probe())"}, "True\nFalse\n"},
		{"another library's module", []string{"import lazy_probe_module2\nprint(lazy_probe_module2.answer)", "print(probe())", "print(lazy_library_probe(1))", "print(probe())"}, "7\nFalse\n2\nTrue\n"},
		{"a missing module", []string{"try:\n    import no_such_module_anywhere\nexcept ModuleNotFoundError as e:\n    print(e)"}, "No module named 'no_such_module_anywhere'\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestLibraryProbeChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), "KAEL_PROBE_CELLS="+strings.Join(c.cells, "\x1e"))
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err != nil {
				t.Fatalf("child: %v\n%s", err, out.String())
			}
			got, _, _ := strings.Cut(out.String(), "PASS")
			if got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

// TestLibraryProbeChild is TestLibrariesDefinedOnFirstUse's child: it runs
// the cells of KAEL_PROBE_CELLS in one session, probe() printing whether
// the probe library is defined.
func TestLibraryProbeChild(t *testing.T) {
	cells := os.Getenv("KAEL_PROBE_CELLS")
	if cells == "" {
		t.Skip("run by TestLibrariesDefinedOnFirstUse")
	}
	s := NewSession(IO{Stdout: os.Stdout})
	s.Set("probe", NewBuiltin(AsValue, "probe()", "Whether the probe library is defined.", func(a *Args) (Value, error) {
		return probeDefined, nil
	}))
	for _, cell := range strings.Split(cells, "\x1e") {
		if r := s.Exec(context.Background(), "<cell>", cell); r.Err != nil {
			t.Fatal(r.Err)
		}
	}
}
