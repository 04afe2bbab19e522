package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLowRankMultivariateNormalMatchesTorch compares
// LowRankMultivariateNormal with PyTorch 1.13: reprs, seeded rsamples,
// log_prob and entropy with their gradients, the moments and the lazy
// matrices, batches, expand, kl_divergence and the errors.
func TestLowRankMultivariateNormalMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\n" +
		"r = lambda t: [float('%.4g' % v) + 0.0 for v in t.flatten().tolist()]\n" +
		"torch.manual_seed(7)\nW = torch.randn(3, 2)\nD = torch.rand(3) + 0.5\nloc = torch.tensor([0.5, -1., 2.])\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"d = LowRankMultivariateNormal(loc, W, D)\ntorch.manual_seed(0)\ns = d.rsample((4,))\n(repr(d), d.batch_shape, d.event_shape, d.has_rsample, type(d), r(s), r(d.log_prob(s)), r(d.entropy()), r(d.mean), r(d.variance), r(d.stddev), repr(d.support), d.arg_constraints, torch.rand(1).tolist())",
		"d = LowRankMultivariateNormal(loc, W, D)\n(r(d.covariance_matrix), r(d.precision_matrix), r(d.scale_tril), repr(d), r(d.cov_factor), r(d.cov_diag))",
		"d = LowRankMultivariateNormal(loc, W, D)\nm = MultivariateNormal(loc, d.covariance_matrix)\nx = torch.tensor([[0., 0., 0.], [1., -1., 3.]])\n(r(d.log_prob(x)), r(m.log_prob(x)), r(d.entropy()), r(m.entropy()))",
		"d = LowRankMultivariateNormal(torch.zeros(2, 3), W, torch.rand(2, 1, 3) + 0.2)\ntorch.manual_seed(1)\ns = d.sample()\n(d.batch_shape, d.event_shape, s.shape, r(s), r(d.log_prob(s)), r(d.entropy()), d.covariance_matrix.shape, r(d.variance))",
		"l = loc.clone().requires_grad_()\nw = W.clone().requires_grad_()\nv = D.clone().requires_grad_()\nd = LowRankMultivariateNormal(l, w, v)\ntorch.manual_seed(3)\nx = d.rsample((2,))\n(x.sum() + d.log_prob(x.detach()).sum() + d.entropy()).backward()\n(r(x), r(l.grad), r(w.grad), r(v.grad))",
		"d = LowRankMultivariateNormal(loc, W, D).expand((2,))\ntorch.manual_seed(2)\n(d.batch_shape, repr(d), r(d.sample()), r(d.entropy()))",
		"p = LowRankMultivariateNormal(loc, W, D)\nq = LowRankMultivariateNormal(torch.zeros(3), W * 0.5, D + 1.)\nr(kl_divergence(p, q)), r(kl_divergence(q, p))",
		"LowRankMultivariateNormal(torch.tensor(1.), W, D)",
		"LowRankMultivariateNormal(loc, torch.ones(3), D)",
		"LowRankMultivariateNormal(loc, torch.ones(2, 2), D)",
		"LowRankMultivariateNormal(loc, W, torch.ones(2))",
		"LowRankMultivariateNormal(torch.zeros(2, 3), torch.ones(3, 3, 2), D)",
		"LowRankMultivariateNormal(loc, W, torch.tensor([1., 0.5, -0.1]))",
		"kl_divergence(LowRankMultivariateNormal(loc, W, D), LowRankMultivariateNormal(torch.zeros(2), torch.ones(2, 1), torch.ones(2)))",
		"from torch.distributions.lowrank_multivariate_normal import LowRankMultivariateNormal as L\nL is LowRankMultivariateNormal",
	})
}
