package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestMoreDistributionsMatchTorch compares Exponential, Laplace, Cauchy,
// Gumbel, HalfNormal, LogNormal, Geometric, Poisson, OneHotCategorical
// and Independent with PyTorch
// 1.13: reprs, shapes, seeded float32 samples (bit for bit, 100,000 of
// Exponential and Cauchy, and of float64 Exponential), log_prob, entropy and the moments to 4 digits,
// rsample's gradients, validation errors, and kl_divergence with
// register_kl.
func TestMoreDistributionsMatchTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\n" +
		"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\n" +
		"t = torch.tensor([1., 2.])\n" +
		"def summary(d, exact=True):\n    torch.manual_seed(0)\n    s = d.sample((3,))\n" +
		"    m = () if type(d).__name__ == 'Cauchy' else (r(d.mean), [float('%.6g' % v) for v in d.variance.tolist()], r(d.stddev))\n" +
		"    return (repr(d), d.batch_shape, d.event_shape, d.has_rsample, type(d), s.tolist() if exact else r(s), r(d.log_prob(s)), r(d.entropy())) + m\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"summary(Exponential(t))",
		"summary(Exponential(torch.tensor([[0.5], [4.]])))",
		"summary(Laplace(0., t))",
		"summary(Cauchy(t, 1.))",
		"summary(Gumbel(t, torch.tensor([[1.], [0.5]])))",
		"summary(HalfNormal(t))",
		"summary(LogNormal(0., t), exact=False)", // exp rounds as kael's exp does, not as SLEEF's
		"summary(Geometric(probs=torch.tensor([0.3, 0.5])))",
		"summary(Geometric(logits=t))",
		"summary(Poisson(torch.tensor([0.5, 4., 12., 150.])))",
		"summary(OneHotCategorical(torch.tensor([[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]])))",
		"summary(OneHotCategorical(logits=torch.tensor([1., -1., 0.5, 2.])))",
		"torch.manual_seed(1)\n(Poisson(torch.full((2000,), 7.)).sample().sum().item(), Poisson(torch.full((2000,), 33.)).sample().sum().item(), Poisson(torch.tensor([0., 2.], dtype=torch.float64)).sample((3,)).tolist())",
		"rate = torch.tensor([2., 5.], requires_grad=True)\nPoisson(rate).log_prob(torch.tensor([0., 3.])).sum().backward()\nr(rate.grad)",
		"Poisson(1.).entropy()",
		"Poisson(-1.)",
		"Poisson(1.).log_prob(torch.tensor(1.5))",
		"OneHotCategorical(torch.tensor([0.2, 0.8])).log_prob(torch.tensor([0.5, 0.5]))",
		"OneHotCategorical(torch.tensor([0.2, 0.9]))",
		"summary(Independent(Normal(torch.zeros(2, 3), 1.), 1))",
		"summary(Independent(Bernoulli(torch.full((2, 3), 0.4)), 2))",
		"torch.manual_seed(3)\na = Exponential(torch.ones(100000)).sample()\ntorch.manual_seed(3)\nb = Cauchy(torch.zeros(100000), 1.).sample()\ntorch.manual_seed(3)\n(a[:3].tolist(), b[:3].tolist(), a.sum().item() > 0, sum(a.tolist()), sum(b.tolist()))",
		"torch.manual_seed(3)\na = Exponential(torch.ones(100000, dtype=torch.float64)).sample()\n(a[:3].tolist(), sum(a.tolist()), [round(v, 12) for v in Cauchy(torch.zeros(5, dtype=torch.float64), 1.).sample().tolist()])",
		"loc = torch.tensor([0.5, 1.], requires_grad=True)\nscale = torch.tensor([1., 2.], requires_grad=True)\ntorch.manual_seed(1)\nout = []\nfor D in (Laplace, Cauchy, Gumbel, LogNormal):\n    d = D(loc, scale)\n    x = d.rsample((2,))\n    (x.sum() + d.log_prob(x.detach()).sum()).backward()\n    out.append((D.__name__, r(x), r(loc.grad), r(scale.grad)))\n    loc.grad = None\n    scale.grad = None\nout",
		"rate = torch.tensor([0.5, 3.], requires_grad=True)\nx = Exponential(rate).rsample((2,))\nx.sum().backward()\n(r(x), r(rate.grad))",
		"s = torch.tensor([0.5, 3.], requires_grad=True)\nx = HalfNormal(s).rsample()\nx.sum().backward()\n(r(x), r(s.grad), Geometric(0.2).sample().requires_grad)",
		"Geometric(0.2).rsample()",
		"i = Independent(Normal(torch.tensor([0.5, 1.]), torch.tensor([1., 2.])), 1)\n(i.base_dist, i.reinterpreted_batch_ndims, r(i.log_prob(torch.tensor([0., 1.]))), r(i.mean), r(i.variance), i.has_rsample)",
		"Independent(Normal(torch.zeros(3), 1.), 2)",
		"Exponential(torch.tensor([1., -1.]))",
		"Exponential(1.).log_prob(torch.tensor(-1.))",
		"Laplace(0., 0.)",
		"Geometric(probs=torch.tensor([0.3])).log_prob(torch.tensor([1.5]))",
		"r(Geometric(probs=torch.tensor([0.3, 1.])).log_prob(torch.tensor([2., 0.])))",
		"HalfNormal(1.).log_prob(torch.tensor(-1.))",
		"r(HalfNormal(1., validate_args=False).log_prob(torch.tensor([-1., 1.])))",
		"LogNormal(0., 1.).log_prob(torch.tensor(0.))",
		"Independent(Normal(torch.zeros(3), 1.), 1).log_prob(torch.tensor([0., float('nan'), 1.]))",
		"pairs = [(Normal(0., 1.), Normal(1., 2.)), (Exponential(t), Exponential(t * 3)), (Laplace(0., t), Laplace(1., 1.)),\n" +
			"    (Bernoulli(torch.tensor([0.2, 0., 1.])), Bernoulli(torch.tensor([0.5, 0.3, 0.]))), (Categorical(torch.tensor([0.2, 0.8, 0.])), Categorical(torch.tensor([0.5, 0.25, 0.25]))),\n" +
			"    (Uniform(0., 1.), Uniform(-1., 2.)), (Uniform(0., 1.), Uniform(0.5, 2.)), (HalfNormal(t), HalfNormal(1.)), (LogNormal(0., t), LogNormal(1., 1.)),\n" +
			"    (Geometric(torch.tensor([0.3])), Geometric(torch.tensor([0.6]))), (Poisson(torch.tensor([1., 3.])), Poisson(2.)), (OneHotCategorical(torch.tensor([0.2, 0.8])), OneHotCategorical(torch.tensor([0.5, 0.5]))), (Independent(Normal(torch.zeros(2, 3), 1.), 1), Independent(Normal(torch.ones(2, 3), 2.), 1))]\n" +
			"[(type(p).__name__, r(kl_divergence(p, q))) for p, q in pairs]",
		"loc = torch.tensor([0.5], requires_grad=True)\nkl_divergence(Normal(loc, 1.), Normal(0., 2.)).sum().backward()\nr(loc.grad)",
		"kl_divergence(Independent(Normal(torch.zeros(2, 3), 1.), 1), Independent(Normal(torch.zeros(2, 3), 1.), 2))",
		"kl_divergence(Exponential(1.), Cauchy(0., 1.))",
		"from torch.distributions.kl import register_kl\nclass A: pass\nclass B: pass\n@register_kl(A, B)\ndef _kl(p, q): return 42\nkl_divergence(A(), B())",
		"from torch.distributions.exponential import Exponential as E\nfrom torch.distributions.log_normal import LogNormal as LN\nfrom torch.distributions.normal import Normal as N\nimport torch.distributions as D\n(E is Exponential, LN is LogNormal, N is Normal, D.kl.kl_divergence is kl_divergence, D.half_normal.HalfNormal is HalfNormal)",
	})
}

