package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestInPlaceOnViewsMatchesTorch compares in-place changes through views
// and indices of tensors that require grad with PyTorch 1.13: values,
// grad_fn names (CopySlices, AsStridedBackward0, IndexPutBackward0),
// gradients, and the error for a view of a leaf.
func TestInPlaceOnViewsMatchesTorch(t *testing.T) {
	prelude := "import torch\nr = lambda t: [round(v, 4) for v in t.flatten().tolist()]\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"w = torch.ones(2, 3, requires_grad=True)\nv = w * 2\nv[0] += 1\nv[:, 1] *= 3\nrow = v[1]\nrow.mul_(2)\n(v * torch.arange(6.).view(2, 3)).sum().backward()\n(v.grad_fn.name(), row.grad_fn.name(), v.tolist(), w.grad.tolist())",
		"x = torch.zeros(3, 4, requires_grad=True).clone()\nx[[0, 2], 1] -= 1\n(x.tolist(), x.grad_fn.name())",
		"x = torch.zeros(3, 4, requires_grad=True) * 1\nx[x == 0] += 2\n(x.sum().item(), x.grad_fn.name())",
		"torch.manual_seed(0)\ny = torch.randn(4, 4, requires_grad=True)\nz = y * 3\nz.t()[1].add_(torch.ones(4))\nz[2:, :2].sigmoid_()\n(z ** 2).sum().backward()\n(r(z)[:8], r(y.grad))",
		"k = torch.arange(6.).requires_grad_()\nm = k.view(2, 3) * 1\nm.view(6)[2:4] += 10\nm.pow(2).sum().backward()\n(m.tolist(), k.grad.tolist())",
		"u = torch.ones(3, requires_grad=True) * 1\ns = u[1:]\ns.mul_(2)\ns.clamp_(max=0.5)\nu.sum().backward()\n(u.tolist(), u.grad_fn.name(), s.grad_fn.name())",
		"t = torch.zeros(3, requires_grad=True)\nt[0] += 1",
		"t = torch.zeros(3, requires_grad=True)\nt[1:].mul_(2)",
		"x = torch.ones(3, 4, requires_grad=True) * 1\nx[0] = 1\na = x.grad_fn.name()\nx[[0, 1]] = 2\nb = x.grad_fn.name()\nx[:, [0, 1]] = 3\nc = x.grad_fn.name()\nx[0, [1]] = 4\n(a, b, c, x.grad_fn.name())",
	})
}

