package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestIgammaMatchesTorch compares torch.igamma and torch.igammac, their
// methods, in-place forms and torch.special names (gammainc, gammaincc)
// with PyTorch 1.13: values over each branch and the edge cases, dtypes,
// the nodes, the gradient in other and its refusal in input. (Integer
// tensors are refused with kael's TypeError of floating-only kernels,
// as logaddexp's, where PyTorch raises "igamma_cpu" not implemented.)
func TestIgammaMatchesTorch(t *testing.T) {
	prelude := "import torch\na = torch.tensor([0.5, 1.0, 2.0, 5.0, 30.0, 100.0, 0.0, -1.0, float('inf'), 3.0, 0.1, 4.0, 0.7, 2.0, float('nan')])\n" +
		"x = torch.tensor([0.3, 1.0, 3.0, 5.0, 28.0, 101.0, 1.0, 1.0, 2.0, float('inf'), 0.01, 0.8, 0.6, 0.0, 1.0])\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"torch.igamma(a, x), torch.igammac(a, x)",
		"torch.igamma(a.double(), x.double()), torch.igammac(a.double(), x.double())",
		"torch.special.gammainc(a, x), torch.special.gammaincc(a, x), a.igamma(x), a.igammac(x)",
		"torch.igamma(torch.tensor([[2.0], [3.0]]), torch.tensor([0.5, 4.0, 12.0])), torch.igamma(torch.tensor([2.0]), torch.tensor(3.0, dtype=torch.float64)).dtype",
		"xr = torch.tensor([0.5, 2.0, 7.0], requires_grad=True)\ny = torch.igamma(torch.tensor([2.0, 3.0, 6.5]), xr)\ny.sum().backward()\ny.grad_fn.name(), xr.grad",
		"xr = torch.tensor([0.5, 2.0, 7.0], requires_grad=True)\ny = torch.igammac(torch.tensor([2.0, 3.0, 6.5]), xr)\ny.sum().backward()\ny.grad_fn.name(), xr.grad",
		"ar = torch.tensor([0.5, 2.0], requires_grad=True)\ny = torch.igammac(ar, torch.tensor([2.0, 3.0]))\ny.grad_fn.name()\ny.sum().backward()",
		"t = torch.tensor([1., 2.])\nr = t.igamma_(torch.tensor([0.5, 3.]))\nr is t, t, t.igammac_(torch.tensor([1.]))",
		"o = torch.empty(15)\ntorch.igamma(a, x, out=o)\no",
	})
}
