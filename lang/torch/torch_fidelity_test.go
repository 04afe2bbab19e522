package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestNllLossNodesMatchTorch compares the autograd nodes of
// F.cross_entropy and F.nll_loss with PyTorch 1.13: NllLossBackward0 for
// [C] and [N, C] inputs, NllLoss2DBackward0 for the others (a 3-D or
// 5-D input is viewed as 4-D, and reduction='none' views the loss back,
// so ViewBackward0 comes last), for each reduction, ignore_index and
// weight.
func TestNllLossNodesMatchTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n" +
		"def nodes(f, shape, **kw):\n" +
		"    x = torch.randn(*shape, requires_grad=True)\n" +
		"    tshape = shape[:1] + shape[2:] if len(shape) > 1 else ()\n" +
		"    t = torch.randint(0, 3, tshape)\n" +
		"    l = f(x, t, **kw)\n" +
		"    out = [l.grad_fn.name()]\n" +
		"    fn = l.grad_fn\n" +
		"    while fn.next_functions and fn.next_functions[0][0] is not None:\n" +
		"        fn = fn.next_functions[0][0]\n" +
		"        out.append(fn.name())\n" +
		"    l.sum().backward()\n" +
		"    return out, x.grad.shape\n"
	var srcs []string
	for _, f := range []string{"F.cross_entropy", "F.nll_loss"} {
		for _, shape := range []string{"(3,)", "(4, 3)", "(2, 3, 5)", "(2, 3, 4, 5)", "(2, 3, 2, 2, 2)"} {
			for _, kw := range []string{"reduction='none'", "reduction='sum'", "reduction='mean'", "ignore_index=1", "reduction='none', ignore_index=2", "weight=torch.rand(3)", "weight=torch.rand(3), reduction='none'"} {
				srcs = append(srcs, "nodes("+f+", "+shape+", "+kw+")")
			}
		}
	}
	srcs = append(srcs,
		"x = torch.randn(2, 5, 3, requires_grad=True).transpose(1, 2)\nl = F.nll_loss(x, torch.tensor([[0, 1, 2, 0, 1], [2, 2, 1, 0, 0]]))\nl.grad_fn.name(), l.grad_fn.next_functions[0][0].name(), l.grad_fn.next_functions[0][0].next_functions[0][0].name()",
		"x = torch.randn(2, 3, 5, requires_grad=True)\nl = F.nll_loss(x, torch.tensor([[0, 1, 2, 0, 1], [2, 2, 1, 0, 0]]), reduction='none')\nl.sum().backward()\nl, x.grad",
		"x = torch.randn(2, 3, 5, requires_grad=True)\nl = F.cross_entropy(x, torch.tensor([[0, 1, 2, 0, 1], [2, 2, 1, 0, -100]]))\nl.backward()\nl, x.grad",
		"x = torch.randn(2, 3, 5, requires_grad=True)\nl = F.cross_entropy(x, torch.tensor([[0, 1, 2, 0, 1], [2, 2, 1, 0, -100]]), weight=torch.tensor([0.5, 2., 1.]))\nl.backward()\nl, x.grad",
		"x = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)\nl = F.nll_loss(x, torch.tensor([0, 1, 2, 1]), weight=torch.tensor([0.5, 2., 1.], dtype=torch.float64), reduction='none', ignore_index=2)\nl.backward(torch.tensor([1., 2., 3., 4.], dtype=torch.float64))\nl, x.grad",
		"x = torch.randn(2, 3, 2, 2, requires_grad=True)\nl = F.nll_loss(x, torch.tensor([[[0, 1], [2, 0]], [[1, 1], [2, 2]]]), weight=torch.tensor([0.5, 2., 1.]), reduction='sum')\nl.backward()\nl, x.grad",
		"x = torch.randn(3, requires_grad=True)\nl = F.nll_loss(x, torch.tensor(1), weight=torch.tensor([0.5, 2., 1.]))\nl.backward()\nl, x.grad",
		"F.nll_loss(torch.randn(2, 3, 5, requires_grad=True), torch.zeros(2, 4, dtype=torch.long))",
		"F.nll_loss(torch.randn(2, 3, 5, requires_grad=True), torch.zeros(2, 5, dtype=torch.long), weight=torch.ones(4))",
		"F.nll_loss(torch.randn(2, 3, 5, requires_grad=True), torch.full((2, 5), 3))",
	)
	langtest.CheckMatchesTorch(t, prelude, srcs)
}

