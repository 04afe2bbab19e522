package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestNewNodesSaveWhatTheyRead compares with PyTorch 1.13 a backward
// through the nodes added for CTC loss, fractional max pooling,
// CrossMapLRN2d and lu_factor after a tensor their formula reads was
// changed in place: an error, not a wrong gradient or a Go panic (the
// fractional pool's indices were read unchecked).
func TestNewNodesSaveWhatTheyRead(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nimport torch.nn.functional as F\ndef err(f):\n    try:\n        f()\n    except Exception as e:\n        return type(e).__name__ + ': ' + str(e)[:60]\n", []string{
		"x = torch.randn(1, 1, 9, 9, requires_grad=True)\no, idx = F.fractional_max_pool2d(x, 2, output_size=5, return_indices=True)\nidx.fill_(1000)\nerr(lambda: o.sum().backward())",
		"lp = torch.randn(6, 2, 4).log_softmax(2).detach().requires_grad_()\nloss = F.ctc_loss(lp, torch.tensor([[1, 2], [3, 1]]), (6, 6), (2, 2), reduction='none')\nloss.mul_(2)\nerr(lambda: loss.sum().backward())",
		"m = torch.nn.CrossMapLRN2d(3)\ny = m(torch.randn(1, 4, 2, 2, requires_grad=True))\ny.mul_(2)\nerr(lambda: y.sum().backward())",
		"x = torch.randn(1, 1, 9, 9)\nF.fractional_max_pool2d(x, 2, output_size=5, _random_samples=torch.full((1, 1, 2), 2.**53)).shape",
	})
}
