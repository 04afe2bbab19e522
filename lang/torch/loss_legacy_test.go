package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLegacyLossReductionMatchesTorch checks the deprecated size_average
// and reduce arguments of the losses, which PyTorch 1.13 still maps onto
// reduction (yunjey's VAE tutorial calls F.binary_cross_entropy with
// size_average=False).
func TestLegacyLossReductionMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn.functional as F\nx = torch.tensor([[0.2, 0.7], [0.9, 0.4]])\ny = torch.tensor([[0., 1.], [1., 1.]])\nc = torch.tensor([1, 0])\nr = lambda t: [round(v, 4) for v in t.flatten().tolist()]\n"
	var srcs []string
	for _, args := range []string{"size_average=False", "size_average=True", "reduce=False", "reduce=True", "size_average=False, reduce=False", "size_average=0, reduce=1", "size_average=None, reduce=None, reduction='sum'"} {
		srcs = append(srcs,
			"r(F.binary_cross_entropy(x, y, "+args+"))",
			"r(F.binary_cross_entropy_with_logits(x, y, "+args+"))",
			"r(F.mse_loss(x, y, "+args+")), r(F.l1_loss(x, y, "+args+"))",
			"r(F.cross_entropy(x, c, "+args+")), r(F.nll_loss(x, c, "+args+"))",
			"r(F.smooth_l1_loss(x, y, "+args+")), r(F.kl_div(x, y, "+args+"))",
			"r(torch.nn.MSELoss("+args+")(x, y)), r(torch.nn.BCELoss("+args+")(x, y)), r(torch.nn.CrossEntropyLoss("+args+")(x, c))",
		)
	}
	srcs = append(srcs, "F.binary_cross_entropy(x, y, None, False)", "r(F.mse_loss(x, y, False))")
	langtest.CheckMatchesTorch(t, prelude, srcs)
}

// TestFunctionalSoftmaxImplicitDimMatchesTorch checks F.softmax and
// F.log_softmax without dim (PyTorch's deprecated implicit dimension,
// which PyTorch's own sequence models tutorial relies on) and with dtype.
func TestFunctionalSoftmaxImplicitDimMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn.functional as F\ntorch.manual_seed(0)\nr = lambda t: [round(v, 4) for v in t.flatten().tolist()]\n"
	var srcs []string
	for _, shape := range []string{"()", "(3,)", "(2, 3)", "(2, 3, 4)", "(2, 2, 2, 2)"} {
		srcs = append(srcs, "x = torch.randn("+shape+")\nr(F.softmax(x)), r(F.log_softmax(x))")
	}
	srcs = append(srcs,
		"x = torch.randn(2, 3)\nF.softmax(x, dim=-1, dtype=torch.float64).dtype, F.log_softmax(x, 0, 3, torch.float64).dtype",
	)
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
