package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestInPlaceOnViewsMatchesTorch compares in-place changes through views
// and indices of tensors that require grad with PyTorch 1.13: values,
// grad_fn names (CopySlices, AsStridedBackward0, IndexPutBackward0),
// gradients, and the error for a view of a leaf.
func TestInPlaceOnViewsMatchesTorch(t *testing.T) {
	prelude := "import torch\nr = lambda t: [round(v, 4) for v in t.flatten().tolist()]\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"w = torch.ones(2, 3, requires_grad=True)\nv = w * 2\nv[0] += 1\nv[:, 1] *= 3\nrow = v[1]\nrow.mul_(2)\n(v * torch.arange(6.).view(2, 3)).sum().backward()\n(v.grad_fn.name(), row.grad_fn.name(), v.tolist(), w.grad.tolist())",
		"x = torch.zeros(3, 4, requires_grad=True).clone()\nx[[0, 2], 1] -= 1\n(x.tolist(), x.grad_fn.name())",
		"x = torch.zeros(3, 4, requires_grad=True) * 1\nx[x == 0] += 2\n(x.sum().item(), x.grad_fn.name())",
		"torch.manual_seed(0)\ny = torch.randn(4, 4, requires_grad=True)\nz = y * 3\nz.t()[1].add_(torch.ones(4))\nz[2:, :2].sigmoid_()\n(z ** 2).sum().backward()\n(r(z)[:8], r(y.grad))",
		"k = torch.arange(6.).requires_grad_()\nm = k.view(2, 3) * 1\nm.view(6)[2:4] += 10\nm.pow(2).sum().backward()\n(m.tolist(), k.grad.tolist())",
		"u = torch.ones(3, requires_grad=True) * 1\ns = u[1:]\ns.mul_(2)\ns.clamp_(max=0.5)\nu.sum().backward()\n(u.tolist(), u.grad_fn.name(), s.grad_fn.name())",
		"t = torch.zeros(3, requires_grad=True)\nt[0] += 1",
		"t = torch.zeros(3, requires_grad=True)\nt[1:].mul_(2)",
		"x = torch.ones(3, 4, requires_grad=True) * 1\nx[0] = 1\na = x.grad_fn.name()\nx[[0, 1]] = 2\nb = x.grad_fn.name()\nx[:, [0, 1]] = 3\nc = x.grad_fn.name()\nx[0, [1]] = 4\n(a, b, c, x.grad_fn.name())",
	})
}
