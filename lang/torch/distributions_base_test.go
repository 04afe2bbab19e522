package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestDistributionBaseMatchesTorch compares Distribution and
// ExponentialFamily with PyTorch 1.13: a user's subclass (its shapes,
// argument validation and its message, sample through rsample without
// gradient, stddev, perplexity, _extended_shape, _validate_sample, repr,
// the NotImplementedErrors of what it leaves out), and the built-in
// distributions as their subclasses, with support and arg_constraints.
func TestDistributionBaseMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\nfrom torch.distributions import constraints\n" +
		"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\n" +
		"class MyNormal(Distribution):\n" +
		"    arg_constraints = {'loc': constraints.real, 'scale': constraints.positive}\n" +
		"    support = constraints.real\n" +
		"    has_rsample = True\n" +
		"    def __init__(self, loc, scale, validate_args=None):\n" +
		"        self.loc, self.scale = torch.as_tensor(loc), torch.as_tensor(scale)\n" +
		"        super().__init__(self.loc.shape, validate_args=validate_args)\n" +
		"    @property\n    def mean(self):\n        return self.loc\n" +
		"    @property\n    def variance(self):\n        return self.scale ** 2\n" +
		"    def rsample(self, sample_shape=torch.Size()):\n" +
		"        shape = self._extended_shape(sample_shape)\n" +
		"        return self.loc + self.scale * torch.randn(shape)\n" +
		"    def log_prob(self, value):\n" +
		"        if self._validate_args:\n            self._validate_sample(value)\n" +
		"        return -((value - self.loc) ** 2) / (2 * self.scale ** 2) - self.scale.log() - 0.5 * torch.log(torch.tensor(2 * 3.141592653589793))\n" +
		"    def entropy(self):\n        return 0.5 + 0.5 * torch.log(torch.tensor(2 * 3.141592653589793)) + self.scale.log()\n" +
		"class Bare(Distribution):\n    pass\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"d = MyNormal(torch.tensor([0., 1.]), torch.tensor([1., 2.]))\n(d.batch_shape, d.event_shape, isinstance(d, Distribution), d.has_rsample, d.has_enumerate_support, r(d.stddev), r(d.perplexity()), d._extended_shape((3,)), repr(d))",
		"d = MyNormal(torch.tensor([0., 1.]), torch.tensor([1., 2.]))\ntorch.manual_seed(0)\ns = d.sample((2,))\n(r(s), s.requires_grad, r(d.log_prob(s)))",
		"loc = torch.tensor([0., 1.], requires_grad=True)\nd = MyNormal(loc, torch.tensor([1., 2.]))\ntorch.manual_seed(0)\n(d.sample().requires_grad, d.rsample().requires_grad)",
		"MyNormal(torch.tensor([0., 1.]), torch.tensor([1., -2.]))",
		"MyNormal(0., -1.)",
		"repr(MyNormal(0., -1., validate_args=False))",
		"MyNormal(0., 1.).log_prob(torch.tensor([0., 1.]))",
		"MyNormal(torch.zeros(2), 1.).log_prob(torch.zeros(3))",
		"MyNormal(torch.zeros(2), 1.).log_prob(1.)",
		"MyNormal(0., 1.).log_prob(torch.tensor(float('nan')))",
		"MyNormal(0., 1.).cdf(torch.tensor(0.))",
		"MyNormal(0., 1.).icdf(torch.tensor(0.5))",
		"MyNormal(0., 1.).enumerate_support()",
		"MyNormal(0., 1.).expand((2,))",
		"try:\n    MyNormal(0., 1.).mode\nexcept NotImplementedError as e:\n    r = str(e).endswith(\"MyNormal'> does not implement mode\")\nr",
		"b = Bare(validate_args=False)\n(b.batch_shape, b.event_shape, b.has_rsample)",
		"Bare(torch.Size([2]), validate_args=False).sample()",
		"Bare(validate_args=False).mean",
		"Bare(validate_args=False).support",
		"Bare(validate_args=False).arg_constraints",
		"Bare(validate_args=False).entropy()",
		"class E(ExponentialFamily):\n    arg_constraints = {}\n(E().batch_shape, isinstance(E(), Distribution), isinstance(E(), ExponentialFamily), issubclass(E, Distribution))",
		"[isinstance(d, Distribution) for d in (Normal(0., 1.), Uniform(0., 1.), Categorical(torch.ones(3)), Gamma(1., 1.), Chi2(2.), Independent(Normal(torch.zeros(2), 1.), 1), LogNormal(0., 1.), MultivariateNormal(torch.zeros(2), torch.eye(2)))]",
		"[isinstance(d, ExponentialFamily) for d in (Normal(0., 1.), Uniform(0., 1.), Bernoulli(0.5), Gamma(1., 1.), Chi2(2.), Poisson(1.), Laplace(0., 1.))]",
		"(isinstance(Chi2(2.), Gamma), issubclass(Normal, Distribution), issubclass(Normal, ExponentialFamily))",
		"[(repr(d.support), d.support.event_dim, d.support.is_discrete) for d in (Normal(0., 1.), Bernoulli(0.5), Categorical(torch.ones(3)), Exponential(1.), Dirichlet(torch.ones(3)), Poisson(1.), Beta(1., 1.), OneHotCategorical(torch.ones(3)))]",
		"[(d.has_enumerate_support, list(d.arg_constraints.items())) for d in (Normal(0., 1.), Bernoulli(0.5), Categorical(torch.ones(3)), Exponential(1.), Gamma(1., 2.), StudentT(2.))]",
		"(Normal(0., 1.).perplexity().item(), Normal(torch.zeros(2), 1.).sample_n(3).shape, Normal(0., 1., validate_args=False)._validate_args, Normal(0., 1.)._validate_args)",
	})
}

