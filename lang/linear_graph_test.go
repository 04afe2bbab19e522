package lang

import "testing"

// TestLinearGraphMatchesTorch checks the graph F.linear and nn.Linear
// record against PyTorch 1.13's at::linear: AddmmBackward0 on the bias,
// the input and TBackward0 of the weight for a matrix input with a bias,
// the same between ViewBackward0s for a contiguous 3-D input, and MmBackward0
// without a bias; and the gradients each path gives.
func TestLinearGraphMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n" +
		"def chain(fn):\n    if fn is None:\n        return 'None'\n    nxt = [chain(f) for f, _ in fn.next_functions]\n    return type(fn).__name__ + ('(' + ', '.join(nxt) + ')' if nxt else '')\n" +
		"w = torch.randn(3, 4, requires_grad=True)\nb = torch.randn(3, requires_grad=True)\n" +
		"def grads(x, bias=b):\n    for p in (x, w, b):\n        p.grad = None\n    y = F.linear(x, w, bias)\n    (y * torch.arange(y.numel()).reshape(y.shape)).sum().backward()\n    return [None if p.grad is None else [round(v, 4) for v in p.grad.flatten().tolist()] for p in (x, w, b)]\n"
	checkMatchesTorch(t, prelude, []string{
		"chain(F.linear(torch.randn(2, 4), w, b).grad_fn)",
		"chain(F.linear(torch.randn(2, 4, requires_grad=True), w, b).grad_fn)",
		"chain(F.linear(torch.randn(2, 4, requires_grad=True), w).grad_fn)",
		"chain(F.linear(torch.randn(2, 5, 4), w, b).grad_fn)",
		"chain(F.linear(torch.randn(2, 5, 4, requires_grad=True), w, b).grad_fn)",
		"chain(F.linear(torch.randn(2, 4), w.detach(), b).grad_fn)",
		"lin = torch.nn.Linear(4, 2)\ny = lin(torch.randn(3, 4))\n(str(y.grad_fn.name()), chain(y.grad_fn), y.shape)",
		"y = F.linear(torch.randn(2, 5, 4), w, b)\n(y.shape, y.grad_fn.next_functions[0][0].name())",
		"grads(torch.randn(2, 4, requires_grad=True))",
		"grads(torch.randn(2, 3, 4, requires_grad=True))",
		"grads(torch.randn(3, 2, 4, requires_grad=True).transpose(0, 1))",
		"grads(torch.randn(4, requires_grad=True))",
		"grads(torch.randn(2, 4, requires_grad=True), None)",
		"grads(torch.randn(2, 1, 3, 4, requires_grad=True))",
	})
}
