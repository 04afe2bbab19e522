package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestWeightSpectralNormMatchTorch checks nn.utils.weight_norm,
// spectral_norm and their remove_ functions against Debian's PyTorch:
// the parameters' and state dict's names in order, the outputs, the
// gradients of weight_g/weight_v and weight_orig, the power iteration's
// u and v (drawn with the seed; updated in training mode only), the
// weight computed again before each call (layer, user module, container
// child), and the errors.
func TestWeightSpectralNormMatchTorch(t *testing.T) {
	prelude := nnPrelude + `names = lambda m: ([n for n, _ in m.named_parameters()], list(m.state_dict()))
x = torch.randn(4, 3)
`
	srcs := []string{
		"m = nn.utils.weight_norm(nn.Linear(3, 2))\nnames(m), m, m.weight_g.shape, type(m.weight).__name__",
		"m = nn.utils.weight_norm(nn.Linear(3, 2))\ny = m(x)\ny.sum().backward()\nr(y), r(m.weight_g.grad), r(m.weight_v.grad), r(m.bias.grad), m.weight.grad_fn.name()",
		"m = nn.utils.weight_norm(nn.Linear(3, 2))\nwith torch.no_grad():\n    m.weight_g.mul_(2)\nr(m(x)), r(m.weight)",
		"m = nn.utils.weight_norm(nn.Linear(3, 2))\nnn.utils.remove_weight_norm(m)\nnames(m), r(m.weight), m.weight.requires_grad",
		"c = nn.utils.weight_norm(nn.Conv2d(2, 3, 2), dim=None)\nc.weight_g.shape, r(c.weight_g), r(c(torch.randn(1, 2, 3, 3)))",
		"c = nn.utils.weight_norm(nn.Conv2d(2, 3, 2), dim=1)\ny = c(torch.randn(1, 2, 3, 3))\ny.sum().backward()\nc.weight_g.shape, r(y), r(c.weight_g.grad), c.weight.grad_fn.name()",
		"c = nn.utils.weight_norm(nn.Conv2d(2, 3, 2), dim=3)\nc.weight_g.shape, r(c(torch.randn(1, 2, 3, 3)))",
		"s = nn.utils.spectral_norm(nn.Linear(3, 4))\nnames(s), r(s.weight_u), r(s.weight_v), r(s.weight)",
		"s = nn.utils.spectral_norm(nn.Linear(3, 4))\ny = s(x)\ny.sum().backward()\nr(y), r(s.weight_orig.grad), r(s.weight_u), r(s.weight_v)",
		"s = nn.utils.spectral_norm(nn.Linear(3, 4))\ns(x)\ns.eval()\nr(s(x)), r(s.weight_u), r(s.weight_v)",
		"s = nn.utils.spectral_norm(nn.Linear(3, 4))\ns(x)\nnn.utils.remove_spectral_norm(s)\nnames(s), r(s.weight), r(s(x))",
		"t = nn.utils.spectral_norm(nn.ConvTranspose2d(2, 3, 2), n_power_iterations=3, eps=1e-6)\nt.weight_u.shape, t.weight_v.shape, r(t(torch.randn(1, 2, 2, 2))), r(t.weight_u)",
		"c = nn.utils.spectral_norm(nn.Conv1d(2, 3, 2), dim=1)\nc.weight_u.shape, r(c(torch.randn(1, 2, 4)))",
		"seq = nn.Sequential(nn.utils.spectral_norm(nn.Linear(3, 3)), nn.ReLU())\nseq(x)\nr(seq(x)), r(seq[0].weight_u)",
		`class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(2, 3))
    def forward(self, x):
        return x @ self.w.t()
u = nn.utils.weight_norm(M(), 'w')
names(u), r(u(x)), u`,
		"import copy\nm = nn.utils.spectral_norm(nn.Linear(3, 2))\nc = copy.deepcopy(m)\nwith torch.no_grad():\n    c.weight_orig.mul_(2)\nr(m(x)), r(c(x)), names(c)",
		"err(lambda: nn.utils.spectral_norm(nn.Linear(2, 2), n_power_iterations=0))",
		"err(lambda: nn.utils.remove_spectral_norm(nn.Linear(2, 2)))",
		"err(lambda: nn.utils.remove_weight_norm(nn.Linear(2, 2)))",
		"err(lambda: nn.utils.spectral_norm(nn.utils.spectral_norm(nn.Linear(2, 2))))",
		"err(lambda: nn.utils.weight_norm(nn.utils.weight_norm(nn.Linear(2, 2))))",
		"err(lambda: nn.utils.weight_norm(nn.Linear(2, 2), name='foo'))",
		"err(lambda: nn.utils.spectral_norm(nn.Linear(2, 2), name='foo'))",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
