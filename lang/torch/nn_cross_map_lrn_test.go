package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestCrossMapLRN2dMatchesTorch checks nn.CrossMapLRN2d against Debian's
// PyTorch: outputs and the gradient its legacy backward writes for
// window sizes below, at and above the channel count, float64, the repr
// with the arguments as given, and the errors.
func TestCrossMapLRN2dMatchesTorch(t *testing.T) {
	srcs := []string{
		"m = nn.CrossMapLRN2d(3)\nrepr(m), m.size, m.alpha, m.beta, m.k, list(m.state_dict()), g(m, torch.randn(2, 5, 3, 2))",
		"g(nn.CrossMapLRN2d(2, alpha=0.5, beta=0.6, k=2.0), torch.randn(1, 6, 2, 3))",
		"g(nn.CrossMapLRN2d(5, alpha=1, beta=1.5), torch.randn(2, 4, 2, 2))",
		"g(nn.CrossMapLRN2d(8, alpha=0.2), torch.randn(1, 3, 2, 2))",
		"x = torch.randn(1, 7, 2, 2, dtype=torch.float64, requires_grad=True)\ny = nn.CrossMapLRN2d(4, alpha=0.3)(x)\n(y * torch.arange(28.).view(1, 7, 2, 2)).sum().backward()\nr(y), r(x.grad), y.dtype, type(y.grad_fn).__name__",
		"err(lambda: nn.CrossMapLRN2d(3)(torch.randn(5, 2, 2)))",
		"repr(nn.CrossMapLRN2d(4, 1e-3, 1, 3.5))",
		"x = torch.randn(1, 3, 2, 2, requires_grad=True)\ny = nn.CrossMapLRN2d(1)(x)\nr(y), err(lambda: y.sum().backward())[0]",
		"err(lambda: nn.CrossMapLRN2d(0)(torch.randn(1, 3, 2, 2))), err(lambda: nn.CrossMapLRN2d(3)(torch.ones(1, 3, 2, 2, dtype=torch.long)))",
	}
	langtest.CheckMatchesTorch(t, nnPrelude+nnGrad, srcs)
}
