package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestInPlaceLeakyReLUMatchesTorch: the in-place LeakyReLU under autograd
// (computed in place, the node saving the result: nn.LeakyReLUInPlace)
// gives PyTorch's gradients bit for bit, its node name, the input itself
// as the result, and PyTorch's errors for a leaf that requires grad and
// for a result changed again before the backward. One row a case; the
// views, the non-contiguous tensors and float64 take the general path.
func TestInPlaceLeakyReLUMatchesTorch(t *testing.T) {
	srcs := []string{
		// nn.LeakyReLU(inplace=True), a weighted gradient.
		"y = x * 1.5\nz = nn.LeakyReLU(0.2, inplace=True)(y)\n(z * w).sum().backward()\n(z is y, type(z.grad_fn).__name__, x.grad.tolist())",
		// F.leaky_relu_ and F.leaky_relu(inplace=True), slopes 0.01 and 0.
		"y = x * 1.5\nF.leaky_relu_(y, 0.01)\ny.sum().backward()\n(type(y.grad_fn).__name__, x.grad.tolist())",
		"y = x * 1.5\nr = F.leaky_relu(y, 0.0, inplace=True)\n(r * w).sum().backward()\n(r is y, x.grad.tolist())",
		// The default slope, then a second in-place op that needs no saved value.
		"y = x * 1.5\nF.leaky_relu(y, inplace=True)\ny.mul(3).sum().backward()\nx.grad.tolist()",
		// create_graph: the gradient and its gradient.
		"y = x * 1.5\nF.leaky_relu(y, 0.2, inplace=True)\ng, = torch.autograd.grad(y.pow(2).sum(), x, create_graph=True)\ng.sum().backward()\n(g.tolist(), x.grad.tolist())",
		// A gradient in another layout.
		"y = x * 1.5\nF.leaky_relu_(y, 0.3)\ny.backward(w.t().contiguous().t())\nx.grad.tolist()",
		// 300 000 elements: the parallel blocks.
		"b = ((torch.arange(300000.) * 7 % 13 - 6) / 3).requires_grad_()\ny = b * 1.0\nF.leaky_relu_(y, 0.2)\n(y * ((torch.arange(300000) % 7 - 3) * 0.25)).sum().backward()\n(y[::997].tolist(), b.grad[::997].tolist())",
		// The general path: a transposed view, float64.
		"y = (x * 1.0).t()\nF.leaky_relu_(y, 0.1)\ny.sum().backward()\nx.grad.tolist()",
		"d = x.double().detach().requires_grad_()\ny = d * 1.0\nF.leaky_relu_(y, 0.3)\n(y * w.double()).sum().backward()\nd.grad.tolist()",
		// Errors: a leaf that requires grad; the result changed again.
		"m = None\ntry:\n    F.leaky_relu_(x, 0.2)\nexcept RuntimeError as e:\n    m = str(e)\nm",
		"y = x * 2\nF.leaky_relu_(y, 0.2)\ny.add_(1)\nm = None\ntry:\n    y.sum().backward()\nexcept RuntimeError as e:\n    m = str(e).split(':')[0]\nm",
		// Without grad: in place, nothing recorded.
		"with torch.no_grad():\n    y = x * 1.0\n    r = F.leaky_relu_(y, 0.5)\n(r is y, y.grad_fn, y.tolist())",
	}
	want := cpython.TorchCellOutcomes(t, inPlaceActivationPrelude, srcs)
	langtest.CheckMatches(t, "PyTorch", inPlaceActivationPrelude, srcs, want)
}

// inPlaceActivationPrelude's inputs are exact in float32 and made without
// PyTorch's random kernels, so that the reference does not change with
// ATEN_CPU_CAPABILITY (make test-isa runs PyTorch's default kernels).
const inPlaceActivationPrelude = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\nx = ((torch.arange(20.) * 7 % 11 - 5) / 3).reshape(4, 5).clone().requires_grad_()\nw = torch.arange(20.).reshape(4, 5) - 7\n"

// TestInPlaceUnaryMatchesTorch: the in-place unary operations whose
// derivative reads the result (relu_, tanh_, sigmoid_, exp_, sqrt_),
// computed in place under autograd with the result saved, give
// PyTorch's gradients, its node names, and its error when the result
// changes again before the backward: bit for bit where the forward kernel
// is PyTorch's (relu, sigmoid, sqrt), within reftest.Printed for exp and
// tanh, whose float32 kernels and PyTorch's vectorized ones differ in a
// last bit here and there out of place too.
func TestInPlaceUnaryMatchesTorch(t *testing.T) {
	srcs := []string{
		"y = x * 1.5\nr = y.relu_()\n(r * w).sum().backward()\n(r is y, type(y.grad_fn).__name__, x.grad.tolist())",
		"y = x * 1.5\nnn.ReLU(inplace=True)(y)\n(y * w).sum().backward()\n(type(y.grad_fn).__name__, x.grad.tolist())",
		"y = x * 1.5\nF.relu(y, inplace=True)\ng, = torch.autograd.grad((y * w).sum(), x, create_graph=True)\ng.tolist()",
		"y = x * 0.5\ny.sigmoid_()\n(y * w).sum().backward()\n(type(y.grad_fn).__name__, x.grad.tolist())",
		"y = x.abs() + 0.1\ny.sqrt_()\n(y * w).sum().backward()\n(type(y.grad_fn).__name__, x.grad.tolist())",
		// NaN and signed zeros in y, inf and NaN in g: threshold_backward's rule.
		"z = torch.tensor([float('nan'), -1., 0., 2., -0.0], requires_grad=True)\nv = torch.tensor([5., float('inf'), float('nan'), -3., -2.])\n(z * 1.0).relu_().backward(v)\na = z.grad.tolist()\nz.grad = None\ntorch.relu(z.double()).backward(v.double())\n(a, z.grad.tolist())",
		// A view keeps the general path.
		"y = (x * 1.0)[1:3]\ny.relu_()\ny.sum().backward()\n(type(y.grad_fn).__name__, x.grad.tolist())",
		"y = x * 2\ny.relu_()\ny.mul_(3)\nm = None\ntry:\n    y.sum().backward()\nexcept RuntimeError as e:\n    m = str(e).split(':')[0]\nm",
		"m = None\ntry:\n    x.relu_()\nexcept RuntimeError as e:\n    m = str(e)\nm",
	}
	want := cpython.TorchCellOutcomes(t, inPlaceActivationPrelude, srcs)
	langtest.CheckMatches(t, "PyTorch", inPlaceActivationPrelude, srcs, want)
	langtest.CheckMatchesTorch(t, inPlaceActivationPrelude, []string{
		"y = x * 0.5\ny.exp_()\n(y * w).sum().backward()\n(type(y.grad_fn).__name__, x.grad.tolist())",
		"y = x * 0.5\ny.tanh_()\n(y * w).sum().backward()\n(type(y.grad_fn).__name__, x.grad.tolist())",
		"y = x * 0.5\ny.tanh_()\ng, = torch.autograd.grad((y * w).sum(), x, create_graph=True)\ng.sum().backward()\n(g.tolist(), x.grad.tolist())",
	})
}
