package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestGumbelSoftmaxMatchesTorch checks Tensor.exponential_ and
// F.gumbel_softmax against Debian's PyTorch: the same draws for the same
// seed (contiguous, transposed, every floating dtype), the soft and hard
// samples with their gradients, the deprecated eps's warning and the
// errors.
func TestGumbelSoftmaxMatchesTorch(t *testing.T) {
	prelude := nnPrelude + `def wg(f, x):
    x = x.clone().requires_grad_(True)
    y = f(x)
    (y * torch.arange(y.numel(), dtype=y.dtype).view(y.shape)).sum().backward()
    return r(y), r(x.grad), type(y.grad_fn).__name__
x = torch.randn(3, 5)
`
	srcs := []string{
		"torch.empty(3, 4).exponential_().tolist(), torch.rand(1).item()",
		"torch.empty(5, dtype=torch.float64).exponential_(2.5).tolist(), torch.empty(4, 3).t().exponential_(lambd=0.5).tolist()",
		"torch.empty(3, dtype=torch.float16).exponential_().tolist(), torch.empty(3, dtype=torch.bfloat16).exponential_().tolist()",
		"g = torch.Generator().manual_seed(3)\ntorch.empty(4).exponential_(generator=g).tolist(), torch.zeros(2).exponential_(0).tolist()",
		"wg(lambda x: F.gumbel_softmax(x, tau=0.5), x)",
		"wg(lambda x: F.gumbel_softmax(x, hard=True, dim=0), x)",
		"wg(lambda x: F.gumbel_softmax(x, 2, True), x)",
		"r(F.gumbel_softmax(torch.randn(2, 3, dtype=torch.float64), tau=2, dim=1)), torch.rand(2).tolist()",
		"y = F.gumbel_softmax(torch.randn(4, 6), hard=True)\nr(y.sum(-1)), y.requires_grad",
		`import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    F.gumbel_softmax(x, eps=1e-3)
[(str(m.message), m.category.__name__) for m in w]`,
		"err(lambda: torch.zeros(3, dtype=torch.long).exponential_())",
		"err(lambda: torch.zeros(3).exponential_(-1))",
		"err(lambda: F.gumbel_softmax(x, dim=3))",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