// TestGammaMatchesTorch compares Gamma and Chi2 with PyTorch 1.13:
// seeded samples bit for bit (ATen's sample_gamma, float32 and float64,
// 20,000 draws summed), log_prob, entropy and the moments to 4 digits,
// the gradients of log_prob and entropy (lgamma and digamma) and of
// rsample with respect to rate, kl_divergence and validation.
func TestGammaMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\n" +
		"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\n" +
		"def summary(d):\n    torch.manual_seed(0)\n    s = d.sample((4,))\n" +
		"    return (repr(d), d.batch_shape, type(d), s.tolist(), r(d.log_prob(s)), r(d.entropy()), r(d.mean), r(d.variance), d.has_rsample)\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"summary(Gamma(torch.tensor([0.5, 2., 9.]), torch.tensor([1., 0.5, 3.])))",
		"summary(Gamma(torch.tensor([0.3, 4.], dtype=torch.float64), 2.))",
		"summary(Chi2(torch.tensor([1., 3.])))",
		"summary(Chi2(4.))",
		"torch.manual_seed(5)\na = Gamma(torch.full((20000,), 0.7), 1.).sample()\ntorch.manual_seed(5)\nb = Gamma(torch.full((20000,), 3.3, dtype=torch.float64), 1.).sample()\n(sum(a.tolist()), sum(b.tolist()), a[:3].tolist())",
		"c = torch.tensor([0.5, 2.5], requires_grad=True)\nrt = torch.tensor([1., 2.], requires_grad=True)\nd = Gamma(c, rt)\n(d.log_prob(torch.tensor([0.3, 1.7])).sum() + d.entropy().sum()).backward()\n(r(c.grad), r(rt.grad))",
		"rt = torch.tensor([1., 2.], requires_grad=True)\ntorch.manual_seed(0)\nx = Gamma(torch.tensor([0.5, 2.5]), rt).rsample()\nx.sum().backward()\n(r(x), r(rt.grad))",
		"(Chi2(torch.tensor([1., 3.])).df, r(kl_divergence(Gamma(torch.tensor([0.5, 2.]), 1.5), Gamma(3., torch.tensor([0.5, 2.])))), r(kl_divergence(Chi2(3.), Gamma(2., 1.))))",
		"c = torch.tensor([1.5], requires_grad=True)\nkl_divergence(Gamma(c, 1.), Gamma(2., 3.)).sum().backward()\nr(c.grad)",
		"Gamma(1., -1.)",
		"Gamma(1., 1.).log_prob(torch.tensor(-1.))",
		"Chi2(-1.)",
		"from torch.distributions.gamma import Gamma as G\nfrom torch.distributions.chi2 import Chi2 as C\n(G is Gamma, C is Chi2)",
	})
}

