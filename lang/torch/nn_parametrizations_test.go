package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// parametrizationsPrelude seeds the generator: the layers' weights,
// spectral_norm's u and v and orthogonal's completion of a wide or tall
// matrix are then PyTorch's.
const parametrizationsPrelude = `import torch
import torch.nn as nn
from torch.nn.utils import parametrizations as PZ
import torch.nn.utils.parametrize as P
torch.manual_seed(0)
m = nn.Linear(4, 3)
def orth(shape, mp, **kw):
    l = nn.Linear(shape[1], shape[0])
    PZ.orthogonal(l, orthogonal_map=mp, **kw)
    return l
def gram(w):
    q = w if w.shape[0] >= w.shape[1] else w.T
    return (q.T @ q - torch.eye(q.shape[1])).abs().max().item() < 1e-5
`

// parametrizationsCases are checked against PyTorch 1.13: spectral_norm's
// buffers, weight, gradients and training/eval behaviour; orthogonal
// with each map, square, tall and wide, with and without the
// trivialization; assignment through right_inverse; and the errors.
var parametrizationsCases = []string{
	"PZ.spectral_norm(m)\nstr(m), sorted(m.state_dict()), m.parametrizations.weight[0]._u.tolist(), m.parametrizations.weight[0]._v.tolist()",
	"PZ.spectral_norm(m)\nm.weight.tolist(), m.weight.grad_fn.name(), torch.linalg.matrix_norm(m.weight, 2).item()",
	"PZ.spectral_norm(m)\ny = m(torch.ones(2, 4)).sum()\ny.backward()\ny.item(), m.parametrizations.weight.original.grad.tolist(), m.parametrizations.weight[0]._u.tolist()",
	"PZ.spectral_norm(m, n_power_iterations=3)\na = m.weight\nb = m.weight\nm.eval()\nc = m.weight\nd = m.weight\ntorch.equal(a, b), torch.equal(c, d), d.tolist(), m.parametrizations.weight[0]._v.tolist()",
	"c = nn.ConvTranspose2d(2, 3, 3)\nPZ.spectral_norm(c)\nsn = c.parametrizations.weight[0]\nsn.dim, sn.eps, sn.n_power_iterations, c.weight.shape, c(torch.ones(1, 2, 4, 4)).sum().item()",
	"c = nn.Conv1d(2, 3, 2)\nPZ.spectral_norm(c, dim=1, eps=1e-6)\nc.parametrizations.weight[0].dim, c.weight.tolist()",
	"PZ.spectral_norm(m, 'bias')\nm.bias.tolist(), sorted(m.state_dict())",
	"PZ.spectral_norm(m)\nm.weight = torch.ones(3, 4)\nm.parametrizations.weight.original.tolist()",
	"l = orth((3, 3), None)\nw = l.weight\nstr(l), sorted(l.state_dict()), gram(w), w.tolist(), l.parametrizations.weight.original.tolist()",
	"l = orth((3, 3), 'matrix_exp')\nl(torch.ones(1, 3)).sum().backward()\nl.parametrizations.weight.original.grad.tolist(), l.parametrizations.weight[0].base.tolist()",
	"l = orth((4, 2), 'matrix_exp')\nl(torch.ones(1, 2)).sum().backward()\ngram(l.weight), l.weight.tolist(), l.parametrizations.weight.original.grad.tolist()",
	"l = orth((2, 5), 'matrix_exp')\nl(torch.ones(1, 5)).sum().backward()\ngram(l.weight), l.weight.tolist(), l.parametrizations.weight.original.grad.tolist()",
	"l = orth((3, 3), 'cayley')\nl(torch.ones(1, 3)).sum().backward()\ngram(l.weight), l.weight.tolist(), l.parametrizations.weight.original.grad.tolist()",
	"l = orth((4, 2), 'cayley')\nl(torch.ones(1, 2)).sum().backward()\ngram(l.weight), l.weight.tolist(), l.parametrizations.weight.original.grad.tolist()",
	"l = orth((3, 3), 'householder')\nl(torch.ones(1, 3)).sum().backward()\ngram(l.weight), l.weight.tolist(), l.parametrizations.weight.original.grad.tolist()",
	"l = orth((4, 2), None)\nl(torch.ones(1, 2)).sum().backward()\ngram(l.weight), l.weight.tolist(), l.parametrizations.weight.original.grad.tolist()",
	"l = orth((2, 5), 'householder')\nl(torch.ones(1, 5)).sum().backward()\ngram(l.weight), l.weight.tolist(), l.parametrizations.weight.original.grad.tolist()",
	"l = orth((3, 3), None, use_trivialization=False)\nl(torch.ones(1, 3)).sum().backward()\nsorted(l.state_dict()), gram(l.weight), l.weight.tolist(), l.parametrizations.weight.original.grad.tolist()",
	"l = orth((4, 3), 'householder', use_trivialization=False)\nl(torch.ones(1, 3)).sum().backward()\ngram(l.weight), l.weight.tolist(), l.parametrizations.weight.original.tolist(), l.parametrizations.weight.original.grad.tolist()",
	"l = orth((3, 5), 'householder', use_trivialization=False)\ngram(l.weight), l.weight.tolist(), l.parametrizations.weight.original.tolist()",
	"l = orth((3, 3), 'cayley', use_trivialization=False)\ngram(l.weight), l.weight.tolist()",
	"l = orth((3, 3), None)\nq = torch.linalg.qr(torch.randn(3, 3)).Q\nl.weight = q\n(l.weight - q).abs().max().item() < 1e-5, l.parametrizations.weight.original.tolist()",
	"l = orth((4, 2), None)\nl.weight = torch.randn(4, 2)\ngram(l.weight), l.weight.tolist()",
	"l = orth((4, 3), 'householder', use_trivialization=False)\nl.weight = torch.linalg.qr(torch.randn(4, 3)).Q\nl.weight.tolist(), l.parametrizations.weight.original.tolist()",
	"l = orth((3, 3), 'matrix_exp', use_trivialization=False)\nl.weight = torch.eye(3)",
	"l = orth((3, 3), None)\nl.weight = torch.eye(2)",
	"PZ.orthogonal(nn.Linear(3, 3), 'bias')",
	"PZ.orthogonal(nn.Linear(3, 3), 'foo')",
	"PZ.orthogonal(nn.Linear(3, 3), orthogonal_map='qr')",
	"PZ.spectral_norm(nn.Linear(3, 3), n_power_iterations=0)",
	"PZ.spectral_norm(nn.Linear(3, 3), dim=2)",
	"PZ.spectral_norm(nn.Linear(3, 3), 'foo')",
	"import copy\nPZ.spectral_norm(m)\nc = copy.deepcopy(m)\nstr(c), torch.equal(c.weight, m.weight), c.parametrizations.weight[0]._u is m.parametrizations.weight[0]._u",
	"import copy\nl = orth((3, 3), None)\nc = copy.deepcopy(l)\n(c.weight - l.weight).abs().max().item() < 1e-6, c.parametrizations.weight[0].base is l.parametrizations.weight[0].base",
	"PZ.spectral_norm(m)\nsd = m.state_dict()\nm2 = PZ.spectral_norm(nn.Linear(4, 3))\nm2.load_state_dict(sd)\n(m2.weight - m.weight).abs().max().item() < 1e-6",
	"PZ.spectral_norm(m)\nsn = m.parametrizations.weight[0]\nstr(sn), str(type(sn)), isinstance(sn, nn.Module), str(type(orth((2, 2), None).parametrizations.weight[0]))",
	"PZ.weight_norm",
	"import torch.nn.utils.parametrizations as Q\nQ is PZ, callable(Q.orthogonal), callable(Q.spectral_norm)",
}

// TestParametrizationsMatchPyTorch runs the cases in kael and PyTorch.
func TestParametrizationsMatchPyTorch(t *testing.T) {
	checkCloseToTorch(t, parametrizationsPrelude, parametrizationsCases, reftest.Tolerance{Abs: 2e-4, Rel: 2e-4})
}