// TestLinearErrorsMatchTorch compares F.linear and nn.Linear's forward
// with mismatched shapes and dtypes (input, weight and bias) with PyTorch
// 1.13: the 2-D input (and contiguous 3-D input) with a bias goes through
// addmm's checks, the others through matmul and an in-place bias add.
func TestLinearErrorsMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nimport torch.nn.functional as F\nx = torch.randn(2, 3)\nw = torch.randn(5, 3)\nb = torch.randn(5)\n", []string{
		"y = F.linear(x, w, torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(x, w, torch.randn(2,5))\ny.shape, y.dtype",
		"y = F.linear(x, w, torch.randn(3,5))\ny.shape, y.dtype",
		"y = F.linear(x, w, torch.randn(1))\ny.shape, y.dtype",
		"y = F.linear(x, w, b.double())\ny.shape, y.dtype",
		"y = F.linear(x, w.double(), b)\ny.shape, y.dtype",
		"y = F.linear(x, w.double())\ny.shape, y.dtype",
		"y = F.linear(x.double(), w, b)\ny.shape, y.dtype",
		"y = F.linear(x, torch.randn(5,4), b)\ny.shape, y.dtype",
		"y = F.linear(x, torch.randn(5,4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(3), torch.randn(5,4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(3), torch.randn(5,4), b)\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), torch.randn(5,4), b)\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), torch.randn(5,4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), w, torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), w, b.double())\ny.shape, y.dtype",
		"y = F.linear(x, torch.randn(3), torch.randn(()))\ny.shape, y.dtype",
		"y = F.linear(x, torch.randn(4), torch.randn(()))\ny.shape, y.dtype",
		"y = F.linear(x, torch.randn(2,5,3))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(()), w)\ny.shape, y.dtype",
		"y = F.linear(x, w.int())\ny.shape, y.dtype",
		"y = F.linear(x.int(), w.int())\ny.shape, y.dtype",
		"y = F.linear(x.int(), w.int(), b.int())\ny.shape, y.dtype",
		"y = F.linear(x, w, b.half())\ny.shape, y.dtype",
		"y = torch.nn.Linear(4, 5)(x)\ny.shape, y.dtype",
		"y = torch.nn.Linear(3, 5)(x.double())\ny.shape, y.dtype",
		"y = torch.nn.Linear(3, 5).double()(x)\ny.shape, y.dtype",
		"y = torch.nn.Linear(4, 5)(torch.randn(4,2,3))\ny.shape, y.dtype",
		"y = torch.nn.Linear(4, 5, bias=False)(x)\ny.shape, y.dtype",
		"y = F.linear(x.requires_grad_(), w, torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(x, w, torch.randn(5, 1))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(3), w, torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(3), w, b.double())\ny.shape, y.dtype",
		"y = F.linear(torch.randn(6,4,2,3), w, torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(6,4,2,3), w, b.double())\ny.shape, y.dtype",
		"y = F.linear(torch.randn(6,4,2,3), torch.randn(5,4), b)\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,3,2).transpose(1,2), w, torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,3,2).transpose(1,2), w, b.double())\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), w, torch.randn(2,5))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), w, torch.randn(3,5))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(3), w.double())\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), w.double())\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), w.double(), b)\ny.shape, y.dtype",
		"y = F.linear(x, torch.randn(3,5).t(), torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(x, w, b.int())\ny.shape, y.dtype",
		"y = F.linear(x.int(), w.int(), b)\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3).requires_grad_(), w, torch.randn(4))\ny.shape, y.dtype",
		"F.linear(x, w, torch.randn(2, 1, 5))",
		"F.linear(torch.ones(2, 3), torch.tensor([1., 2., 3.])), F.linear(x.requires_grad_(), torch.tensor([1., 2., 3.])).grad_fn.name()",
		"y = F.linear(torch.randn(6, 4, 2, 3, requires_grad=True), w, b.double())\ny.dtype, y.grad_fn.name()",
		"y = F.linear(torch.randn(3), w.requires_grad_(), b.double())\ny.dtype, y.grad_fn.name()",
		"F.linear(x.requires_grad_(), w, b.double())",
		"F.linear(x.requires_grad_(), torch.randn(5, 4), b)",
		"F.linear(torch.randn(4, 2, 3, requires_grad=True), w.double())",
	})
}
