package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// atenBagPrelude makes a seeded table, indices and offsets with an empty
// bag.
const atenBagPrelude = `import torch
torch.manual_seed(0)
w = torch.randn(6, 3)
i = torch.tensor([1, 2, 4, 5, 4, 3])
o = torch.tensor([0, 2, 2, 5])
def show(*a):
    r = torch.embedding_bag(*a)
    return len(r), r[0].tolist(), [(x.dtype, x.tolist()) for x in r[1:]]
`

// atenBagCases are checked against PyTorch 1.13: each mode with and
// without padding_idx and include_last_offset, per_sample_weights, the
// gradients and errors. (1.13 corrupts its heap for max, and for mean
// with padding_idx, with include_last_offset, so those are not asked.)
var atenBagCases = []string{
	"show(w, i, o)",
	"show(w, i, o, False, 0, False, None, False, 4)",
	"show(w, i, o, False, 0, False, None, True)",
	"show(w, i, o, False, 1)",
	"show(w, i, o, False, 1, False, None, False, 4)",
	"show(w, i, o, False, 1, False, None, True)",
	"show(w, i, o, False, 1, False, None, False, -1)",
	"show(w, i, o, False, 2)",
	"show(w, i, o, False, 2, False, None, False, 4)",
	"show(w, i, o, False, 0, False, torch.linspace(0.5, 1.5, 6))",
	"show(w.double(), i, o, False, 1)",
	"wg = w.clone().requires_grad_()\nr = torch.embedding_bag(wg, i, o, False, 1)\nr[0].sum().backward()\nr[0].grad_fn.name(), wg.grad.tolist()",
	"wg = w.clone().requires_grad_()\nr = torch.embedding_bag(wg, i, o, False, 2)\n(r[0] * torch.arange(12.).view(4, 3)).sum().backward()\nwg.grad.tolist()",
	"torch.embedding_bag(torch.randn(6), torch.tensor([1, 2]), torch.tensor([0]))",
	"torch.embedding_bag(w, i, None)",
}

// TestATenEmbeddingBagMatchesPyTorch runs the cases in kael and PyTorch.
func TestATenEmbeddingBagMatchesPyTorch(t *testing.T) {
	checkCloseToTorch(t, atenBagPrelude, atenBagCases, reftest.Tolerance{Abs: 1e-5, Rel: 1e-5})
}
