package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestScansAndConstructionRefuseAsTorch checks the errors of bad inputs to
// cumprod, logcumsumexp, cummax, cummin, take, hamming_window, mv and isin against
// Debian's PyTorch: the message where kael gives PyTorch's, the kind
// where PyTorch's argument parser lists its overloads.
func TestScansAndConstructionRefuseAsTorch(t *testing.T) {
	prelude := `import torch
def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__, str(e)
def kind(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__
`
	srcs := []string{
		"err(lambda: torch.take(torch.zeros(3), torch.tensor([2**53 + 1])))",
		"err(lambda: torch.take(torch.zeros(3), torch.tensor([-2**62])))",
		"err(lambda: torch.take(torch.zeros(3), torch.tensor([1.0])))",
		"kind(lambda: torch.hamming_window(5, alpha=0.5))",
		"kind(lambda: torch.hamming_window(5, True, beta=0.5))",
		"kind(lambda: torch.hamming_window(5, periodic=True, beta=0.5))",
		"torch.hamming_window(3, periodic=False, alpha=0.5, beta=0.25).tolist(), torch.hamming_window(3).tolist()",
		"err(lambda: torch.cumprod(torch.ones(2, dtype=torch.float16), 0))",
		"err(lambda: torch.cumprod(torch.ones(2, 3), 2))",
		"err(lambda: torch.logcumsumexp(torch.tensor([1, 2]), 0))",
		"err(lambda: torch.logcumsumexp(torch.ones(2, dtype=torch.complex64), 0))",
		"err(lambda: torch.logcumsumexp(torch.ones(2, dtype=torch.float16), 0))",
		"err(lambda: torch.cummax(torch.ones(2, dtype=torch.complex64), 0))",
		"err(lambda: torch.cummin(torch.ones(2, dtype=torch.float16), 0))",
		"err(lambda: torch.cummin(torch.ones(2), -2))",
		"torch.cummax(torch.tensor([[1, 3], [2, 2], [0, 5]], dtype=torch.int16), 0)",
		"torch.cumprod(torch.tensor([[1, 3], [2, 2], [0, 5]], dtype=torch.uint8), 0)",
		"err(lambda: torch.mv(torch.ones(2, 3), torch.ones(3, dtype=torch.float64)))",
		"err(lambda: torch.mv(torch.ones(2, 3, dtype=torch.int64), torch.ones(3)))",
		"torch.mv(torch.ones(2, 3, requires_grad=True), torch.ones(3)).grad_fn.name()",
		"err(lambda: torch.isin(torch.tensor([True]), torch.tensor([True])))",
		"err(lambda: torch.isin(torch.ones(2), torch.ones(2, dtype=torch.complex64)))",
		"torch.isin(torch.tensor([1, 2, 2**53 + 1]), torch.tensor([2**53, 2, 7])), torch.isin(torch.tensor([1, 2]), torch.tensor([1.5, 2.0]))",
		"torch.isin(torch.tensor([1.0, float('nan'), -0.0, 3.0]), torch.tensor([0.0, 3.0, float('nan')])), torch.isin(torch.tensor([1.0, 2.0]), 2, invert=True)",
		"torch.isin(2, torch.tensor([1, 2])), torch.isin(torch.tensor([[1, 5], [3, 4]], dtype=torch.uint8), torch.tensor([5, 300]))",
		"x = torch.arange(3000); (torch.isin(x, torch.arange(0, 3000, 7)) == (x % 7 == 0)).all()",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
