package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestPolygammaMvlgammaMatchTorch compares torch.polygamma, torch.mvlgamma,
// their methods, in-place forms and torch.special names with PyTorch
// 1.13: values (poles and negative arguments included), dtypes, the
// nodes recorded, first and second derivatives, and the refusals.
func TestPolygammaMvlgammaMatchTorch(t *testing.T) {
	prelude := "import torch\nx = torch.tensor([0.5, 1.5, 3.0, -2.5, 10.0], requires_grad=True)\nd = torch.tensor([0.25, 2.0, 7.5], dtype=torch.float64)\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"[torch.polygamma(n, x) for n in range(5)]",
		"[torch.polygamma(n, d) for n in range(4)], torch.polygamma(2, torch.tensor([1, 2])), torch.polygamma(1, torch.tensor([True]))",
		"torch.polygamma(1, torch.tensor([0., -2.5, 1e10, float('inf'), float('nan')])), torch.polygamma(3, torch.tensor([0., -1., 1e10, 0.1]))",
		"x.polygamma(2), torch.special.polygamma(1, x), torch.polygamma(n=3, input=x)",
		"y = torch.polygamma(2, x)\ny.sum().backward()\nx.grad, y.grad_fn.name()",
		"g, = torch.autograd.grad(torch.polygamma(1, x).sum(), x)\ng0, = torch.autograd.grad(torch.polygamma(0, x).sum(), x)\ng, g0",
		"z = torch.tensor([1.5, 2.0])\nr = z.polygamma_(1)\nr is z, z",
		"o = torch.empty(5)\ntorch.polygamma(0, x.detach(), out=o)\no",
		"torch.polygamma(-1, x)",
		"torch.mvlgamma(torch.tensor([2.5, 3.]), 3), torch.special.multigammaln(torch.tensor([2.5, 3.]), 2), torch.mvlgamma(d, 1), torch.mvlgamma(torch.tensor([[3, 4]]), 2)",
		"w = torch.tensor([2.5, 3.], requires_grad=True)\nm = w.mvlgamma(2)\nm.sum().backward()\nm.grad_fn.name(), m, w.grad",
		"v = torch.tensor([2.5, 3.])\nv.mvlgamma_(3) is v, v",
		"torch.mvlgamma(torch.tensor([0.5, 1.0]), 3)",
		"torch.mvlgamma(torch.tensor([True]), 2)",
		"torch.mvlgamma(torch.tensor([2.5]), 0)",
	})
}
