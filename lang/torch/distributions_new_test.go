package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestNewDistributionsMatchTorch compares HalfCauchy, Pareto, Weibull,
// Kumaraswamy and Binomial with PyTorch 1.13: reprs, shapes, seeded
// samples, log_prob, entropy, the moments, rsample's gradients, cdf and
// the validation errors.
func TestNewDistributionsMatchTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\n" +
		"r = lambda t: [float('%.5g' % v) + 0.0 for v in t.flatten().tolist()]\n" +
		"t = torch.tensor([1., 2.])\n" +
		"def summary(d):\n    torch.manual_seed(0)\n    s = d.sample((3,))\n" +
		"    return (repr(d), d.batch_shape, d.event_shape, d.has_rsample, type(d), isinstance(d, Distribution), r(s), r(d.log_prob(s)), r(d.entropy()), r(d.mean), r(d.variance), repr(d.support))\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"summary(HalfCauchy(t))",
		"summary(Pareto(t, torch.tensor([[0.5], [3.]])))",
		"summary(Pareto(1., 2.5))",
		"summary(Weibull(t, torch.tensor([0.5, 3.])))",
		"summary(Kumaraswamy(torch.tensor([0.5, 2.]), torch.tensor([[1.], [3.]])))",
		"summary(Binomial(10, torch.tensor([0.2, 0.7])))",
		"summary(Binomial(torch.tensor([5., 5.]), logits=torch.tensor([-1., 2.])))",
		"b = Binomial(3, torch.tensor([0.2, 0.7]))\n(b.enumerate_support(), b.enumerate_support(False).shape, b.total_count, r(b.logits), b.has_enumerate_support)",
		"loc = torch.tensor([0.5, 2.], requires_grad=True)\nk = torch.tensor([1.5, 3.], requires_grad=True)\ntorch.manual_seed(1)\nout = []\nfor D in (Pareto, Weibull, Kumaraswamy):\n    d = D(loc, k)\n    x = d.rsample((2,))\n    (x.sum() + d.log_prob(x.detach()).sum()).backward()\n    out.append((D.__name__, r(x), r(loc.grad), r(k.grad)))\n    loc.grad = None\n    k.grad = None\nout",
		"s = torch.tensor([0.5, 2.], requires_grad=True)\nx = HalfCauchy(s).rsample()\nx.sum().backward()\n(r(x), r(s.grad))",
		"p = torch.tensor([0.3, 0.6], requires_grad=True)\nBinomial(4, p).log_prob(torch.tensor([1., 3.])).sum().backward()\nr(p.grad)",
		"HalfCauchy(-1.)",
		"HalfNormal(torch.tensor([1., -1.]))",
		"HalfCauchy(1.).log_prob(torch.tensor(-1.))",
		"Pareto(1., 2.).log_prob(torch.tensor(0.5))",
		"Weibull(1., 0.)",
		"Kumaraswamy(1., 1.).log_prob(torch.tensor(1.5))",
		"Binomial(10, torch.tensor([0.2, 1.5]))",
		"Binomial(torch.tensor([2., 3.]), torch.tensor([0.2, 0.5])).enumerate_support()",
		"Binomial(3, 0.5).log_prob(torch.tensor(4.))",
		"Binomial(3.5, 0.5)",
		"Binomial(3)",
		"(r(kl_divergence(Binomial(torch.tensor([5., 6.]), torch.tensor([0.3, 0.6])), Binomial(5, torch.tensor([0.5, 0.2])))), r(kl_divergence(Pareto(torch.tensor([1., 2.]), 3.), Pareto(torch.tensor([1.5, 1.]), torch.tensor([2., 4.])))))",
		"kl_divergence(Binomial(3, 0.5), Binomial(torch.tensor([2., 5.]), 0.5))",
		"p = torch.tensor([0.3, 0.6], requires_grad=True)\nkl_divergence(Binomial(4, p), Binomial(4, 0.5)).sum().backward()\nr(p.grad)",
		"summary(FisherSnedecor(torch.tensor([1., 5.]), torch.tensor([[3.], [10.]])))",
		"torch.manual_seed(0)\nd = NegativeBinomial(torch.tensor([2., 10.]), torch.tensor([0.3, 0.8]))\ns = d.sample((3,))\n(repr(d), s.tolist(), r(d.log_prob(s)), r(d.mean), r(d.variance), repr(d.support), isinstance(d, Distribution))",
		"torch.manual_seed(0)\nd = NegativeBinomial(3, logits=torch.tensor([-1., 0.5]))\n(d.sample((4,)).tolist(), r(d.probs), r(d.log_prob(torch.tensor([0., 7.]))))",
		"NegativeBinomial(-1., 0.5)",
		"NegativeBinomial(2., 1.)",
		"NegativeBinomial(2., 0.5).entropy()",
		"FisherSnedecor(1., 1.).entropy()",
		"(FisherSnedecor(1., torch.tensor([1., 3., 5.])).mean, FisherSnedecor(1., torch.tensor([1., 3., 5.])).variance)",
		"logits = torch.tensor([[1., 2., 0.5]], requires_grad=True)\nd = OneHotCategoricalStraightThrough(logits=logits)\ntorch.manual_seed(0)\nx = d.rsample((2,))\n(x * torch.tensor([1., 2., 3.])).sum().backward()\n(x.tolist(), r(logits.grad), d.has_rsample, repr(d), d.event_shape, isinstance(d, OneHotCategorical), r(d.log_prob(x.detach())))",
		"torch.manual_seed(0)\nd = OneHotCategoricalStraightThrough(torch.tensor([0.2, 0.3, 0.5]))\n(d.sample((3,)).tolist(), d.sample().requires_grad, r(d.entropy()))",
	})
}

