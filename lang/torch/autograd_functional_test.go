package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestAutogradFunctionalMatchesTorch compares torch.autograd.functional's
// jacobian, vjp and jvp, and the grad-mode names of torch.autograd, with
// PyTorch 1.13, values to 4 digits, errors by kind and message.
func TestAutogradFunctionalMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.autograd.functional import jacobian, vjp, jvp\n" +
		"r = lambda t: [round(v, 4) for v in t.flatten().tolist()] if isinstance(t, torch.Tensor) else tuple(r(u) for u in t)\n" +
		"x = torch.tensor([1., 2., 3.])\ny = torch.tensor([0.5, -1., 2.])\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"j = jacobian(lambda t: t ** 2, x)\n(j.shape, r(j))",
		"j = jacobian(lambda a, b: ((a * b).sum(), a.exp() * b), (x, y))\n(len(j), len(j[0]), j[0][0].shape, j[1][1].shape, r(j))",
		"j = jacobian(lambda a, b: a @ b, (torch.ones(2, 3), torch.arange(6.).reshape(3, 2)))\n(j[0].shape, j[1].shape, r(j))",
		"j = jacobian(lambda a: (a.sum(), a * 0 + 1), x)\n(type(j).__name__, r(j))",
		"j = jacobian(lambda a, b: a.sin(), (x, y))\nr(j)",
		"jacobian(lambda a, b: a.sin(), (x, y), strict=True)",
		"jacobian(lambda a: a, 3.)",
		"jacobian(lambda a: 3., x)",
		"jacobian(lambda a: a, x, strategy='sideways')",
		"jacobian(lambda a: torch.ones(2), x, strict=True)",
		"vjp(lambda a: torch.ones(2), x, torch.ones(2), strict=True)",
		"o, g = vjp(lambda a: a ** 3, x, torch.tensor([1., 0.5, 2.]))\n(r(o), r(g), o.requires_grad)",
		"o, g = vjp(lambda a, b: (a * b).sum(), (x, y))\n(r(o), r(g))",
		"vjp(lambda a: a * 2, x)",
		"vjp(lambda a: a * 2, x, torch.ones(2))",
		"o, g = jvp(lambda a: a.exp(), x, torch.tensor([1., 0., -1.]))\n(r(o), r(g))",
		"o, g = jvp(lambda a, b: (a * b, a.sum()), (x, y), (torch.ones(3), torch.tensor([0., 1., 2.])))\n(r(o), r(g))",
		"with torch.autograd.set_grad_enabled(False):\n    a = torch.is_grad_enabled()\n(a, torch.is_grad_enabled())",
		"torch.autograd.set_grad_enabled(False)\na = torch.is_grad_enabled()\ntorch.autograd.set_grad_enabled(True)\n(a, torch.is_grad_enabled())",
		"w = torch.ones(2, requires_grad=True)\nwith torch.autograd.no_grad():\n    z = w * 2\nwith torch.autograd.enable_grad():\n    v = w * 2\nwith torch.autograd.inference_mode():\n    u = w * 2\n(z.requires_grad, v.requires_grad, u.requires_grad)",
		"w = torch.ones(2, requires_grad=True)\nout = []\nfor train in (True, False):\n    with torch.set_grad_enabled(train):\n        out.append(((w * 2).requires_grad, torch.is_grad_enabled()))\n(out, torch.is_grad_enabled(), torch.set_grad_enabled is torch.autograd.set_grad_enabled)",
		"torch.set_grad_enabled(False)\na = torch.is_grad_enabled()\ntorch.set_grad_enabled(True)\n(a, torch.is_grad_enabled())",
		"from torch.autograd.grad_mode import no_grad, enable_grad, set_grad_enabled\nfrom torch.autograd.function import Function\nfrom torch.autograd.variable import Variable\n(Function is torch.autograd.Function, Variable is torch.autograd.Variable)",
	})
}
