package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestInPlaceViewMethodsMatchTorch compares the in-place view methods
// (t_, transpose_, swapaxes_, swapdims_, squeeze_, unsqueeze_,
// as_strided_), detach_, resize_ and resize_as_ with PyTorch 1.13:
// shapes, strides, values, grad_fn names, gradients and errors.
func TestInPlaceViewMethodsMatchTorch(t *testing.T) {
	prelude := "import torch\nn = lambda t: t.grad_fn.name() if t.grad_fn is not None else None\ng = lambda t: (tuple(t.shape), t.stride(), t.storage_offset())\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		// plain tensors: x itself changes
		"x = torch.arange(6.).view(2, 3)\ny = x.t_()\n(y is x, g(x), x.tolist())",
		"x = torch.arange(24.).view(2, 3, 4)\nx.transpose_(0, 2)\n(g(x), x[1, 2].tolist())",
		"x = torch.arange(6.).view(1, 2, 1, 3)\nx.squeeze_()\n(g(x), x.tolist())",
		"x = torch.arange(6.).view(1, 2, 1, 3)\nx.squeeze_(2)\nx.squeeze_(1)\n(g(x), n(x))",
		"x = torch.arange(6.).view(2, 3)\nx.unsqueeze_(-1).unsqueeze_(0)\ng(x)",
		"x = torch.arange(6.).view(2, 3)\nx.swapaxes_(0, 1)\nx.swapdims_(1, 0)\n(g(x), x.tolist())",
		"x = torch.arange(6.).view(2, 3)\ny = x.as_strided_((2, 2), (1, 2), 1)\n(y is x, g(x), x.tolist())",
		"x = torch.arange(4)\nx.as_strided_((3,), (1,))\n(g(x), x.dtype)",
		"x = torch.tensor(5.)\nx.t_()\ng(x)",
		// what PyTorch records: the view's node under its in-place name
		"w = torch.arange(6., requires_grad=True)\ny = (w * 2).view(2, 3)\ny.t_()\n(y * torch.arange(6.).view(3, 2)).sum().backward()\n(n(y), g(y), w.grad.tolist())",
		"w = torch.ones(2, 3, requires_grad=True)\ny = w * 1\ny.transpose_(0, 1)\na = n(y)\ny.swapaxes_(0, 1)\n(a, n(y), g(y))",
		"w = torch.ones(2, 1, 3, requires_grad=True)\nys = [w * 1 for _ in range(3)]\nys[0].squeeze_(); ys[1].squeeze_(1); ys[2].squeeze_(0)\n[(n(y), tuple(y.shape)) for y in ys]",
		"w = torch.ones(2, 3, requires_grad=True)\ny = w * 3\ny.unsqueeze_(1)\n(y ** 2).sum().backward()\n(n(y), g(y), w.grad.tolist())",
		"w = torch.arange(6., requires_grad=True)\ny = w * 1\ny.as_strided_((2, 2), (1, 2), 1)\n(y * torch.tensor([[1., 2.], [3., 4.]])).sum().backward()\n(n(y), y.tolist(), w.grad.tolist())",
		// after the in-place view, in-place changes of x are recorded as usual
		"w = torch.ones(2, 3, requires_grad=True)\ny = w * 2\ny.t_()\ny.add_(1)\ny.mul_(torch.arange(6.).view(3, 2))\ny.sum().backward()\n(n(y), w.grad.tolist())",
		// a view stays a view of its base
		"w = torch.ones(2, 3, requires_grad=True)\nb = w * 1\nv = b[0]\nv.unsqueeze_(0)\nv.mul_(5)\nb.sum().backward()\n(n(v), g(v), v._base is b, n(b), w.grad.tolist())",
		"x = torch.zeros(2, 3)\nv = x[1]\nv.unsqueeze_(0)\nv.add_(1)\n(g(v), v._base is x, x.tolist())",
		// under no_grad a leaf that requires grad may change
		"w = torch.ones(2, 3, requires_grad=True)\nwith torch.no_grad(): w.t_()\n(g(w), w.requires_grad, w.is_leaf)",
		// errors
		"torch.ones(2, 3, requires_grad=True).t_()",
		"torch.ones(2, 3, requires_grad=True).unsqueeze_(0)",
		"torch.ones(2, 3, requires_grad=True).as_strided_((1,), (1,))",
		"torch.ones(2, 3, 4).t_()",
		"torch.zeros(2, 3).transpose_(0, 5)",
		"torch.zeros(2, 3).unsqueeze_(4)",
		"torch.zeros(2, 3).as_strided_((2, 2), (1, 1), 7)",
		"torch.zeros(2, 3).as_strided_((2, 2), (1,))",
		// detach_
		"w = torch.ones(3, requires_grad=True)\ny = w * 2\nz = y.detach_()\n(z is y, n(y), y.requires_grad, y.is_leaf)",
		"w = torch.ones(3, requires_grad=True)\nw.grad = torch.ones(3)\ntorch.detach_(w)\n(w.requires_grad, w.grad.tolist())",
		"torch.zeros(3)[0:1].detach_()",
		"w = torch.ones(3, requires_grad=True)\n(w * 1)[1:].detach_()",
		// resize_ and resize_as_
		"x = torch.arange(6.)\ny = x.resize_(2, 2)\n(y is x, g(x), x.tolist())",
		"x = torch.arange(6.).view(2, 3)[:, 1:]\nx.resize_(2, 2)\n(g(x), x.tolist())",
		"x = torch.arange(6.).view(2, 3)[:, 1:]\nx.resize_((4,))\n(g(x), x.tolist())",
		"x = torch.arange(4.)\nv = x.view(2, 2)\nx.resize_(2, 3)\n(g(x), x[0].tolist(), x[1, 0].item(), g(v), v.tolist())",
		"x = torch.arange(4)\ntorch.resize_as_(x, torch.ones(2, 1))\n(g(x), x.tolist(), x.dtype)",
		"x = torch.arange(4.)\nx.resize_as_(torch.ones(2, 2, dtype=torch.int64))\n(g(x), x.tolist())",
		"torch.ones(2, requires_grad=True).resize_(3)",
		"(torch.ones(2, requires_grad=True) * 1).resize_(1)",
		"torch.zeros(2).resize_(2, -3)",
	})
}
