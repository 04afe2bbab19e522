package std_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// TestTorchDefinedOnFirstUse runs each program in a fresh process (this
// test binary, running TestTorchProbeChild) with every standard module
// linked, and checks which of the libraries defined on first use (torch,
// numpy) the program defined: one that uses the standard modules or its
// own classes defines neither (no library's init or module reaches them),
// one that imports numpy defines numpy alone, one that reaches torch
// defines both.
func TestTorchDefinedOnFirstUse(t *testing.T) {
	cases := []struct {
		name, src, want string
		torch, numpy    bool
	}{
		{"numpy", "import numpy as np\na = np.ones((2, 2))\nb = a[np.array([1, 0])]\nprint((a + b).sum(), b.shape)", "8.0 (2, 2)\n", false, true},
		{"numpy.linalg first", "import numpy.linalg as la\nprint(la.det([[2.0, 0.0], [0.0, 3.0]]))", "6.0\n", false, true},
		{"standard modules", "import math, re, json, collections, random, itertools, functools, dataclasses, enum, typing, pickle, copy\nprint(math.sqrt(4), json.dumps({'a': [1]}), re.sub('a', 'b', 'aa'))", "2.0 {\"a\": [1]} bb\n", false, false},
		{"the module names", "import sys\nprint('numpy' in sys.builtin_module_names, 'numpy.linalg' in sys.builtin_module_names, 'torch' in sys.builtin_module_names)", "True True True\n", false, false},
		{"micrograd-like", "import random\nclass Value:\n    def __init__(self, d, ch=()):\n        self.data, self._prev = d, set(ch)\n    def __add__(self, o):\n        o = o if isinstance(o, Value) else Value(o)\n        return Value(self.data + o.data, (self, o))\n    def __repr__(self): return f'Value(data={self.data})'\nprint(sum([Value(1), Value(2)], Value(0)))", "Value(data=3)\n", false, false},
		{"__array_finalize__ before numpy", "class A:\n    def __array_finalize__(self, obj): pass\nprint(type(A()).__name__)", "A\n", false, false},
		{"a missing module", "try:\n    import nonesuch_module\nexcept ModuleNotFoundError as e:\n    print(e)", "No module named 'nonesuch_module'\n", true, true},
		// a torch program defines numpy too (a tensor's method defines
		// every library: the engine does not know which one a tensor's
		// tables come from), as when numpy was defined at start-up
		{"torch", "import torch\nprint(torch.ones(2).sum())", "tensor(2.)\n", true, true},
		{"a tensor's numpy()", "import torch\na = torch.ones(2).numpy()\nprint(type(a).__module__, type(a).__name__, a.sum())", "numpy ndarray 2.0\n", true, true},
		{"torch after numpy", "import numpy as np\nimport torch\nprint(torch.from_numpy(np.arange(3)).sum())", "tensor(3)\n", true, true},
		{"a torch builtin", "print(zeros(1))", "tensor([0.])\n", true, true},
		// the builtins module holds Python's names alone, all the engine's
		{"the builtins module", "import builtins\nprint(len(dir(builtins)) > 140, 'relu' in dir(builtins), hasattr(builtins, 'zeros'))", "True False False\n", false, false},
		{"__builtins__ of exec", "d = {}\nexec('pass', d)\nprint('len' in d['__builtins__'], 'relu' in d['__builtins__'])", "True False\n", false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestTorchProbeChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), "KAEL_TORCH_PROBE="+c.src)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err != nil {
				t.Fatalf("child: %v\n%s", err, out.String())
			}
			got, _, _ := strings.Cut(out.String(), "PASS")
			want := c.want + "torch: " + strconv.FormatBool(c.torch) + ", numpy: " + strconv.FormatBool(c.numpy) + "\n"
			if got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestTorchProbeChild is TestTorchDefinedOnFirstUse's child: it runs
// KAEL_TORCH_PROBE and says which libraries were defined.
func TestTorchProbeChild(t *testing.T) {
	src := os.Getenv("KAEL_TORCH_PROBE")
	if src == "" {
		t.Skip("run by TestTorchDefinedOnFirstUse")
	}
	if lang.LibraryDefined("torch") || lang.LibraryDefined("numpy") {
		t.Fatal("a library was defined at start-up")
	}
	s := lang.NewSession(lang.IO{Stdout: os.Stdout})
	if r := s.Exec(context.Background(), "<probe>", src); r.Err != nil {
		t.Fatal(r.Err)
	}
	os.Stdout.WriteString("torch: " + strconv.FormatBool(lang.LibraryDefined("torch")) + ", numpy: " + strconv.FormatBool(lang.LibraryDefined("numpy")) + "\n")
}