// TestGammaRsampleConcentrationGrad checks that Gamma.rsample refuses,
// with a clear error, the gradient with respect to concentration it
// cannot compute yet, rather than dropping it; sample() still draws.
func TestGammaRsampleConcentrationGrad(t *testing.T) {
	langtest.RunCells(t, []langtest.Case{
		{Src: "import torch\nfrom torch.distributions import Gamma\nGamma(torch.tensor([2.], requires_grad=True), 1.).rsample()", Want: "~NotImplementedError: Gamma.rsample: the gradient with respect to concentration"},
		{Src: "import torch\nfrom torch.distributions import Gamma\nGamma(torch.tensor([2.], requires_grad=True), 1.).sample().shape", Want: "torch.Size([1])"},
		{Src: "import torch\nfrom torch.distributions import Beta\nBeta(torch.tensor([2.], requires_grad=True), 1.).rsample()", Want: "~NotImplementedError: Beta.rsample: the gradient with respect to the concentration"},
	})
}

// TestDirichletBetaMatchTorch compares Dirichlet and Beta with PyTorch
// 1.13: seeded samples bit for bit (ATen's _sample_dirichlet), log_prob,
// entropy, the moments and their gradients, and validation.
func TestDirichletBetaMatchTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\n" +
		"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\n" +
		"def summary(d):\n    torch.manual_seed(0)\n    s = d.sample((3,))\n" +
		"    return (repr(d), d.batch_shape, d.event_shape, type(d), s.tolist(), r(d.log_prob(s)), r(d.entropy()), r(d.mean), r(d.variance), d.has_rsample)\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"summary(Dirichlet(torch.tensor([0.5, 2., 3.])))",
		"summary(Dirichlet(torch.tensor([[1., 1.], [0.2, 5.]], dtype=torch.float64)))",
		"summary(Beta(2., 3.))",
		"summary(Beta(torch.tensor([0.5, 4.]), torch.tensor([0.5, 1.])))",
		"torch.manual_seed(2)\na = Dirichlet(torch.full((3000, 4), 0.8)).sample()\n(sum(a.flatten().tolist()), a[0].tolist())",
		"c = torch.tensor([0.5, 2.5, 1.], requires_grad=True)\nd = Dirichlet(c)\n(d.log_prob(torch.tensor([0.2, 0.5, 0.3])) + d.entropy()).backward()\nr(c.grad)",
		"a1 = torch.tensor([2.], requires_grad=True)\nb = Beta(a1, 3.)\n(b.log_prob(torch.tensor([0.3])) + b.entropy() + b.mean).sum().backward()\n(r(a1.grad), b.concentration1, b.concentration0)",
		"Dirichlet(torch.tensor([0.5, -1.]))",
		"Beta(-1., 2.)",
		"Dirichlet(torch.tensor(1.))",
		"Beta(2., 3.).log_prob(torch.tensor(1.5))",
		"Dirichlet(torch.tensor([1., 2.])).log_prob(torch.tensor([0.5, 0.6]))",
		"from torch.distributions.beta import Beta as B\nfrom torch.distributions.dirichlet import Dirichlet as D\n(B is Beta, D is Dirichlet)",
	})
}

