package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// removedMemberPrelude imports torch for removedMemberCases.
const removedMemberPrelude = `import torch
`

// warningsPrelude makes a case's warnings its value: caught(f) is f()'s
// result and the category and message of each warning it issued.
const warningsPrelude = `import warnings
def caught(f):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        r = f()
    return r, [(i.category.__name__, str(i.message)) for i in w]
`

// removedMemberCases check the tensor members PyTorch 1.13 keeps for
// removed features and devices a CPU build has not (volatile and its
// warnings), output_nr, and conj_physical_.
var removedMemberCases = []string{
	"x = torch.ones(4, requires_grad=True)\nx.output_nr, (x * 2).output_nr, torch.ones(2).output_nr, x.sum().output_nr, x.detach().output_nr",
	"class Two(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n        return x * 2, x * 3\n    @staticmethod\n    def backward(ctx, a, b):\n        return 2 * a + 3 * b\n" +
		"a, b = Two.apply(torch.ones(2, requires_grad=True))\na.output_nr, b.output_nr, (a + b).output_nr",
	"x = torch.ones(2, requires_grad=True)\ncaught(lambda: x.volatile), caught(lambda: getattr(torch.ones(1), 'volatile')), caught(lambda: hasattr(x, 'volatile'))",
	"x = torch.ones(2)\ndef put():\n    x.volatile = True\ndef put2():\n    setattr(x, 'volatile', True)\ncaught(put), caught(put2), caught(lambda: x.volatile)",
	"t = torch.ones(2)\nt.is_nested, t.is_distributed(), torch.ones(2, 2).is_nested, t.name",
	"torch.manual_seed(0)\nw = torch.randn(5, 3) * 3\ni = torch.tensor([0, 2, 2])\nr = torch.embedding_renorm_(w, i, 1.0, 2.0)\nr is w, w.tolist()",
	"torch.embedding_renorm_(torch.ones(5, 3), torch.tensor([1, 3], dtype=torch.int32), 0.5, 1.0).tolist()",
	"torch.embedding_renorm_(torch.randn(5, 3, requires_grad=True), torch.tensor([0]), 1.0, 2.0)",
	"torch.embedding_renorm_(torch.randn(5, 3), torch.tensor([0.0]), 1.0, 2.0)",
	"issubclass(torch.FatalError, Exception), str(torch.FatalError), str(torch.FatalError('x'))",
	"torch.ones(2).reinforce(1.0)",
	"torch.ones(2).ipu()",
	"torch.ones(2).xpu()",
	"try:\n    torch.ones(2).to_padded_tensor(0.0)\nexcept NotImplementedError as e:\n    r = str(e).split('.')[0]\nr",
	"t = torch.tensor([1.0, -2.0])\nr = t.conj_physical_()\nr is t, t.tolist()",
	"z = torch.tensor([1 + 2j, 3 - 1j])\nr = z.conj_physical_()\nr is z, z.tolist()",
	"z = torch.tensor([1 + 2j, 3 - 1j])\nr = torch.conj_physical_(z)\nr is z, z.tolist()",
	"x = torch.tensor([1 + 2j, 3 - 1j], requires_grad=True)\ny = x * 1\ny.conj_physical_()\n(y * torch.tensor([2 + 1j, 1j])).real.sum().backward()\nx.grad.tolist()",
}

// TestRemovedTensorMembersMatchPyTorch runs the cases in kael and PyTorch.
func TestRemovedTensorMembersMatchPyTorch(t *testing.T) {
	checkCloseToTorch(t, removedMemberPrelude+warningsPrelude, removedMemberCases, reftest.Tolerance{Abs: 1e-6, Rel: 1e-6})
}
