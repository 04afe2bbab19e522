package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// adaptivePrelude makes a seeded AdaptiveLogSoftmaxWithLoss, so that its
// weights are PyTorch's, and a batch whose targets fall in every cluster.
const adaptivePrelude = `import torch
import torch.nn as nn
torch.manual_seed(0)
m = nn.AdaptiveLogSoftmaxWithLoss(8, 10, [3, 6], div_value=2.0)
x = torch.randn(5, 8)
t = torch.tensor([0, 4, 9, 2, 7])
`

// adaptiveCases are checked against PyTorch 1.13: the repr and
// attributes, forward's named tuple, its gradients, log_prob, predict,
// the unbatched call and the errors for bad cutoffs and targets.
var adaptiveCases = []string{
	"str(m)",
	"m.cutoffs, m.shortlist_size, m.n_clusters, m.head_size, m.head_bias, m.div_value, m.in_features, m.n_classes",
	"[(n, tuple(p.shape)) for n, p in m.named_parameters()]",
	"r = m(x, t)\nstr(r), type(r).__name__, r._fields, r.output.grad_fn.name(), r.loss.grad_fn.name()",
	"r = m(x, t)\no, l = r\no.tolist(), l.item(), r[1] is r.loss",
	"m(x, t).loss.backward()\nm.head.weight.grad.tolist(), m.tail[0][1].weight.grad.tolist(), m.tail[1][0].weight.grad.tolist()",
	"x.requires_grad_()\nm(x, t).output.sum().backward()\nx.grad.tolist()",
	"m(x, torch.tensor([1, 2, 0, 0, 1])).output.tolist()",
	"m(x, torch.tensor([9, 9, 8, 6, 7])).loss.item()",
	"lp = m.log_prob(x)\nlp.tolist(), lp.grad_fn.name(), lp.exp().sum(1).tolist()",
	"m.predict(x).tolist(), m.log_prob(x).argmax(1).tolist()",
	"m.predict(x * 40).tolist(), m.log_prob(x * 40).argmax(1).tolist()",
	"r = m(x[0], t[1])\nstr(r), r.output.dim(), r.loss.dim()",
	"torch.manual_seed(1)\nb = nn.AdaptiveLogSoftmaxWithLoss(16, 20, (4, 10, 15), head_bias=True, dtype=torch.float64)\nstr(b), b.head.bias.tolist(), b(torch.randn(3, 16, dtype=torch.float64), torch.tensor([3, 12, 19])).loss.item()",
	"nn.AdaptiveLogSoftmaxWithLoss(8, 10, [])",
	"nn.AdaptiveLogSoftmaxWithLoss(8, 10, [3, 3])",
	"nn.AdaptiveLogSoftmaxWithLoss(8, 10, [0, 4])",
	"nn.AdaptiveLogSoftmaxWithLoss(8, 10, [10])",
	"nn.AdaptiveLogSoftmaxWithLoss(8, 10, [5, 3])",
	"m(x, torch.tensor([0, 12, 1, 1, 1]))",
	"m(x, torch.tensor([0, -1, 1, 1, 1]))",
	"m(x, t[:3])",
	"m(x[0], t)",
	"m(x, t[0])",
	"m(x, t.view(5, 1))",
	"m(x, t.float())",
	"m.log_prob(x[0])",
}

// TestAdaptiveLogSoftmaxMatchesPyTorch runs the cases in kael and PyTorch.
func TestAdaptiveLogSoftmaxMatchesPyTorch(t *testing.T) {
	checkCloseToTorch(t, adaptivePrelude, adaptiveCases, reftest.Tolerance{Abs: 1e-5, Rel: 1e-5})
}
