package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestQuantileMatchesTorch compares quantile and nanquantile (every
// interpolation, dim, keepdim, q a number or a tensor, NaNs, gradients,
// grad_fn and errors) with PyTorch 1.13.
func TestQuantileMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nx = torch.tensor([[3., 1., 4., 1.5], [5., 9., 2., 6.]], requires_grad=True)\nn = torch.tensor([[1., float('nan'), 3., 2.], [float('nan'), float('nan'), 1., 0.]])\nr = lambda t: [round(v, 5) for v in t.flatten().tolist()]\n", []string{
		"q = torch.quantile(x, 0.3)\nr(q), q.shape, q.grad_fn.name()",
		"q = torch.quantile(x, 0.3, dim=1)\nr(q), q.shape, torch.quantile(x, 0.3, 1, True).shape",
		"q = torch.quantile(x, torch.tensor([0.25, 0.5, 1.]), dim=0)\nr(q), q.shape",
		"q = torch.quantile(x, torch.tensor([0.3]), dim=1, keepdim=True)\nr(q), q.shape, torch.quantile(x, torch.tensor([0.5]), keepdim=True).shape, torch.quantile(x, 0.5, keepdim=True).shape",
		"[r(torch.quantile(x, torch.tensor([0.1, 0.4, 0.5, 0.9]), dim=1, interpolation=m)) for m in ['linear', 'lower', 'higher', 'midpoint', 'nearest']]",
		"torch.quantile(torch.tensor([0., 1., 2., 3., 4.]), torch.tensor([0.125, 0.375, 0.625, 0.875]), interpolation='nearest').tolist()",
		"y = torch.arange(24.).reshape(2, 3, 4)\nq = torch.quantile(y, torch.tensor([0.2, 0.7]), dim=0)\nr(q), q.shape, r(torch.quantile(y, 0.6, dim=1)), r(y.quantile(0.6, dim=-1, keepdim=True))",
		"q = torch.quantile(x.double(), 0.3)\nq.item(), q.dtype, torch.quantile(x, 1).item(), torch.quantile(x, 0).item()",
		"r(torch.quantile(n, 0.5, dim=1)), torch.quantile(n, 0.5).item()",
		"r(torch.nanquantile(n, 0.5, dim=1)), r(torch.nanquantile(n, torch.tensor([0.2, 0.9]), dim=0)), round(n.nanquantile(0.5).item(), 5)",
		"r(torch.nanquantile(torch.tensor([[float('nan'), float('nan')], [1., 2.]]), 0.5, dim=1))",
		"q = torch.quantile(torch.tensor(2.), 0.3)\nq.item(), q.shape, torch.quantile(torch.tensor(2.), 0.3, dim=0).shape",
		"torch.quantile(x, torch.tensor([])).shape",
		"r(x.quantile(0.5)), r(x.nanquantile(0.5, 1))",
		"res = []\nfor m in ['linear', 'lower', 'higher', 'midpoint', 'nearest']:\n    x.grad = None\n    torch.quantile(x, torch.tensor([0.3, 0.5]), dim=1, interpolation=m).sum().backward()\n    res.append(r(x.grad))\nres",
		"y = torch.tensor([1., float('nan'), 3., 2.], requires_grad=True)\ntorch.nanquantile(y, 0.3).backward()\nr(y.grad)",
		"torch.quantile(x, 1.5)",
		"torch.quantile(x, -0.1)",
		"torch.quantile(x, torch.tensor([0.5, 1.5]))",
		"torch.quantile(x, torch.tensor([[0.5]]))",
		"torch.quantile(x.long(), 0.5)",
		"torch.quantile(x.half(), 0.5)",
		"torch.quantile(x, 0.5, interpolation='foo')",
		"torch.quantile(x, torch.tensor([0.5], dtype=torch.float64))",
		"torch.quantile(torch.tensor([]), 0.5)",
		"torch.quantile(x, 0.5, dim=2)",
		"torch.nanquantile(torch.zeros(2, 0), 0.5, dim=0)",
		"torch.nanquantile(x, 1.5)",
		"torch.nanquantile(x.long(), 0.5)",
	})
}
