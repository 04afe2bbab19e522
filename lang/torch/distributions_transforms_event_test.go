package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestEventTransformsMatchTorch compares IndependentTransform,
// ReshapeTransform and CumulativeDistributionTransform with PyTorch 1.13:
// reprs, maps, inverses, log-dets, shapes, domains and codomains, their
// use in TransformedDistribution, and the errors.
func TestEventTransformsMatchTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\nfrom torch.distributions.transforms import *\n" +
		"r = lambda t: [float('%.4g' % v) + 0.0 for v in t.flatten().tolist()]\n" +
		"x = torch.tensor([[0.5, 1.], [2., -1.]])\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"t = IndependentTransform(ExpTransform(), 1)\ny = t(x)\n(repr(t), t.domain, t.codomain, t.bijective, r(y), r(t.inv(y)), r(t.log_abs_det_jacobian(x, y)), t.forward_shape((2, 3)), repr(t.inv), t.sign, t.base_transform, t.reinterpreted_batch_ndims, t.inv.domain)",
		"t = ReshapeTransform((2, 2), (4,))\ny = t(torch.arange(8.).reshape(2, 2, 2))\n(repr(t), t.domain, t.codomain, y.shape, r(y), t.inv(y).shape, r(t.log_abs_det_jacobian(torch.zeros(3, 2, 2), torch.zeros(3, 4))), t.forward_shape((5, 2, 2)), t.inverse_shape((5, 4)), t.bijective, t.in_shape, t.out_shape)",
		"ReshapeTransform((2, 2), (4,)).forward_shape((5, 3))",
		"ReshapeTransform((2, 2), (3,))",
		"c = CumulativeDistributionTransform(Normal(0., 1.))\n(repr(c), c.domain, c.codomain, c.bijective, c.sign, r(c(x)), r(c.inv(torch.tensor([0.2, 0.9]))), r(c.log_abs_det_jacobian(x, c(x))), c.distribution)",
		"d = TransformedDistribution(Normal(torch.zeros(2, 3), 1.), IndependentTransform(ExpTransform(), 1))\n(d.batch_shape, d.event_shape, r(d.log_prob(torch.ones(2, 3))), r(d.log_prob(torch.full((2, 3), 2.))))",
		"d = TransformedDistribution(Normal(torch.zeros(4), 1.), ReshapeTransform((4,), (2, 2)))\ntorch.manual_seed(0)\ns = d.sample()\n(d.batch_shape, d.event_shape, s.shape, r(s), r(d.log_prob(s)))",
		"d = TransformedDistribution(Normal(0., 1.), CumulativeDistributionTransform(Normal(0., 1.)))\ntorch.manual_seed(1)\ns = d.sample((3,))\n(d.batch_shape, d.event_shape, r(s), r(d.log_prob(torch.tensor([0.2, 0.5]))))",
		"CumulativeDistributionTransform(Gamma(1., 1.))(torch.tensor([1.]))",
	})
}
