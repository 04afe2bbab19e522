package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestTorchFormsMatchTorch checks the torch.* forms of functional losses
// and activations against Debian's PyTorch: ATen's reduction enum (its
// default 0 unreduced, 1 mean, 2 sum, others unreduced) and the in-place
// activations returning their input.
func TestTorchFormsMatchTorch(t *testing.T) {
	prelude := `import torch
def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__
torch.manual_seed(0)
a, b = torch.randn(3, 4), torch.randn(3, 4)
y = torch.tensor([1., -1., 1.])
def ip(f):
    x = a.clone()
    return f(x) is x, x
`
	srcs := []string{
		"[torch.cosine_embedding_loss(a, b, y, 0.2, r) for r in [0, 1, 2, 3, -1]], torch.cosine_embedding_loss(a, b, y), torch.cosine_embedding_loss(a, b, y, reduction=2)",
		"torch.hinge_embedding_loss(a, torch.ones(3, 4)), torch.hinge_embedding_loss(a, -torch.ones(3, 4), 0.5, 2), torch.hinge_embedding_loss(a, b.sign(), reduction=1)",
		"torch.margin_ranking_loss(a[0], b[0], y[:1].expand(4)), torch.margin_ranking_loss(a[0], b[0], -y[:1].expand(4), 0.1, 1), torch.margin_ranking_loss(a, b, a.sign(), reduction=2)",
		"torch.triplet_margin_loss(a, b, a.flip(0)), torch.triplet_margin_loss(a, b, a.flip(0), 0.5, 1, 1e-6, True, 1), torch.triplet_margin_loss(a, b, b.flip(0), p=3, reduction=2)",
		"torch.poisson_nll_loss(a, b.abs(), True, False, 1e-8, 1), torch.poisson_nll_loss(a.abs(), b.abs(), False, True, 1e-8, 2), torch.poisson_nll_loss(a, b.abs(), True, True, 1e-8, 0)",
		"ip(torch.relu_), ip(torch.selu_), ip(lambda x: torch.celu_(x, 0.5)), ip(torch.celu_), ip(lambda x: torch.threshold_(x, 0.1, 9.))",
		"torch.manual_seed(1)\ntorch.rrelu(a), torch.rrelu(a, 0.1, 0.3, True), ip(lambda x: torch.rrelu_(x, training=True)), ip(torch.rrelu_)",
		"[err(f) for f in [lambda: torch.cosine_embedding_loss(a, b, y, 0.0, 'mean'), lambda: torch.poisson_nll_loss(a, b), lambda: torch.threshold_(a, 0.1)]]",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
