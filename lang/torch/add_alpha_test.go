package torch

import (
	"os"
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestAddAlphaInPlaceMatchesTorch: add_ and sub_ with alpha, outside
// autograd, compute one fused multiply-add an element as PyTorch's
// vectorized add kernel (tensor.AddScaledInPlace), so that the sums are
// PyTorch's bit for bit, where scaling other first and adding rounded
// twice (a fifth of these elements differed in the last bit). The cases
// the fused path leaves (autograd recording, broadcasting, strided
// operands, mixed dtypes) compute as before, rounding twice; the
// broadcast case here happens to round alike, and alpha 1 scales
// nothing. PyTorch's DEFAULT kernels (ATEN_CPU_CAPABILITY=default)
// multiply and add apart, so the test needs its vectorized ones.
func TestAddAlphaInPlaceMatchesTorch(t *testing.T) {
	if os.Getenv("ATEN_CPU_CAPABILITY") == "default" {
		t.Skip("PyTorch's DEFAULT kernels do not fuse the multiply-add")
	}
	srcs := []string{
		// float32, the SGD step's shape and alpha, and a tail of 3.
		"p = a.clone()\nr = p.add_(b, alpha=-0.37)\n(r is p, p.tolist())",
		"p = a[:1003].clone()\np.add_(b[:1003], alpha=-20.0)\np.tolist()",
		"p = a.clone()\np.sub_(b, alpha=0.1)\np.tolist()",
		"p = a.clone()\np.add_(b, alpha=3)\np.tolist()",
		"p = a.clone()\np.add_(p, alpha=-0.37)\np.tolist()",
		// 300 000 elements.
		"p = (torch.arange(300000.) * 7 % 13 - 6) / 3\nq = (torch.arange(300000.) * 5 % 11 - 4) / 7\np.add_(q, alpha=-0.3)\np[::997].tolist()",
		// float64.
		"p = a.double()\np.add_(b.double(), alpha=-0.37)\np.tolist()",
		// The parameter's step: p.data, a leaf's gradient.
		"w = a.clone().requires_grad_()\n(w * b).sum().backward()\nw.data.add_(w.grad, alpha=-0.37)\n(w.requires_grad, w.grad_fn, w.tolist())",
		"w = a.clone().requires_grad_()\nwith torch.no_grad():\n    w.add_(b, alpha=-0.37)\n(w.requires_grad, w.grad_fn, w.tolist())",
		// Not fused, and PyTorch's all the same: a broadcast operand, alpha 1.
		"p = a[:20].clone().reshape(4, 5)\np.add_(b[:5], alpha=-0.37)\np.tolist()",
		"p = a.clone()\np.add_(b, alpha=1)\np.tolist()",
		// The error for a leaf that requires grad.
		"w = a.clone().requires_grad_()\nm = None\ntry:\n    w.add_(b, alpha=-0.37)\nexcept RuntimeError as e:\n    m = str(e)\nm",
	}
	want := cpython.TorchCellOutcomes(t, addAlphaPrelude, srcs)
	langtest.CheckMatches(t, "PyTorch", addAlphaPrelude, srcs, want)
}

// addAlphaPrelude's operands are made without PyTorch's random kernels:
// 1,027 float32 elements (a multiple of the vectors and a tail).
const addAlphaPrelude = "import torch\na = (torch.arange(1027.) * 7 % 11 - 5) / 3\nb = (torch.arange(1027.) * 13 % 17 - 8) / 7\n"
