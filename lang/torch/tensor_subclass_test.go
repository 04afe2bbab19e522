package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestTensorSubclassesMatchTorch compares classes deriving from
// torch.Tensor and nn.Parameter with PyTorch 1.13: construction through
// as_subclass, _make_subclass, super().__new__ and the legacy
// constructor, the class of operator, method and attribute results
// (the default __torch_function__), in-place methods returning the
// instance, the repr, a __torch_function__ classmethod that logs, and a
// Parameter subclass registered by a Module.
func TestTensorSubclassesMatchTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn as nn\n" +
		"class T(torch.Tensor):\n    def double_it(self):\n        return self * 2\n" +
		"class U(torch.Tensor):\n    @staticmethod\n    def __new__(cls, x, unit, *args, **kwargs):\n        return super().__new__(cls, x, *args, **kwargs)\n" +
		"    def __init__(self, x, unit):\n        self.unit = unit\n" +
		"class W(torch.Tensor):\n    @staticmethod\n    def __new__(cls, data):\n        return torch.Tensor._make_subclass(cls, data, True)\n" +
		"log = []\n" +
		"class LoggingTensor(torch.Tensor):\n    @classmethod\n    def __torch_function__(cls, func, types, args=(), kwargs=None):\n" +
		"        log.append(func.__name__)\n        if kwargs is None:\n            kwargs = {}\n" +
		"        return super().__torch_function__(func, types, args, kwargs)\n" +
		"class P(nn.Parameter):\n    pass\n" +
		"t = torch.tensor([1., 2.]).as_subclass(T)\n" +
		"names = lambda *vs: [type(v).__name__ for v in vs]\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"(type(t).__name__, isinstance(t, torch.Tensor), isinstance(t, T), issubclass(T, torch.Tensor), repr(t), str(t))",
		"names(t + 1, 1 + t, t - 1, 2 * t, t / 2, t @ t, -t, t == 1, t < 2, t ** 2, t[0], t.sum(), t.view(2, 1), t.T, t.data, t.detach(), abs(t))",
		"(repr(t + 1), repr(t.double_it()), type(t.double_it()).__name__, t.shape, t.dtype, len(t), t.tolist(), t.sum().item(), float(t[0]), bool(t[1]), 2. in t)",
		"u = t.clone()\nv = u.add_(1)\n(v is u, repr(u), names(*list(u)), [repr(e) for e in u])",
		"(repr(T([1., 2.])), T(2, 3).shape, type(T([1, 2])).__name__, T([1, 2]).dtype)",
		"u = U(torch.tensor([1., 3.]), 'm')\n(u.unit, repr(u), type(u * 2).__name__)",
		"w = W(torch.ones(2))\n(w * 3).sum().backward()\n(repr(w), w.requires_grad, type(w.detach()).__name__, repr(w.grad), type(w.grad).__name__)",
		"repr(torch.zeros(2, 3).as_subclass(T))",
		"repr(torch.arange(30.).view(3, 10).as_subclass(T) / 7)",
		"l = torch.tensor([1., 2.]).as_subclass(LoggingTensor)\nr = (l + 1).mul(2).sum()\nl[0]; -l; l == 1; l - 1; l / 2; l.shape; len(l)\n(type(r).__name__, r.item(), log)",
		"x = torch.ones(2, requires_grad=True)\ny = (x * 2).as_subclass(T)\ny.sum().backward()\n(repr(x.grad), y.requires_grad, y.grad_fn is not None)",
		"torch.tensor([1.]).as_subclass(int)",
		"(f'{t}', f'{t.sum():.2f}', torch.stack([t, t]).tolist(), torch.cat([t, t]).tolist(), torch.nn.functional.relu(-t).tolist(), torch.matmul(t, t).item())",
		"p = P(torch.ones(2))\n(type(p).__name__, isinstance(p, nn.Parameter), isinstance(p, torch.Tensor), p.requires_grad, repr(p))",
		"p = P(torch.ones(2), requires_grad=False)\n(p.requires_grad, repr(p))",
		"class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.w = P(torch.ones(2))\n[(n, v.shape) for n, v in M().named_parameters()]",
	})
}