// TestStudentTMatchesTorch compares StudentT with PyTorch 1.13: seeded
// samples bit for bit (a normal, then Chi2's gamma draw), log_prob,
// entropy, the moments (nan and inf where df <= 1 and 2), gradients and
// validation (of its Chi2 first, as PyTorch).
func TestStudentTMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\n" +
		"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\n" +
		"def summary(d):\n    torch.manual_seed(0)\n    s = d.sample((3,))\n" +
		"    return (repr(d), d.batch_shape, type(d), s.tolist(), r(d.log_prob(s)), r(d.entropy()), r(d.mean), r(d.variance), d.has_rsample)\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"summary(StudentT(torch.tensor([0.8, 1.5, 3., 10.])))",
		"summary(StudentT(4., torch.tensor([1., -1.]), 2.))",
		"summary(StudentT(torch.tensor([2.5], dtype=torch.float64)))",
		"df = torch.tensor([3., 5.], requires_grad=True)\nlo = torch.tensor([0.5, 0.], requires_grad=True)\nd = StudentT(df, lo, 2.)\n(d.log_prob(torch.tensor([0.3, -1.])) + d.entropy()).sum().backward()\n(r(df.grad), r(lo.grad))",
		"lo = torch.tensor([0.5, 0.], requires_grad=True)\ntorch.manual_seed(1)\nx = StudentT(3., lo, 2.).rsample()\nx.sum().backward()\n(r(x), r(lo.grad))",
		"StudentT(-1.)",
		"StudentT(2., 0., -1.)",
		"from torch.distributions.studentT import StudentT as S\nS is StudentT",
	})
}

// TestMultinomialMatchesTorch compares Multinomial with PyTorch 1.13:
// seeded counts (Categorical's draws, counted), log_prob and its
// gradient, the moments and validation.
func TestMultinomialMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\n" +
		"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\n" +
		"m = Multinomial(10, torch.tensor([[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]]))\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"torch.manual_seed(0)\ns = m.sample()\n(repr(m), m.batch_shape, m.event_shape, m.has_rsample, m.total_count, type(m), s.tolist(), m.sample((2,)).tolist(), r(m.log_prob(s)), r(m.mean), r(m.variance))",
		"lg = torch.tensor([0.5, -1., 2.], requires_grad=True)\nm2 = Multinomial(4, logits=lg)\ntorch.manual_seed(3)\ns = m2.sample((3,))\nlp = m2.log_prob(s)\nlp.sum().backward()\n(s.tolist(), r(lp), r(lg.grad))",
		"Multinomial(probs=torch.tensor([0.5, 0.5])).total_count",
		"m.log_prob(torch.tensor([[1., 2., 9.], [1., 1., 8.]]))",
		"Multinomial(2.5, torch.tensor([0.5, 0.5]))",
		"r(Multinomial(3, torch.tensor([0., 0.5, 0.5])).log_prob(torch.tensor([0., 1., 2.])))",
		"from torch.distributions.multinomial import Multinomial as M\nM is Multinomial",
	})
}
