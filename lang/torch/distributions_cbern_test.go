package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestContinuousBernoulliMatchesTorch compares ContinuousBernoulli with
// PyTorch 1.13: reprs, seeded samples and rsamples with their gradients,
// log_prob, entropy, the moments, cdf and icdf on both sides of the
// Taylor region, kl_divergence, expand and the errors.
func TestContinuousBernoulliMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\n" +
		"r = lambda t: [float('%.5g' % v) + 0.0 for v in t.flatten().tolist()]\n" +
		"p = torch.tensor([0.2, 0.5, 0.5005, 0.9])\nv = torch.tensor([0.3, 0.3, 0.7, 0.1])\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"d = ContinuousBernoulli(p)\ntorch.manual_seed(0)\ns = d.sample((3,))\n(repr(d), d.batch_shape, d.event_shape, d.has_rsample, type(d), isinstance(d, ExponentialFamily), r(s), r(d.log_prob(s)), r(d.entropy()), r(d.mean), r(d.variance), r(d.stddev), repr(d.support), d.arg_constraints)",
		"d = ContinuousBernoulli(p)\n(r(d.log_prob(v)), r(d.cdf(v)), r(d.icdf(v)), r(d.cdf(torch.tensor([-0.5, 0., 1., 1.5]))), r(d.logits), repr(d))",
		"d = ContinuousBernoulli(logits=torch.tensor([0.3, -2., 0.001]))\n(repr(d), r(d.probs), repr(d), r(d.mean), r(d.variance), r(d.entropy()), [round(x, 5) + 0.0 for x in d.log_prob(torch.tensor([0.5, 0.1, 0.9])).tolist()])", // 0.0004 is a difference of two numbers near 0.69: rounded to float32's absolute precision
		"d = ContinuousBernoulli(0.3)\n(repr(d), d.batch_shape, r(d.mean), d.probs.dtype)",
		"d = ContinuousBernoulli(torch.tensor([0.2, 0.7], dtype=torch.float64))\ntorch.manual_seed(3)\ns = d.rsample((2,))\n(s.dtype, r(s), r(d.log_prob(s)), r(d.entropy()))",
		"q = torch.tensor([0.2, 0.7, 0.5], requires_grad=True)\nd = ContinuousBernoulli(q)\ntorch.manual_seed(1)\nx = d.rsample((2,))\n(x.sum() + d.log_prob(x.detach()).sum() + d.entropy().sum() + d.mean.sum()).backward()\n(r(x), r(q.grad))",
		"l = torch.tensor([1.5, -0.3], requires_grad=True)\nContinuousBernoulli(logits=l).log_prob(torch.tensor([0.2, 0.8])).sum().backward()\nr(l.grad)",
		"torch.manual_seed(0)\nd = ContinuousBernoulli(torch.tensor([0.3, 0.8]))\n(d.sample().requires_grad, r(d.sample((2,))), r(ContinuousBernoulli(torch.tensor([0.3]), lims=(0.2, 0.4)).mean))",
		"r(kl_divergence(ContinuousBernoulli(p), ContinuousBernoulli(torch.tensor([0.3, 0.6, 0.1, 0.5]))))",
		"d = ContinuousBernoulli(torch.tensor([0.3])).expand((3,))\n(d.batch_shape, r(d.mean), r(d.probs))",
		"ContinuousBernoulli(torch.tensor([1.5])).probs",
		"ContinuousBernoulli(torch.tensor([1.5]), validate_args=False)",
		"ContinuousBernoulli(torch.tensor([0.5]), logits=torch.tensor([0.]))",
		"ContinuousBernoulli()",
		"ContinuousBernoulli(torch.tensor([0.3, 0.6])).log_prob(torch.tensor([1.3, 0.3]))",
		"from torch.distributions.continuous_bernoulli import ContinuousBernoulli as CB\nimport torch.distributions.continuous_bernoulli as m\n(CB is ContinuousBernoulli, m.ContinuousBernoulli is CB)",
	})
}
