package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// wishartPrelude makes Wisharts of each parametrisation: one matrix
// with a number df, a batch of df over one scale_tril, and float64 from
// a precision matrix.
const wishartPrelude = `import torch
from torch.distributions import Wishart
cov = torch.tensor([[2.0, 0.3], [0.3, 1.0]])
w = Wishart(torch.tensor(4.), covariance_matrix=cov)
L = torch.tensor([[1.0, 0.0], [0.5, 2.0]])
wb = Wishart(torch.tensor([3., 5.]), scale_tril=L)
wp = Wishart(5., precision_matrix=torch.eye(3, dtype=torch.float64) * 2)
`

// wishartCases are checked against PyTorch 1.13: reprs (with the lazy
// matrices once computed), constraints, moments, entropy, log_prob and
// its gradients, seeded samples (the Bartlett draws, 1.13's correction
// loop included), expand and the constructor's errors.
var wishartCases = []string{
	"str(w), w.batch_shape, w.event_shape, str(w.support), w.has_rsample",
	// PyTorch sets the class's arg_constraints['df'] at each construction
	// (kael keeps each instance's own): read it from the latest one
	"Wishart(3., covariance_matrix=torch.eye(3)).arg_constraints",
	"w.scale_tril.tolist(), w.precision_matrix.tolist(), str(w)",
	"str(wb), wb.batch_shape, wb.df.tolist(), wb.covariance_matrix.tolist(), str(wb)",
	"w.mean.tolist(), w.mode.tolist(), w.variance.tolist(), w.stddev.tolist(), w.entropy().item()",
	"wb.mean.tolist(), wb.mode.tolist(), wb.variance.tolist(), wb.entropy().tolist()",
	"wp.entropy().item(), wp.covariance_matrix.tolist(), wp.mean.dtype, str(wp)",
	"w.log_prob(torch.eye(2)).item(), w.log_prob(torch.tensor([[3.0, 1.0], [1.0, 2.0]])).item()",
	"wb.log_prob(torch.stack([torch.eye(2), torch.tensor([[3.0, 1.0], [1.0, 2.0]])])).tolist()",
	"torch.manual_seed(0)\ns = w.sample()\ns.tolist(), w.log_prob(s).item(), torch.rand(2).tolist()",
	"torch.manual_seed(1)\ns = w.sample((3,))\ns.shape, s.tolist(), w.log_prob(s).tolist()",
	"torch.manual_seed(2)\ns = wb.rsample((2,))\ns.shape, s.tolist(), wb.log_prob(s).tolist()",
	"torch.manual_seed(3)\ns = wp.sample()\ns.dtype, s.tolist(), wp.log_prob(s).item()",
	"torch.manual_seed(4)\nLg = L.clone().requires_grad_()\ns = Wishart(4., scale_tril=Lg).rsample()\ns.sum().backward()\ns.tolist(), Lg.grad.tolist()",
	"Lg = L.clone().requires_grad_()\ndf = torch.tensor(3.5, requires_grad=True)\nlp = Wishart(df, scale_tril=Lg).log_prob(torch.tensor([[2.0, 0.5], [0.5, 3.0]]))\nlp.backward()\nlp.item(), Lg.grad.tolist(), df.grad.item()",
	"df = torch.tensor([3.5, 6.], requires_grad=True)\ne = Wishart(df, covariance_matrix=cov).entropy()\ne.sum().backward()\ne.tolist(), df.grad.tolist()",
	"v = torch.tensor([[2.0, 0.5], [0.5, 3.0]], requires_grad=True)\nlp = w.log_prob(v)\nlp.backward()\nlp.item(), v.grad.tolist()",
	"e = w.expand((3,))\nstr(e), e.batch_shape, e.mean.shape, e.log_prob(torch.eye(2)).tolist()",
	"Wishart(6., covariance_matrix=torch.eye(2)).mode.tolist(), Wishart(2.5, covariance_matrix=torch.eye(2)).mode.tolist()",
	"import torch.distributions.wishart as W\nW.Wishart is Wishart, type(w).__name__, isinstance(w, torch.distributions.ExponentialFamily)",
	"Wishart(1, covariance_matrix=torch.eye(2))",
	"Wishart(torch.tensor([3., 0.5]), covariance_matrix=torch.eye(2))",
	"Wishart(3, covariance_matrix=torch.ones(2))",
	"Wishart(3)",
	"Wishart(3, covariance_matrix=torch.eye(2), scale_tril=torch.eye(2))",
	"Wishart(3, covariance_matrix=-torch.eye(2))",
	"Wishart(3, scale_tril=torch.ones(2, 2))",
	"w.log_prob(-torch.eye(2))",
}

// TestWishartMatchesPyTorch runs the cases in kael and PyTorch.
func TestWishartMatchesPyTorch(t *testing.T) {
	checkCloseToTorch(t, wishartPrelude, wishartCases, reftest.Tolerance{Abs: 1e-4, Rel: 1e-4})
}
