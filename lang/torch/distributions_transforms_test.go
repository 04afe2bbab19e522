package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestTransformsMatchTorch compares the elementwise transforms and
// TransformedDistribution with PyTorch 1.13: reprs, maps, inverses,
// log-dets, the cache, a tanh-squashed normal's rsample, log_prob and
// gradients (SAC's policy), and RelaxedBernoulli and
// RelaxedOneHotCategorical (Gumbel-softmax), to 4 digits.
func TestTransformsMatchTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\nfrom torch.distributions.transforms import *\n" +
		"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\nx = torch.tensor([0.5, -0.2])\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"t = TanhTransform(cache_size=1)\n(repr(t), repr(t.inv), repr(ExpTransform()), repr(AffineTransform(0., 2.)), repr(ComposeTransform([ExpTransform(), AffineTransform(1., 2.)])), t.sign, repr(t.inv.inv), t.inv.inv is t, type(t))",
		"t = TanhTransform()\n(r(t(x)), r(t.inv(t(x))), r(t.log_abs_det_jacobian(x, t(x))))",
		"(r(AffineTransform(1., 2.)(x)), r(AffineTransform(1., 2.).inv(x)), r(AffineTransform(1., 2.).log_abs_det_jacobian(x, x)), r(AffineTransform(1., torch.tensor([2., -3.])).log_abs_det_jacobian(x, x)), AffineTransform(0., -2.).sign)",
		"(r(PowerTransform(2.)(x.abs())), r(PowerTransform(2.).log_abs_det_jacobian(x.abs(), x.abs() ** 2)), r(PowerTransform(2.).inv(torch.tensor([4., 9.]))))",
		"(r(SigmoidTransform()(x)), r(SigmoidTransform().log_abs_det_jacobian(x, x.sigmoid())), r(SigmoidTransform().inv(torch.tensor([0.3, 0.9, 0., 1.]))))",
		"(r(AbsTransform()(x)), r(AbsTransform().inv(x)), r(ExpTransform().inv(torch.tensor([1., 2.]))), r(ExpTransform().inv.log_abs_det_jacobian(x.exp(), x)))",
		"c = ComposeTransform([ExpTransform(), AffineTransform(1., 2.)])\n(r(c(x)), r(c.inv(c(x))), r(c.log_abs_det_jacobian(x, c(x))))",
		"AbsTransform().log_abs_det_jacobian(x, x)",
		"mu = torch.tensor([0.1, -0.3], requires_grad=True)\nsd = torch.tensor([1., 0.5], requires_grad=True)\nd = TransformedDistribution(Normal(mu, sd), [TanhTransform(cache_size=1)])\ntorch.manual_seed(0)\na = d.rsample()\nlp = d.log_prob(a)\n(lp.sum() + a.sum()).backward()\n(repr(d), d.batch_shape, d.event_shape, d.has_rsample, d.transforms, d.base_dist, r(a), r(lp), r(mu.grad), r(sd.grad))",
		"d = TransformedDistribution(Normal(torch.zeros(2), 1.), TanhTransform())\ntorch.manual_seed(0)\n(r(d.sample((3,))), d.sample().requires_grad, r(d.log_prob(torch.tensor([0.5, -0.9]))))",
		"TransformedDistribution(Normal(0., 1.), ExpTransform()).entropy()",
		"d = TransformedDistribution(Independent(Normal(torch.zeros(2, 3), 1.), 1), [TanhTransform(cache_size=1), AffineTransform(0., 2.)])\ntorch.manual_seed(2)\na = d.rsample()\n(d.batch_shape, d.event_shape, r(a), r(d.log_prob(a)), r(d.log_prob(torch.full((2, 3), 0.5))))",
		"(r(TransformedDistribution(Normal(0., 1.), ExpTransform()).log_prob(torch.tensor([0.5, 2.]))), r(LogNormal(0., 1.).log_prob(torch.tensor([0.5, 2.]))))",
		"g = TransformedDistribution(Uniform(0., 1.), [SigmoidTransform().inv, AffineTransform(2., 3.)])\ntorch.manual_seed(1)\n(r(g.sample((4,))), r(g.log_prob(torch.tensor([0., 2., 5.]))))",
		"TransformedDistribution(Normal(0., 1.), [1])",
		"TransformedDistribution(Normal(0., 1.), 3)",
		"from torch.distributions.transformed_distribution import TransformedDistribution as T\nT is TransformedDistribution",
		"temp = torch.tensor([0.5])\nd = RelaxedBernoulli(temp, probs=torch.tensor([0.2, 0.7]))\ntorch.manual_seed(0)\ns = d.rsample((3,))\n(repr(d), d.batch_shape, d.event_shape, d.has_rsample, type(d), d.temperature, r(d.probs), r(d.logits), r(s), r(d.log_prob(s)), d.sample().requires_grad)",
		"lg = torch.tensor([[1., 0.5, -1.], [0., 0., 2.]], requires_grad=True)\nd = RelaxedOneHotCategorical(torch.tensor(0.7), logits=lg)\ntorch.manual_seed(0)\ns = d.rsample((2,))\nlp = d.log_prob(s)\n(lp.sum() + s[..., 0].sum()).backward()\n(repr(d), d.batch_shape, d.event_shape, type(d), r(s), r(lp), r(lg.grad))",
		"RelaxedBernoulli(torch.tensor([0.5]), probs=torch.tensor([1.5]))",
		"RelaxedBernoulli(torch.tensor([0.5]), probs=torch.tensor([0.5])).log_prob(torch.tensor([1.5]))",
		"RelaxedOneHotCategorical(torch.tensor([0.5]), probs=torch.tensor([0.5, 0.5])).log_prob(torch.tensor([0.7, 0.7]))",
		"torch.manual_seed(4)\nr(RelaxedBernoulli(2., logits=torch.tensor([0.3])).rsample((4,)))",
		"RelaxedBernoulli(torch.tensor([0.5]), probs=torch.tensor([0.5])).entropy()",
		"from torch.distributions.relaxed_bernoulli import RelaxedBernoulli as RB\nfrom torch.distributions.relaxed_categorical import RelaxedOneHotCategorical as RC\n(RB is RelaxedBernoulli, RC is RelaxedOneHotCategorical)",
	})
}
