package lang

import "testing"

// What named tuples do is checked against PyTorch in the corpus program
// testdata/pytorch/namedtuples.py; these cells check kael's printing of
// them (PyTorch's layout, with kael's tensor reprs) and the errors.
func TestNamedTuples(t *testing.T) {
	runCells(t, []cell{
		{"tensor([[1., 5.], [4., 2.]]).max(1)", "torch.return_types.max(\nvalues=tensor([5., 4.]),\nindices=tensor([1, 0]))"},
		{"print(tensor([3, 1]).sort())", "torch.return_types.sort(\nvalues=tensor([1, 3]),\nindices=tensor([1, 0]))\n"},
		{"torch.linalg.eigh(eye(2, dtype=float64))", "torch.return_types.linalg_eigh(\neigenvalues=tensor([1., 1.], dtype=torch.float64),\neigenvectors=tensor([[1., 0.],\n        [0., 1.]], dtype=torch.float64))"},
		{"str(torch.aminmax(tensor([2, 7])))", "'torch.return_types.aminmax(\\nmin=tensor(2),\\nmax=tensor(7))'"},
		{"r = tensor([3., 1.]).topk(1)\nr[1:], type(r), type(r[1:]), isinstance(r, tuple)", "((tensor([0]),), <class 'torch.return_types.topk'>, <class 'tuple'>, True)"},
		{"v, i = torch.min(tensor([[1, 0]]), dim=1)\ni", "tensor([1])"},
		{"torch.max(zeros(2, 3), 1).valus", "~AttributeError: 'torch.return_types.max' object has no attribute 'valus'"},
		{"a, b, c = torch.sort(zeros(2))", "~ValueError: not enough values to unpack (expected 3, got 2)"},
		{"torch.kthvalue(zeros(2), 1)[2]", "~IndexError: tuple index out of range"},
		{"torch.svd(eye(2)).Vh", "~AttributeError: 'torch.return_types.svd' object has no attribute 'Vh'"},
	})
}
