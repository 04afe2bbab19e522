package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestViewCopiesMatchTorch compares the *_copy functions with PyTorch
// 1.13: values, shapes, contiguous strides, no sharing with the input,
// grad_fn names (<View>Backward0_copy, NotImplemented) and gradients.
func TestViewCopiesMatchTorch(t *testing.T) {
	prelude := "import torch\nn = lambda t: t.grad_fn.name() if t.grad_fn is not None else None\ng = lambda t: (tuple(t.shape), t.stride(), t._base is None)\nx = torch.arange(24.).view(2, 3, 4)\nw = torch.arange(6., requires_grad=True)\nm = w.view(2, 3) * 1\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"y = torch.t_copy(x[0])\ny[0, 0] = 100\n(g(y), y.tolist(), x[0, 0, 0].item())",
		"y = torch.transpose_copy(x, 0, 2)\n(g(y), y[1, 2].tolist())",
		"y = torch.permute_copy(x, (2, 0, 1))\n(g(y), y[3].tolist())",
		"y = torch.select_copy(x, 1, -1)\n(g(y), y.tolist())",
		"y = torch.slice_copy(x, 2, 1, None, 2)\n(g(y), y.tolist())",
		"y = torch.slice_copy(x, 1, -2, 10, 1)\n(g(y), y[0].tolist())",
		"y = torch.diagonal_copy(x, 1, 1, 2)\n(g(y), y.tolist())",
		"y = torch.expand_copy(x[:, :1], (2, 2, 3, 4))\n(g(y), y[1, 1, 0].tolist())",
		"y = torch.squeeze_copy(x[:, :1])\nz = torch.squeeze_copy(x[:, :1], 0)\n(g(y), g(z))",
		"y = torch.unsqueeze_copy(x, -1)\ng(y)",
		"y = torch.view_copy(x, (4, 6))\ny[0] = 0\n(g(y), x[0, 0].tolist())",
		"y = torch.unfold_copy(x[0, 0], 0, 2, 1)\n(g(y), y.tolist())",
		"y = torch.as_strided_copy(x, (2, 2), (1, 4), 3)\n(g(y), y.tolist())",
		"y = torch.alias_copy(x[1])\n(g(y), y[0].tolist())",
		"y = torch.detach_copy(x[1])\n(g(y), y[0].tolist())",
		"ys = torch.split_copy(x, 2, 2)\n(type(ys).__name__, [g(y) for y in ys], ys[1][0].tolist())",
		"ys = torch.split_with_sizes_copy(x, [1, 2], 1)\n[g(y) for y in ys]",
		"ys = torch.unbind_copy(x, 1)\n(type(ys).__name__, [g(y) for y in ys], ys[2].tolist())",
		"y = torch.narrow_copy(x, 2, 1, 2)\nz = x.narrow_copy(0, 1, 1)\n(g(y), y[0].tolist(), g(z))",
		"y = torch.view_as_real_copy(torch.tensor([1+2j, 3-1j]))\n(g(y), y.tolist())",
		"y = torch.view_as_complex_copy(torch.tensor([[1., 2.], [3., 4.]]))\n(g(y), y.tolist())",
		"y = torch.t_copy(torch.tensor([[1, 2]]))\n(y.dtype, y.tolist())",
		// gradients and grad_fn names
		"y = torch.t_copy(m)\n(y * torch.arange(6.).view(3, 2)).sum().backward()\n(n(y), w.grad.tolist())",
		"y = torch.select_copy(m, 1, 2)\n(y * 3).sum().backward()\n(n(y), w.grad.tolist())",
		"y = torch.expand_copy(m[:1], (4, 3))\ny.sum().backward()\n(n(y), w.grad.tolist())",
		"ys = torch.unbind_copy(m, 1)\n(ys[0] + 2 * ys[2]).sum().backward()\n([n(y) for y in ys], w.grad.tolist())",
		"ys = torch.split_copy(m, 2, 1)\n(ys[0].sum() + 5 * ys[1].sum()).backward()\n([n(y) for y in ys], w.grad.tolist())",
		"ys = torch.split_with_sizes_copy(m, [1, 2], 1)\n(ys[1] ** 2).sum().backward()\n([n(y) for y in ys], w.grad.tolist())",
		"y = torch.diagonal_copy(m)\ny.sum().backward()\n(n(y), w.grad.tolist())",
		"y = torch.view_copy(m, (3, 2))\nm.add_(1)\n(y * torch.arange(6.).view(3, 2)).sum().backward()\n(n(y), y.tolist(), w.grad.tolist())",
		"y = torch.alias_copy(m)\ny.sum().backward()\n(n(y), w.grad.tolist())",
		"[torch.view_copy(torch.arange(6.).reshape(2, 3).t(), s).tolist() for s in [(6,), (3, 2), (2, -1)]]",
		"[n(f(m)) for f in [lambda t: torch.permute_copy(t, (1, 0)), lambda t: torch.transpose_copy(t, 0, 1), lambda t: torch.slice_copy(t, 1, 0, 2, 1), lambda t: torch.squeeze_copy(t), lambda t: torch.unsqueeze_copy(t, 0), lambda t: torch.unfold_copy(t, 1, 2, 1), lambda t: torch.as_strided_copy(t, (2,), (1,))]]",
		"y = torch.narrow_copy(m, 0, 0, 1)\n(n(y), y.requires_grad)",
		"y = torch.narrow_copy(m, 0, 0, 1)\ny.sum().backward()",
		"torch.detach_copy(m).sum().backward()",
		// errors
		"torch.t_copy(x)",
		"torch.select_copy(x, 3, 0)",
		"torch.slice_copy(x, 0, 0, 1, 0)",
		"torch.as_strided_copy(x, (5, 5), (5, 1))",
	})
}

