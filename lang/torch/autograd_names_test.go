package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestIsTensorLikeMatchesTorch compares torch.autograd.is_tensor_like
// with PyTorch 1.13's: tensors and parameters are,
// a class, a list of tensors, a number and None are not.
func TestIsTensorLikeMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.autograd import is_tensor_like as f\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"(f(torch.ones(1)), f(torch.nn.Parameter(torch.ones(1))), f(torch.tensor(2)), f(torch.ones(2).grad))",
		"(f(1), f([torch.ones(1)]), f(torch.Tensor), f(None), f('x'))",
		"torch.autograd.is_tensor_like(torch.zeros(2))",
	})
}
