package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// doublePrelude is the setup of the second-derivative tests through
// convolutions, pooling, normalization and the reductions and scans
// (autograd's conv_double.go, pool_double.go, nn_double.go,
// reduce_double.go, index_double.go): float64 tensors from the seeded
// generator, v listing a result's values unrounded (the comparison allows
// for the order of float64 sums), and d2, the first gradients of
// f(*xs).sum() and the gradients of a weighted sum of them.
const doublePrelude = `import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import gradgradcheck
torch.manual_seed(0)
D = torch.float64
def v(t):
    if t is None:
        return None
    if isinstance(t, torch.Tensor):
        return [x + 0.0 for x in t.flatten().tolist()]
    return [v(u) for u in t]
def rt(*s):
    return torch.randn(*s, dtype=D, requires_grad=True)
def weighted(g):
    return (g * torch.arange(1., g.numel() + 1, dtype=g.dtype).reshape(g.shape)).sum()
def d2(f, *xs):
    g = torch.autograd.grad(f(*xs).sum(), xs, create_graph=True)
    live = [weighted(gi) for gi in g if gi.requires_grad]
    h = torch.autograd.grad(sum(live), xs, allow_unused=True) if live else (None,) * len(xs)
    return v(g), v(h)
def zeroed(t):
    t = t.detach().clone()
    t.view(-1)[1] = 0
    t.view(-1)[5] = 0
    return t.requires_grad_()
`

// doubleTolerance compares float64 derivatives: kael's and PyTorch's
// kernels add in different orders, which moves the last few bits of
// values of order 1 to 100 (1e-13 relative); 1e-9 leaves room for the
// sums of a few hundred terms and still catches any wrong term.
var doubleTolerance = reftest.Tolerance{Abs: 1e-9, Rel: 1e-9}

