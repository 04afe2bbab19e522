package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestTensorHooksMatchTorch compares register_hook, retain_grad and
// retains_grad with PyTorch 1.13: what hooks see, what they replace, and
// the gradients kept.
func TestTensorHooksMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nx = torch.tensor([1., 2., 3.], requires_grad=True)\n", []string{
		"y = x * 2\ny.retain_grad()\nz = (y ** 2).sum()\nz.retain_grad()\nz.backward()\ny.grad.tolist(), z.grad.item(), y.retains_grad, x.retains_grad, z.is_leaf",
		"y = x * 2\ny.retain_grad()\ny.sum().backward(retain_graph=True)\ny.sum().backward()\ny.grad.tolist()",
		"seen = []\nh = x.register_hook(lambda g: seen.append(g.tolist()))\nh2 = x.register_hook(lambda g: g * 10)\n(x * 3).sum().backward()\nr = (seen[:], x.grad.tolist())\nh2.remove()\nh2.remove()\n(x * 3).sum().backward()\nr, seen, x.grad.tolist()",
		"b = x * 2\nb.register_hook(lambda g: g + 1)\nb.retain_grad()\n(b * 5).sum().backward()\nx.grad.tolist(), b.grad.tolist()",
		"b = x * 2\nb.retain_grad()\nb.register_hook(lambda g: g + 1)\n(b * 5).sum().backward()\nx.grad.tolist(), b.grad.tolist()",
		"a, c = x.split([1, 2])\nc.register_hook(lambda g: g * 100)\n(a.sum() + c.sum()).backward()\nx.grad.tolist()",
		"x.retain_grad()\nx.retains_grad",
		"torch.ones(2).retain_grad()",
		"torch.ones(2).register_hook(print)",
		"x.register_hook(lambda g: torch.ones(4))\n(x * 1).sum().backward()",
		"def double(g):\n    return g * 2\nx.register_hook(double)\nx.register_hook(lambda g: None)\nx.sum().backward()\nx.grad.tolist()",
	})
}
