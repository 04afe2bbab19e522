package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// higherPrelude is the setup of the higher-order derivative tests: float64
// tensors (from the seeded generator, which kael draws as PyTorch does), r
// rounding a result to 6 decimals (float64 values that differ in their
// last bits agree there; + 0.0 makes -0.0 0.0, whose sign depends on the
// order of a sum), and d2, the first gradients of f(*xs).sum() and
// the gradients of a weighted sum of them: second derivatives, each
// element of a gradient weighted differently so that every entry of the
// Hessian-vector product shows.
const higherPrelude = `import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
r = lambda t: None if t is None else [round(v, 6) + 0.0 for v in t.flatten().tolist()] if isinstance(t, torch.Tensor) else tuple(r(u) for u in t)
x = torch.tensor([0.5, -1.2, 2.0, 0.3], dtype=torch.float64, requires_grad=True)
p = torch.tensor([0.7, 1.3, 2.1, 0.4], dtype=torch.float64, requires_grad=True)
A = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
B = torch.randn(4, 2, dtype=torch.float64, requires_grad=True)
def weighted(g):
    return (g * torch.arange(1., g.numel() + 1, dtype=g.dtype).reshape(g.shape)).sum()
def d2(f, *xs):
    g = torch.autograd.grad(f(*xs).sum(), xs, create_graph=True)
    live = [weighted(gi) for gi in g if gi.requires_grad]
    h = torch.autograd.grad(sum(live), xs, allow_unused=True) if live else (None,) * len(xs)
    return r(g), r(h)
`

