package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// linearBiasPrelude makes inputs whose products are exact (small
// integers), so that the bias added to them is the only rounding and a
// bias added wrongly (to the wrong column, twice, not at all) shows, and
// seeded random ones, where the products round as the matrix product
// does.
const linearBiasPrelude = `import torch
import torch.nn.functional as F
torch.manual_seed(0)
xi = torch.arange(12.).reshape(3, 4) - 5
wi = torch.arange(20.).reshape(5, 4) % 7 - 3
b = torch.randn(5)
x = torch.randn(2, 3, 16)
w = torch.randn(8, 16)
bw = torch.randn(8)
`

// linearBiasCases are F.linear and nn.Linear with a bias, in the shapes
// the in-place bias add takes (one row, rows, a batch of rows, float32
// and float64) and those it leaves to the general add (a bias of one
// element broadcast, a strided bias).
var linearBiasCases = []string{
	"F.linear(xi, wi, b).tolist()",
	"F.linear(xi[0], wi, b).tolist()",
	"F.linear(xi.unsqueeze(0), wi, b).tolist()",
	"F.linear(xi.double(), wi.double(), b.double()).tolist()",
	"F.linear(xi, torch.zeros(5, 4), b).tolist()",
	"F.linear(xi, wi, b[:1]).tolist()",
	"F.linear(xi, wi, torch.randn(10)[::2]).tolist()",
	"F.linear(xi, wi[:, :0].new_zeros(5, 4), b).tolist()",
	"F.linear(x, w, bw).tolist()",
	"F.linear(x.double(), w.double(), bw.double()).tolist()",
	"F.linear(x[:, 0], w, bw).tolist()",
	"F.linear(x.transpose(0, 1), w, bw).tolist()",
	"lin = torch.nn.Linear(16, 8)\nwith torch.no_grad():\n    lin.weight.copy_(w)\n    lin.bias.copy_(bw)\nlin(x).tolist(), lin(x[0, 0]).tolist()",
}

// TestLinearBiasMatchesPyTorch compares linear's bias add with PyTorch
// 1.13's: the exact rows bit for bit but for the printing's last digit,
// the random ones within float32's rounding of a 16-term product.
func TestLinearBiasMatchesPyTorch(t *testing.T) {
	checkCloseToTorch(t, linearBiasPrelude, linearBiasCases, reftest.Tolerance{Rel: 1e-5, Abs: 1e-6})
}
