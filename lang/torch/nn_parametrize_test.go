package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// parametrizePrelude defines the parametrizations the cases register.
const parametrizePrelude = `import torch
import torch.nn as nn
import torch.nn.utils.parametrize as P
class Sym(nn.Module):
    def forward(self, X):
        return X.triu() + X.triu(1).transpose(-1, -2)
class Half(nn.Module):
    def forward(self, X):
        return X * 2
    def right_inverse(self, X):
        return X / 2
class Split(nn.Module):
    def forward(self, A, B):
        return A + B
    def right_inverse(self, X):
        return (X * 0.25, X * 0.75)
class Row(nn.Module):
    def forward(self, X):
        return X[0]
class Wide(nn.Module):
    def forward(self, X):
        return X.double()
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 2)
        self.register_buffer('scale', torch.ones(2))
    def forward(self, x):
        return self.fc(x) * self.scale
torch.manual_seed(0)
m = nn.Linear(3, 3)
`

// parametrizeCases are checked against PyTorch 1.13: printing, the
// registry's names, values, gradients through the original, assignment
// through right_inverse, removal and the errors.
var parametrizeCases = []string{
	"P.register_parametrization(m, 'weight', Sym())\nstr(m), type(m).__name__, str(type(m)), isinstance(m, nn.Linear)",
	"P.register_parametrization(m, 'weight', Sym())\n[n for n, _ in m.named_parameters()], list(m.state_dict()), type(m.parametrizations).__name__, type(m.parametrizations.weight).__name__",
	"P.register_parametrization(m, 'weight', Sym())\nP.is_parametrized(m), P.is_parametrized(m, 'weight'), P.is_parametrized(m, 'bias'), P.is_parametrized(nn.Linear(1, 1))",
	"P.register_parametrization(m, 'weight', Sym())\nw = m.weight\n(w - w.T).abs().max().item(), w.grad_fn.name(), w.tolist()",
	"P.register_parametrization(m, 'weight', Sym())\ny = m(torch.ones(2, 3)).sum()\ny.backward()\ny.item(), m.parametrizations.weight.original.grad.tolist()",
	"P.register_parametrization(m, 'bias', Half())\nm.bias.tolist(), m.parametrizations.bias.original.tolist(), m.bias.grad_fn.name()",
	"P.register_parametrization(m, 'bias', Half())\no = m.parametrizations.bias.original\nm.bias = torch.ones(3)\no is m.parametrizations.bias.original, o.tolist(), m.bias.tolist()",
	"P.register_parametrization(m, 'weight', Sym())\nP.register_parametrization(m, 'weight', Half())\nlen(m.parametrizations.weight), str(m.parametrizations), m.weight.tolist()",
	"P.register_parametrization(m, 'weight', Sym())\nwith P.cached():\n    a = m.weight is m.weight\na, m.weight is m.weight",
	"P.register_parametrization(m, 'weight', Sym())\nP.type_before_parametrizations(m), P.type_before_parametrizations(nn.ReLU())",
	"P.register_parametrization(m, 'weight', Sym())\no = m.parametrizations.weight.original\nw = m.weight.tolist()\nP.remove_parametrizations(m, 'weight')\nstr(m), type(m).__name__, m.weight is o, m.weight.tolist() == w, [n for n, _ in m.named_parameters()]",
	"P.register_parametrization(m, 'weight', Sym())\nw = m.parametrizations.weight.original.tolist()\nP.remove_parametrizations(m, 'weight', leave_parametrized=False)\nm.weight.tolist() == w, hasattr(m, 'parametrizations')",
	"P.register_parametrization(m, 'weight', Sym())\nP.register_parametrization(m, 'bias', Half())\nP.remove_parametrizations(m, 'weight')\nstr(m), [n for n, _ in m.named_parameters()]",
	"P.remove_parametrizations(m, 'bias')",
	"P.register_parametrization(m, 'foo', Sym())",
	"P.register_parametrization(m, 'weight', Row())",
	"P.register_parametrization(m, 'weight', Wide())",
	"P.register_parametrization(m, 'weight', Sym())\nm.weight = torch.zeros(3, 3)",
	"n = Net()\nP.register_parametrization(n.fc, 'weight', Split())\nstr(n), sorted(n.state_dict()), n.fc.parametrizations.weight.original0.tolist()",
	"n = Net()\nP.register_parametrization(n.fc, 'weight', Split())\nout = n(torch.ones(1, 2)).sum()\nout.backward()\nout.item(), n.fc.parametrizations.weight.original1.grad.tolist()",
	"n = Net()\nP.register_parametrization(n.fc, 'weight', Split())\nP.remove_parametrizations(n.fc, 'weight', leave_parametrized=False)",
	"n = Net()\nP.register_parametrization(n.fc, 'weight', Split())\nP.remove_parametrizations(n.fc, 'weight')\nn.fc.weight.requires_grad, type(n.fc.weight).__name__, str(n.fc)",
	"n = Net()\nP.register_parametrization(n, 'scale', Half())\nn.scale.tolist(), list(n.state_dict()), [b for b, _ in n.named_buffers()], n(torch.ones(1, 2)).tolist()",
	"seq = nn.Sequential(nn.Linear(2, 2))\nP.register_parametrization(seq[0], 'bias', Half())\nstr(seq), seq(torch.ones(1, 2)).tolist()",
	"import copy\nP.register_parametrization(m, 'weight', Sym())\nc = copy.deepcopy(m)\nstr(c), c.weight.tolist() == m.weight.tolist(), c.parametrizations.weight.original is m.parametrizations.weight.original",
}

// TestParametrizeMatchesPyTorch runs the cases in kael and PyTorch.
func TestParametrizeMatchesPyTorch(t *testing.T) {
	checkCloseToTorch(t, parametrizePrelude, parametrizeCases, reftest.Tolerance{Abs: 1e-6, Rel: 1e-6})
}
