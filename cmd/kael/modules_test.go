package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestModulesMatchCPython runs programs of several files with kael run
// and with python3 main.py, in a temporary directory, and compares what
// they print and the exception they end with.
func TestModulesMatchCPython(t *testing.T) {
	python := reftest.CPython(t)
	common := map[string]string{
		"model.py":            "print('loading model', __name__)\nimport helper\nclass GPT:\n    def __init__(self, n):\n        self.n = n\n    def __repr__(self):\n        return f'GPT({self.n})'\ncounter = 0\ndef bump():\n    global counter\n    counter += 1\n    return counter\n",
		"helper.py":           "print('loading helper', __name__)\ndef twice(x):\n    return 2 * x\n",
		"pkg/__init__.py":     "print('pkg init', __name__)\nVERSION = '1.0'\n",
		"pkg/util.py":         "def f():\n    return 'util.f'\n",
		"pkg/sub/__init__.py": "",
		"pkg/sub/leaf.py":     "print('leaf', __name__)\nx = 42\n",
		"ns/mod.py":           "y = 'namespace'\n",
		"bad.py":              "print('bad runs')\nvalue = 1\n1 / 0\n",
		"badsyntax.py":        "x = (\n",
		"cyc_a.py":            "print('a starts')\nimport cyc_b\nA = 1\nprint('a ends', cyc_b.B)\n",
		"cyc_b.py":            "print('b starts')\nimport cyc_a\nB = 2\nprint('b sees A:', hasattr(cyc_a, 'A'))\n",
		"cyc_c.py":            "from cyc_d import D\nC = 1\n",
		"cyc_d.py":            "from cyc_c import C\nD = 1\n",
		"pkg/rel.py":          "from .util import f\nfrom . import util\nfrom .sub.leaf import x\nprint('rel', f(), util.f(), x, __package__)\n",
		"pkg/sub/deep.py":     "from ..util import f\nfrom .. import VERSION\nfrom . import leaf\nprint('deep', f(), VERSION, leaf.x)\n",
		"pkg/sub/far.py":      "from ... import helper\n",
		"pkg/sub/nope.py":     "from .missing import z\n",
		"selfimp.py":          "import selfimp\nprint('selfimp', selfimp.__name__)\n",
	}
	mains := []string{
		"import model\nfrom model import GPT, bump\nimport model as m2\nprint(model is m2, GPT(3), model.helper.twice(4))\nprint(bump(), bump(), model.counter)",
		"import pkg.util\nprint(pkg.util.f(), pkg.VERSION)\nfrom pkg.sub.leaf import x\nfrom pkg.sub import leaf\nprint(x, leaf.x, leaf.__name__)\nfrom pkg import util as u\nprint(u.f(), u is pkg.util)",
		"print(__name__, __file__.endswith('main.py'))\nif __name__ == '__main__':\n    print('main!')",
		"from ns.mod import y\nprint(y)",
		"import ns.mod\nprint(ns.mod.y)",
		"from helper import *\nprint(twice(5))",
		"import bad",
		"x = 1\nimport helper, bad",
		"import badsyntax",
		"import nothere",
		"from model import nope",
		"import pkg.nothere",
		"from pkg import nothere",
		"import cyc_a\nprint(cyc_a.A)",
		"import cyc_c",
		"import selfimp",
		"import helper\nimport helper\nfrom helper import twice\nprint(twice(1))",
		"import pkg.rel",
		"import pkg.sub.deep\nfrom pkg.sub import deep\nprint(deep is pkg.sub.deep)",
		"import pkg.sub.far",
		"import pkg.sub.nope",
		"from . import helper",
		"import helper\nprint(helper.__package__ == '', __package__)",
		// The module attributes of __main__ and of what it imports:
		// __doc__, __spec__, __loader__, a package's __path__.
		"\"\"\"Main doc.\"\"\"\nprint(repr(__doc__), __spec__, __package__, type(__loader__).__name__, __loader__.name, __loader__.path == __file__)",
		"print(__doc__, __spec__ is None)\nimport os, pkg.sub, ns, helper\nhere = os.path.dirname(__file__)\nprint(os.path.dirname(pkg.__path__[0]) == here, pkg.sub.__path__ == [os.path.join(here, 'pkg', 'sub')], list(ns.__path__) == [os.path.join(here, 'ns')])\nprint(ns.__file__, ns.__doc__, helper.__doc__, pkg.__spec__.name, pkg.sub.__spec__.parent, helper.__spec__.origin == helper.__file__, ns.__spec__.origin)",
	}
	for _, main := range mains {
		dir := t.TempDir()
		for name, src := range common {
			path := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		file := filepath.Join(dir, "main.py")
		if err := os.WriteFile(file, []byte(main+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(python, "-B", file)
		cmd.Dir = dir
		var pyOut, pyErr strings.Builder
		cmd.Stdout, cmd.Stderr = &pyOut, &pyErr
		_ = cmd.Run()
		want := pyOut.String() + lastLine(pyErr.String())
		out, errOut, _ := runCmd(t, "", "run", file)
		got := out + kaelErrorLine(errOut)
		if got != want {
			t.Errorf("%s\n kael:\n%s\n CPython:\n%s", main, got, want)
		}
	}
}

// lastLine returns the last line of a traceback: "Kind: message".
func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// kaelErrorLine returns "Kind: message" from kael's rendered error,
// "path:line:col: Kind: message" after the "in call at" lines and their
// snippets.
func kaelErrorLine(s string) string {
	for _, line := range strings.Split(s, "\n") {
		if line == "" || strings.HasPrefix(line, "in call at ") || strings.Contains(strings.SplitN(line, ":", 2)[0], "|") {
			continue
		}
		for _, kind := range []string{"Error: ", "Exception: ", "Interrupt: "} {
			if i := strings.Index(line, kind); i >= 0 {
				j := strings.LastIndex(line[:i], " ")
				return line[j+1:]
			}
		}
		return line
	}
	return ""
}
