package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// prunePrelude is the model of PyTorch's pruning tutorial
// (intermediate_source/pruning_tutorial.py), LeNet.
const prunePrelude = `import torch
from torch import nn
import torch.nn.utils.prune as prune
import torch.nn.functional as F
torch.manual_seed(0)
class LeNet(nn.Module):
    def __init__(self):
        super(LeNet, self).__init__()
        self.conv1 = nn.Conv2d(1, 6, 3)
        self.conv2 = nn.Conv2d(6, 16, 3)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)
    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), (2, 2))
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = x.view(-1, int(x.nelement() / x.shape[0]))
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)
def names(m):
    return [n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()]
def hooks(m):
    return [type(h).__name__ for h in m._forward_pre_hooks.values()]
def outcome(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__, str(e)
model = LeNet()
`

// pruneCases follow the tutorial against PyTorch 1.13: each pruning
// function's masks (random ones drawn as PyTorch draws them), the
// parameters and buffers it leaves, iterative pruning in a
// PruningContainer, remove, global pruning, a custom method, training
// through a pruned module, and the errors.
var pruneCases = []string{
	"m = model.conv1\nprune.random_unstructured(m, name='weight', amount=0.3)\nnames(m), hooks(m), m.weight_mask.sum().item(), torch.equal(m.weight, m.weight_orig * m.weight_mask)",
	"m = model.conv1\nprune.l1_unstructured(m, name='bias', amount=3)\nprune.random_unstructured(m, name='weight', amount=0.3)\nprune.ln_structured(m, name='weight', amount=0.5, n=2, dim=0)\nc = [h for h in m._forward_pre_hooks.values() if h._tensor_name == 'weight'][0]\nm.bias_mask.tolist(), m.weight_mask.sum(dim=(1, 2, 3)).tolist(), type(c).__name__, [type(x).__name__ for x in c], sorted(model.state_dict().keys())",
	"m = model.conv1\nprune.random_structured(m, 'weight', amount=2, dim=1)\nprune.remove(m, 'weight')\nnames(m), hooks(m), type(m.weight).__name__, (m.weight == 0).sum().item(), prune.is_pruned(model)",
	"for name, m in model.named_modules():\n    if isinstance(m, torch.nn.Conv2d):\n        prune.l1_unstructured(m, name='weight', amount=0.2)\n    elif isinstance(m, torch.nn.Linear):\n        prune.l1_unstructured(m, name='weight', amount=0.4)\nlist(dict(model.named_buffers()).keys()), [(m.weight == 0).sum().item() for m in [model.conv1, model.fc1, model.fc3]]",
	"params = ((model.conv1, 'weight'), (model.conv2, 'weight'), (model.fc1, 'weight'), (model.fc2, 'weight'), (model.fc3, 'weight'))\nprune.global_unstructured(params, pruning_method=prune.L1Unstructured, amount=0.2)\n[round(100. * float(torch.sum(m.weight == 0)) / float(m.weight.nelement()), 2) for m, _ in params], float(sum(torch.sum(m.weight == 0) for m, _ in params))",
	"class FooBar(prune.BasePruningMethod):\n    PRUNING_TYPE = 'unstructured'\n    def compute_mask(self, t, default_mask):\n        mask = default_mask.clone()\n        mask.view(-1)[::2] = 0\n        return mask\nFooBar.apply(model.fc3, 'bias')\nx = torch.randn(2, 1, 28, 28)\ny = model(x).sum()\ny.backward()\nmodel.fc3.bias_mask.tolist(), model.fc3.bias_orig.grad.tolist(), model.fc3.bias.grad_fn is not None",
	"prune.custom_from_mask(model.fc3, name='bias', mask=torch.tensor([0, 1] * 5))\nprune.identity(model.fc2, 'weight')\nmodel.fc3.bias_mask.tolist(), model.fc2.weight_mask.sum().item(), prune.L1Unstructured(amount=2).prune(torch.tensor([3., -1., 2., 0.5])).tolist()",
	"[outcome(f) for f in [lambda: prune.l1_unstructured(nn.Linear(2, 2), 'weight', amount=-1), lambda: prune.l1_unstructured(nn.Linear(2, 2), 'weight', amount=1.5), lambda: prune.l1_unstructured(nn.Linear(2, 2), 'weight', amount=5), lambda: prune.ln_structured(nn.Linear(2, 2), 'bias', amount=1, n=1, dim=0), lambda: prune.remove(nn.Linear(2, 2), 'weight'), lambda: prune.l1_unstructured(nn.Linear(2, 2), 'weight', amount='a'), lambda: prune.global_unstructured([(nn.Linear(2, 2), 'weight')], pruning_method=prune.RandomStructured, amount=1)]]",
	"lin = nn.Linear(3, 2)\nprune.l1_unstructured(lin, 'weight', amount=1)\ntry:\n    prune.l1_unstructured(lin, 'weight', amount=7)\nexcept ValueError as e:\n    err = str(e)\nerr, names(lin)",
}

// TestPruneMatchesTorch runs pruneCases in kael and PyTorch.
func TestPruneMatchesTorch(t *testing.T) {
	checkCloseToTorch(t, prunePrelude, pruneCases, reftest.Tolerance{Abs: 1e-5, Rel: 1e-5})
}

// TestPruneIsAttributeOnceImported checks that torch.nn.utils.prune, which
// torch.nn.utils does not import, is its attribute for hasattr, getattr
// and dir only once imported, as in PyTorch.
func TestPruneIsAttributeOnceImported(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\n", []string{
		"hasattr(torch.nn.utils, 'prune'), 'prune' in dir(torch.nn.utils), getattr(torch.nn.utils, 'prune', None)",
		"import torch.nn.utils.prune as p\nhasattr(torch.nn.utils, 'prune'), 'prune' in dir(torch.nn.utils), getattr(torch.nn.utils, 'prune') is p",
	})
}