// TestHigherOrderMatchesTorch compares second and third derivatives
// (create_graph=True) with PyTorch 1.13: each recordable operation's
// second derivative, Hessians and Hessian-vector products of
// torch.autograd.functional, the gradient penalty of WGAN-GP on a small
// MLP, the custom Functions of PyTorch's "Double Backward with Custom
// Functions" tutorial, gradgradcheck, and x.grad's graph after
// backward(create_graph=True).
func TestHigherOrderMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, higherPrelude, []string{
		// derivatives of scalar functions, to the third
		"y = (x.sin() * x.exp() + x ** 3).sum()\ng, = torch.autograd.grad(y, x, create_graph=True)\ng2, = torch.autograd.grad(g.sum(), x, create_graph=True)\ng3, = torch.autograd.grad(g2.sum(), x)\n(r(g), r(g2), r(g3), g.grad_fn.name(), g2.grad_fn.name(), g3.requires_grad)",
		"s = torch.tensor(0.8, dtype=torch.float64, requires_grad=True)\nd = [s.tanh() / (1 + s ** 2)]\nfor _ in range(4):\n    d.append(torch.autograd.grad(d[-1], s, create_graph=True)[0])\n[round(v.item(), 6) for v in d]",
		// element-wise unary and binary operations
		"d2(lambda t: t.exp() * t.log1p() - t.sqrt() * t.log() + (t * t).rsqrt() + (t / (t - 1)).nan_to_num(0.0), p)",
		"d2(lambda a, b: a * b + a / b - b ** a + a.pow(3) - 2 ** b, x, p)",
		"d2(lambda a, b: torch.atan2(a, b) + torch.hypot(a, b) + torch.maximum(a, b) * a, x, p)",
		"d2(lambda t: t.sin() + t.cos() * t + t.tan() + t.tanh() * t + t.sigmoid() * t, x)",
		"d2(lambda t: t.abs() * t + t.sinh() + t.cosh() + t.atan() + t.erf() + t.expm1() + t.reciprocal(), x)",
		"d2(lambda t: torch.relu(t) * t + F.leaky_relu(t, 0.1) * t + F.softplus(t, beta=2.0) + F.elu(t) * t + F.gelu(t) + F.silu(t), x)",
		"d2(lambda t: t.clamp(-1.0, 1.0) * t + torch.where(t > 0, t * t, t.exp()) + t.sign() * t ** 2, x)",
		// reductions and norms
		"d2(lambda t: t.sum() ** 2 + t.mean() * t.prod().detach() + (t ** 2).sum(0) ** 1.5, A)",
		"d2(lambda t: t.norm(2, dim=1) + torch.linalg.vector_norm(t, 3, dim=0).sum() + t.norm() ** 3, A)",
		// views and joins
		"d2(lambda t: (t.view(2, 6).t() ** 2).sum(0) + t.reshape(-1)[2:7].exp().sum() + t.transpose(0, 1).permute(1, 0)[1] ** 3, A)",
		"d2(lambda t: (t[0] * t[:, 1].sum()) + t.unsqueeze(0).squeeze(0).expand(2, 3, 4)[1, 2] ** 2 + t[[0, 2, 2]].sin().sum(0), A)",
		"d2(lambda a, b: torch.cat([a, b * a], 0) ** 2 + torch.stack([a, b], 1).sum(1).exp().repeat(2), x, p)",
		// products
		"d2(lambda a, b: (a @ b).tanh() + torch.mm(a, b) ** 2, A, B)",
		"d2(lambda a, b: torch.bmm(a.unsqueeze(0), b.unsqueeze(0)).sin() + torch.addmm(torch.ones(2, dtype=torch.float64), a, b) ** 2, A, B)",
		"d2(lambda a, w: F.linear(a, w.t(), w[0]) ** 3 + (a @ a.t()).sum(), A, B)",
		// softmax and losses
		"d2(lambda t: F.softmax(t, 1) * t + F.log_softmax(t, 0) ** 2, A)",
		"y = torch.tensor([1, 0, 3])\nd2(lambda t: F.cross_entropy(t * t, y) + F.nll_loss(F.log_softmax(t, 1), y, reduction='sum') + F.nll_loss(t, y, reduction='none') ** 2, A)",
		"d2(lambda a, b: F.mse_loss(a * a, b) + F.mse_loss(a, b ** 2, reduction='sum'), x, p)",
		// torch.autograd.functional
		"from torch.autograd.functional import hessian\nh = hessian(lambda t: (t.tanh() * t.exp()).sum() + t[0] * t[1] * t[2], p[:3].detach())\n(h.shape, r(h))",
		"from torch.autograd.functional import hessian\nh = hessian(lambda a, b: (a ** 2 * b).sum() + (a @ B.detach()).sin().sum(), (A.detach(), torch.ones(4, dtype=torch.float64)))\n(type(h).__name__, len(h), h[0][0].shape, h[0][1].shape, h[1][0].shape, h[1][1].shape, r(h))",
		"from torch.autograd.functional import hessian\nh = hessian(lambda t: (t ** 3).sum(), x, create_graph=True)\n(h.requires_grad, r(h), r(torch.autograd.grad(h.sum(), x)))",
		"from torch.autograd.functional import hessian\nh = hessian(lambda t: (2 * t).sum(), x)\nr(h)",
		"from torch.autograd.functional import hessian\nhessian(lambda t: t * 2, x)",
		"from torch.autograd.functional import hessian\nhessian(lambda t: (2 * t).sum(), x, strict=True)",
		"from torch.autograd.functional import hvp, vhp\nv = torch.tensor([1., -0.5, 2., 0.25], dtype=torch.float64)\nf = lambda t: (t.sin() * t ** 2).sum() + t.norm() ** 3\n(r(hvp(f, p, v)), r(vhp(f, p, v)))",
		"from torch.autograd.functional import hvp, vhp\nf = lambda a, b: (a.exp() @ b).sum()\nv = (torch.ones(3, 4, dtype=torch.float64), torch.full((4, 2), 0.5, dtype=torch.float64))\no, h = hvp(f, (A, B), v)\no2, h2 = vhp(f, (A, B), v)\n(r(o), r(h), r(h2), o.requires_grad, h[0].requires_grad)",
		"from torch.autograd.functional import vhp\no, h = vhp(lambda t: (t ** 3).sum(), p, torch.ones(4, dtype=torch.float64), create_graph=True)\n(o.requires_grad, h.requires_grad, r(torch.autograd.grad(h.sum(), p)))",
		"from torch.autograd.functional import hvp\nhvp(lambda t: t ** 2, x, torch.ones(4))",
		"from torch.autograd.functional import jacobian\nj = jacobian(lambda t: t.sin() * t, x, create_graph=True)\n(j.requires_grad, r(torch.autograd.grad(j.sum(), x)))",
		"from torch.autograd.functional import vjp, jvp\no, g = vjp(lambda t: t ** 3, x, torch.ones(4, dtype=torch.float64), create_graph=True)\no2, g2 = jvp(lambda t: t ** 3, x, torch.ones(4, dtype=torch.float64), create_graph=True)\n(o.requires_grad, g.requires_grad, r(torch.autograd.grad(g.sum(), x)), g2.requires_grad, r(torch.autograd.grad(g2.sum(), x)))",
		// the gradient penalty of WGAN-GP
		"D = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 8), nn.LeakyReLU(0.2), nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 1)).double()\nreal, fake = torch.randn(5, 4, dtype=torch.float64), torch.randn(5, 4, dtype=torch.float64)\neps = torch.rand(5, 1, dtype=torch.float64)\nxh = (eps * real + (1 - eps) * fake).requires_grad_(True)\ng = torch.autograd.grad(D(xh).sum(), xh, create_graph=True)[0]\ngp = ((g.norm(2, dim=1) - 1) ** 2).mean()\nloss = D(fake).mean() - D(real).mean() + 10 * gp\nloss.backward()\n(round(gp.item(), 6), [(n, r(q.grad)) for n, q in D.named_parameters()], xh.grad)",
		// backward(create_graph=True): x.grad has a graph
		"z = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)\n(z ** 3).sum().backward(create_graph=True)\na = (r(z.grad), z.grad.grad_fn.name(), z.grad.requires_grad)\n(z ** 3).sum().backward(create_graph=True)\nb = (r(z.grad), z.grad.grad_fn.name())\ng, = torch.autograd.grad(z.grad.sum(), z)\n(a, b, r(g))",
		"z = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)\n(z * 2).sum().backward(create_graph=True)\n(r(z.grad), z.grad.grad_fn, z.grad.requires_grad)",
		"z = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)\ntorch.autograd.backward([(z ** 2).sum(), z.exp().sum()], create_graph=True)\ng, = torch.autograd.grad(z.grad.sum(), z)\n(r(z.grad), r(g))",
		"z = torch.tensor([1., 2.], dtype=torch.float64, requires_grad=True)\ny = (z ** 3).sum()\ng, = torch.autograd.grad(y, z, create_graph=True, retain_graph=False)\ny.backward()",
		// gradgradcheck
		"(torch.autograd.gradgradcheck(lambda t: (t.sigmoid() * t).sum(), (x,)), torch.autograd.gradgradcheck(lambda a, b: a @ b, (A, B)), torch.autograd.gradgradcheck(lambda t: F.softmax(t, 1), A))",
		"(torch.autograd.gradgradcheck(lambda a, b: torch.cat([a * b, a.exp()]), (x, p), (torch.ones(8, dtype=torch.float64),)), torch.autograd.gradgradcheck(lambda t: t.norm(dim=0), A))",
		"torch.autograd.gradgradcheck(lambda t: t ** 2, (x,), eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=False)",
	})
}

