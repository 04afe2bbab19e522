package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestStickBreakingMatchesTorch compares StickBreakingTransform,
// TransformedDistribution through it and LogisticNormal with PyTorch
// 1.13: maps, inverses, log-dets, shapes, domains, seeded rsamples,
// log_prob with its gradients, and the errors.
func TestStickBreakingMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\nfrom torch.distributions.transforms import *\n" +
		"r = lambda t: [float('%.4g' % v) + 0.0 for v in t.flatten().tolist()]\n" +
		"x = torch.tensor([[0.5, -1., 2.], [0., 0.3, -0.2]])\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"t = StickBreakingTransform()\ny = t(x)\n(repr(t), r(y), r(y.sum(-1)), r(t.inv(y)), r(t.log_abs_det_jacobian(x, y)), t.forward_shape((2, 3)), t.inverse_shape((2, 4)), t.domain, t.codomain, t.bijective, repr(t.inv), t.inv.domain, t.domain.event_dim)",
		"t = StickBreakingTransform()\n(r(t.inv(torch.tensor([0.2, 0.3, 0.5]))), r(t.inv.log_abs_det_jacobian(torch.tensor([0.2, 0.3, 0.5]), t.inv(torch.tensor([0.2, 0.3, 0.5])))))",
		"d = TransformedDistribution(Normal(torch.zeros(3), 1.), StickBreakingTransform())\ntorch.manual_seed(0)\ns = d.rsample((2,))\n(d.batch_shape, d.event_shape, d.base_dist, r(s), r(d.log_prob(s)))",
		"d = LogisticNormal(torch.tensor([0.5, -1.]), torch.tensor([1., 0.5]))\ntorch.manual_seed(1)\ns = d.rsample((3,))\n(repr(d), d.batch_shape, d.event_shape, d.has_rsample, type(d), isinstance(d, TransformedDistribution), d.base_dist, d.transforms, repr(d.support), d.arg_constraints, r(d.loc), r(d.scale), r(s), r(d.log_prob(s)))",
		"d = LogisticNormal(0., 1.)\ntorch.manual_seed(2)\n(repr(d), d.batch_shape, d.event_shape, r(d.sample()), d.sample().requires_grad)",
		"d = LogisticNormal(torch.zeros(2, 3), torch.ones(2, 3))\ntorch.manual_seed(3)\ns = d.sample()\n(d.batch_shape, d.event_shape, s.shape, r(d.log_prob(s)), r(d.log_prob(torch.tensor([0.1, 0.2, 0.3, 0.4]))))",
		"loc = torch.tensor([0.2, -0.4], requires_grad=True)\nsc = torch.tensor([1., 2.], requires_grad=True)\nd = LogisticNormal(loc, sc)\ntorch.manual_seed(4)\ns = d.rsample()\n(d.log_prob(s.detach()).sum() + (s * torch.tensor([1., 2., 3.])).sum()).backward()\n(r(s), r(loc.grad), r(sc.grad))",
		"d = LogisticNormal(torch.zeros(2), 1.).expand((3,))\n(d.batch_shape, d.event_shape)",
		"LogisticNormal(0., -1.)",
		"LogisticNormal(0., 1.).entropy()",
		"LogisticNormal(torch.zeros(2), 1.).log_prob(torch.tensor([0.5, 0.6, 0.1]))",
		"from torch.distributions.logistic_normal import LogisticNormal as L\nL is LogisticNormal",
	})
}
