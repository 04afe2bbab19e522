package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestStatelessSkipInitMatchTorch checks torch.nn.utils.stateless's
// functional_call (replacement parameters and buffers by dotted name,
// restored afterwards; a batch norm's statistics updating the
// replacement; gradients reaching the replacement) and skip_init (its
// errors, and that it draws nothing from the generator) against Debian's
// PyTorch.
func TestStatelessSkipInitMatchTorch(t *testing.T) {
	prelude := nnPrelude + `from torch.nn.utils.stateless import functional_call
m = nn.Sequential(nn.Linear(3, 2), nn.BatchNorm1d(2))
x = torch.randn(4, 3)
p = {'0.weight': torch.ones(2, 3), '1.running_mean': torch.full((2,), 5.0)}
`
	srcs := []string{
		"out = functional_call(m, p, (x,))\nr(out), r(m[0].weight), r(m[1].running_mean), r(p['1.running_mean'])",
		"m.eval()\nr(functional_call(m, p, x)), r(m(x))",
		"w = torch.ones(2, 3, requires_grad=True)\ny = functional_call(nn.Linear(3, 2), {'weight': w}, x)\ny.sum().backward()\nr(w.grad)",
		`class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.s = nn.Parameter(torch.ones(3))
    def forward(self, x, shift=0.0):
        return x * self.s + shift
sc = Scale()
r(functional_call(sc, {'s': torch.full((3,), 2.0)}, (x,), {'shift': 1.0})), r(sc.s)`,
		"err(lambda: functional_call(m, {'9.weight': torch.ones(1)}, x))",
		"l = nn.utils.skip_init(nn.Linear, 3, 2)\nl, r(torch.randn(3)), l.weight.shape",
		"err(lambda: nn.utils.skip_init(int)), err(lambda: nn.utils.skip_init(nn.ReLU))",
		"nn.utils.init.skip_init is nn.utils.skip_init, nn.utils.stateless.functional_call is functional_call",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
