package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestBinomialMatchesTorch checks torch.binomial against Debian's
// PyTorch: the same seed draws the same counts in both samplers (BTRS
// and inversion), for p on both sides of 1/2, in float32 and float64,
// with a generator of its own, on views and broadcast probabilities;
// the edge values, the resize warning, the NotImplemented node and the
// errors.
func TestBinomialMatchesTorch(t *testing.T) {
	prelude := `import torch, warnings
def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
def caught(f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        out = f()
    return out, [str(x.message).split(' (Triggered internally')[0] for x in w]
torch.manual_seed(0)
counts = [10., 100., 5., 1000., 40., 7., 3000., 250., 1e6, 12.]
probs = [0.5, 0.3, 0.9, 0.95, 0.2, 0.01, 0.001, 0.7, 0.37, 0.999]
`
	srcs := []string{
		"[torch.binomial(torch.tensor(counts, dtype=d), torch.tensor(probs, dtype=d)).tolist() for d in [torch.float32, torch.float64] for _ in range(20)]",
		"g = torch.Generator().manual_seed(5)\ntorch.binomial(torch.full((3, 4), 50.), torch.rand(3, 4), generator=g).tolist(), torch.binomial(torch.tensor([30.]), torch.tensor([0.6]), g).tolist()",
		"torch.binomial(torch.tensor([[1., 2, 3]]).expand(2, 3), torch.tensor([[0.5], [0.7]])).tolist(), torch.binomial(torch.full((4, 3), 60.).t(), torch.full((3, 4), 0.4)).tolist()",
		"torch.binomial(torch.tensor([-10., 5, 5, float('inf'), 5, 0, 3]), torch.tensor([0.5, -0.1, 1.5, 0.5, float('nan'), float('nan'), 1.0])).tolist()",
		"torch.binomial(torch.tensor(5.), torch.tensor(0.5)).item(), torch.binomial(torch.tensor([]), torch.tensor([])).shape, torch.binomial(torch.tensor([4.]), torch.tensor(0.5)).tolist()",
		"caught(lambda: torch.binomial(torch.tensor([10., 3.]), torch.tensor([[0.5], [0.3]])).tolist()), caught(lambda: torch.binomial(torch.tensor(5.), torch.tensor([0.5, 0.2])).tolist())",
		"c = torch.tensor([10., 20.], requires_grad=True)\np = torch.tensor([0.5, 0.2], requires_grad=True)\ny = torch.binomial(c, p)\ny.grad_fn.name(), y.requires_grad, err(lambda: y.sum().backward()), torch.binomial(c.detach(), p.detach()).grad_fn",
		"with torch.no_grad():\n    y = torch.binomial(c, p)\ny.grad_fn, y.requires_grad",
		"[err(f) for f in [lambda: torch.binomial(torch.tensor([10]), torch.tensor([0.5])), lambda: torch.binomial(torch.tensor([10.], dtype=torch.float64), torch.tensor([0.5])), " +
			"lambda: torch.binomial(torch.tensor([10]), torch.tensor([1])), lambda: torch.binomial(torch.tensor([10.], dtype=torch.float16), torch.tensor([0.5], dtype=torch.float16)), " +
			"lambda: torch.binomial(torch.tensor([10.], dtype=torch.bfloat16), torch.tensor([0.5], dtype=torch.bfloat16)), lambda: torch.binomial(torch.ones(2), torch.ones(3)), " +
			"lambda: torch.binomial(torch.tensor([10.]), 0.5)]]",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
