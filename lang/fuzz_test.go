package lang

import (
	"context"
	"testing"
	"time"

	"github.com/kael-dev/kael/tensor"
)

// FuzzExec runs arbitrary cells: evaluation must never panic (an
// InternalError counts as a panic here) or run past its context.
func FuzzExec(f *testing.F) {
	for _, seed := range []string{
		"x = 1\nx + 2",
		"def f(n):\n    return f(n)\nf(1)",
		"while True:\n    pass",
		"[i for i in range(3)]",
		"t = tensor([[1, 2], [3, 4]])\nt[0, 1:] + 2.5",
		"a = zeros(2, 3)\na[:, 1] = 7\na.sum(dim=0)",
		"x = randn(3, requires_grad=True)\n(x * x).sum().backward()\nx.grad",
		"tensor([1, 2]) - tensor([True, False])",
		"{'a': [1, (2, 3)]}['a'][1][0]",
		"'ab' * 3 + str(1.5)",
		"softmax(arange(6.0).view(2, 3), dim=-1)",
		"x = 1\nx //= 0",
		"l = []\nl[0]",
		"def f(k):\n    def g(x):\n        return x + k\n    return g\nf(1)(2)",
		"x = 1\ndef f():\n    y = x\n    x = 2\nf()",
		"fs = [lambda: i for i in range(3)]\n[f() for f in fs]",
		"i, l = 0, [1, 2]\ni, l[i] = 1, 5\ndel l[0], i",
		"a, *b, c = range(4)\n*d, = 'xy'\n(e, *f), g = [[1, 2], 3]\nl = [0, 0]\nl[0], *l[1:] = b\n[y for x, *y in [b, d]]",
		"for i, *r in [(1, 2), (3,)]:\n    if i > 2:\n        break\nelse:\n    n = 0\nwhile n < 2:\n    n += 1\nelse:\n    n = -n",
		"a = b = [0]\na[0] += 1\nb",
		"t = zeros(3, 4)\nt[[0, 2], 1] -= 1\nt[t < 0] *= 2\nt[0] += 1\nt[range(2), (0, 1)] += 3\nt.data += 1\nt",
		"a = [1, 2]\nx = *a, *'b', 3\n[*a, *range(2)], {*a, 0}, {**{1: 2}, 3: 4, **{}}, {**{'k': a}}",
		"import torch.nn.functional as F\nfrom math import pi\nF.relu(tensor([pi]))",
		"x = 3.14159\nf'{x:>{8}.{3}f} {x!r} {x = } {{}}'",
		"'{0[1]:_>6} {k:,}'.format([1, 2], k=10**6) + '%5.2f|%-3d' % (2.5, 7)",
		"s = {1, 2}\ns |= {3}\nsorted(s ^ {1}), next(iter(s)), list(map(str, s))",
		"torch.zeros(2, device=torch.device('cpu')).to('cuda')",
		"torch.add(ones(2), 1, out=empty(2)), torch.Size([2]), type(ones(1))",
		"class P:\n    n = 0\n    def __init__(self, x):\n        self.x = x\n    def __add__(self, o):\n        return P(self.x + o.x)\n    def __repr__(self):\n        return f'P({self.x})'\n    @property\n    def double(self):\n        return self.x * 2\nP(1) + P(2), P(3).double, [p.x for p in [P(4)]]",
		"class Q(P):\n    def __init__(self):\n        super().__init__(0)\n    @staticmethod\n    def s():\n        return 1\nQ(), Q.s(), isinstance(Q(), P)",
		"class E(ValueError):\n    def __str__(self):\n        return 'e'\ndef f(i):\n    try:\n        if i:\n            raise E(i) from KeyError(i)\n        return 1 / i\n    except (ZeroDivisionError, E) as e:\n        raise\n    else:\n        return 0\n    finally:\n        return -1\n[f(i) for i in range(2)]",
		"for i in range(3):\n    try:\n        try:\n            [][i]\n        except IndexError:\n            raise RuntimeError('r')\n        finally:\n            continue\n    except Exception as e:\n        break\nraise",
		"class C:\n    def __enter__(self):\n        return 1\n    def __exit__(self, t, v, tb):\n        return t is not None\nwith C() as a, C() as b:\n    a / 0\n__name__",
		"g = 0\ndef f():\n    global g\n    n = 0\n    def h():\n        nonlocal n\n        n += 1\n    h()\n    g = n\nf()\ng",
		"class M(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.l = torch.nn.Linear(2, 1)\n    def forward(self, x):\n        return self.l(x)\nM()(ones(3, 2)).shape, list(M().state_dict())",
		"def g(n):\n    x = yield n\n    r = yield from range(x or 2)\n    return r\nit = g(1)\nnext(it), it.send(3), list(it), sum(i * i for i in g(4)), next((c for c in 'ab'), 0)",
		"class A:\n    def f(self):\n        return ['A']\nclass B(A):\n    def f(self):\n        return ['B'] + super().f()\nclass C(A):\n    def f(self):\n        return ['C'] + super().f()\nclass D(B, C):\n    pass\nD().f(), D.mro(), isinstance(D(), C)\nclass E(A, B):\n    pass",
		"class Cfg:\n    def __init__(self, **kw):\n        self.a = 1\n        self.__dict__.update(kw)\nc = Cfg(b=2)\nvars(c), c.__dict__.pop('a'), c.b\nd = {'a': 1, 'b': 2}\nd.keys() - {'a'}, d.items() | [(1, 2)], d.keys() <= {'a'}, ones(2) == None",
	} {
		f.Add(seed)
	}
	prev := tensor.SetMemoryLimit(64 << 20)
	defer tensor.SetMemoryLimit(prev)
	f.Fuzz(func(t *testing.T, src string) {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		s := NewSession(IO{})
		done := make(chan Result, 1)
		go func() { done <- s.Exec(ctx, "", src) }()
		select {
		case r := <-done:
			if r.Err != nil && r.Err.Kind == InternalError {
				t.Fatalf("internal error for %q: %s", src, r.Err.Render())
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("Exec(%q) did not stop after its context ended", src)
		}
	})
}
