package lang

import "testing"

// How the new operations are reached from the language; their values are
// checked against PyTorch in TestOpsAgainstPyTorch.
func TestBuiltinsReachNewOps(t *testing.T) {
	runCells(t, []cell{
		{"torch.linalg.inv(tensor([[2., 0.], [0., 4.]]))", "tensor([[0.5000, 0.0000],\n        [0.0000, 0.2500]])"},
		{"U, S, Vh = torch.linalg.svd(eye(2))\nS", "tensor([1., 1.])"},
		{"torch.linalg", "<module 'torch.linalg'>"},
		{"linalg.inv(eye(2))", "~NameError: name 'linalg' is not defined"},
		{"torch.linalg.inverse(eye(2))", "~AttributeError"},
		{"inverse(eye(2)), eye(2).det()", "(tensor([[1., 0.],\n        [0., 1.]]), tensor(1.))"},
		{"F.conv2d(ones(1, 1, 3, 3), ones(1, 1, 2, 2)).shape", "torch.Size([1, 1, 2, 2])"},
		{"F.max_pool2d(arange(16.).view(1, 4, 4), 2)", "tensor([[[ 5.,  7.],\n         [13., 15.]]])"},
		{"F.conv2d(ones(1, 1, 3, 3), ones(1, 1, 2, 2), padding='full')", "~ValueError: Invalid padding string 'full'"},
		{"einsum('ij,jk->ik', [eye(2), ones(2, 1)])", "tensor([[1.],\n        [1.]])"},
		{"tensordot(ones(2, 3), ones(3), dims=([1], [0]))", "tensor([3., 3.])"},
		{"x = tensor([1., 2.])\nx.exp_()\nx", "tensor([2.7183, 7.3891])"},
		{"w = ones(2, requires_grad=True)\nw.sin_()", "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation."},
		{"w = ones(3, requires_grad=True)\ny = w * 2\ny.scatter_(0, tensor([0]), tensor([5.]))\ny.sum().backward()\nw.grad, y.grad_fn.name()", "(tensor([0., 2., 2.]), 'ScatterBackward0')"},
		{"w = ones(2, requires_grad=True)\ny = w * 1\ny.masked_fill_(tensor([True, False]), 0.)\ny.sum().backward()\nw.grad", "tensor([0., 1.])"},
		{"torch.linalg.svd(eye(2)).S", "tensor([1., 1.])"},
		{"x = tensor([1, 2])\nx.sqrt_()", "~TypeError: result type float32 can't be cast to the desired output type int64"},
	})
}
