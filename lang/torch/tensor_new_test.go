package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestTensorNewMatchesTorch compares the new_* methods, view_as, type_as,
// mT/mH/H, torch's constants, inference_mode and the default dtype with
// PyTorch 1.13.
func TestTensorNewMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nx = torch.arange(6.).reshape(2, 3).requires_grad_()\ni = torch.arange(4)\n", []string{
		"x.new_zeros(2, 3).tolist(), x.new_ones((1, 2)).dtype == torch.float32, i.new_full((2,), 7).tolist(), i.new_tensor([1.5]).tolist()",
		"x.new_tensor([1, 2]).dtype == torch.float32, x.new_empty(0).shape, x.new_zeros(2, dtype=torch.int64).dtype == torch.int64",
		"x.new_ones(2, requires_grad=True).requires_grad, x.new_zeros(2).requires_grad, x.new_tensor(x).requires_grad",
		"x.view_as(torch.ones(3, 2)).shape, x.view_as(torch.ones(3, 2)).grad_fn.name()",
		"i.type_as(x).dtype == torch.float32, x.type_as(x) is x, x.type_as(i).tolist()",
		"x.mT.shape, x.mT.grad_fn.name(), torch.ones(4, 2, 3).mT.shape, x.mH.shape, x.H.shape, x.H.tolist()",
		"x.mT.sum().backward()\nx.grad.tolist()",
		"torch.inf, torch.nan != torch.nan, torch.pi, torch.e, -torch.inf, torch.tensor([1., torch.inf]).isinf().tolist()",
		"with torch.inference_mode():\n    y = x * 2\ny.requires_grad, torch.is_grad_enabled()",
		"@torch.inference_mode()\ndef f():\n    return (x * 2).requires_grad\nf(), torch.is_grad_enabled()",
		"with torch.inference_mode(False):\n    y = x * 2\ny.requires_grad",
		"torch.get_default_dtype() == torch.float32",
		"torch.set_default_dtype(torch.float32) is None",
		"torch.set_default_dtype(torch.int64)",
		"torch.ones(3).mT",
		"torch.ones(2, 2, 2).H",
		"torch.ones(3).H",
	})
}