// TestInPlaceOnViewsOfPlainTensorsMatchesTorch checks in-place changes of
// views whose base does not require grad (issue 30): the base takes
// CopySlices, the changed view and the base's other views take
// AsStridedBackward0 of it, for each kind of view, chained views and each
// kind of in-place operation; and PyTorch's errors for views made in
// no_grad, by multi-output operations, of leaves, and through expand.
func TestInPlaceOnViewsOfPlainTensorsMatchesTorch(t *testing.T) {
	prelude := "import torch\nr = lambda t: [round(v, 4) for v in t.flatten().tolist()]\nn = lambda t: t.grad_fn.name() if t.grad_fn is not None else None\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		// the case, and what x, v and other views of x see after it
		"x = torch.zeros(3); w = torch.ones(1, requires_grad=True)\nv = x[0:1]; v.add_(w); x.sum().backward()\n(w.grad.tolist(), n(x), n(v), x.requires_grad, v.requires_grad)",
		"x = torch.zeros(4); u = x[1:3]; w = torch.ones(2, requires_grad=True)\nv = x[0:2]; v.mul_(w); v.add_(w)\n(u * torch.tensor([5., 7.])).sum().backward()\n(w.grad.tolist(), n(u), u.requires_grad, r(x))",
		"x = torch.zeros(3); w = torch.ones(1, requires_grad=True)\nv = x[0:1]; v.add_(w); v.add_(w)\n(v * 3).sum().backward()\n(w.grad.tolist(), n(v))",
		"x = torch.zeros(3); v = x[0:1]; w = torch.ones(3, requires_grad=True)\nx.add_(w)\n(n(v), v.requires_grad)",
		"x = torch.zeros(3); w = torch.ones(1, requires_grad=True)\nv = x[0:1]\nx.add_(1)\nv.add_(w)\nx.sum().backward()\n(w.grad.tolist(), n(x), r(x))",
		// each kind of view, changed with a tensor that requires grad
		"x = torch.zeros(2, 3)\nvs = [x.view(3, 2), x.reshape(6), x.t(), x.permute(1, 0), x.unsqueeze(0), x.narrow(1, 0, 2), x.select(0, 1), x[None].squeeze(0), x.transpose(0, 1), x[1], x[:, 1:], x.flatten()]\nw = torch.ones(2, 2, requires_grad=True)\nvs[5].mul_(w)\nvs[5].add_(w)\n(x * torch.arange(6.).view(2, 3)).sum().backward()\n([n(t) for t in [x] + vs], w.grad.tolist())",
		"torch.manual_seed(0)\nw = torch.randn(3, requires_grad=True)\nx = torch.zeros(3, 3)\nd = x.diagonal()\nd.mul_(w); d.add_(w)\n(x * torch.arange(9.).view(3, 3)).sum().backward()\n(r(w.grad), n(x), n(d))",
		"w = torch.ones(2, 3, requires_grad=True)\nx = torch.zeros(3, 2)\nx.t().add_(w * 2)\n(x ** 2).sum().backward()\n(r(w.grad), n(x))",
		"w = torch.ones(4, requires_grad=True)\nx = torch.zeros(2, 4)\nx.view(8)[2:6].sub_(w)\nx.pow(2).sum().backward()\n(r(w.grad), r(x))",
		"w = torch.tensor([1., 2.], requires_grad=True)\nx = torch.ones(1, 2, 3)\nx.squeeze(0).select(1, 2).mul_(w)\nx.sum().backward()\n(r(w.grad), r(x))",
		"w = torch.tensor([0.5], requires_grad=True)\nx = torch.ones(1, 3)\ne = x.expand(1, 3)\ne.mul_(w)\nx.sum().backward()\n(r(w.grad), n(x), n(e))",
		"x = torch.zeros(3); w = torch.ones(1, requires_grad=True)\nx[0:1] += w\nx[1:2] += 2 * w\n(x * torch.tensor([1., 10., 100.])).sum().backward()\n(w.grad.tolist(), n(x))",
		// chained views: a view of a view, and the views between
		"x = torch.zeros(3); w = torch.ones(1, requires_grad=True)\nv = x[0:2]\nv2 = v[1:]\nv2.add_(w * 3)\n(x * torch.tensor([1., 2., 4.])).sum().backward()\n(w.grad.tolist(), n(x), n(v), n(v2), v2._base is x)",
		// other in-place operations
		"x = torch.ones(3); w = torch.tensor([2.], requires_grad=True)\nv = x[1:2]\nv.mul_(w); v.clamp_(max=1.5); v.exp_()\nx.sum().backward()\n(r(w.grad), r(x))",
		"x = torch.ones(4); w = torch.tensor([2., 3.], requires_grad=True)\nv = x[1:3]\nv.div_(w); v.pow_(2)\nx.sum().backward()\n(r(w.grad), r(x))",
		"x = torch.ones(4); w = torch.tensor([2., 3.], requires_grad=True)\nv = x[1:3]\nv += w\nv *= w\nx.sum().backward()\n(r(w.grad), r(x), n(x))",
		"x = torch.zeros(2, 3); w = torch.ones(2, requires_grad=True)\nx[:, 0].masked_fill_(torch.tensor([True, False]), 5.)\nx[:, 1].lerp_(w, 0.5)\nx.sum().backward()\n(r(w.grad), r(x))",
		"x = torch.zeros(2, 3); w = torch.tensor([1., 2., 3.], requires_grad=True)\nv = x[1]\nv[0:2] = w[1:]\nx.sum().backward()\n(r(w.grad), n(x), n(v))",
		// copy_, fill_ and zero_, through views and not
		"x = torch.zeros(3); w = torch.ones(1, requires_grad=True)\nv = x[0:2]; v.copy_(w); x.sum().backward()\n(w.grad.tolist(), n(x), n(v))",
		"y = torch.zeros(3, dtype=torch.float64, requires_grad=True) * 1\nw = torch.ones(3, requires_grad=True)\ny.copy_(w); (y * 2).sum().backward()\n(n(y), y.dtype, w.grad.tolist())",
		"y = torch.zeros(3, requires_grad=True); w = torch.ones(3, requires_grad=True)\nz = y * 1\nz.copy_(w); z.sum().backward()\n(y.grad.tolist(), w.grad.tolist())",
		"y = torch.ones(3, requires_grad=True); z = y * 2\nz.zero_(); z[1:].fill_(2); (z * 3).sum().backward()\n(n(z), y.grad.tolist(), r(z))",
		"y = torch.ones(3, requires_grad=True) * 1; w = torch.tensor(2., requires_grad=True)\ny.fill_(w); y.sum().backward()\n(n(y), w.grad.item())",
		"x = torch.zeros(2, 3); w = torch.tensor(2., requires_grad=True)\nx[1].fill_(w); x.sum().backward()\n(n(x), w.grad.item(), r(x))",
		"y = torch.zeros(3, requires_grad=True)\ny.copy_(torch.ones(3))",
		"x = torch.ones(3, requires_grad=True).clone()\nwith torch.no_grad(): a = x[0:2]\na.zero_()",
		// no change recorded when nothing requires grad, or in no_grad
		"x = torch.zeros(3); v = x[0:1]; v.add_(1)\n(x.requires_grad, n(x), n(v), r(x))",
		"x = torch.zeros(3); w = torch.ones(1, requires_grad=True)\nv = x[0:1]\nwith torch.no_grad(): v.add_(w)\n(x.requires_grad, v.requires_grad, r(x))",
		// errors: a view of a leaf that requires grad
		"x = torch.zeros(2, 3, requires_grad=True)\nx[0].add_(1)",
		"x = torch.zeros(2, 3, requires_grad=True)\nx.t().mul_(2)",
		// views made in no_grad, changed with grad
		"x = torch.zeros(2, 3)\nwith torch.no_grad(): a = x[0]\nw = torch.ones(3, requires_grad=True)\na.add_(w)",
		"x = torch.ones(3, requires_grad=True).clone()\nwith torch.no_grad(): a = x[0:2]\na.mul_(2)",
		"x = torch.zeros(2, 3)\nwith torch.no_grad(): a = x[0]\na.add_(1)\nr(x)",
		"x = torch.zeros(2, 3)\nwith torch.no_grad(): a = x[0]\nw = torch.ones(2, 3, requires_grad=True)\nx.add_(w)\na.sum().backward()",
		// multi-output views
		"x = torch.zeros(2, 3); a, b = x.unbind(); w = torch.ones(3, requires_grad=True)\nb.add_(w)",
		"x = torch.zeros(2, 3); a, b = x.split(1); w = torch.ones(1, 3, requires_grad=True)\na.add_(w)",
		"x = torch.zeros(2, 3, requires_grad=True).clone(); a, b = x.unbind()\nb.add_(1)",
		"x = torch.zeros(2, 3, requires_grad=True).clone(); a, b = x.split(1)\nb.add_(1)",
		"x = torch.zeros(2, 3, requires_grad=True).clone(); a, b = x.chunk(2)\na.mul_(2)",
		"x = torch.zeros(2, 3, requires_grad=True).clone(); a, b = x.split([1, 1])\nb.add_(1)",
		"x = torch.zeros(2, 3, requires_grad=True).clone()\nfor row in x:\n    row.add_(1)",
		"x = torch.zeros(2, 3, requires_grad=True).clone(); a, b = x.unbind()\nx.add_(1)\nb.sum().backward()",
		"x = torch.zeros(2, 3); a, b = x.unbind(); a.add_(1)\nwith torch.no_grad(): b.mul_(w := torch.ones(3, requires_grad=True))\nr(x)",
		// expand: several elements in one place
		"x = torch.zeros(3); w = torch.ones(2, 3, requires_grad=True)\nx.expand(2, 3).add_(w)",
	})
}

