package lang

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestLocalModulesShadow checks that a file beside the script is the
// module import finds, before the standard library and the installed
// packages, as sys.path[0] is in CPython: a program's own json.py or
// tqdm.py, its own stand-in package for torchvision, which kael refuses
// as absent; but a module CPython builds in (math, sys) is never
// shadowed. Each program runs in kael and in CPython 3.11 from its
// directory, and both must print the same.
func TestLocalModulesShadow(t *testing.T) {
	python := reftest.CPython(t)
	cases := []struct {
		name  string
		files map[string]string
	}{
		{"stdlib module", map[string]string{
			"json.py": "def dumps(x):\n    return 'own ' + str(x)\n",
			"main.py": "import json\nprint(json.dumps(1))\nfrom json import dumps\nprint(dumps(2))\n",
		}},
		{"absent package", map[string]string{
			"torchvision/__init__.py":   "from . import transforms\nname = 'stand-in'\n",
			"torchvision/transforms.py": "class ToTensor:\n    pass\n",
			"main.py":                   "import torchvision\nimport torchvision.transforms as transforms\nprint(torchvision.name, transforms.ToTensor.__name__, transforms.__name__)\n",
		}},
		{"installed package", map[string]string{
			"tqdm.py": "def tqdm(it, **kw):\n    print('own tqdm')\n    return it\n",
			"main.py": "from tqdm import tqdm\nprint(sum(tqdm(range(4))))\n",
		}},
		{"built-in module", map[string]string{
			"math.py": "pi = 3\n",
			"sys.py":  "argv = None\n",
			"main.py": "import math, sys\nprint(math.pi, type(sys.argv).__name__)\n",
		}},
		{"module CPython's startup imports", map[string]string{
			"os.py":   "getcwd = None\n",
			"abc.py":  "ABC = None\n",
			"io.py":   "StringIO = None\n",
			"main.py": "import os, abc, io\nprint(callable(os.getcwd), abc.ABC is None, io.StringIO is None)\n",
		}},
		{"namespace directory", map[string]string{
			// A directory without __init__.py hides no module CPython
			// finds elsewhere on sys.path (types, numpy); one of a new
			// name is a namespace package; a regular package still
			// shadows.
			"types/notes.txt":  "",
			"numpy/notes.txt":  "",
			"nsdir/notes.txt":  "",
			"copy/__init__.py": "mine = True\n",
			"main.py":          "import types, numpy, nsdir, copy\nprint(types.ModuleType.__name__, numpy.array([1, 2]).sum(), nsdir.__name__, type(nsdir).__name__, nsdir.__file__, copy.mine)\n",
		}},
		{"module importing the one it shadows", map[string]string{
			"random.py": "import json\nvalue = json.dumps([1])\n",
			"main.py":   "import random\nprint(random.value, hasattr(random, 'shuffle'))\n",
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, src := range c.files {
				path := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command(python, "main.py")
			cmd.Dir = dir
			want, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("CPython: %v\n%s", err, want)
			}
			var out bytes.Buffer
			s := NewSession(IO{Stdout: &out})
			s.SetScript(filepath.Join(dir, "main.py"))
			if r := s.Exec(context.Background(), "main.py", c.files["main.py"]); r.Err != nil {
				t.Fatalf("kael: %s", r.Err.Render())
			}
			if out.String() != string(want) {
				t.Errorf("kael printed %q, CPython %q", out.String(), want)
			}
		})
	}
}
