package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestScatterReduceMatchesTorch compares scatter_reduce and index_reduce
// (every reduction with and without include_self, integers, in place,
// gradients and grad_fn, errors) with PyTorch 1.13.
func TestScatterReduceMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch, warnings\nwarnings.simplefilter('ignore')\nx = torch.tensor([1., 2., 3., 4.])\ni = torch.tensor([0, 1, 0, 1, 2])\ns = torch.tensor([5., 6., 1., 8., 9.])\nr = lambda t: [round(v, 4) for v in t.flatten().tolist()]\nm = torch.tensor([[1., 2.], [3., 4.], [5., 6.]])\nsm = torch.tensor([[2., 3.], [4., 5.], [6., 7.]])\nj = torch.tensor([0, 2, 0])\n", []string{
		"[(red, inc, r(x.scatter_reduce(0, i, s, reduce=red, include_self=inc))) for red in ['sum', 'prod', 'mean', 'amax', 'amin'] for inc in [True, False]]",
		"xi = torch.tensor([1, 2, 3, 4])\nsi = torch.tensor([5, 6, 7, 8, 9])\n[xi.scatter_reduce(0, i, si, red, include_self=inc).tolist() for red in ['sum', 'prod', 'mean', 'amax', 'amin'] for inc in [True, False]]",
		"torch.tensor([[1., 2], [3, 4]]).scatter_reduce(1, torch.tensor([[0, 0], [1, 0]]), torch.tensor([[5., 6], [7, 8]]), 'prod').tolist(), torch.scatter_reduce(x, 0, i, s, 'amax').tolist()",
		"y = x.clone()\nz = y.scatter_reduce_(0, i, s, 'sum')\nz is y, y.tolist()",
		"[torch.tensor([100, 100], dtype=d).scatter_reduce(0, torch.tensor([0, 0, 1]), torch.tensor([100, 100, -7], dtype=d), red).tolist() for d in (torch.int8, torch.uint8, torch.int16, torch.int32) for red in ('mean', 'sum', 'prod')]",
		"[torch.tensor([20000, 1], dtype=d).scatter_reduce(0, torch.tensor([0, 0]), torch.tensor([20000, 20000], dtype=d), 'mean').tolist() for d in (torch.int16, torch.int32)]",
		"torch.tensor([float('nan'), 1.]).scatter_reduce(0, torch.tensor([0, 1]), torch.tensor([2., float('nan')]), 'amax').tolist()",
		"res = []\nfor red in ['sum', 'prod', 'mean', 'amax', 'amin']:\n    for inc in [True, False]:\n        a = x.clone().requires_grad_()\n        b = s.clone().requires_grad_()\n        y = a.scatter_reduce(0, i, b, reduce=red, include_self=inc)\n        (y * torch.tensor([1., 2, 3, 4])).sum().backward()\n        res.append((y.grad_fn.name(), r(a.grad), r(b.grad)))\nres",
		"a = torch.tensor([1., 2., 2., 4.], requires_grad=True)\nb = torch.tensor([2., 6., 1., 8., 9.], requires_grad=True)\na.scatter_reduce(0, i, b, 'amax').sum().backward()\nr(a.grad), r(b.grad)",
		"a = torch.tensor([0., 2., 3., 4.], requires_grad=True)\nb = torch.tensor([5., 0., 0., 8., 9.], requires_grad=True)\na.scatter_reduce(0, i, b, 'prod').sum().backward()\nr(a.grad), r(b.grad)",
		"[(red, inc, r(m.index_reduce(0, j, sm, red, include_self=inc))) for red in ['prod', 'mean', 'amax', 'amin'] for inc in [True, False]]",
		"r(m.index_reduce(1, torch.tensor([1]), torch.ones(3, 1), 'mean', include_self=False)), r(torch.index_reduce(m, 0, torch.tensor([0]), torch.ones(1, 2), 'amin'))",
		"torch.tensor([1, 2, 3]).index_reduce(0, torch.tensor([0, 0]), torch.tensor([4, 5]), 'mean').tolist()",
		"y = m.clone()\nz = y.index_reduce_(0, j, sm, 'amax')\nz is y, y.tolist()",
		"res = []\nfor red in ['prod', 'mean', 'amax', 'amin']:\n    a = m.clone().requires_grad_()\n    b = sm.clone().requires_grad_()\n    y = a.index_reduce(0, j, b, red)\n    y.sum().backward()\n    res.append((y.grad_fn.name(), r(a.grad), r(b.grad)))\nres",
		"x.scatter_reduce(0, i, s, 'foo')",
		"x.scatter_reduce(0, i, s.double(), 'sum')",
		"m.index_reduce(0, j, sm, 'sum')",
		"m.index_reduce(0, torch.tensor([[0]]), torch.ones(1, 2), 'prod')",
		"m.index_reduce(0, torch.tensor([0, 1]), torch.ones(3, 2), 'prod')",
		"m.index_reduce(0, torch.tensor([5]), torch.ones(1, 2), 'prod')",
	})
}