// TestConstraintsMatchTorch compares torch.distributions.constraints with
// PyTorch 1.13: each constraint's repr, class, event_dim, is_discrete and
// check on values inside and outside, the functions that make them, a
// user's Constraint subclass, and is_dependent.
func TestConstraintsMatchTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import constraints as C\n" +
		"def show(c, *vals):\n    return (repr(c), type(c).__name__, c.event_dim, c.is_discrete, isinstance(c, C.Constraint)) + tuple(c.check(v).tolist() for v in vals)\n" +
		"v = torch.tensor([-1., 0., 0.5, 1., 2., float('nan'), float('inf')])\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"show(C.real, v)",
		"show(C.positive, v)",
		"show(C.nonnegative, v)",
		"show(C.unit_interval, v)",
		"show(C.boolean, v)",
		"show(C.nonnegative_integer, v)",
		"show(C.positive_integer, v)",
		"show(C.greater_than(0.5), v)",
		"show(C.greater_than(1), v)",
		"show(C.greater_than_eq(torch.tensor(0.5)), v)",
		"show(C.less_than(1.), v)",
		"show(C.interval(-1, 1), v)",
		"show(C.half_open_interval(0., 1.), v)",
		"show(C.integer_interval(0, 2), v)",
		"show(C.real_vector, torch.tensor([[1., 2.], [float('nan'), 0.]]))",
		"show(C.simplex, torch.tensor([[0.5, 0.5], [0.7, 0.2], [1.5, -0.5]]))",
		"show(C.one_hot, torch.tensor([[0., 1.], [1., 1.], [0.5, 0.5]]))",
		"show(C.multinomial(3), torch.tensor([[1., 2.], [2., 2.], [-1., 1.]]))",
		"show(C.independent(C.positive, 2), torch.ones(3, 2, 2), -torch.ones(2, 2))",
		"c = C.independent(C.unit_interval, 1)\n(c.base_constraint, c.reinterpreted_batch_ndims, C.interval(0, 2).upper_bound, C.greater_than(3.).lower_bound)",
		"show(C.lower_triangular, torch.tensor([[1., 0.], [2., 3.]]), torch.tensor([[1., 1.], [2., 3.]]))",
		"show(C.lower_cholesky, torch.tensor([[[1., 0.], [2., 3.]], [[1., 0.], [2., -3.]]]))",
		"show(C.square, torch.ones(2, 2), torch.ones(3, 2, 3))",
		"show(C.symmetric, torch.tensor([[1., 2.], [2., 3.]]), torch.tensor([[1., 2.], [2.5, 3.]]))",
		"(repr(C.dependent), C.is_dependent(C.dependent), C.is_dependent(C.real), isinstance(C.dependent, C.Constraint))",
		"C.dependent.check(torch.ones(2))",
		"C.simplex.check(torch.tensor(1.))",
		"class Even(C.Constraint):\n    is_discrete = True\n    def check(self, value):\n        return value % 2 == 0\n(repr(Even()), Even().check(torch.tensor([1, 2])).tolist(), Even().event_dim, Even().is_discrete, isinstance(Even(), C.Constraint))",
		"class Nothing(C.Constraint):\n    pass\nNothing().check(torch.ones(1))",
	})
}

