package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestIndexAlongMatchesTorch compares index_add, index_copy, index_fill
// and masked_scatter (out of place and in place, values, gradients and
// errors) with PyTorch 1.13.
func TestIndexAlongMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nx = torch.zeros(3, 4)\nidx = torch.tensor([0, 2, 0])\nsrc = torch.arange(12.).reshape(3, 4)\nm = torch.tensor([[True, False, True], [False, True, False]])\n", []string{
		"x.index_add(0, idx, src).tolist(), torch.index_add(x, 0, idx, src, alpha=2).tolist()",
		"x.index_add(1, torch.tensor([3, 1]), torch.ones(3, 2)).tolist(), x.index_add(-1, torch.tensor([0]), torch.ones(3, 1)).tolist()",
		"y = torch.zeros(3, 4)\nr = y.index_add_(0, idx, src)\nr is y, y.tolist()",
		"x.index_copy(0, torch.tensor([2, 0]), src[:2]).tolist(), torch.index_copy(x, 1, torch.tensor([1]), torch.ones(3, 1)).tolist()",
		"x.index_fill(1, torch.tensor([1, 3]), -1).tolist(), x.index_fill(0, torch.tensor([1]), torch.tensor(5.)).tolist()",
		"z = torch.zeros(2, 3, dtype=torch.int64)\nz.index_fill_(1, torch.tensor([0]), 7)\nz.tolist()",
		"torch.zeros(2, 3).masked_scatter(m, torch.arange(10.)).tolist()",
		"w = torch.zeros(2, 3)\nw.masked_scatter_(torch.tensor([True, False, True]), torch.arange(1., 7.))\nw.tolist()",
		"a = torch.ones(3, 2, requires_grad=True)\ns = torch.ones(2, 2, requires_grad=True)\n(a.index_add(0, torch.tensor([0, 2]), s * 3) ** 2).sum().backward()\na.grad.tolist(), s.grad.tolist()",
		"a = torch.ones(3, 2, requires_grad=True)\ns = torch.full((1, 2), 2., requires_grad=True)\n(a.index_copy(0, torch.tensor([1]), s) * torch.arange(6.).reshape(3, 2)).sum().backward()\na.grad.tolist(), s.grad.tolist()",
		"b = torch.ones(4, requires_grad=True)\nv = torch.arange(1., 5., requires_grad=True)\n(b.masked_scatter(torch.tensor([True, False, True, False]), v) * torch.arange(4.)).sum().backward()\nb.grad.tolist(), v.grad.tolist()",
		"b = torch.ones(4, requires_grad=True)\n(b.index_fill(0, torch.tensor([1, 2]), 0.) * 3).sum().backward()\nb.grad.tolist()",
		"x.index_add(0, torch.tensor([[0]]), src)",
		"x.index_add(0, torch.tensor([0, 1]), src)",
		"x.index_add(0, torch.tensor([0.]), src[:1])",
		"x.index_copy(0, torch.tensor([[0]]), src)",
		"x.index_copy(0, torch.tensor([0, 1]), src)",
		"x.index_fill(0, torch.tensor([[0]]), 1)",
		"x.index_add(5, idx, src)",
		"x.index_fill(0, torch.tensor([0]), torch.ones(2))",
		"i32 = torch.tensor([1, 3], dtype=torch.int32)\ntorch.zeros(5).index_add(0, i32, torch.ones(2)).tolist(), torch.zeros(5).index_select(0, i32).tolist(), torch.ones(5).index_reduce(0, i32, torch.full((2,), 3.), 'prod').tolist()",
		"a = torch.arange(5., requires_grad=True)\ny = a.index_select(0, torch.tensor([1, 1, 3], dtype=torch.int32))\ny.sum().backward()\na.grad.tolist()",
		"torch.zeros(5).index_copy(0, torch.tensor([1], dtype=torch.int32), torch.ones(1))",
		"torch.zeros(5).index_fill(0, torch.tensor([1], dtype=torch.int32), 2.)",
		"torch.zeros(5).index_add(0, torch.tensor([1], dtype=torch.int16), torch.ones(1))",
		"torch.zeros(5).index_reduce(0, torch.tensor([1], dtype=torch.uint8), torch.ones(1), 'amax')",
		"torch.zeros(5).index_select(0, torch.tensor([1], dtype=torch.int16))",
		"s = torch.tensor(3.)\n[r.item() for r in [s.index_add(0, torch.tensor([0]), torch.tensor(2.)), s.index_add(0, torch.tensor([0]), torch.tensor([2.])), s.index_copy(0, torch.tensor(0), torch.tensor(2.)), s.index_fill(0, torch.tensor([0]), 7.), s.index_reduce(0, torch.tensor([0]), torch.tensor(2.), 'prod'), s.index_add(-1, torch.tensor(0), torch.tensor(2.), alpha=3)]]",
		"s = torch.tensor(3.)\nr = s.index_add_(0, torch.tensor([0]), torch.tensor(2.))\nr is s, s.dim(), s.item()",
		"a = torch.tensor(3., requires_grad=True)\nv = torch.tensor(2., requires_grad=True)\ny = a.index_add(0, torch.tensor([0]), v * 4)\ny.backward()\ny.dim(), a.grad.item(), v.grad.item()",
		"torch.tensor(3.).index_add(1, torch.tensor([0]), torch.tensor(2.))",
		"[torch.zeros(1, dtype=d).type() for d in [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.bool, torch.complex64, torch.complex128]]",
		"torch.IntTensor([1, 2]), isinstance(torch.tensor([1], dtype=torch.int8), torch.CharTensor), torch.zeros(2).type(torch.HalfTensor), torch.zeros(2).type('torch.ShortTensor'), torch.ByteTensor(2).shape, torch.BFloat16Tensor([1.5])",
	})
}