// doubleBackwardTutorial is the custom Functions of PyTorch's tutorial
// "Double Backward with Custom Functions" (without torchviz).
const doubleBackwardTutorial = `
class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x**2
    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        return grad_out * 2 * x
class Exp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        result = torch.exp(x)
        ctx.save_for_backward(result)
        return result
    @staticmethod
    def backward(ctx, grad_out):
        result, = ctx.saved_tensors
        return result * grad_out
class Sinh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        expx = torch.exp(x)
        expnegx = torch.exp(-x)
        ctx.save_for_backward(expx, expnegx)
        return (expx - expnegx) / 2, expx, expnegx
    @staticmethod
    def backward(ctx, grad_out, _grad_out_exp, _grad_out_negexp):
        expx, expnegx = ctx.saved_tensors
        grad_input = grad_out * (expx + expnegx) / 2
        grad_input += _grad_out_exp * expx
        grad_input -= _grad_out_negexp * expnegx
        return grad_input
def sinh(x):
    return Sinh.apply(x)[0]
class SinhBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        expx = torch.exp(x)
        expnegx = torch.exp(-x)
        ctx.expx = expx
        ctx.expnegx = expnegx
        return (expx - expnegx) / 2
    @staticmethod
    def backward(ctx, grad_out):
        expx = ctx.expx
        expnegx = ctx.expnegx
        grad_input = grad_out * (expx + expnegx) / 2
        return grad_input
def cube_forward(x):
    return x**3
def cube_backward(grad_out, x):
    return grad_out * 3 * x**2
def cube_backward_backward(grad_out, sav_grad_out, x):
    return grad_out * sav_grad_out * 6 * x
def cube_backward_backward_grad_out(grad_out, x):
    return grad_out * 3 * x**2
class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return cube_forward(x)
    @staticmethod
    def backward(ctx, grad_out):
        x, = ctx.saved_tensors
        return CubeBackward.apply(grad_out, x)
class CubeBackward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, grad_out, x):
        ctx.save_for_backward(x, grad_out)
        return cube_backward(grad_out, x)
    @staticmethod
    def backward(ctx, grad_out):
        x, sav_grad_out = ctx.saved_tensors
        dx = cube_backward_backward(grad_out, sav_grad_out, x)
        dgrad_out = cube_backward_backward_grad_out(grad_out, x)
        return dgrad_out, dx
x = torch.rand(3, 3, requires_grad=True, dtype=torch.double)
`

