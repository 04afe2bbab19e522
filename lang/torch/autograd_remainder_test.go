package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestRemainderGradMatchesTorch compares the gradients of remainder (1
// for input, -floor(input / other) for other) and the nodes PyTorch 1.13
// records for remainder and floor division, whose backward passes it
// does not implement for some operands, with PyTorch's.
func TestRemainderGradMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nw = torch.tensor([1.5, -2.5, 7.25], requires_grad=True)\nv = torch.tensor([2., 3., -2.], requires_grad=True)\n", []string{
		"(w % v).sum().backward()\nw.grad, v.grad",
		"((w % 2) * 3).sum().backward()\nw.grad",
		"torch.remainder(w, torch.tensor(2.)).sum().backward()\nw.grad",
		"(torch.tensor([5.]) % w).sum().backward()\nw.grad",
		"[type(r.grad_fn).__name__ for r in (w % 2, w % v, 5 % w, w // 2, w // v, 2 // w, w.remainder(2), w.floor_divide(v), torch.remainder(5, w))]",
		"(w // 2).sum().backward()",
		"(5 % w).sum().backward()",
		"a = w.clone()\na %= 3\na.grad_fn.name(), a",
		"(w % v).sum().backward(create_graph=True)\nw.grad.requires_grad",
		"x = torch.tensor([3.5], requires_grad=True)\ny = torch.tensor([2.], requires_grad=True)\ng, = torch.autograd.grad((x % y) * x, y, create_graph=True)\ng, torch.autograd.grad(g.sum(), x)",
	})
}
