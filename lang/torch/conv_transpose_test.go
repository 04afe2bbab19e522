package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestConvTransposeMatchesTorch compares nn.ConvTranspose2d and
// F.conv_transpose2d with PyTorch 1.13: seeded weights, outputs, the
// gradients of input, weight and bias, strides, padding, output padding,
// groups, dilation, unbatched input, reprs and errors. Values are rounded
// to 4 digits, which float32 sums in another order keep.
func TestConvTransposeMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n" +
		"r = lambda t: [round(v, 4) for v in t.flatten().tolist()]\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"m = nn.ConvTranspose2d(3, 4, 3, stride=2, padding=1, output_padding=1)\n(repr(m), r(m.weight)[:5], r(m.bias), m.weight.shape)",
		"m = nn.ConvTranspose2d(3, 4, 3, stride=2, padding=1, output_padding=1)\nx = torch.randn(2, 3, 5, 5, requires_grad=True)\ny = m(x)\n(y.shape, r(y)[:8], y.grad_fn.name())",
		"m = nn.ConvTranspose2d(3, 4, 3, stride=2, padding=1, output_padding=1)\nx = torch.randn(2, 3, 5, 5, requires_grad=True)\n(m(x) ** 2).sum().backward()\n(r(x.grad)[:6], r(m.weight.grad)[:6], r(m.bias.grad))",
		"g = nn.ConvTranspose2d(4, 6, (4, 2), stride=(1, 2), groups=2, bias=False, dilation=2)\nz = g(torch.randn(4, 3, 3))\n(repr(g), g.weight.shape, z.shape, round(z.sum().item(), 3))",
		"r(F.conv_transpose2d(torch.ones(1, 1, 2, 2), torch.ones(1, 1, 2, 2), stride=2))",
		"r(F.conv_transpose2d(torch.arange(4.).reshape(1, 1, 2, 2), torch.arange(9.).reshape(1, 1, 3, 3), torch.tensor([0.5]), padding=1))",
		"nn.ConvTranspose2d(2, 4, 3, groups=3)",
		"F.conv_transpose2d(torch.ones(1, 2, 3, 3), torch.ones(3, 1, 2, 2))",
		"F.conv_transpose2d(torch.ones(1, 1, 3, 3), torch.ones(1, 1, 2, 2), stride=2, output_padding=2)",
		"[n for n, _ in nn.ConvTranspose2d(1, 2, 2).named_parameters()], nn.ConvTranspose2d(1, 2, 2, bias=False).bias",
		"torch.ones(1).is_xpu, torch.ones(1).is_mps, torch.ones(1).is_meta",
	})
}