// TestViewBaseMatchesTorch checks which results are views of x (their
// _base is x), as PyTorch makes them: the base an in-place change of a
// view rebases.
func TestViewBaseMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nx = torch.zeros(2, 3)\n", []string{
		"(x.T)._base is x",
		"(x.mT)._base is x",
		"(x.view_as(torch.zeros(3, 2)))._base is x",
		"(x.as_strided((2,), (1,)))._base is x",
		"(x.unfold(1, 2, 1))._base is x",
		"(x[..., 1])._base is x",
		"(x[None])._base is x",
		"(x.split(1)[0])._base is x",
		"(x.chunk(2)[0])._base is x",
		"(x.unbind()[0])._base is x",
		"(x.squeeze())._base is x",
		"(x.diagonal())._base is x",
		"(x.narrow(0, 0, 1))._base is x",
		"(x.flatten())._base is x",
		"(x.select(1, 0))._base is x",
		"(x.detach())._base is x",
		"(x.data)._base is x",
		"(torch.transpose(x, 0, 1))._base is x",
		"(torch.split(x, 1)[1])._base is x",
		"(torch.chunk(x, 2)[1])._base is x",
		"(torch.unbind(x)[1])._base is x",
		"(torch.select(x, 0, 1))._base is x",
		"(torch.narrow(x, 0, 0, 1))._base is x",
		"(torch.squeeze(x))._base is x",
		"(torch.unsqueeze(x, 0))._base is x",
		"(torch.diagonal(x))._base is x",
		"(torch.t(x))._base is x",
		"(torch.permute(x, (1, 0)))._base is x",
		"(torch.reshape(x, (6,)))._base is x",
		"(torch.flatten(x))._base is x",
		"(x.view(3, 2))._base is x",
		"(x.expand(1, 2, 3))._base is x",
		"(x.broadcast_to((2, 2, 3)))._base is x",
		"(torch.broadcast_to(x, (1, 2, 3)))._base is x",
		"(x.contiguous())._base is x",
		"(x.reshape(3, 2))._base is x",
		"(x.unsqueeze(2).squeeze(2))._base is x",
		"(torch.as_strided(x, (2,), (1,)))._base is x",
		"(x.expand(2, 3))._base is x",
		"(x[1])._base is x",
		"(x[:, ::2])._base is x",
		"(x[0:1].view(3)._base is x, x.t()[1]._base is x, x.detach()[0]._base is x, x[0]._is_view(), x._is_view(), x._base)",
	})
}
