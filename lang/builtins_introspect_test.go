package lang

import "testing"

// The introspection methods are checked against PyTorch by the corpus
// program testdata/pytorch/introspection.py; these cells check what
// Debian's PyTorch 1.13 does not have yet (nbytes, itemsize,
// untyped_storage, added in PyTorch 2) against PyTorch 2's documented
// behaviour, and the errors.
func TestTensorIntrospection(t *testing.T) {
	runCells(t, []cell{
		{"x = zeros(2, 3, dtype=float64)\nx.nbytes, x.itemsize, x[0].nbytes, x.t().nbytes", "(48, 8, 24, 48)"},
		{"tensor([True, False]).nbytes, tensor([1]).itemsize", "(2, 8)"},
		{"x = arange(6.)\ns = x[2:].untyped_storage()\ns.nbytes(), s.size(), s.element_size(), s.data_ptr() == x.data_ptr(), s == x.untyped_storage(), s == x.clone().untyped_storage()", "(24, 24, 1, True, True, False)"},
		{"tensor([1.5]).untyped_storage()", " 0\n 0\n 192\n 63\n[torch.storage.UntypedStorage(device=cpu) of size 4]"},
		{"str(tensor([True]).untyped_storage())", "' 1\\n[torch.storage.UntypedStorage(device=cpu) of size 1]'"},
		{"len(repr(zeros(100).untyped_storage()).splitlines())", "66"},
		{"type(zeros(1).untyped_storage())", "<class 'torch.storage.UntypedStorage'>"},
		{"zeros(0).data_ptr(), zeros(0).untyped_storage().data_ptr()", "(0, 0)"},
		{"zeros(2, 3).stride(2)", "~IndexError: Dimension out of range"},
		{"zeros(2, 3).stride('a')", "~TypeError"},
		{"a = tensor([1.], requires_grad=True)\ny = a * 2\ny.grad_fn == y.grad_fn, y.grad_fn.next_functions[0][0] == (a + 1).grad_fn.next_functions[0][0]", "(True, True)"},
		{"a = tensor([1.], requires_grad=True)\nv = (a * 2).grad_fn.next_functions[0][0].variable\nv is a, v.requires_grad", "(True, True)"},
		{"a = tensor([1.], requires_grad=True)\n(a * 2).grad_fn.nope", "~AttributeError: 'MulBackward0' object has no attribute 'nope'"},
	})
}
