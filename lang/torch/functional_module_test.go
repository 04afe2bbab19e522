package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestTorchFunctionalModuleMatchesTorch checks torch.functional, the module
// of PyTorch's torch/functional.py that programs import as F by mistake
// for torch.nn.functional: its functions are torch's own.
func TestTorchFunctionalModuleMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.functional as F\nx = torch.arange(6.).reshape(2, 3)\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"F.einsum('ij->ji', x), F.norm(x), F.split(x, 1), F.atleast_2d(torch.tensor(1.))",
		"F.meshgrid(torch.arange(2), torch.arange(3), indexing='ij')[1], F.unique(torch.tensor([3, 1, 3]))",
		"F.tensordot(x, x.T, dims=1), F.cdist(x, x), F.block_diag(x, x).shape, F.cartesian_prod(torch.arange(2), torch.arange(2))",
		"F.broadcast_tensors(x, torch.ones(3))[1], F.broadcast_shapes((2, 1), (3,)), F.atleast_1d(torch.tensor(2)), F.atleast_3d(x).shape",
		"F.einsum is torch.einsum, F.split is torch.split, torch.functional is F",
		"F.max_pool2d",
	})
}
