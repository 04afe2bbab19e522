package lang

import (
	"bytes"
	"context"
	"os/exec"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// randomScript runs unchanged in kael and, after torchPreamble, in Python
// with PyTorch: every random builtin, method and module, printed as lists.
const randomScript = `import random
manual_seed(0)
print(rand(3).tolist())
print(randn(20, dtype=float64).tolist()[:3], randn(2).tolist())
g = Generator().manual_seed(1729)
print(rand(2, generator=g).tolist(), randn(17, generator=g).tolist()[16], g.initial_seed())
print(randperm(7).tolist(), randint(-5, 5, (6,)).tolist(), randint(10, (3,)).tolist())
x = empty(5)
print(x.uniform_(-1, 2).tolist(), x.normal_(1, 3).tolist(), x.bernoulli_(0.4).tolist())
print(bernoulli(full((6,), 0.3)).tolist(), full((3,), 0.5, dtype=float64).bernoulli().tolist())
print(multinomial(tensor([1.0, 2.0, 3.0, 4.0]), 3).tolist(), tensor([1.0, 2.0]).multinomial(5, replacement=True).tolist())
print(normal(zeros(3), 2.0).tolist(), normal(1.0, ones(2)).tolist(), normal(0.0, 1.0, (2,)).tolist())
print(F.dropout(ones(8), 0.5).tolist(), rand_like(ones(2)).tolist(), randn_like(ones(2, dtype=float64)).tolist())
x = randn(700, requires_grad=True)
y = F.dropout(x, 0.3)
y.sum().backward()
print(y.tolist()[:6], x.grad.tolist()[:6], F.dropout(ones(7, dtype=float64), 0.7).tolist(), F.dropout(ones(3, 300), 0.2).tolist()[2][-4:])
w = empty(3, 4)
print(torch.nn.init.kaiming_uniform_(w, a=math.sqrt(5)).tolist()[0], torch.nn.init.xavier_uniform_(w).tolist()[1])
print(torch.nn.init.normal_(w, 0.0, 0.02).tolist()[2], torch.nn.init.uniform_(w).tolist()[0], torch.nn.init.calculate_gain("tanh"))
s = get_rng_state()
a = randn(4).tolist()
set_rng_state(s)
print(a == randn(4).tolist(), s.tolist()[:16], initial_seed())
random.seed(7)
print(random.random(), random.randint(1, 100), random.choice([10, 20, 30]), random.uniform(0, 5), random.gauss(), random.gauss(2.0, 0.5))
l = list(range(8))
random.shuffle(l)
print(l, random.randrange(10), random.randrange(5, 9))
random.seed("kael")
print(random.random())
`

const torchPreamble = `import math, random, torch
import torch.nn.functional as F
from torch import (Generator, bernoulli, empty, float64, full, get_rng_state, initial_seed, manual_seed,
    multinomial, normal, ones, rand, rand_like, randint, randn, randn_like, randperm, set_rng_state, tensor, zeros)
`

// TestRandomMatchesPyTorch runs randomScript in kael and in PyTorch (Debian's
// /usr/bin/python3 with python3-torch; skipped when torch is missing) and
// compares what they print: bit for bit, or within float32 rounding where
// PyTorch runs its DEFAULT kernels (reftest.TorchStreamTolerance).
func TestRandomMatchesPyTorch(t *testing.T) {
	const python = "/usr/bin/python3"
	if exec.Command(python, "-c", "import torch").Run() != nil {
		t.Skip("no PyTorch at " + python)
	}
	tol, err := reftest.TorchStreamTolerance(python)
	if err != nil {
		t.Fatal(err)
	}
	want, err := exec.Command(python, "-c", torchPreamble+randomScript).CombinedOutput()
	if err != nil {
		t.Fatalf("python: %v\n%s", err, want)
	}
	var out bytes.Buffer
	s := NewSession(IO{Stdout: &out})
	if r := s.Exec(context.Background(), "", randomScript); r.Err != nil {
		t.Fatalf("kael: %v", r.Err)
	}
	if err := reftest.CompareText(out.String(), string(want), tol); err != nil {
		t.Errorf("kael prints what PyTorch does not: %v", err)
	}
}
