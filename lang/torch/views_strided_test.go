package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestStridedViewsMatchTorch compares Tensor.unfold and torch.as_strided
// with PyTorch 1.13: values, shapes and strides, that they are views, the
// gradients where windows overlap, and the errors.
func TestStridedViewsMatchTorch(t *testing.T) {
	prelude := "import torch\nx = torch.arange(10.)\nw = torch.arange(12., requires_grad=True)\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"x.unfold(0, 3, 2)",
		"u = x.unfold(0, 4, 3)\nu[0, 0] = 100\n(u.shape, u.stride(), x[0].item())",
		"y = w.view(3, 4).unfold(1, 2, 1)\n(y * torch.arange(6.).view(1, 3, 2)).sum().backward()\n(y.shape, y.stride(), y.grad_fn.name(), w.grad)",
		"torch.randn(2, 3).t().unfold(0, 2, 1).shape, torch.tensor(5.).unfold(0, 1, 1)",
		"torch.as_strided(x, (3, 3), (2, 1)), x.as_strided((2, 2), (1, 2), 1), x[2:].as_strided((2,), (3,))",
		"z = torch.as_strided(w, (4, 3), (2, 1), 1)\n(z ** 2).sum().backward()\n(z.grad_fn.name(), w.grad)",
		"x.unfold(0, 11, 1)",
		"x.unfold(0, 2, 0)",
		"x.unfold(1, 2, 1)",
		"torch.as_strided(x, (5, 5), (3, 1))",
		"torch.as_strided(x, (2, 2), (1,))",
	})
}
