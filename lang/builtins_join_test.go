package lang

import (
	"testing"
)

func TestBuiltinsJoin(t *testing.T) {
	runCells(t, []cell{
		{"x = tensor([[1, 2], [3, 4]])\ntril(x), x.triu(1), torch.tril(x, diagonal=-1)",
			"(tensor([[1, 0],\n        [3, 4]]), tensor([[0, 2],\n        [0, 0]]), tensor([[0, 0],\n        [3, 0]]))"},
		{"x = tensor([1., 2., 3.])\nx.masked_fill(x > 1, 0), masked_fill(x, x < 2, -math.inf)", "(tensor([1., 0., 0.]), tensor([-inf, 2., 3.]))"},
		{"tensor([1., 2.]).masked_fill(tensor([1, 0]), 0)", "~TypeError: masked_fill_ only supports boolean masks"},
		{"x = tensor([1., -2.])\nwhere(x > 0, x, 0), torch.where(x > 0, 1, 0)", "(tensor([1., 0.]), tensor([1, 0]))"},
		{"where(tensor([1, 0]), 1, 0)", "~TypeError: where expected condition to be a boolean tensor"},
		{"a = tensor([[1, 2]])\ncat([a, a]), cat((a, a), dim=1), torch.cat([a, tensor([[1.5, 2.5]])]).dtype",
			"(tensor([[1, 2],\n        [1, 2]]), tensor([[1, 2, 1, 2]]), torch.float32)"},
		{"a = tensor([1, 2])\nstack([a, a]), stack([a, a], dim=1).shape", "(tensor([[1, 2],\n        [1, 2]]), torch.Size([2, 2]))"},
		{"cat(tensor([1]))", "TypeError: cat(): argument 'tensors' must be a list or tuple of Tensors, not Tensor"},
		{"cat([tensor([1]), 2])", "TypeError: cat(): expected a Tensor as element 1 in argument 'tensors', but got int"},
		{"x = arange(5)\nx.split(2), split(x, [1, 4]), x.chunk(2)",
			"((tensor([0, 1]), tensor([2, 3]), tensor([4])), (tensor([0]), tensor([1, 2, 3, 4])), (tensor([0, 1, 2]), tensor([3, 4])))"},
		{"x = arange(4)\na, b = x.chunk(2)\na[0] = 9\nx", "tensor([9, 1, 2, 3])"},
		{"x = tensor([[1, 2], [3, 4]])\nflip(x, 0), x.flip((0, 1))", "(tensor([[3, 4],\n        [1, 2]]), tensor([[4, 3],\n        [2, 1]]))"},
	})
}
