package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// gradientPrelude defines the samples the cases differentiate.
const gradientPrelude = `import torch
torch.manual_seed(0)
F1 = torch.tensor([1.0, 4.0, 9.0, 16.0, 25.0, 36.0])
F2 = torch.randn(4, 5)
C = torch.tensor([0.0, 0.5, 1.5, 2.0, 3.5, 4.0])
`

// gradientCases are checked against PyTorch 1.13: uniform spacings,
// per-dimension spacings, coordinates, both edge orders, integer input,
// gradients through the result, and the errors.
var gradientCases = []string{
	"torch.gradient(F1)",
	"[g.tolist() for g in torch.gradient(F1, spacing=2.0, edge_order=2)]",
	"[g.tolist() for g in torch.gradient(F2)]",
	"[g.tolist() for g in torch.gradient(F2, spacing=[0.5, 3], dim=[1, 0])]",
	"[g.tolist() for g in torch.gradient(F2, dim=-1, edge_order=2)]",
	"[g.tolist() for g in torch.gradient(F1, spacing=(C,))]",
	"[g.tolist() for g in torch.gradient(F1, spacing=(C,), edge_order=2)]",
	"[g.tolist() for g in torch.gradient(F2, spacing=(C[:4], C[:5]), edge_order=2)]",
	"r = torch.gradient(torch.tensor([1, 4, 9, 16]))\nr[0].dtype, r[0].tolist()",
	"r = torch.gradient(torch.tensor([1.0, 4.0, 9.0], dtype=torch.float64), spacing=3)\nr[0].dtype, r[0].tolist()",
	"x = F2.clone().requires_grad_()\ngx, gy = torch.gradient(x, edge_order=2)\n(gx * torch.arange(20.0).view(4, 5) + gy.sin()).sum().backward()\nx.grad.tolist()",
	"x = F1.clone().requires_grad_()\ng, = torch.gradient(x, spacing=(C,))\ng.pow(2).sum().backward()\nx.grad.tolist()",
	"torch.gradient(torch.tensor([1.0, 2.0]), edge_order=2)",
	"torch.gradient(F1, edge_order=3)",
	"torch.gradient(F1, spacing=[1.0, 2.0])",
	"torch.gradient(F1, dim=1)",
	"torch.gradient(F2, dim=[0, 0])",
}

// TestGradientMatchesPyTorch runs the cases in kael and PyTorch.
func TestGradientMatchesPyTorch(t *testing.T) {
	checkCloseToTorch(t, gradientPrelude, gradientCases, reftest.Tolerance{Abs: 1e-5, Rel: 1e-5})
}