// TestDistributionCommonMethodsMatchTorch compares cdf, icdf (with
// gradients), perplexity, enumerate_support and expand of the built-in
// distributions with PyTorch 1.13.
func TestDistributionCommonMethodsMatchTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\n" +
		"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\n" +
		"x = torch.tensor([0.2, 1.5, 3.])\np = torch.tensor([0.1, 0.5, 0.9])\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"out = []\nfor d in (Normal(torch.tensor([0., 1., 2.]), 2.), Uniform(0., 4.), Exponential(torch.tensor([0.5, 1., 2.])), Laplace(1., 2.), Cauchy(0.5, 1.5)):\n    out.append((type(d).__name__, r(d.cdf(x)), r(d.icdf(p)), r(d.perplexity())))\nout",
		"loc = torch.tensor([0., 1.], requires_grad=True)\nscale = torch.tensor([1., 2.], requires_grad=True)\n(Normal(loc, scale).cdf(torch.tensor([0.5, 0.5])).sum() + Normal(loc, scale).icdf(torch.tensor([0.3, 0.8])).sum()).backward()\n(r(loc.grad), r(scale.grad))",
		"Normal(0., 1.).cdf(torch.tensor(float('nan')))",
		"Gamma(1., 1.).cdf(torch.tensor(1.))",
		"Poisson(1.).icdf(torch.tensor(0.5))",
		"(Bernoulli(torch.tensor([0.2, 0.7])).enumerate_support(), Bernoulli(torch.tensor([0.2, 0.7])).enumerate_support(expand=False), Categorical(torch.ones(2, 3)).enumerate_support(), OneHotCategorical(torch.ones(2, 3)).enumerate_support(expand=False).shape)",
		"Normal(0., 1.).enumerate_support()",
		"n = Normal(torch.tensor([0., 1.]), 1.).expand((3, 2))\n(repr(n), n.batch_shape, n.sample().shape, r(n.log_prob(torch.zeros(3, 2))))",
		"c = Categorical(torch.tensor([0.2, 0.8])).expand((2,))\n(c.batch_shape, c.probs.shape, r(c.log_prob(torch.tensor([0, 1]))))",
		"i = Independent(Normal(torch.zeros(3), 1.), 1).expand((2,))\n(i.batch_shape, i.event_shape, r(i.log_prob(torch.zeros(2, 3))))",
		"m = MultivariateNormal(torch.zeros(2), torch.eye(2)).expand((3,))\n(m.batch_shape, m.event_shape, r(m.log_prob(torch.zeros(3, 2))))",
		"Normal(torch.zeros(2), 1.).expand((3,))",
	})
}

// TestTransformRegistryMatchesTorch compares the new transforms
// (Softplus, Softmax, LowerCholesky, identity_transform), the domains and
// codomains, and biject_to and transform_to with PyTorch 1.13: which
// transform each constraint gets, and that it maps reals into the set.
func TestTransformRegistryMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\nfrom torch.distributions import constraints as C, transforms as T\n" +
		"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\n" +
		"x = torch.tensor([-2., -0.5, 0., 1.5])\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"s = SoftplusTransform()\ny = s(x)\n(repr(s), r(y), r(s.inv(y)), r(s.log_abs_det_jacobian(x, y)), s.sign, s.bijective, s.domain, s.codomain)",
		"s = SoftmaxTransform()\ny = s(x)\n(r(y), r(s.inv(y)), s.bijective, s.domain, s.codomain, s.inv.domain)",
		"m = torch.tensor([[0.5, 9.], [-1., 2.]])\nl = LowerCholeskyTransform()\ny = l(m)\n(r(y), r(l.inv(y)), l.domain, l.codomain, C.lower_cholesky.check(y).item())",
		"(repr(identity_transform), r(identity_transform(x)), identity_transform.bijective, repr(ComposeTransform([ExpTransform(), TanhTransform()])))",
		"(ExpTransform().domain, ExpTransform().codomain, SigmoidTransform().codomain, TanhTransform().codomain, PowerTransform(2.).domain, AffineTransform(0., 2.).codomain, AbsTransform().bijective, ExpTransform().inv.codomain)",
		"out = []\nfor c in (C.real, C.positive, C.nonnegative, C.greater_than(2.), C.greater_than_eq(-1), C.less_than(3.), C.unit_interval, C.interval(-1., 3.), C.half_open_interval(torch.tensor(0.), torch.tensor(2.))):\n    b, t = biject_to(c), transform_to(c)\n    y = b(x)\n    out.append((repr(b), repr(t), c.check(y).all().item(), r(y), r(b.inv(y))))\nout",
		"(repr(transform_to(C.simplex)), repr(transform_to(C.lower_cholesky)), C.simplex.check(transform_to(C.simplex)(x)).item())",
		"biject_to(C.lower_cholesky)",
		"biject_to(C.boolean)",
		"from torch.distributions.constraint_registry import biject_to as b\nimport torch.distributions.constraint_registry as cr\n(b is biject_to, repr(cr.transform_to(C.positive)))",
		"loc = torch.zeros(3, requires_grad=True)\nd = TransformedDistribution(Normal(loc, 1.), [SoftplusTransform()])\ntorch.manual_seed(0)\ny = d.rsample()\nlp = d.log_prob(y)\nlp.sum().backward()\n(r(y), r(lp), r(loc.grad))",
	})
}

