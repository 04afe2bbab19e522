package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestDistributionsMatchTorch compares torch.distributions' Normal,
// Uniform, Bernoulli and Categorical with PyTorch 1.13: seeded samples
// (the generator's draws), rsample's gradients, log_prob, entropy, the
// moments, the reprs (with the lazily computed probs and logits) and the
// errors, to 4 digits.
func TestDistributionsMatchTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import Normal, Uniform, Bernoulli, Categorical\nimport torch.distributions as D\n" +
		"r = lambda t: [round(v, 4) for v in t.flatten().tolist()]\ntorch.manual_seed(0)\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"n = Normal(torch.tensor([0., 1.]), torch.tensor([1., 2.]))\n(repr(n), n.batch_shape, n.event_shape, r(n.mean), r(n.stddev), r(n.variance), r(n.sample()), r(n.sample((3,))), n.sample().requires_grad)",
		"loc = torch.tensor([0., 1.], requires_grad=True)\nscale = torch.tensor([1., 2.], requires_grad=True)\nn = Normal(loc, scale)\nx = n.rsample((2,))\nlp = n.log_prob(x)\n(lp.sum() + n.entropy().sum()).backward()\n(r(x), r(lp), r(loc.grad), r(scale.grad), r(n.entropy()), n.has_rsample)",
		"(repr(Normal(0, 1)), r(Normal(0., 1.).sample((4,))), r(Normal(0, 1).log_prob(torch.tensor([0.5, -1.]))))",
		"u = Uniform(torch.zeros(2), torch.tensor([1., 3.]))\n(repr(u), r(u.sample((2,))), r(u.log_prob(torch.tensor([0.5, 2.5]))), r(u.entropy()), r(u.mean), r(u.variance), r(u.stddev))",
		"b = Bernoulli(probs=torch.tensor([0.2, 0.7, 0.5]))\n(r(b.sample((2,))), r(b.log_prob(torch.tensor([1., 0., 1.]))), r(b.entropy()), r(b.variance), repr(b), r(b.logits), repr(b))",
		"b = Bernoulli(logits=torch.tensor([0.3, -1.]))\n(repr(b), r(b.probs), r(b.sample()), repr(b), b.has_rsample)",
		"c = Categorical(probs=torch.tensor([[0.1, 0.2, 0.7], [0.5, 0.25, 0.25]]))\n(repr(c), c.batch_shape, r(c.probs), r(c.sample()), r(c.sample((4,))), c.sample((2, 3)).shape, r(c.log_prob(torch.tensor([2, 0]))), r(c.entropy()), r(c.logits))",
		"logits = torch.tensor([1., 2., 0.5], requires_grad=True)\nc = Categorical(logits=logits)\na = c.sample()\n(-c.log_prob(a)).backward()\n(a.item(), r(logits.grad), r(c.probs), isinstance(c, D.Categorical), type(c).__name__)",
		"Categorical(probs=torch.tensor([0.5]), logits=torch.tensor([0.]))",
		"Bernoulli()",
	})
}

// TestDistributionValidationMatchesTorch checks validate_args as PyTorch
// 1.13 does it by default: parameters against their constraints, and
// log_prob's value against the event and batch shapes and the support,
// with PyTorch's messages.
func TestDistributionValidationMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import Normal, Uniform, Bernoulli, Categorical\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"Normal(0., -1.)",
		"Normal(torch.tensor([0., 1.]), torch.tensor([1., -1.]))",
		"Normal(torch.tensor([0.]), torch.tensor([-1.]))",
		"repr(Normal(torch.tensor([0.]), torch.tensor([[2.]])))",
		"Normal(torch.zeros(2, 3), torch.zeros(2, 3))",
		"Normal(float('nan'), 1.)",
		"Normal(0., float('nan'))",
		"repr(Normal(0., -1., validate_args=False))",
		"Uniform(2., 1.)",
		"Uniform(torch.tensor([0., float('nan')]), 1.)",
		"Bernoulli(probs=1.5)",
		"Bernoulli(probs=torch.tensor([0.2, -0.5]))",
		"Bernoulli(logits=float('nan'))",
		"Categorical(probs=torch.tensor([0.5, -0.1]))",
		"Categorical(probs=torch.tensor([[0.5, 0.5], [1., -0.5]]))",
		"Categorical(logits=torch.tensor([0., float('inf')]))",
		"Normal(0., 1.).log_prob(torch.tensor(float('nan')))",
		"Normal(0., 1.).log_prob(2.)",
		"Normal(0., 1., validate_args=False).log_prob(2.).item()",
		"Normal(0., 1.).log_prob(torch.tensor([1., float('inf')])).tolist()",
		"Bernoulli(0.3).log_prob(torch.tensor([1., 2.]))",
		"Categorical(torch.tensor([0.2, 0.3, 0.5])).log_prob(torch.tensor(5))",
		"Categorical(torch.tensor([0.2, 0.3, 0.5])).log_prob(torch.tensor(1.5))",
		"Categorical(torch.tensor([0.2, 0.3, 0.5])).log_prob(torch.tensor([-1, 1]))",
		"Categorical(logits=torch.tensor([[0., 1.]])).log_prob(torch.tensor([3]))",
		"Uniform(0., 1.).log_prob(torch.tensor([0.5, 1.5, -1.]))",
		"Uniform(torch.zeros(2), torch.tensor([1., 3.])).log_prob(torch.tensor([0.5, 4.]))",
		"Uniform(0., 1.).log_prob(torch.tensor(1.)).item()",
		"Uniform(0., 1., validate_args=False).log_prob(torch.tensor(5.)).item()",
		"Normal(torch.zeros(2), 1.).log_prob(torch.zeros(3))",
		"Categorical(torch.ones(2, 3)).log_prob(torch.zeros(3))",
		"from torch.distributions import Dirichlet, Independent\nDirichlet(torch.ones(3)).log_prob(torch.ones(2) / 2)",
		"from torch.distributions import Independent\nIndependent(Normal(torch.zeros(2, 3), 1.), 1).log_prob(torch.zeros(4))",
	})
}
