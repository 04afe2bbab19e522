package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestAlphaDropoutAndRReLUMatchTorch checks F.alpha_dropout,
// F.feature_alpha_dropout, F.rrelu and F.rrelu_ with their modules
// against Debian's PyTorch: the same seed draws the same masks and
// slopes, with PyTorch's gradients, reprs and eval behaviour.
func TestAlphaDropoutAndRReLUMatchTorch(t *testing.T) {
	prelude := nnPrelude + `def g(f, *xs):
    xs = [x.clone().requires_grad_(True) for x in xs]
    out = f(*xs)
    (out * torch.arange(out.numel(), dtype=out.dtype).view(out.shape)).sum().backward()
    return r(out), [r(x.grad) for x in xs]
x = torch.randn(3, 4, 2)
`
	srcs := []string{
		"torch.manual_seed(1)\ng(lambda x: F.alpha_dropout(x, 0.3, True), x)",
		"torch.manual_seed(1)\ng(lambda x: F.feature_alpha_dropout(x, 0.5, training=True), x)",
		"torch.manual_seed(1)\nr(F.alpha_dropout(x.double(), 0.2, True)), F.alpha_dropout(x, 0.3) is x, r(F.alpha_dropout(x, 1.0, True))",
		"torch.manual_seed(2)\nm = nn.AlphaDropout(0.4)\nm, r(m(x)), r(m.eval()(x))",
		"torch.manual_seed(2)\nm = nn.FeatureAlphaDropout(0.4, inplace=True)\ny = x.clone()\nout = m(y)\nm, out is y, r(y), r(out)",
		"torch.manual_seed(2)\ny = x.clone()\nF.alpha_dropout(y, 0.5, True, True) is y, r(y)",
		"torch.manual_seed(3)\ng(lambda x: F.rrelu(x, training=True), x)",
		"torch.manual_seed(3)\ng(lambda x: F.rrelu(x, 0.1, 0.9), x)",
		"torch.manual_seed(3)\nr(F.rrelu(x.double(), 0.2, 0.5, True))",
		"torch.manual_seed(4)\nm = nn.RReLU(0.1, 0.3)\nm, nn.RReLU(), nn.RReLU(inplace=True), r(m(x)), r(m.eval()(x))",
		"torch.manual_seed(4)\ny = x.clone()\nF.rrelu_(y, training=True) is y, r(y)",
		// The in-place forms' nodes are PyTorch's (EluBackward1 for elu_,
		// ...), with the gradient through them.
		"def ip(f):\n    w = x.clone().requires_grad_(True)\n    y = w * 1\n    out = f(y)\n    out.sum().backward()\n    return out is y, out.grad_fn.name(), r(w.grad)\n" +
			"torch.manual_seed(5)\n[ip(f) for f in (F.elu_, F.selu_, F.celu_, F.leaky_relu_, lambda y: F.threshold_(y, 0.1, 2.0), lambda y: F.rrelu_(y, training=True), F.hardtanh_, F.relu_, " +
			"lambda y: F.elu(y, 0.5, inplace=True), lambda y: F.leaky_relu(y, 0.2, True), nn.ELU(inplace=True), nn.CELU(inplace=True), nn.LeakyReLU(inplace=True), nn.Threshold(0.1, 2.0, inplace=True), nn.RReLU(inplace=True), nn.RReLU(inplace=True).eval(), " +
			"lambda y: F.relu(y, inplace=True), lambda y: F.silu(y, inplace=True), lambda y: F.dropout(y, 0.4, inplace=True), lambda y: F.dropout(y, 0.4, False, True))]",
		"torch.manual_seed(6)\ny = x.clone()\nF.dropout(y, 0.5, inplace=True) is y, r(y), F.relu(x), F.silu(x, False), err(lambda: F.dropout(y, 1.5, inplace=True))",
		"y = x.clone().requires_grad_(True)\nF.rrelu(y).grad_fn.name(), F.rrelu(y, training=True).grad_fn.name(), nn.RReLU()(y).grad_fn.name()",
		"err(lambda: F.rrelu(x, 0.5, 0.1)), err(lambda: F.rrelu_(x.clone(), 0.5, 0.1, True)), nn.RReLU(0.5, 0.1)",
		"err(lambda: nn.AlphaDropout(1.5))",
		"err(lambda: F.alpha_dropout(x, -0.1, True))",
		"err(lambda: F.feature_alpha_dropout(x[0, 0], 0.5, True))",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