// TestDoubleBackwardThroughLayersMatchesTorch compares second derivatives
// (create_graph=True) through convolutions, pooling, normalization layers,
// reductions, scans and indexed stores with PyTorch 1.13: gradgradcheck
// of each (float64, small shapes), the Hessian-vector products of d2, the
// gradient penalty of WGAN-GP with a convolutional critic, a
// Hessian-vector product through a LayerNorm + Linear block, and a
// second-order MAML step through Conv2d + BatchNorm2d + MaxPool2d.
func TestDoubleBackwardThroughLayersMatchesTorch(t *testing.T) {
	checkCloseToTorch(t, doublePrelude, []string{
		// gradgradcheck: kael's second derivatives against its own central
		// differences, as PyTorch checks its own
		"[gradgradcheck(f, xs) for f, xs in [" +
			"(lambda x, w, b: F.conv2d(x, w, b, stride=2, padding=1), (rt(2, 3, 5, 5), rt(4, 3, 3, 3), rt(4)))," +
			"(lambda x, w: F.conv2d(x, w, stride=3, dilation=2, padding=2, groups=2), (rt(2, 4, 9, 8), rt(4, 2, 3, 2)))," +
			"(lambda x, w: F.conv2d(x, w, padding='same'), (rt(1, 2, 5, 6), rt(3, 2, 2, 4)))," +
			"(lambda x, w: F.conv2d(x, w, stride=2), (rt(2, 5, 5), rt(3, 2, 3, 3)))," +
			"(lambda x, w, b: F.conv1d(x, w, b, stride=2, padding=1), (rt(2, 3, 7), rt(4, 3, 3), rt(4)))," +
			"(lambda x, w: F.conv3d(x, w, stride=(1, 2, 1), padding=1, groups=2), (rt(1, 4, 3, 4, 3), rt(2, 2, 2, 2, 2)))," +
			"(lambda x, w, b: F.conv_transpose2d(x, w, b, stride=2, padding=1, output_padding=1), (rt(2, 3, 3, 3), rt(3, 2, 3, 3), rt(2)))," +
			"(lambda x, w: F.conv_transpose2d(x, w, stride=2, dilation=2, groups=2, output_padding=1), (rt(2, 4, 3, 3), rt(4, 3, 2, 2)))," +
			"(lambda x, w, b: F.conv_transpose1d(x, w, b, stride=2, padding=1), (rt(2, 3, 4), rt(3, 2, 3), rt(2)))," +
			"(lambda x, w: F.conv_transpose3d(x, w, stride=2), (rt(1, 2, 2, 2, 2), rt(2, 2, 2, 2, 2)))]]",
		"[gradgradcheck(f, xs) for f, xs in [" +
			"(lambda x: F.max_pool1d(x, 3, 1), (rt(2, 3, 7),))," +
			"(lambda x: F.max_pool2d(x, 3, 2, padding=1, ceil_mode=True), (rt(2, 2, 5, 6),))," +
			"(lambda x: F.max_pool2d(x, 2), (rt(2, 4, 4),))," +
			"(lambda x: F.max_pool3d(x, 2), (rt(1, 2, 4, 4, 4),))," +
			"(lambda x: F.adaptive_max_pool2d(x, (2, 3)), (rt(2, 3, 5, 5),))," +
			"(lambda x: F.adaptive_max_pool1d(x, 3), (rt(2, 3, 7),))," +
			"(lambda x: F.avg_pool2d(x, 3, 2, 1), (rt(2, 3, 5, 5),))," +
			"(lambda x: F.adaptive_avg_pool2d(x, (2, 3)), (rt(2, 3, 5, 5),))]]",
		"[gradgradcheck(f, xs) for f, xs in [" +
			"(lambda x, w, b: F.layer_norm(x, (4,), w, b), (rt(3, 4), rt(4), rt(4)))," +
			"(lambda x, w: F.layer_norm(x, (2, 3), w), (rt(2, 2, 3), rt(2, 3)))," +
			"(lambda x, w, b: F.batch_norm(x, None, None, w, b, training=True), (rt(4, 3, 2, 2), rt(3), rt(3)))," +
			"(lambda x, w, b: F.batch_norm(x, torch.zeros(3, dtype=D), torch.ones(3, dtype=D), w, b), (rt(4, 3, 2, 2), rt(3), rt(3)))," +
			"(lambda x, w, b: F.group_norm(x, 2, w, b), (rt(2, 4, 3), rt(4), rt(4)))," +
			"(lambda x, w, b: F.instance_norm(x, weight=w, bias=b), (rt(2, 3, 4), rt(3), rt(3)))]]",
		"[gradgradcheck(f, xs) for f, xs in [" +
			"(lambda x: x.prod(1), (zeroed(rt(3, 4)),))," +
			"(lambda x: x.prod(0, keepdim=True), (zeroed(rt(3, 4)),))," +
			"(lambda x: x.cumprod(1), (zeroed(rt(3, 4)),))," +
			"(lambda x: x.cumsum(0), (rt(3, 4),))," +
			"(lambda x: x.logsumexp(1), (rt(3, 4),))," +
			"(lambda x: x.var((0, 2), unbiased=False), (rt(3, 4, 2),))," +
			"(lambda x: x.std(), (rt(3, 4),))," +
			"(lambda x: x.max(1)[0] + x.min(1)[0], (rt(3, 4),))," +
			"(lambda x: x.amax(1) + x.amin((0, 1)) + x.max(), (rt(3, 4),))," +
			"(lambda w: F.embedding(torch.tensor([[0, 2], [2, 1]]), w), (rt(3, 4),))," +
			"(lambda x, s: x.scatter(1, torch.tensor([[0, 1], [2, 3], [1, 0]]), s), (rt(3, 4), rt(3, 2)))," +
			"(lambda x, s: x.scatter_add(1, torch.tensor([[0, 1], [2, 2], [1, 0]]), s), (rt(3, 4), rt(3, 2)))," +
			"(lambda x, u: x.index_put((torch.tensor([0, 2]),), u), (rt(3, 4), rt(2, 4)))," +
			"(lambda x, u: x.index_put((torch.tensor([0, 2, 0]),), u, accumulate=True), (rt(3, 4), rt(3, 4)))," +
			"(lambda x: x.flip(1).tril(), (rt(3, 4),))," +
			"(lambda x: x.logcumsumexp(1), (rt(3, 4),))," +
			"(lambda a, b: torch.linalg.cross(a, b, dim=0), (rt(3, 4), rt(3, 4)))]]",
		// a max-pool's gradient depends on x (with a zero derivative), as in PyTorch
		"x = rt(1, 1, 4, 4)\ng, = torch.autograd.grad(F.max_pool2d(x, 2).sum(), x, create_graph=True)\n(g.requires_grad, g.grad_fn.name(), v(torch.autograd.grad(g.sum(), x)))",
		// Hessian-vector products, compared with PyTorch's values
		"d2(lambda x, w, b: F.conv2d(x, w, b, stride=2, padding=1).tanh(), rt(2, 3, 5, 5), rt(4, 3, 3, 3), rt(4))",
		"d2(lambda x, w: F.conv_transpose2d(x, w, stride=2, padding=1).sin(), rt(1, 2, 3, 3), rt(2, 3, 3, 3))",
		"d2(lambda x: F.max_pool2d(x * x, 2, 1) ** 2, rt(1, 2, 4, 4))",
		"d2(lambda x, w, b: F.layer_norm(x, (4,), w, b) ** 3, rt(3, 4), rt(4), rt(4))",
		"d2(lambda x, w, b: F.batch_norm(x, None, None, w, b, training=True).exp(), rt(4, 3, 2), rt(3), rt(3))",
		"d2(lambda x: F.instance_norm(x) ** 2 * x, rt(2, 3, 4))",
		"d2(lambda x: x.prod(1) * x.cumprod(0).sum(0) + x.cumsum(1) ** 2, zeroed(rt(3, 4)))",
		"d2(lambda x: x.logsumexp(0) * x.std(0) + x.var(1).sum() * x.amax(0), rt(3, 4))",
		"d2(lambda w: F.embedding(torch.tensor([0, 2, 2]), w) ** 2, rt(3, 4))",
		// the gradient penalty of WGAN-GP with a convolutional critic
		// (DCGAN's: strided Conv2d, LeakyReLU, LayerNorm or InstanceNorm)
		`class Critic(nn.Module):
    def __init__(self, norm):
        super().__init__()
        self.c1 = nn.Conv2d(1, 4, 4, 2, 1)
        self.c2 = nn.Conv2d(4, 8, 4, 2, 1)
        self.n = nn.LayerNorm([8, 2, 2]) if norm == 'ln' else nn.InstanceNorm2d(8, affine=True)
        self.fc = nn.Linear(32, 1)
    def forward(self, x):
        x = F.leaky_relu(self.c1(x), 0.2)
        x = F.leaky_relu(self.n(self.c2(x)), 0.2)
        return self.fc(x.flatten(1))
out = []
for norm in ['ln', 'in']:
    D_ = Critic(norm).double()
    real, fake = torch.randn(3, 1, 8, 8, dtype=D), torch.randn(3, 1, 8, 8, dtype=D)
    eps = torch.rand(3, 1, 1, 1, dtype=D)
    xh = (eps * real + (1 - eps) * fake).requires_grad_(True)
    g = torch.autograd.grad(D_(xh).sum(), xh, create_graph=True)[0]
    gp = ((g.view(3, -1).norm(2, dim=1) - 1) ** 2).mean()
    loss = D_(fake).mean() - D_(real).mean() + 10 * gp
    loss.backward()
    out.append((gp.item(), [(n, v(p.grad)) for n, p in D_.named_parameters()], v(xh.grad)))
out`,
		// a Hessian-vector product through a LayerNorm + Linear block
		// (a transformer's), with respect to the parameters and the input
		`blk = nn.Sequential(nn.LayerNorm(6), nn.Linear(6, 6), nn.GELU(), nn.Linear(6, 6)).double()
params = list(blk.parameters())
x = torch.randn(4, 6, dtype=D, requires_grad=True)
loss = blk(x).pow(2).mean()
gs = torch.autograd.grad(loss, params + [x], create_graph=True)
vs = [torch.randn_like(p) for p in params + [x]]
hv = torch.autograd.grad(sum((g * u).sum() for g, u in zip(gs, vs)), params + [x])
v(hv)`,
		// torch.autograd.functional.hvp differentiates the gradient's graph
		// twice: GELU's and SiLU's third derivatives
		`from torch.autograd.functional import hvp
out = []
for act in [nn.GELU(), nn.GELU('tanh'), nn.SiLU()]:
    blk = nn.Sequential(nn.LayerNorm(6), nn.Linear(6, 6), act, nn.Linear(6, 6)).double()
    x, u = torch.randn(4, 6, dtype=D), torch.randn(4, 6, dtype=D)
    out.append(v(hvp(lambda t: blk(t).pow(2).mean(), x, u)))
out`,
		"[(gradgradcheck(f, (x,)), gradgradcheck(lambda t: torch.autograd.grad((f(t) ** 2).sum(), t, create_graph=True), (x,))) for x in [rt(6) * 2] for f in [F.gelu, lambda t: F.gelu(t, approximate='tanh'), F.silu]]",
		// a second-order MAML step through Conv2d + BatchNorm2d + ReLU +
		// MaxPool2d + Linear, two inner steps
		`w1, b1 = rt(4, 1, 3, 3), rt(4)
gam, bet = (1 + 0.1 * torch.randn(4, dtype=D)).requires_grad_(), rt(4)
w2, b2 = rt(3, 36), rt(3)
params = [w1, b1, gam, bet, w2, b2]
def net(p, x):
    h = F.conv2d(x, p[0], p[1], padding=1)
    h = F.batch_norm(h, None, None, p[2], p[3], training=True)
    h = F.max_pool2d(F.relu(h), 2)
    return F.linear(h.flatten(1), p[4], p[5])
xs, ys = torch.randn(5, 1, 6, 6, dtype=D), torch.tensor([0, 1, 2, 1, 0])
xq, yq = torch.randn(5, 1, 6, 6, dtype=D), torch.tensor([2, 1, 0, 0, 1])
fast = params
for _ in range(2):
    gs = torch.autograd.grad(F.cross_entropy(net(fast, xs), ys), fast, create_graph=True)
    fast = [p - 0.1 * g for p, g in zip(fast, gs)]
outer = F.cross_entropy(net(fast, xq), yq)
outer.backward()
(outer.item(), [v(p.grad) for p in params])`,
		// dropout's mask is a constant: its second derivative is linear
		"x = rt(3, 4)\ntorch.manual_seed(1)\ny = F.dropout(x, 0.5) ** 3\ng, = torch.autograd.grad(y.sum(), x, create_graph=True)\n(v(g), v(torch.autograd.grad(weighted(g), x)))",
	}, doubleTolerance)
}
