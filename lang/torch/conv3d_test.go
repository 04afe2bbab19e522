package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestConv3dMatchesTorch compares nn.Conv3d and F.conv3d with PyTorch
// 1.13: seeded weights, repr, outputs, gradients, strides, groups,
// dilation, 'same' padding, unbatched input and errors, to 4 digits.
func TestConv3dMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n" +
		"r = lambda t: [round(v, 4) for v in t.flatten().tolist()]\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"m = nn.Conv3d(4, 6, 3, stride=(2, 1, 1), padding=1, groups=2)\nx = torch.randn(2, 4, 5, 6, 5, requires_grad=True)\ny = m(x)\n(y ** 2).sum().backward()\n(repr(m), m.weight.shape, r(m.weight)[:3], y.shape, r(y)[:5], y.grad_fn.name(), r(x.grad)[:4], r(m.weight.grad)[:4], r(m.bias.grad))",
		"m = nn.Conv3d(2, 3, (3, 3, 1), padding='same', dilation=(2, 1, 1), bias=False)\nz = m(torch.randn(2, 5, 5, 4))\n(repr(m), z.shape, r(z)[:5], m.padding, m.kernel_size)",
		"r(F.conv3d(torch.arange(16.).view(1, 1, 2, 2, 4), torch.ones(2, 1, 1, 2, 2), torch.tensor([1., -1.]), stride=(1, 1, 2)))",
		"F.conv3d(torch.ones(1, 1, 2, 3, 3), torch.ones(1, 1, 3, 1, 1))",
		"F.conv3d(torch.ones(1, 2, 3), torch.ones(1, 2, 1, 1, 1))",
	})
}
