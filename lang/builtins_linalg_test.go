package lang

import (
	"testing"
)

func TestBuiltinsLinalg(t *testing.T) {
	runCells(t, []cell{
		{"a = tensor([[1., 2.], [3., 4.]])\nb = tensor([1., 1.])\nmatmul(a, b), a.matmul(a), mm(a, a), dot(b, b), outer(b, b)",
			"(tensor([3., 7.]), tensor([[ 7., 10.],\n        [15., 22.]]), tensor([[ 7., 10.],\n        [15., 22.]]), tensor(2.), tensor([[1., 1.],\n        [1., 1.]]))"},
		{"bmm(ones(2, 1, 3), ones(2, 3, 1)).shape", "torch.Size([2, 1, 1])"},
		{"mm(ones(2, 3), ones(2, 3))", "~RuntimeError"},
	})
}
