package lang

import (
	"testing"
)

func TestBuiltinsViews(t *testing.T) {
	runCells(t, []cell{
		{"x = arange(6)\nv = x.view(2, 3)\nv[0, 0] = 9\nx[0], v.shape, x.view((3, 2)).shape, x.view(-1, 2).shape", "(tensor(9), torch.Size([2, 3]), torch.Size([3, 2]), torch.Size([3, 2]))"},
		{"arange(6).view(2, 3).t().view(6)", "~RuntimeError"},
		{"x = arange(6)\nx.reshape(2, 3).shape, reshape(x, (3, 2)).shape, x.reshape([6, 1]).shape", "(torch.Size([2, 3]), torch.Size([3, 2]), torch.Size([6, 1]))"},
		{"x = zeros(2, 3, 4)\nx.flatten().shape, flatten(x, 1).shape, x.flatten(0, 1).shape, x.flatten(start_dim=-2).shape, tensor(1).flatten().shape", "(torch.Size([24]), torch.Size([2, 12]), torch.Size([6, 4]), torch.Size([2, 12]), torch.Size([1]))"},
		{"zeros(2, 3).flatten(1, 0)", "RuntimeError: flatten() has invalid args: start_dim cannot come after end_dim"},
		{"zeros(2, 3).flatten(5)", "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 5)"},
		{"x = zeros(1, 2, 1)\nx.squeeze().shape, squeeze(x, 0).shape, x.squeeze((0, 2)).shape, x.unsqueeze(0).shape, unsqueeze(x, -1).shape", "(torch.Size([2]), torch.Size([2, 1]), torch.Size([2]), torch.Size([1, 1, 2, 1]), torch.Size([1, 2, 1, 1]))"},
		{"x = zeros(2, 3, 4)\nx.permute(2, 0, 1).shape, permute(x, (1, 0, 2)).shape, x.transpose(0, 2).shape, transpose(x, 1, 2).shape", "(torch.Size([4, 2, 3]), torch.Size([3, 2, 4]), torch.Size([4, 3, 2]), torch.Size([2, 4, 3]))"},
		{"x = tensor([[1, 2], [3, 4]])\nx.t(), t(x).contiguous().tolist(), x.T.tolist()", "(tensor([[1, 3],\n        [2, 4]]), [[1, 3], [2, 4]], [[1, 3], [2, 4]])"},
		{"zeros(2, 2, 2).t()", "RuntimeError: t() expects a tensor with <= 2 dimensions, but self is 3D"},
		{"x = tensor([[1], [2]])\nx.expand(2, 3), x.expand(-1, 2).shape, broadcast_to(x, (2, 2)).shape, x.broadcast_to([3, 2, 2]).shape",
			"(tensor([[1, 1, 1],\n        [2, 2, 2]]), torch.Size([2, 2]), torch.Size([2, 2]), torch.Size([3, 2, 2]))"},
		{"x = arange(5)\nx.narrow(0, 1, 2), narrow(x, 0, 3, 2)", "(tensor([1, 2]), tensor([3, 4]))"},
		{"x = tensor([1, 2])\nc = x.clone()\nc[0] = 5\nd = torch.clone(x)\nx, c, x.contiguous() is x", "(tensor([1, 2]), tensor([5, 2]), True)"},
		{"w = ones(2, requires_grad=True)\nd = (w * 2).detach()\nd.requires_grad, torch.detach(w).requires_grad, w.detach().is_leaf", "(False, False, True)"},
	})
}
