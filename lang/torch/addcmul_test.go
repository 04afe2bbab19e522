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

// TestAddcmulAddcdivGradMatchTorch checks addcmul and addcdiv where a
// gradient is recorded against PyTorch 1.13, element by element: the
// forward pass rounds as ATen's kernel (addcKernel), the node is
// AddcmulBackward0 or AddcdivBackward0, and the gradients follow
// derivatives.yaml's formulas step by step (autograd.Addc), summed down
// to broadcast inputs. Before, the recorded path multiplied t1 by t2
// first and took the gradients of its Mul and Div nodes.
func TestAddcmulAddcdivGradMatchTorch(t *testing.T) {
	if os.Getenv("ATEN_CPU_CAPABILITY") == "default" {
		t.Skip("PyTorch's DEFAULT kernels do not fuse the multiply-add")
	}
	srcs := []string{
		// Out of place, all three requiring grad.
		"r = torch.addcmul(x, y, z, value=0.37)\nr.backward(g)\nshow(r)",
		"r = torch.addcmul(x, y, z)\nr.backward(g)\nshow(r)",
		"r = torch.addcdiv(x, y, z, value=-2.5)\nr.backward(g)\nshow(r)",
		"r = torch.addcdiv(x, y, z, value=0.1)\nr.backward(g)\nshow(r)",
		"r = x.addcmul(y, z, value=torch.tensor(0.3))\nr.backward(g)\nshow(r)",
		"r = x.addcdiv(y, z)\nr.backward(g)\nshow(r)",
		// Some inputs without grad.
		"r = torch.addcmul(a, y, c, value=0.37)\nr.backward(g)\n(r.grad_fn.name(), r.tolist(), y.grad.tolist(), x.grad)",
		"r = torch.addcdiv(a, b, z, value=0.7)\nr.backward(g)\n(r.grad_fn.name(), r.tolist(), z.grad.tolist(), y.grad)",
		"r = torch.addcdiv(x, b, c, value=0.7)\nr.backward(g)\n(r.grad_fn.name(), r.tolist(), x.grad.tolist())",
		// float64.
		"xd, yd, zd = [t.detach().double().div(7).requires_grad_() for t in (x, y, z)]\nr = torch.addcdiv(xd, yd, zd, value=0.37)\nr.backward(g.double())\n(r.grad_fn.name(), r.tolist(), xd.grad.tolist(), yd.grad.tolist(), zd.grad.tolist())",
		"xd, yd, zd = [t.detach().double().div(7).requires_grad_() for t in (x, y, z)]\nr = torch.addcmul(xd, yd, zd, value=0.37)\nr.backward(g.double())\n(r.grad_fn.name(), r.tolist(), xd.grad.tolist(), yd.grad.tolist(), zd.grad.tolist())",
		// In place on a non-leaf, as an optimizer's step under autograd.
		"p = x * 1\np.addcmul_(y, z, value=-0.37)\np.backward(g)\n(p.grad_fn.name(), p.tolist(), x.grad.tolist(), y.grad.tolist(), z.grad.tolist())",
		"p = x * 1\np.addcdiv_(y, z, value=0.01)\np.backward(g)\n(p.grad_fn.name(), p.tolist(), x.grad.tolist(), y.grad.tolist(), z.grad.tolist())",
		// A saved tensor changed in place.
		"r = torch.addcmul(x, y, z)\nwith torch.no_grad():\n    z.add_(1)\ntry:\n    r.backward(g)\n    out = 'no error'\nexcept RuntimeError as e:\n    out = 'modified by an inplace operation' in str(e)\n(out, y.grad)",
		"r = torch.addcdiv(x, y, z)\nwith torch.no_grad():\n    y.add_(1)\ntry:\n    r.backward(g)\n    out = 'no error'\nexcept RuntimeError as e:\n    out = 'modified by an inplace operation' in str(e)\n(out, x.grad is None or x.grad.tolist() == g.tolist())",
	}
	want := cpython.TorchCellOutcomes(t, addcGradPrelude, srcs)
	langtest.CheckMatches(t, "PyTorch", addcGradPrelude, srcs, want)
	// Within PyTorch's last bits: where a broadcast input's gradient is
	// summed (kael's sum over rows adds in another order than PyTorch's),
	// and second derivatives, which go through the Mul and Div nodes of
	// the formulas.
	langtest.CheckMatchesTorch(t, addcGradPrelude, []string{
		// Broadcast: the gradients summed down to a row, a column.
		"y2 = b[:1020].reshape(20, 51).clone().requires_grad_()\nz2 = c[:51].clone().requires_grad_()\nr = torch.addcmul(x[:51], y2, z2, value=-0.3)\nr.backward(g[:1020].reshape(20, 51))\n(r.tolist(), x.grad[:51].tolist(), y2.grad.tolist(), z2.grad.tolist())",
		"y2 = b[:1020].reshape(20, 51).clone().requires_grad_()\nz2 = c[:20].reshape(20, 1).clone().requires_grad_()\nr = torch.addcdiv(x[:51], y2, z2, value=0.1)\nr.backward(g[:1020].reshape(20, 51))\n(r.tolist(), x.grad[:51].tolist(), y2.grad.tolist(), z2.grad.tolist())",
		// Second derivatives through the node (create_graph).
		"r = torch.addcmul(x, y, z, value=0.37)\n(gy,) = torch.autograd.grad(r, y, g, create_graph=True)\n(gz,) = torch.autograd.grad(gy.sum(), z)\n(gy.tolist(), gz.tolist())",
		"r = torch.addcdiv(x, y, z, value=0.37)\n(gz,) = torch.autograd.grad(r, z, g, create_graph=True)\n(gy, gz2) = torch.autograd.grad(gz.sum(), (y, z))\n(gz.tolist(), gy.tolist(), gz2.tolist())",
	})
}

// addcGradPrelude adds leaves x, y, z (copies of a, b, c) and an
// incoming gradient g to addcPrelude's operands.
const addcGradPrelude = addcPrelude + "x, y, z = [t.clone().requires_grad_() for t in (a, b, c)]\ng = (torch.arange(1027.) * 3 % 13 - 6) / 5\n" +
	"def show(r):\n    return (r.grad_fn.name(), r.tolist(), x.grad.tolist(), y.grad.tolist(), z.grad.tolist())\n"

// addcPrelude's operands are made without PyTorch's random kernels: 1,027
// float32 elements, c without zeros.
const addcPrelude = "import torch\na = (torch.arange(1027.) * 7 % 11 - 5) / 3\nb = (torch.arange(1027.) * 13 % 17 - 8) / 7\nc = (torch.arange(1027.) * 5 % 19 - 9.5) / 3\n"
