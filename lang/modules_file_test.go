package lang

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestDunderName checks __name__ in a session: a REPL or notebook cell
// runs as __main__, as in Python's REPL and Jupyter (the CPython harness
// runs cells with exec, under another name, so the table is kael's own).
func TestDunderName(t *testing.T) {
	checkCellCases(t, "", []struct{ src, want string }{
		{"__name__", "'__main__'"},
		{"def f():\n    return __name__\nf()", "'__main__'"},
		{"if __name__ == '__main__':\n    r = 1\nr", "1"},
		{"__file__", "NameError: name '__file__' is not defined"},
	})
}

// TestFileModules checks import of Python files in a session: beside the
// script SetScript names, cached, with __name__ and __file__; a module
// that fails is not cached and binds nothing.
func TestFileModules(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"m.py":    "runs = [1]\nx = 41\ndef f():\n    global x\n    x += 1\n    return x\n",
		"bad.py":  "y = 1\n1 / 0\n",
		"main.py": "",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := NewSession(IO{})
	s.SetScript(filepath.Join(dir, "main.py"))
	cases := []struct{ src, want string }{
		{"import m\nm.f(), m.x, m.__name__", "(42, 42, 'm')"},
		{"import m as again\nagain is m, again.runs", "(True, [1])"},
		{"__file__ == " + pyQuote(filepath.Join(dir, "main.py")), "True"},
		{"m.__file__ == " + pyQuote(filepath.Join(dir, "m.py")), "True"},
		{"import bad", "ZeroDivisionError: division by zero"},
		{"bad", "NameError: name 'bad' is not defined"},
		{"from bad import y", "ZeroDivisionError: division by zero"},
		{"import nothere", "ModuleNotFoundError: No module named 'nothere'"},
		{"from m import nope", "ImportError: cannot import name 'nope' from 'm' (" + filepath.Join(dir, "m.py") + ")"},
		{"m.x = 0\nm.f(), m.x", "(1, 1)"},
		{"import math\nmath.pi = 3", "AttributeError: 'module' object attribute 'pi' is read-only"},
		{"sorted(n for n in dir(m) if not n.startswith('_'))", "['f', 'runs', 'x']"},
		// del of a file module's global, of an attribute a program set on a
		// module that takes any, and of kael's own read-only ones
		{"m.extra = 5\ndel m.extra\nhasattr(m, 'extra'), 'extra' in vars(m)", "(False, False)"},
		{"del m.nope", "AttributeError: 'module' object has no attribute 'nope'"},
		{"import types\nmm = types.ModuleType('mm')\nmm.x = 1\ndel mm.x\nhasattr(mm, 'x')", "False"},
		{"import math\ndel math.pi", "AttributeError: 'module' object attribute 'pi' is read-only"},
		{"import m as m2\nm2.runs = [2]\ndef g():\n    return m2.runs\ng()\ndel m2.runs\ng()", "AttributeError: module 'm' has no attribute 'runs'"},
	}
	for _, c := range cases {
		if got := outcome(s.Exec(context.Background(), "", c.src)); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
	// The traceback of an error in an imported file begins at the import.
	r := s.Exec(context.Background(), "main.py", "x = 1\nimport bad")
	if r.Err == nil || len(r.Err.Trace) != 1 || r.Err.Trace[0].Span.Start.Line != 2 || r.Err.Filename != filepath.Join(dir, "bad.py") {
		t.Errorf("import bad: got %#v", r.Err)
	}
	for _, v := range s.Vars() {
		if isDunder(v) {
			t.Errorf("Vars lists %s", v)
		}
	}
}

func pyQuote(s string) string { return Repr(s) }

// writeModules writes files into a new directory and returns a session
// whose script is main.py there.
func writeModules(t *testing.T, files map[string]string) *Session {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s := NewSession(IO{})
	s.SetScript(filepath.Join(dir, "main.py"))
	return s
}

// TestVarsFileModule checks that vars() of a file module holds its
// globals, as its attributes are.
func TestVarsFileModule(t *testing.T) {
	s := writeModules(t, map[string]string{"g.py": "x = 1\ndef h():\n    return 2\n"})
	for _, c := range []struct{ src, want string }{
		{"import g\nsorted(k for k in vars(g) if not k.startswith('_'))", "['h', 'x']"},
		{"vars(g)['__name__'], vars(g)['x']", "('g', 1)"},
	} {
		if got := outcome(s.Exec(context.Background(), "", c.src)); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// TestFileModuleAttributeSites checks a call site's memory of a file
// module's attributes (moduleAttrCache) for globals of every kind: a
// tuple, list or dict global once crashed its put (Go's == on values that
// are slices or maps), and a global rebound or deleted is seen at once.
func TestFileModuleAttributeSites(t *testing.T) {
	s := writeModules(t, map[string]string{"k.py": "T = (1, 2)\nL = [3]\nD = {'a': 4}\nF = 1.5\ndef f(x):\n    return x\ndef drop():\n    global D\n    del D\n"})
	for _, c := range []struct{ src, want string }{
		{"import k\ndef read():\n    return k.T, k.L, k.D, k.F, k.f(5)\n[read() for _ in range(3)][-1]", "((1, 2), [3], {'a': 4}, 1.5, 5)"},
		{"k.T = (7,)\nk.L.append(8)\nread()", "((7,), [3, 8], {'a': 4}, 1.5, 5)"},
		{"k.drop()\nread()", "AttributeError: module 'k' has no attribute 'D'"},
		{"k.D = [9]\nk.f = str\nread()", "((7,), [3, 8], [9], 1.5, '5')"},
	} {
		if got := outcome(s.Exec(context.Background(), "", c.src)); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// TestFileModuleRecursion checks that a file module's code counts toward
// the recursion limit of the calls that import it: a chain of imports
// cannot reset it and grow the Go stack without bound.
func TestFileModuleRecursion(t *testing.T) {
	s := writeModules(t, map[string]string{"deep.py": "def f(n):\n    return 0 if n == 0 else f(n - 1)\nr = f(450)\n"})
	src := "def down(n):\n    if n == 0:\n        import deep\n        return deep.r\n    return down(n - 1)\ndown(450)"
	want := "RecursionError: maximum recursion depth exceeded (500 calls)"
	if got := outcome(s.Exec(context.Background(), "", src)); got != want {
		t.Errorf("%s\n got %s\nwant %s", src, got, want)
	}
}

// TestFileModuleNames checks __module__ and the reprs of the functions
// and classes of a file module: they name the module, as in Python.
func TestFileModuleNames(t *testing.T) {
	s := writeModules(t, map[string]string{"shapes.py": "class C:\n    pass\ndef f():\n    pass\n"})
	for _, c := range []struct{ src, want string }{
		{"import shapes\nshapes.C.__module__, shapes.f.__module__", "('shapes', 'shapes')"},
		{"shapes.C", "<class 'shapes.C'>"},
		{"repr(shapes.C()).startswith('<shapes.C object at ')", "True"},
		{"vars(shapes.C)['__module__']", "'shapes'"},
		{"class D:\n    pass\nD.__module__, D", "('__main__', <class '__main__.D'>)"},
	} {
		if got := outcome(s.Exec(context.Background(), "", c.src)); got != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// TestFileModuleNotPackage checks the error of import a.b when a is a
// module file, not a package: CPython's words.
func TestFileModuleNotPackage(t *testing.T) {
	s := writeModules(t, map[string]string{"plain.py": "x = 1\n"})
	src := "import plain.sub"
	want := "ModuleNotFoundError: No module named 'plain.sub'; 'plain' is not a package"
	if got := outcome(s.Exec(context.Background(), "", src)); got != want {
		t.Errorf("%s\n got %s\nwant %s", src, got, want)
	}
}
