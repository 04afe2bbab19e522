package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestBatchNormGraphMatchesTorch checks the node batch norm records,
// NativeBatchNormBackward0 on (input, weight, bias) in training and in
// evaluation, with or without affine parameters, and that the gradients,
// the running statistics and the errors stay PyTorch's.
func TestBatchNormGraphMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n" +
		"x = torch.randn(4, 3, 5, requires_grad=True)\n" +
		"def nxt(y):\n    return [None if f is None else type(f).__name__ for f, _ in y.grad_fn.next_functions]\n" +
		"def r(t):\n    return [round(v, 4) for v in t.flatten().tolist()]\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"y = nn.BatchNorm1d(3)(x)\n(y.grad_fn.name(), nxt(y))",
		"y = nn.BatchNorm1d(3, affine=False)(x)\n(y.grad_fn.name(), nxt(y))",
		"bn = nn.BatchNorm1d(3)\nbn.eval()\ny = bn(x)\n(y.grad_fn.name(), nxt(y))",
		"y = F.batch_norm(x, None, None, training=True)\n(y.grad_fn.name(), nxt(y))",
		"bn = nn.BatchNorm1d(3)\nbn(x.detach()).grad_fn is None",
		"bn = nn.BatchNorm2d(2)\nz = torch.randn(2, 2, 3, 3, requires_grad=True)\ny = bn(z)\n(y.grad_fn.name(), y.shape)",
		"bn = nn.BatchNorm1d(3)\ny = bn(x)\n(y * torch.arange(60.).reshape(4, 3, 5)).sum().backward()\n([round(v, 2) for v in x.grad[0].flatten().tolist()], r(bn.weight.grad), r(bn.bias.grad), r(bn.running_mean), r(bn.running_var), bn.num_batches_tracked.item())",
		"bn = nn.BatchNorm1d(3)\nbn.eval()\ny = bn(x)\ny.pow(2).sum().backward()\n(r(x.grad[1]), r(bn.weight.grad))",
		"bn = nn.BatchNorm1d(3)\nstr(bn(x)[0, :, :2])",
		"nn.BatchNorm1d(3)(torch.randn(1, 3))",
		"bn = nn.BatchNorm1d(3)\nbn(x).sum().backward()\nbn(x).sum().backward()\nr(bn.bias.grad)",
	})
}
