package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestClampMatchesTorch checks clamp, clamp_, clamp_min, clamp_max and
// clip against PyTorch exactly (lists of Python floats keep -0 and every
// bit): number bounds of every side, NaN and -0 as bounds and elements, a
// lower bound above the upper, float32, float64 and the integer dtypes,
// in place and not, strided, under autograd (the gradients of x and of
// tensor bounds, at NaN elements, beside NaN bounds, with crossed bounds,
// broadcast bounds, a second derivative, a saved x changed in place) and in
// 70001 elements (cut among threads, with a tail), whose values and
// signs are summed with weights.
func TestClampMatchesTorch(t *testing.T) {
	prelude := `import torch
nan = float('nan')
x = torch.tensor([-0.0, 0.0, nan, -1.5, 2.5, float('-inf'), float('inf'), -1e-45, 1e-45])
xg = x[[0, 1, 3, 4, 5, 6, 7, 8]]
xb = torch.linspace(-3, 3, 70001)
xb[::7] = -0.0
xb[::13] = nan
i = torch.arange(70001).double()
def bits(r):
    v = torch.where(r.isnan(), torch.zeros(()) + 7, r).double()
    return [(v * i).sum().item(), (torch.signbit(r).double() * i).sum().item()]
`
	langtest.CheckMatchesTorch(t, prelude, []string{
		"torch.clamp(x, -1, 1).tolist()", "torch.clamp(x, min=0).tolist()", "torch.clamp(x, max=-0.0).tolist()",
		"torch.clamp(x, 0, 0).tolist()", "torch.clamp(x, -0.0, -0.0).tolist()", "torch.clamp(x, 2, -3).tolist()",
		"torch.clamp(x, nan, 1).tolist()", "torch.clamp(x, min=nan).tolist()", "torch.clamp(x, max=nan).tolist()",
		"torch.clamp(x, -1, 1e-45).tolist()", "x.double().clamp(-1.5, 0.5).tolist()", "x.double().clamp(max=nan).tolist()",
		"x.clone().clamp_(-1, 1).tolist()", "x.clone().clamp_(min=nan).tolist()", "x.double().clamp_(0, 0).tolist()",
		"torch.clamp_min(x, 0).tolist()", "torch.clamp_max(x, -0.0).tolist()", "torch.clip(x, -0.5, 0.5).tolist()",
		"torch.clamp(x.reshape(3, 3).t(), -1, 1).tolist()", "torch.clamp(x[1:], 0, 1).tolist()", "x.clone()[1:].clamp_(0, 1).tolist()",
		"torch.clamp(x, True).tolist()", "torch.clamp(torch.tensor(-2.0), -1, 1)",
		"torch.clamp(x, min=torch.full((9,), nan)).tolist()", "torch.clamp(x, max=torch.tensor(nan)).tolist()",
		"torch.clamp(torch.arange(-5, 5), -2, 3)", "torch.clamp(torch.arange(-5, 5), max=-2)", "torch.arange(-5, 5).clamp(-2.5, 3)",
		"torch.arange(-5, 5, dtype=torch.int32).clamp(-2, 3)", "torch.arange(-5, 5, dtype=torch.int16).clamp(min=0)",
		"torch.arange(-5, 5, dtype=torch.int8).clamp(max=100)", "torch.arange(0, 10, dtype=torch.uint8).clamp(2, 7)",
		"torch.arange(-5, 5).clamp_(min=0)", "torch.arange(-5, 5).clamp(9, 2)", "torch.arange(-5, 5).clamp(-2, torch.tensor(3))",
		"torch.clamp_min(x, nan).tolist()", "torch.clamp_max(x.double(), nan).tolist()",
		"w = xg.clone().requires_grad_()\ny = torch.clamp(w, -1, 1)\ny.sum().backward()\n(y.tolist(), w.grad.tolist(), y.grad_fn.name())",
		"w = xg.clone().requires_grad_()\ny = torch.clamp(w, nan, 1)\ny.sum().backward()\n(y.tolist(), w.grad.tolist())",
		"w = xg.clone().requires_grad_()\ny = torch.clamp_min(w, nan)\ny.sum().backward()\n(y.tolist(), w.grad.tolist(), y.grad_fn.name())",
		"w = xg.clone().requires_grad_()\ny = torch.clamp(w, max=torch.full((8,), nan))\ny.sum().backward()\n(y.tolist(), w.grad.tolist())",
		"w = x.clone().requires_grad_()\ny = torch.clamp(w, -1, 1)\ny.sum().backward()\nw.grad.tolist()",
		"w = x.clone().requires_grad_()\ny = torch.clamp(w, min=nan)\ny.sum().backward()\n(y.tolist(), w.grad.tolist(), y.grad_fn.name())",
		"w = x.clone().requires_grad_()\ny = torch.clamp(w, max=0.5)\n(y * torch.arange(9.)).sum().backward()\nw.grad.tolist()",
		"w = x.clone().requires_grad_()\ny = torch.clamp(w, 2, -3)\ny.sum().backward()\nw.grad.tolist()",
		"w = x.clone().requires_grad_()\nlo = torch.full((9,), -1.0, requires_grad=True)\nhi = torch.tensor([1.0, nan, 1, 1, 1, 1, 1, 1, -2], requires_grad=True)\ny = torch.clamp(w, lo, hi)\n(y * torch.arange(9.)).sum().backward()\n(y.tolist(), w.grad.tolist(), lo.grad.tolist(), hi.grad.tolist(), y.grad_fn.name())",
		"w = x.clone().requires_grad_()\nlo = torch.tensor(0.5, requires_grad=True)\ny = torch.clamp(w, min=lo)\ny.sum().backward()\n(w.grad.tolist(), lo.grad.item())",
		"w = x.clone().requires_grad_()\nhi = torch.tensor([[0.0], [3.0]], requires_grad=True)\ny = torch.clamp(w, max=hi)\ny.sum().backward()\n(y.shape, w.grad.tolist(), hi.grad.tolist())",
		"w = torch.tensor([0.5, 2.0, -3.0], requires_grad=True)\ny = torch.clamp(w * w, 0, 3)\n(g,) = torch.autograd.grad(y.sum(), w, create_graph=True)\n(h,) = torch.autograd.grad((g * g).sum(), w)\n(g.tolist(), h.tolist())",
		"w = torch.tensor([0.5, 2.0], requires_grad=True)\nv = w * 1\ny = torch.clamp(v, 0, 1)\nv.add_(1)\ntry:\n    y.sum().backward()\nexcept RuntimeError as e:\n    r = 'RuntimeError'\nr",
		"with torch.no_grad():\n    w = x.clone().requires_grad_()\n    w.clamp_(-1, 1)\n(w.tolist(), w.requires_grad)",
		"bits(torch.clamp(xb, -1, 1))", "bits(torch.clamp(xb, min=-0.0))", "bits(torch.clamp(xb.double(), -1, 1))",
		"bits(xb.clone().clamp_(max=0.5))", "bits(torch.clamp(xb, nan, 1))", "torch.arange(-50000, 50000).clamp(-7, 9).sum().item()",
	})
}