// TestTransformBaseMatchesTorch compares a user's Transform subclass with
// PyTorch 1.13: calling it, its defaults, the NotImplementedErrors, its
// use in TransformedDistribution (samples, log_prob, gradients), and the
// built-in transforms as Transform's subclasses.
func TestTransformBaseMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\nfrom torch.distributions import constraints\nfrom torch.distributions.transforms import Transform\n" +
		"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\n" +
		"class Cube(Transform):\n    domain = constraints.real\n    codomain = constraints.real\n    bijective = True\n" +
		"    def _call(self, x):\n        return x ** 3\n" +
		"    def _inverse(self, y):\n        return y.sign() * y.abs() ** (1 / 3)\n" +
		"    def log_abs_det_jacobian(self, x, y):\n        return torch.log(3 * x ** 2)\n" +
		"class Bare(Transform):\n    pass\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"c = Cube()\n(r(c(torch.tensor([1., -2.]))), c.bijective, c._cache_size, isinstance(c, Transform), c.forward_shape((2, 3)), c.domain)",
		"loc = torch.tensor([0.5, 1.], requires_grad=True)\nd = TransformedDistribution(Normal(loc, 1.), Cube())\ntorch.manual_seed(0)\ny = d.rsample((2,))\nlp = d.log_prob(y)\nlp.sum().backward()\n(r(y), r(lp), r(loc.grad))",
		"d = TransformedDistribution(Normal(0., 1.), [ExpTransform(), Cube()])\nr(d.log_prob(torch.tensor([0.5, 8.])))",
		"Bare()(torch.ones(1))",
		"Bare().log_abs_det_jacobian(torch.ones(1), torch.ones(1))",
		"Bare().sign",
		"(Bare().bijective, Transform.bijective)",
		"Cube(cache_size=2)",
		"[isinstance(t, Transform) for t in (ExpTransform(), AffineTransform(0., 1.), ExpTransform().inv, ComposeTransform([]), SoftplusTransform(), identity_transform)]",
	})
}

// TestDistributionsUtilsMatchTorch compares torch.distributions.utils
// with PyTorch 1.13.
func TestDistributionsUtilsMatchTorch(t *testing.T) {
	prelude := "import torch\nimport torch.distributions as D\nfrom torch.distributions.utils import broadcast_all, clamp_probs, probs_to_logits, logits_to_probs, euler_constant\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"a, b = broadcast_all(torch.tensor([1., 2.], dtype=torch.float64), 3)\n(a, b, broadcast_all(torch.ones(2, 1), torch.zeros(3)))",
		"broadcast_all(torch.ones(2), 'x')",
		"(clamp_probs(torch.tensor([0., 0.5, 1.])), probs_to_logits(torch.tensor([0.2, 0.8])), probs_to_logits(torch.tensor([0.2, 0.8]), is_binary=True), logits_to_probs(torch.tensor([0., 1.])), logits_to_probs(torch.tensor([0., 1.]), is_binary=True), euler_constant)",
		"(hasattr(D, 'utils'), D.utils.euler_constant)",
	})
}
