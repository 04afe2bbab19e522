package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestComplexProdAndCumsumMatchTorch checks torch.prod and torch.cumsum
// of complex tensors, which PyTorch computes (complex64 cumsum
// accumulating in complex128), on tensors short enough that every order
// of the products rounds alike.
func TestComplexProdAndCumsumMatchTorch(t *testing.T) {
	z := "import torch\nz = torch.tensor([3+1j, 1-2j, 3-1j, 1-2j, 0+5j, -2+0j])\n"
	langtest.CheckMatchesTorch(t, "", []string{
		z + "torch.prod(z), z.prod(), torch.cumsum(z, 0), z.reshape(2, 3).prod(0), z.reshape(2, 3).cumsum(1), torch.prod(z, 0, keepdim=True)",
		z + "w = z.to(torch.complex64)\nw.prod(), w.cumsum(0), w.cumsum(0).dtype, torch.tensor([1.0000001 + 0.3j] * 50, dtype=torch.complex64).cumsum(0)[-1].item()",
	})
}
