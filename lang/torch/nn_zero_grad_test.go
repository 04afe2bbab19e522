package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestModuleZeroGradMatchesTorch checks Module.zero_grad against PyTorch
// 1.13, whose default is set_to_none=False: gradients are filled with
// zeros, as Optimizer.zero_grad fills them, and None only when asked.
func TestModuleZeroGradMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn as nn\ntorch.manual_seed(0)\n" +
		"m = nn.Sequential(nn.Linear(3, 2), nn.ReLU(), nn.Linear(2, 1))\n" +
		"m(torch.randn(4, 3)).sum().backward()\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"m.zero_grad()\n[p.grad for p in m.parameters()]",
		"m.zero_grad(set_to_none=False)\n[p.grad.abs().sum().item() for p in m.parameters()]",
		"m.zero_grad(set_to_none=True)\n[p.grad is None for p in m.parameters()]",
		"m.zero_grad(True)\n[p.grad for p in m.parameters()]",
		"g = m[0].weight.grad\nm.zero_grad()\n(m[0].weight.grad is g, g.abs().sum().item())",
		"m.zero_grad(set_to_none=True)\nm.zero_grad()\n[p.grad for p in m.parameters()]",
		"lin = nn.Linear(2, 2)\nlin.zero_grad()\nlin.weight.grad is None",
	})
}
