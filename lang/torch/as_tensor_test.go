package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestAsTensorMatchesTorch compares as_tensor and asarray (sharing,
// copies, dtype changes, autograd history, requires_grad and errors) with
// PyTorch 1.13. Sharing with NumPy arrays is checked in lang/lib/numpy.
func TestAsTensorMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nt = torch.tensor([1., 2.])\nz = torch.tensor([1, 2])\nx = torch.tensor([1., 2.], requires_grad=True)\n", []string{
		"torch.as_tensor(t) is t, torch.as_tensor(t, dtype=torch.float32) is t, torch.as_tensor(t, device='cpu') is t",
		"r = torch.as_tensor(t, dtype=torch.float64)\nr, r is t",
		"y = torch.as_tensor(t)\ny[0] = 5\nt",
		"torch.as_tensor([1, 2]), torch.as_tensor([1., 2], dtype=torch.int32), torch.as_tensor((1, 2)), torch.as_tensor([1, 2.5]), torch.as_tensor(range(3))",
		"torch.as_tensor(3), torch.as_tensor(3.5), torch.as_tensor(True), torch.as_tensor([])",
		"torch.as_tensor([torch.tensor(1.), torch.tensor(2.)])",
		"torch.as_tensor(x) is x, torch.as_tensor(x, dtype=torch.float64).grad_fn.name(), torch.as_tensor(x * 2).grad_fn.name()",
		"torch.asarray(t) is t, torch.asarray(t, copy=None) is t, torch.asarray(z, dtype=torch.int64, copy=False) is z, torch.asarray(z, device='cpu', copy=False) is z",
		"r = torch.asarray(t, copy=True)\nr is t, r",
		"torch.asarray(t, dtype=torch.float64), torch.asarray([1, 2]), torch.asarray(3.), torch.asarray([1, 2], dtype=torch.float32), torch.asarray(3, dtype=torch.float64), torch.asarray(range(3))",
		"torch.asarray(t, requires_grad=True), torch.asarray([1., 2], requires_grad=True)",
		"y = torch.asarray(x)\ny is x, x.requires_grad",
		"y = torch.asarray(x, dtype=torch.float64)\ny.requires_grad, y.grad_fn, x.requires_grad",
		"y = torch.asarray(x, dtype=torch.float64, requires_grad=True)\ny.requires_grad, y.grad_fn.name(), y.is_leaf",
		"y = torch.asarray(x, copy=True, requires_grad=True)\ny.requires_grad, y.grad_fn.name(), y.is_leaf",
		"w = x * 2\ny = torch.asarray(w)\ny is w, y.requires_grad, w.requires_grad, y.is_leaf",
		"w = x * 2\ny = torch.asarray(w, requires_grad=True)\ny is w, y.grad_fn.name()",
		"torch.asarray(t, copy=False, dtype=torch.float64)",
		"torch.asarray([1, 2], copy=False)",
		"torch.asarray(z, requires_grad=True)",
		"torch.asarray([1, 2], requires_grad=True)",
		"torch.as_tensor([[1, 2], [3]])",
	})
}

// TestTensorsInsideDataMatchTorch compares torch.tensor, torch.as_tensor,
// and the legacy constructors given data that holds
// tensors with PyTorch 1.13: each must hold one element, which stands for
// its value, and its dtype takes part in the inferred one.
func TestTensorsInsideDataMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\na = torch.ones(2)\nb = torch.zeros(2)\n", []string{
		"torch.tensor([a, b])",
		"torch.tensor([[a], [b]])",
		"torch.tensor((a,))",
		"torch.tensor([1, a])",
		"torch.as_tensor([a, b])",
		"torch.FloatTensor([a, b])",
		"torch.tensor([torch.tensor(1.), torch.tensor(2.)]), torch.tensor([torch.ones(1), torch.ones(1)]), torch.tensor([torch.ones(1, 1)])",
		"[(t, t.dtype) for t in (torch.tensor([torch.tensor(1., dtype=torch.float16), 2.5]), torch.tensor([torch.tensor(1, dtype=torch.int32)]), torch.tensor([torch.tensor(1., dtype=torch.float64)]), torch.tensor([1.5, torch.tensor(2)]), torch.tensor([[torch.tensor([1.])]]), torch.tensor([torch.tensor(True)]), torch.tensor([torch.tensor(1, dtype=torch.int32), 2]), torch.tensor([torch.tensor(1, dtype=torch.uint8), True]))]",
		"torch.tensor([torch.tensor(1., dtype=torch.float64)], dtype=torch.float32).dtype",
	})
}
