package std_test

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
)

// namesPrelude runs before every probe of TestNamespacesAsPython, in
// PyTorch's CPython and in kael. builtinsGaps are the names of CPython
// 3.11's builtins module kael lacks (breakpoint, the site's copyright,
// credits and license); the probes leave them and the dunders out, so
// that a name kael adds to the builtins module (relu, float32) fails.
const namesPrelude = `import builtins, torch
import torch.nn.functional as F
builtinsGaps = {'breakpoint', 'copyright', 'credits', 'license'}
def public(names):
    return sorted(n for n in names if not n.startswith('_') and n not in builtinsGaps)
d = {}
exec('pass', d)
`

// TestNamespacesAsPython checks that Python's builtins module holds
// CPython's names and no tensor function, and that torch and
// torch.nn.functional hold none of Python's builtins (no torch.len), as
// in PyTorch: programs probe with hasattr(torch, name) and list
// dir(builtins). Each probe is an expression whose repr is compared with
// CPython's, PyTorch imported.
func TestNamespacesAsPython(t *testing.T) {
	py := reftest.TorchPython(t)
	probes := []string{
		`public(dir(builtins))`,
		`public(vars(builtins))`,
		`public(d['__builtins__'])`,
		`[n for n in ('relu', 'zeros', 'tensor', 'float32', 'display', 'tqdm', 'F', 'optim', 'math') if hasattr(builtins, n)]`,
		`[n for n in ('relu', 'zeros', 'float32') if n in dir(builtins) or n in vars(builtins) or n in d['__builtins__']]`,
		`getattr(builtins, 'relu', None)`,
		`builtins.len is len and builtins.sum is sum and builtins.print is print`,
		// torch: Python's builtins are no attributes, but those PyTorch
		// shares with them are (torch.sum, the dtypes torch.float and
		// torch.int, torch.complex); torch.range, deprecated, kael lacks
		`[n for n in public(dir(builtins)) if hasattr(torch, n) and n != 'range']`,
		`[n for n in public(dir(builtins)) if n in dir(torch) and n != 'range']`,
		`[n for n in ('len', 'print', 'iter', 'ascii', 'open', 'zip', 'object', 'isinstance', 'help', 'dir') if getattr(torch, n, None) is not None]`,
		`hasattr(torch, 'len'), hasattr(torch, 'print'), hasattr(torch, 'iter'), hasattr(torch, 'ascii')`,
		`torch.sum is sum, torch.abs is abs, torch.float is float, torch.float, torch.int, torch.bool`,
		`torch.sum(torch.ones(2, 3)), sum(torch.ones(2, 3)), torch.max(torch.tensor([1, 5, 2]))`,
		`torch.complex(torch.tensor(1.), torch.tensor(2.))`,
		`hasattr(torch, 'relu'), hasattr(torch, 'no_grad'), hasattr(torch, 'zeros'), hasattr(torch, 'float32')`,
		// nor the other libraries' functions kael predefines (display, tqdm)
		`[n for n in ('display', 'clear_output', 'HTML', 'Markdown', 'Math', 'tqdm', 'trange', 'dtype_of') if hasattr(torch, n) or hasattr(F, n)]`,
		// torch.nn.functional has none of Python's builtins at all
		`[n for n in public(dir(builtins)) if hasattr(F, n)]`,
		`[n for n in public(dir(builtins)) if n in dir(F)]`,
		`hasattr(F, 'relu'), hasattr(F, 'cross_entropy'), hasattr(F, 'sum'), hasattr(F, 'len')`,
		`eval('len([1, 2])', {}), eval('sum([1, 2])', {'__builtins__': builtins})`,
	}
	var src strings.Builder
	src.WriteString(namesPrelude)
	for _, p := range probes {
		src.WriteString("print(repr((" + p + ")))\n")
	}
	cmd := exec.Command(py, "-W", "ignore", "-c", src.String())
	want, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", py, err)
	}
	var got bytes.Buffer
	s := lang.NewSession(lang.IO{Stdout: &got})
	if r := s.Exec(context.Background(), "<names>", src.String()); r.Err != nil {
		t.Fatalf("kael: %v", r.Err)
	}
	wantLines := strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
	gotLines := strings.Split(strings.TrimSuffix(got.String(), "\n"), "\n")
	if len(wantLines) != len(probes) || len(gotLines) != len(probes) {
		t.Fatalf("%d probes, %d lines from CPython, %d from kael:\n%s\n---\n%s", len(probes), len(wantLines), len(gotLines), want, got.String())
	}
	for i, p := range probes {
		if gotLines[i] != wantLines[i] {
			t.Errorf("%s\n got  %s\n want %s", p, gotLines[i], wantLines[i])
		}
	}
}

// TestBareTensorNames checks kael's predefined names beside Python's
// builtins (docs/language.md): a tensor function, a dtype and torch's
// modules are found bare, after a module's globals and the builtins,
// though the builtins module does not hold them, and a global or an
// assigned builtin of the same name comes first.
func TestBareTensorNames(t *testing.T) {
	cases := []struct{ src, want string }{
		{"print(zeros(2), float32, relu(tensor([-1., 2.])))", "tensor([0., 0.]) torch.float32 tensor([0., 2.])\n"},
		{"print(F.relu is torch.nn.functional.relu, optim.SGD is torch.optim.SGD)", "True True\n"},
		{"exec('print(ones(1))', {})", "tensor([1.])\n"},
		{"zeros = 5\nprint(zeros)", "5\n"},
		{"def f():\n    return relu\nrelu = 'mine'\nprint(f())", "mine\n"},
		{"import builtins\nbuiltins.relu = len\nprint(relu([1, 2]), hasattr(builtins, 'relu'))", "2 True\n"},
		{"import builtins\nprint(hasattr(builtins, 'relu'), hasattr(builtins, 'zeros'), relu is torch.relu)", "False False True\n"},
		{"try:\n    relu_nonesuch\nexcept NameError as e:\n    print(e)", "name 'relu_nonesuch' is not defined\n"},
	}
	for _, c := range cases {
		var out bytes.Buffer
		s := lang.NewSession(lang.IO{Stdout: &out})
		if r := s.Exec(context.Background(), "<bare>", c.src); r.Err != nil {
			t.Errorf("%q: %v", c.src, r.Err)
			continue
		}
		if out.String() != c.want {
			t.Errorf("%q:\n got  %q\n want %q", c.src, out.String(), c.want)
		}
	}
}
