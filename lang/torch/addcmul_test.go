package torch

import (
	"os"
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestAddcmulAddcdivMatchTorch checks addcmul and addcdiv outside autograd
// against PyTorch 1.13 element by element: ATen's CPU kernels compute
// value·t1 first, then addcmul one fused multiply-add by t2 and addcdiv
// the quotient by t2 and the sum (addcUnrecorded). Multiplying t1 by t2
// first and scaling after, as the recorded path does, differed in up to
// 1,551 of 4,000 elements. Contiguous, broadcast and strided operands,
// float32 and float64, in place and out of place; integers take the
// general path, exact either way.
func TestAddcmulAddcdivMatchTorch(t *testing.T) {
	if os.Getenv("ATEN_CPU_CAPABILITY") == "default" {
		t.Skip("PyTorch's DEFAULT kernels do not fuse the multiply-add")
	}
	srcs := []string{
		"torch.addcmul(a, b, c, value=0.37).tolist()",
		"torch.addcmul(a, b, c).tolist()",
		"torch.addcdiv(a, b, c, value=-2.5).tolist()",
		"torch.addcdiv(a, b, c).tolist()",
		"torch.addcmul(a.double() / 7, b.double(), c.double(), value=0.37).tolist()",
		"torch.addcdiv(a.double() / 7, b.double(), c.double(), value=0.37).tolist()",
		// Broadcast: a row, a column, a number-like 0-d value.
		"torch.addcmul(a[:1020].reshape(20, 51), b[:1020].reshape(20, 51), c[:51], value=-0.3).tolist()",
		"torch.addcmul(a[:20].reshape(20, 1), b[:1020].reshape(20, 51), c[:1020].reshape(20, 51), value=0.1).tolist()",
		"torch.addcdiv(a[:51], b[:1020].reshape(20, 51), c[:20].reshape(20, 1), value=0.1).tolist()",
		"torch.addcmul(a, b, c, value=torch.tensor(0.37)).tolist()",
		// Strided: a transpose, steps.
		"torch.addcmul(a[:1020].reshape(51, 20).t(), b[:1020].reshape(20, 51), c[:1020].reshape(51, 20).t(), value=0.37).tolist()",
		"torch.addcdiv(a[::3], b[1::3], c[2::3], value=-0.7).tolist()",
		// In place, as optimizers written by hand do, and under no_grad.
		"p = a.clone()\nr = p.addcmul_(b, c, value=-0.37)\n(r is p, p.tolist())",
		"p = a.double()\np.addcdiv_(b.double(), c.double(), value=0.01)\np.tolist()",
		"p = a[:1020].clone().reshape(51, 20).t()\np.addcmul_(b[:20].reshape(20, 1), c[:1020].reshape(20, 51), value=0.3)\np.tolist()",
		"w = a.clone().requires_grad_()\nwith torch.no_grad():\n    w.addcmul_(b, c, value=-0.37)\n(w.requires_grad, w.grad_fn, w.tolist())",
		// Integers: the general path.
		"torch.addcmul(torch.arange(6), torch.arange(6), torch.arange(6), value=3).tolist()",
	}
	want := cpython.TorchCellOutcomes(t, addcPrelude, srcs)
	langtest.CheckMatches(t, "PyTorch", addcPrelude, srcs, want)
}

// addcPrelude's operands are made without PyTorch's random kernels: 1,027
// float32 elements, c without zeros.
const addcPrelude = "import torch\na = (torch.arange(1027.) * 7 % 11 - 5) / 3\nb = (torch.arange(1027.) * 13 % 17 - 8) / 7\nc = (torch.arange(1027.) * 5 % 19 - 9.5) / 3\n"
