package std_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// TestTorchDefinedOnFirstUse runs each program in a fresh process (this
// test binary, running TestTorchProbeChild) with every standard module
// linked: a program that uses NumPy, the standard modules or its own
// classes leaves lang/torch undefined (no library's init or module
// reaches it), one that names torch defines it.
func TestTorchDefinedOnFirstUse(t *testing.T) {
	cases := []struct {
		name, src, want string
		defined         bool
	}{
		{"numpy", "import numpy as np\na = np.ones((2, 2))\nb = a[np.array([1, 0])]\nprint((a + b).sum(), b.shape)", "8.0 (2, 2)\n", false},
		{"standard modules", "import math, re, json, collections, random, itertools, functools, dataclasses, enum, typing\nprint(math.sqrt(4), json.dumps({'a': [1]}), re.sub('a', 'b', 'aa'))", "2.0 {\"a\": [1]} bb\n", false},
		{"micrograd-like", "import random\nclass Value:\n    def __init__(self, d, ch=()):\n        self.data, self._prev = d, set(ch)\n    def __add__(self, o):\n        o = o if isinstance(o, Value) else Value(o)\n        return Value(self.data + o.data, (self, o))\n    def __repr__(self): return f'Value(data={self.data})'\nprint(sum([Value(1), Value(2)], Value(0)))", "Value(data=3)\n", false},
		{"torch", "import torch\nprint(torch.ones(2).sum())", "tensor(2.)\n", true},
		{"a torch builtin", "print(zeros(1))", "tensor([0.])\n", true},
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
			want := c.want + "defined: " + map[bool]string{false: "false", true: "true"}[c.defined] + "\n"
			if got != want {
				t.Errorf("got\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestTorchProbeChild is TestTorchDefinedOnFirstUse's child: it runs
// KAEL_TORCH_PROBE and says whether the libraries were defined.
func TestTorchProbeChild(t *testing.T) {
	src := os.Getenv("KAEL_TORCH_PROBE")
	if src == "" {
		t.Skip("run by TestTorchDefinedOnFirstUse")
	}
	if lang.LibrariesDefined() {
		t.Fatal("the libraries were defined at start-up")
	}
	s := lang.NewSession(lang.IO{Stdout: os.Stdout})
	if r := s.Exec(context.Background(), "<probe>", src); r.Err != nil {
		t.Fatal(r.Err)
	}
	os.Stdout.WriteString("defined: " + map[bool]string{false: "false", true: "true"}[lang.LibrariesDefined()] + "\n")
}