// TestDoubleBackwardTutorialMatchesTorch runs the tutorial's checks and
// looks at the graphs it draws with torchviz: what the gradient's grad_fn
// is and what a second derivative through it gives.
func TestDoubleBackwardTutorialMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, higherPrelude+doubleBackwardTutorial, []string{
		"(torch.autograd.gradcheck(Square.apply, x), torch.autograd.gradgradcheck(Square.apply, x))",
		"x1 = torch.tensor(1., requires_grad=True, dtype=torch.double).clone()\n(torch.autograd.gradcheck(Exp.apply, x1), torch.autograd.gradgradcheck(Exp.apply, x1))",
		"(torch.autograd.gradcheck(sinh, x), torch.autograd.gradgradcheck(sinh, x))",
		"x2 = torch.tensor(2., requires_grad=True, dtype=torch.double)\n(torch.autograd.gradcheck(Cube.apply, x2), torch.autograd.gradgradcheck(Cube.apply, x2))",
		"x1 = torch.tensor(1., requires_grad=True).clone()\nout = Square.apply(x1)\ngx, = torch.autograd.grad(out, x1, create_graph=True)\n(gx, gx.grad_fn.name(), [type(f).__name__ for f, _ in gx.grad_fn.next_functions], torch.autograd.grad(gx, x1))",
		"x1 = torch.tensor(1., requires_grad=True, dtype=torch.double).clone()\nout = Exp.apply(x1)\ngx, = torch.autograd.grad(out, x1, create_graph=True)\n(gx, gx.grad_fn.name(), torch.autograd.grad(gx, x1))",
		// what backward sees under create_graph: ctx.saved_tensors are the
		// input and the output themselves, with their grad_fn, and grad mode is on
		"info = []\nclass Probe(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, a):\n        out = a.exp()\n        ctx.save_for_backward(a, out)\n        return out\n    @staticmethod\n    def backward(ctx, g):\n        a, out = ctx.saved_tensors\n        info.append((a is xin, a.grad_fn.name(), out.grad_fn.name(), torch.is_grad_enabled(), g.requires_grad))\n        return g * out\nxin = torch.tensor([0.5, 1.0], dtype=torch.float64, requires_grad=True).clone()\ny = Probe.apply(xin)\ng, = torch.autograd.grad(y.sum(), xin, create_graph=True)\ng2, = torch.autograd.grad(g.sum(), xin)\ny2 = Probe.apply(xin)\ny2.sum().backward()\n(info, g.grad_fn.name(), r(g2))",
		"out = sinh(x)\ngx, = torch.autograd.grad(out.sum(), x, create_graph=True)\n(r(gx), gx.grad_fn.name(), r(torch.autograd.grad(gx.sum(), x)))",
		"out = SinhBad.apply(x)\ngx, = torch.autograd.grad(out.sum(), x, create_graph=True)\n(r(gx), gx.requires_grad, gx.grad_fn)",
		"x2 = torch.tensor(2., requires_grad=True, dtype=torch.double)\nout = Cube.apply(x2)\ngx, = torch.autograd.grad(out, x2, create_graph=True)\n(gx, gx.grad_fn.name(), torch.autograd.grad(gx, x2))",
	})
}

// TestCreateGraphRefusesUnrecordable checks the error of a pass with
// create_graph through an operation whose backward kael cannot record
// yet: it names the node, where a silent answer would be a wrong second
// derivative; the first derivative alone still works.
func TestCreateGraphRefusesUnrecordable(t *testing.T) {
	langtest.RunCells(t, []langtest.Case{
		{"import torch\nx = torch.tensor([1.5, 2.5], dtype=torch.float64, requires_grad=True)\ng, = torch.autograd.grad(x.lgamma().sum(), x, create_graph=True)",
			"RuntimeError: kael cannot differentiate the backward of LgammaBackward0 (create_graph=True) yet"},
		{"import torch\nx = torch.eye(3, dtype=torch.float64, requires_grad=True)\ntorch.linalg.det(x).backward(create_graph=True)",
			"~kael cannot differentiate the backward of LinalgDetBackward0 (create_graph=True) yet"},
		{"import torch\nx = torch.eye(2, dtype=torch.float64, requires_grad=True)\nfrom torch.autograd.functional import hessian\nhessian(lambda t: torch.linalg.inv(t).pow(2).sum(), x)",
			"~kael cannot differentiate the backward of LinalgInvExBackward0 (create_graph=True) yet"},
		{"import torch\nx = torch.tensor([1.5, 2.5], dtype=torch.float64, requires_grad=True)\ng, = torch.autograd.grad(x.prod(), x)\n[round(v, 6) for v in g.tolist()]", "[2.5, 1.5]"},
		{"import torch\nx = torch.tensor([1.5, 2.5], dtype=torch.float64, requires_grad=True)\nc = torch.tensor([2.0, 3.0], dtype=torch.float64)\ng, = torch.autograd.grad((x * c.prod()).sum(), x, create_graph=True)\n([round(v, 6) for v in g.tolist()], g.requires_grad)", "([6.0, 6.0], False)"},
	})
}
