package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestConv1dMatchesTorch compares nn.Conv1d, nn.ConvTranspose1d,
// F.conv1d and F.conv_transpose1d with PyTorch 1.13: seeded weights,
// reprs and attributes, outputs, gradients, padding modes, unbatched
// inputs and errors. Values are rounded to 4 digits.
func TestConv1dMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n" +
		"r = lambda t: [round(v, 4) for v in t.flatten().tolist()]\nx = torch.randn(2, 4, 9, requires_grad=True)\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"m = nn.Conv1d(4, 6, 3, stride=2, padding=1, groups=2)\n(repr(m), m.weight.shape, r(m.weight)[:4], m.kernel_size, m.stride, m.padding, m.dilation)",
		"m = nn.Conv1d(4, 6, 3, stride=2, padding=1, groups=2)\ny = m(x)\n(y ** 2).sum().backward()\n(y.shape, r(y)[:5], y.grad_fn.name(), r(x.grad)[:5], r(m.weight.grad)[:5], r(m.bias.grad))",
		"m = nn.Conv1d(3, 2, 5, padding='same', dilation=2, bias=False)\n(repr(m), r(m(torch.randn(3, 7)))[:5], m.padding)",
		"t = nn.ConvTranspose1d(4, 2, 3, stride=2, padding=1, output_padding=1)\nz = t(x)\nz.sum().backward()\n(repr(t), t.weight.shape, z.shape, r(z)[:5], z.grad_fn.name(), r(t.weight.grad)[:4], r(x.grad)[:4])",
		"r(F.conv1d(torch.arange(10.).view(1, 2, 5), torch.ones(3, 2, 2), torch.tensor([1., 2., 3.]), padding=1))",
		"r(F.conv1d(torch.arange(10.).view(2, 5), torch.ones(1, 2, 3), padding='valid', stride=2))",
		"r(F.conv_transpose1d(torch.arange(6.).view(1, 2, 3), torch.ones(2, 1, 2), stride=2))",
		"F.conv1d(torch.ones(2, 3, 4, 5), torch.ones(1, 3, 2))",
		"F.conv1d(torch.ones(1, 3, 4), torch.ones(1, 3, 2), padding='same', stride=2)",
	})
}
