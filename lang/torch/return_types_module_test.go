package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestReturnTypesModuleMatchesPyTorch checks torch.return_types: its
// classes are type() of the named tuples, and it has PyTorch's names.
func TestReturnTypesModuleMatchesPyTorch(t *testing.T) {
	prelude := "import torch\nx = torch.tensor([[1., 5.], [3., 2.]])\n"
	checkCloseToTorch(t, prelude, []string{
		"r = torch.max(x, 0)\nrepr(r), str(type(r)), type(r) is torch.return_types.max, isinstance(r, torch.return_types.max), isinstance(r, tuple)",
		"r = torch.sort(x)\nisinstance(r, torch.return_types.sort), isinstance(r, torch.return_types.topk), type(torch.topk(x, 1)) is torch.return_types.topk",
		"str(torch.return_types.linalg_svd), str(torch.return_types.max_out), torch.return_types.min.__name__",
		"type(torch.linalg.qr(x)) is torch.return_types.linalg_qr, type(x.median(0)) is torch.return_types.median, type(torch.aminmax(x)) is torch.return_types.aminmax",
		"sorted(n for n in dir(torch.return_types) if not n.startswith('_') and n not in ('inspect', 'name', 'pytree_register_structseq', 'return_types', 'torch'))",
	}, reftest.Tolerance{})
}