// TestViewScattersMatchTorch compares select_scatter, slice_scatter,
// diagonal_scatter and as_strided_scatter (functions and methods) with
// PyTorch 1.13: values, dtypes, layouts, grad_fn names, gradients, errors.
func TestViewScattersMatchTorch(t *testing.T) {
	prelude := "import torch\nn = lambda t: t.grad_fn.name() if t.grad_fn is not None else None\nx = torch.zeros(3, 4)\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"torch.select_scatter(x, torch.ones(4), 0, 1).tolist()",
		"x.select_scatter(torch.arange(3.), 1, -1).tolist()",
		"torch.slice_scatter(x, torch.ones(3, 2), 1, 1, None, 2).tolist()",
		"torch.slice_scatter(x, torch.ones(2, 4), start=-2, step=1).tolist()",
		"x.slice_scatter(torch.ones(3, 1), dim=1, start=3, end=100, step=1).tolist()",
		"torch.diagonal_scatter(x, torch.ones(3)).tolist()",
		"torch.diagonal_scatter(x, torch.tensor([5., 6.]), -1).tolist()",
		"x.diagonal_scatter(torch.tensor([7., 8.]), 2).tolist()",
		"torch.diagonal_scatter(torch.zeros(2, 3, 3), torch.ones(3, 2), 0, 0, 2).tolist()",
		"torch.as_strided_scatter(x, torch.ones(2, 2), (2, 2), (1, 2), 1).tolist()",
		"x.as_strided_scatter(torch.arange(3.), (3,), (5,)).tolist()",
		"torch.as_strided_scatter(torch.arange(12.).view(3, 4)[1:], torch.ones(2), (2,), (1,)).tolist()",
		"y = torch.as_strided_scatter(torch.arange(12.).view(4, 3).t(), torch.ones(2), (2,), (1,))\n(y.tolist(), y.stride())",
		"y = torch.slice_scatter(torch.zeros(3, 4).t(), torch.ones(4, 1), 1, 0, 1, 1)\n(y.tolist(), y.stride())",
		// dtypes: the result has input's dtype
		"y = torch.select_scatter(torch.zeros(2, 3, dtype=torch.int64), torch.tensor([1.7, 2.2, -3.9]), 0, 0)\n(y.dtype, y.tolist())",
		"y = torch.select_scatter(x, torch.ones(4, dtype=torch.float64), 0, 0)\n(y.dtype, x.sum().item())",
		// gradients
		"a = torch.ones(2, 3, requires_grad=True); s = torch.tensor([1., 2., 3.], requires_grad=True)\ny = torch.select_scatter(a * 2, s * s, 0, 1)\n(y * torch.arange(6.).view(2, 3)).sum().backward()\n(n(y), y.tolist(), a.grad.tolist(), s.grad.tolist())",
		"a = torch.ones(3, 3, requires_grad=True); s = torch.ones(2, requires_grad=True)\ny = torch.diagonal_scatter(a, s, 1)\n(y * torch.arange(9.).view(3, 3)).sum().backward()\n(n(y), a.grad.tolist(), s.grad.tolist())",
		"a = torch.ones(4, 2, requires_grad=True); s = torch.ones(2, 2, requires_grad=True)\ny = torch.slice_scatter(a, s, 0, 0, 4, 2)\n(y * torch.arange(8.).view(4, 2)).sum().backward()\n(n(y), a.grad.tolist(), s.grad.tolist())",
		"a = torch.ones(2, 3, requires_grad=True); s = torch.ones(3, requires_grad=True)\ny = torch.as_strided_scatter(a, s, (3,), (2,))\n(y * torch.arange(6.).view(2, 3)).sum().backward()\n(n(y), s.grad.tolist())",
		"s = torch.ones(3, requires_grad=True)\ny = torch.select_scatter(x, s, 0, 0)\ny.sum().backward()\n(n(y), s.grad.tolist())",
		// errors
		"torch.select_scatter(x, torch.ones(3), 0, 0)",
		"torch.diagonal_scatter(x, torch.ones(4))",
		"torch.slice_scatter(x, torch.ones(3, 4), 0, 0, 3, 0)",
		"torch.as_strided_scatter(x, torch.ones(2), (2, 2), (1, 2))",
		"torch.select_scatter(x, torch.ones(4), 2, 0)",
	})
}
