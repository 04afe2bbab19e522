package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestPutAndFillsMatchTorch compares torch.put, Tensor.put/put_,
// torch.fill and Tensor.fill_diagonal_ with PyTorch 1.13: values,
// layouts, grad_fn names, gradients and errors.
func TestPutAndFillsMatchTorch(t *testing.T) {
	prelude := "import torch\nn = lambda t: t.grad_fn.name() if t.grad_fn is not None else None\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		// put
		"x = torch.zeros(2, 3)\ny = torch.put(x, torch.tensor([0, 5, -2]), torch.tensor([1., 2., 3.]))\n(y.tolist(), x.sum().item())",
		"x = torch.zeros(2, 3)\nx.put(torch.tensor([[1], [1]]), torch.tensor([[4.], [5.]]), accumulate=True).tolist()",
		"x = torch.zeros(4, 3).t()\nr = x.put_(torch.tensor([1, 4]), torch.tensor([1., 2.]))\n(r is x, x.tolist(), x.stride())",
		"y = torch.put(torch.zeros(4, 3).t(), torch.tensor([1]), torch.tensor([1.]))\n(y.tolist(), y.stride())",
		"torch.put(torch.zeros(2, 3), torch.tensor([-(2**53) - 1]), torch.tensor([1.]))",
		"x = torch.zeros(2, 3)\nx.put_(torch.tensor([5, -6]), torch.tensor([1., 2.]), accumulate=True)\ntorch.tensor(3.).put(torch.tensor([0]), torch.tensor([9.])), x.tolist()",
		"torch.arange(6).put_(torch.tensor([0, 0, 2]), torch.tensor([5, 6, 7]), True).tolist()",
		"x = torch.zeros(2, 3, requires_grad=True); s = torch.tensor([1., 2., 3.], requires_grad=True)\ny = torch.put(x * 1, torch.tensor([0, 5, 0]), s, accumulate=True)\n(y * torch.arange(6.).view(2, 3)).sum().backward()\n(n(y), y.tolist(), x.grad.tolist(), s.grad.tolist())",
		"x = torch.zeros(2, 3, requires_grad=True); s = torch.tensor([1., 2.], requires_grad=True)\ny = x * 1\ny.put_(torch.tensor([1, -1]), s * 2)\n(y * torch.arange(6.).view(2, 3)).sum().backward()\n(n(y), y.tolist(), x.grad.tolist(), s.grad.tolist())",
		"x = torch.zeros(2, 3, requires_grad=True)\nx.put(torch.tensor([1]), torch.tensor([7.])).grad_fn.name()",
		"torch.zeros(3).put_(torch.tensor([3]), torch.tensor([1.]))",
		"torch.zeros(3).put_(torch.tensor([-4]), torch.tensor([1.]))",
		"torch.zeros(3).put_(torch.tensor([1, 2]), torch.tensor([1.]))",
		"torch.zeros(3).put_(torch.tensor([1.]), torch.tensor([1.]))",
		"torch.zeros(3).put_(torch.tensor([1]), torch.tensor([1], dtype=torch.int64))",
		"torch.zeros(3, requires_grad=True).put_(torch.tensor([1]), torch.tensor([1.]))",
		// fill
		"x = torch.ones(2, 3, requires_grad=True)\ny = torch.fill(x * 1, 5.)\n(n(y), y.tolist(), x.sum().item())",
		"x = torch.ones(2, 3, requires_grad=True); w = torch.tensor(2., requires_grad=True)\ny = torch.fill(x, w)\ny.sum().backward()\n(n(y), w.grad.item(), x.grad.tolist())",
		"y = torch.fill(torch.arange(4), 2.7)\n(y.dtype, y.tolist())",
		"torch.fill(torch.zeros(2), torch.ones(2))",
		// fill_diagonal_
		"x = torch.zeros(3, 4)\nr = x.fill_diagonal_(2.)\n(r is x, x.tolist())",
		"x = torch.zeros(3, 3)\nv = torch.tensor(2., requires_grad=True)\nx.fill_diagonal_(v.detach()).tolist(), x.requires_grad",
		"try:\n    torch.zeros(3, 3).fill_diagonal_(torch.tensor(2., requires_grad=True))\nexcept TypeError as e:\n    r = 'Tensor' in str(e)\nr",
		"x = torch.zeros(7, 3)\nx.fill_diagonal_(5, wrap=True)\nx.tolist()",
		"x = torch.zeros(7, 3)\nx.fill_diagonal_(5)\nx.tolist()",
		"x = torch.zeros(5, 3)\nx.fill_diagonal_(1, True)\nx.tolist()",
		"x = torch.zeros(2, 2, 2, dtype=torch.int64)\nx.fill_diagonal_(3)\nx.tolist()",
		"x = torch.zeros(4, 3).t()\nx.fill_diagonal_(1)\nx.tolist()",
		"x = torch.ones(2, 3, requires_grad=True)\ny = x * 1\ny.fill_diagonal_(3.)\ny.sum().backward()\n(y.tolist(), x.grad.tolist())",
		"torch.zeros(3).fill_diagonal_(1)",
		"torch.zeros(2, 3, 2).fill_diagonal_(1)",
		"torch.zeros(2, 2).fill_diagonal_(fill_value=torch.ones(2))",
		"torch.zeros(2, 2, requires_grad=True).fill_diagonal_(1)",
	})
}