// TestMixtureSameFamilyMatchesTorch compares MixtureSameFamily with
// PyTorch 1.13: seeded samples of univariate, Independent and
// multivariate components, log_prob with its gradients, mean, variance,
// cdf, expand and the errors.
func TestMixtureSameFamilyMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\n" +
		"r = lambda t: [float('%.5g' % v) + 0.0 for v in t.flatten().tolist()]\n" +
		"mix = Categorical(torch.tensor([0.2, 0.5, 0.3]))\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"m = MixtureSameFamily(mix, Normal(torch.tensor([-1., 0., 2.]), torch.tensor([0.5, 1., 2.])))\ntorch.manual_seed(0)\ns = m.sample((4,))\n(repr(m), m.batch_shape, m.event_shape, m.has_rsample, isinstance(m, Distribution), r(s), r(m.log_prob(s)), r(m.mean), r(m.variance), r(m.cdf(torch.tensor([0., 1.]))), repr(m.support))",
		"m = MixtureSameFamily(mix, Independent(Normal(torch.randn(3, 2), torch.rand(3, 2) + 0.5), 1))\ntorch.manual_seed(1)\ns = m.sample((2,))\n(m.batch_shape, m.event_shape, r(s), r(m.log_prob(s)), r(m.mean), r(m.variance))",
		"m = MixtureSameFamily(Categorical(logits=torch.zeros(2, 3)), Normal(torch.arange(6.).reshape(2, 3), 1.))\ntorch.manual_seed(2)\n(m.batch_shape, r(m.sample()), r(m.sample((2,))), r(m.log_prob(torch.tensor([1., 4.]))), r(m.mean), r(m.variance))",
		"loc = torch.tensor([-1., 1.], requires_grad=True)\nlogits = torch.tensor([0.3, -0.2], requires_grad=True)\nm = MixtureSameFamily(Categorical(logits=logits), Normal(loc, 1.))\nm.log_prob(torch.tensor([0.5, -2.])).sum().backward()\n([round(v, 4) for v in loc.grad.tolist()], [round(v, 4) for v in logits.grad.tolist()])",
		"m = MixtureSameFamily(mix, Normal(torch.zeros(3), 1.)).expand((2,))\n(m.batch_shape, m.sample().shape)",
		"MixtureSameFamily(Normal(0., 1.), Normal(torch.zeros(3), 1.))",
		"MixtureSameFamily(mix, Normal(torch.zeros(4), 1.))",
		"MixtureSameFamily(mix, Normal(torch.zeros(3), 1.)).rsample()",
		"MixtureSameFamily(mix, Normal(torch.zeros(3), 1.)).entropy()",
		"MixtureSameFamily(mix, Normal(torch.zeros(3), 1.)).log_prob(torch.tensor(float('nan')))",
	})
}
