package lang

import "testing"

// The values of these builtins are checked against PyTorch in
// TestOpsAgainstPyTorch; these cells check the language side: unpacking,
// keyword forms and what PyTorch leaves unspecified.
func TestBuiltinsSort(t *testing.T) {
	runCells(t, []cell{
		{"v, i = tensor([3, 1, 2]).sort()\nv, i", "(tensor([1, 2, 3]), tensor([1, 2, 0]))"},
		{"values, indices = torch.topk(tensor([1., 5., 3.]), k=2)\nindices", "tensor([1, 2])"},
		{"unique(tensor([3, 1, 3, 2]), sorted=False)", "tensor([1, 2, 3])"},
		{"u, c = tensor([2, 2, 1]).unique(return_counts=True)\nc", "tensor([1, 2])"},
		{"x = tensor([[0, 1], [2, 0]])\nr, c = x.nonzero(as_tuple=True)\nx[r, c]", "tensor([1, 2])"},
		{"median(tensor([3., 1., 2.])), median(tensor([[3., 1.]]), 1)", "(tensor(2.), torch.return_types.median(\nvalues=tensor([1.]),\nindices=tensor([1])))"},
		{"tensor([1.]).sort(dim=3)", "~IndexError: Dimension out of range"},
		{"sort([1, 2])", "~TypeError: sort(): argument 'input' must be Tensor, not list"},
		{"x = tensor([3., 1.], requires_grad=True)\nx.sort()[0].grad_fn.name()", "'SortBackward0'"},
	})
}
