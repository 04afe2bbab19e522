package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

const backwardHooksPrelude = `import torch, torch.nn as nn, warnings
log = []
P = lambda *a: log.append(a)
torch.manual_seed(0)
shapes = lambda gs: [None if g is None else tuple(g.shape) for g in gs]
sums = lambda gs: [None if g is None else round(g.sum().item(), 4) for g in gs]
x = torch.ones(3, requires_grad=True)
w = torch.full((3,), 2.0, requires_grad=True)
`

// TestNodeHooksMatchTorch compares grad_fn.register_hook and
// register_prehook, and ctx.mark_non_differentiable and
// set_materialize_grads of custom Functions, with PyTorch 1.13.
func TestNodeHooksMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, backwardHooksPrelude, []string{
		// a post-hook replaces the inputs' gradients, a pre-hook the output's
		`y = x * w
def post(gi, go):
    P("post", gi, go)
    return (gi[0] * 10, None)
def pre(go):
    P("pre", go)
    return (go[0] + 1,)
h1 = y.grad_fn.register_hook(post)
h2 = y.grad_fn.register_prehook(pre)
P(type(h1).__name__)
y.sum().backward()
P(x.grad, w.grad)
log`,
		// a removed hook does not run
		`y = x * w
h = y.grad_fn.register_hook(lambda gi, go: P("ran"))
h.remove()
y.sum().backward()
P(x.grad)
log`,
		// PyTorch's checks of what a hook returns
		`def bad(gi, go): return (gi[0],)
y = x * w
y.grad_fn.register_hook(bad)
y.sum().backward()
log`,
		`y = x * w
y.grad_fn.register_hook(lambda gi, go: 3)
y.sum().backward()
log`,
		`y = x * w
y.grad_fn.register_hook(lambda gi, go: (3, None))
y.sum().backward()
log`,
		`y = x * 2
y.grad_fn.register_hook(lambda gi, go: (gi[0], torch.ones(3)))
y.sum().backward()
log`,
		`def bad5(go): return (go[0], go[0])
y = x * w
y.grad_fn.register_prehook(bad5)
y.sum().backward()
log`,
		// a node with several inputs (whether a node computes the gradient
		// of an input that needs none differs between PyTorch's formulas:
		// cat's does, mul's does not)
		`y = torch.cat([x, w * 2])
y.grad_fn.register_hook(lambda gi, go: P(shapes(gi), shapes(go)))
(y * torch.arange(6.)).sum().backward()
P(x.grad, w.grad)
log`,
		// non-differentiable outputs, with and without materialized grads
		`class F(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b):
        ctx.mark_non_differentiable(b)
        ctx.set_materialize_grads(False)
        return a * 2, b
    @staticmethod
    def backward(ctx, g1, g2):
        P("grads", g1, g2)
        return g1 * 2, None
p, q = F.apply(x, w * 3)
P(p.requires_grad, q.requires_grad, q.grad_fn)
p.sum().backward()
P(x.grad)
log`,
		`class H(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        s, i = a.sort()
        ctx.mark_non_differentiable(i)
        return s, i
    @staticmethod
    def backward(ctx, g, gi):
        P("gi", gi)
        return g
s, i = H.apply(torch.tensor([3., 1., 2.], requires_grad=True))
P(s, i, i.requires_grad)
s.sum().backward()
log`,
		`class G(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.mark_non_differentiable(3)
        return a
    @staticmethod
    def backward(ctx, g): return g
G.apply(x)
log`,
	})
}

// TestModuleBackwardHooksMatchTorch compares nn.Module's
// register_full_backward_hook and the deprecated register_backward_hook
// with PyTorch 1.13: what the hooks see, their replacement of grad_input,
// the case where no input needs a gradient, modules of several inputs and
// outputs, containers' children, and the deprecation warnings.
func TestModuleBackwardHooksMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, backwardHooksPrelude, []string{
		`lin = nn.Linear(3, 2)
def hk(m, gi, go):
    P("full", type(m).__name__, shapes(gi), shapes(go))
h = lin.register_full_backward_hook(hk)
P(lin._is_full_backward_hook, len(lin._backward_hooks))
a = torch.randn(4, 3, requires_grad=True)
y = lin(a)
P(y.grad_fn.name(), y.data_ptr() == lin(a).data_ptr())
y.sum().backward()
P(round(a.grad.sum().item(), 4))
lin(torch.randn(4, 3)).sum().backward()
h2 = lin.register_full_backward_hook(lambda m, gi, go: (gi[0] * 2,))
a.grad = None
lin(a).sum().backward()
P(round(a.grad.sum().item(), 4))
h.remove(); h2.remove()
lin.register_backward_hook(hk)
log`,
		`class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.l = nn.Linear(3, 3)
    def forward(self, a, k, b):
        return self.l(a) * k + b, a.sum()
m = M()
m.register_full_backward_hook(lambda mod, gi, go: P("M", sums(gi), sums(go)))
a = torch.randn(2, 3, requires_grad=True)
o1, o2 = m(a, 3.0, torch.randn(2, 3))
P(o1.grad_fn.name(), o2.grad_fn.name())
(o1.sum() + o2).backward()
P(m._is_full_backward_hook)
log`,
		// a hook of the wrong length, and one that returns a gradient when no input needs one
		`lin = nn.Linear(3, 2)
lin.register_full_backward_hook(lambda m, gi, go: (gi[0], gi[0]))
lin(torch.randn(2, 3, requires_grad=True)).sum().backward()
log`,
		`lin = nn.Linear(3, 2)
lin.register_full_backward_hook(lambda m, gi, go: (torch.ones(2, 3),))
lin(torch.randn(2, 3)).sum().backward()
log`,
		// children of a container, and the deprecated hooks with their warnings
		`m2 = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))
m2[2].register_full_backward_hook(lambda m, gi, go: P("child", shapes(gi), shapes(go)))
m2(torch.randn(2, 3, requires_grad=True)).sum().backward()
log`,
		`m2 = nn.Sequential(nn.Linear(3, 3), nn.ReLU())
def old(mod, gi, go):
    P("old", type(mod).__name__, shapes(gi), shapes(go))
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    m2[0].register_backward_hook(old)
    m2[1].register_backward_hook(old)
    out = m2(torch.randn(2, 3, requires_grad=True))
    for c in caught: P(c.category.__name__, c.message)
out.sum().backward()
P(m2[0]._is_full_backward_hook, nn.Linear(2, 2)._is_full_backward_hook)
m2[0].register_full_backward_hook(old)
log`,
	})
}

// TestNonFullBackwardHookOnStrOutput checks that a deprecated backward
// hook on a module whose forward returns a str is an error, where
// PyTorch's search for a tensor (v = v[0]) never ends.
func TestNonFullBackwardHookOnStrOutput(t *testing.T) {
	langtest.RunCells(t, []langtest.Case{{
		Src:  "import torch, torch.nn as nn\nclass S(nn.Module):\n    def forward(self, x): return 'abc'\ns = S()\ns.register_backward_hook(lambda *a: None)\ns(torch.ones(1, requires_grad=True))",
		Want: "~RuntimeError: S's backward hooks need a tensor among its outputs; forward returned str",
	}})
}
