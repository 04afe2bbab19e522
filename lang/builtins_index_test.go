package lang

import (
	"testing"
)

func TestBuiltinsIndex(t *testing.T) {
	runCells(t, []cell{
		{"x = tensor([[1, 2], [3, 4]])\ngather(x, 1, tensor([[1], [0]])), x.index_select(0, tensor([1, 1]))",
			"(tensor([[2],\n        [3]]), tensor([[3, 4],\n        [3, 4]]))"},
		{"tensor([1, 2]).index_select(0, [1])", "tensor([2])"},
	})
}
