package torch

import (
	"context"
	"strings"
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang"
)

// hooksPrelude builds the modules the hook and registry cases use.
const hooksPrelude = `import torch
import torch.nn as nn
torch.manual_seed(0)
lin = nn.Linear(3, 2)
x = torch.ones(1, 3)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
        self.register_buffer("scale", torch.tensor(2.0))
    def forward(self, x, k=1.0):
        return self.fc(x) * k
class Deriv(nn.Linear):
    pass
def outcome(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__, str(e)
`

// hooksCases are checked against PyTorch 1.13: forward pre-hooks and
// forward hooks on built-in layers, user modules and a Sequential's
// children, their handles, and the registry dicts _parameters, _buffers
// and _modules read and edited directly.
var hooksCases = []string{
	"log = []\nh1 = lin.register_forward_pre_hook(lambda m, a: (log.append(type(m).__name__), (a[0] * 2,))[1])\nh2 = lin.register_forward_hook(lambda m, a, o: o + 1)\ny = lin(x)\nh1.remove(); h1.remove()\nz = lin(x)\nh2.remove()\nlog, y.tolist(), z.tolist(), lin(x).tolist(), type(h1).__name__, h2.id - h1.id, len(lin._forward_hooks)",
	"seq = nn.Sequential(nn.Linear(3, 3), nn.ReLU(), nn.Linear(3, 1))\nacts = {}\nfor n, m in seq.named_children():\n    m.register_forward_hook(lambda m, a, o, n=n: acts.__setitem__(n, (type(m).__name__, len(a), o.shape)))\ny = seq(x)\nsorted(acts.items()), y.tolist()",
	"net = Net()\nwith net.register_forward_hook(lambda m, a, o: o * 0):\n    a = net(x, k=2.0)\nb = net(x, k=2.0)\nnet.register_forward_pre_hook(lambda m, a: a[0] + 1)\nc = net(x)\na.tolist(), b.tolist(), c.tolist()",
	"net = Net()\nseen = []\nnet.register_forward_hook(lambda m, a, o: seen.append((type(m).__name__, len(a), o.shape)))\nouter = nn.Sequential(net, nn.Tanh())\ny = outcome(lambda: outer(x).shape)\ny, seen",
	"d = Deriv(3, 2)\nd.register_forward_hook(lambda m, a, o: o.sum())\nd(x).dim()",
	"m = nn.Linear(3, 2)\nlist(m._parameters), list(m._buffers), list(m._modules), 'weight' in m._parameters, m._parameters['bias'].shape, len(m._parameters), m._parameters.get('zz', 5)",
	"net = Net()\nlist(net._buffers.keys()), list(net._modules.keys()), type(net._modules['fc']).__name__, net._buffers['scale'].item(), [k for k, v in net._parameters.items()]",
	"m = nn.Linear(3, 2)\nw = m.weight\nm.register_parameter('weight_orig', w)\ndel m._parameters['weight']\nm.register_buffer('weight_mask', torch.ones_like(w))\nsetattr(m, 'weight', m.weight_mask * m.weight_orig)\nr = m(x).shape\ndelattr(m, 'weight')\nm.weight = m.weight_orig\ndel m._parameters['weight_orig']\nm._parameters['weight'] = w\nr, [n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()], sorted(m.state_dict().keys())",
	"m = nn.Linear(3, 2, bias=False)\nm._parameters['bias'], m.bias, 'bias' in m._parameters, outcome(lambda: m._parameters['nope'])",
	"s = nn.Sequential(nn.Linear(3, 3))\ns._modules['1'] = nn.ReLU()\ns._modules.pop('0')\nlen(s), type(s[0]).__name__, outcome(lambda: delattr(nn.Linear(1, 1), 'nope'))",
	"t = torch.arange(12.).view(3, 4)\nt[[slice(None), torch.tensor([True, False, True, False])]].tolist(), t[[0, 2]].tolist(), t[[[0, 1], [1, 2]]].tolist(), t[[None, 0]].shape, t[[..., 1]].tolist()",
	"[outcome(lambda d=d: torch.tensor(d)) for d in [[1, None], [1, 'a'], [1, b'a'], [1, {}], [1, slice(1)], [[1], [...]]]]",
}

// TestModuleHooksAndRegistryMatchTorch runs hooksCases in kael and
// PyTorch.
func TestModuleHooksAndRegistryMatchTorch(t *testing.T) {
	checkCloseToTorch(t, hooksPrelude, hooksCases, reftest.Tolerance{Abs: 1e-6, Rel: 1e-6})
}

// TestRemovableHandleRefusesOtherObjects: RemovableHandle.remove called
// on something that is not a handle is an error, not a panic.
func TestRemovableHandleRefusesOtherObjects(t *testing.T) {
	src := "import torch.nn as nn\nh = nn.Linear(1, 1).register_forward_hook(print)\ntype(h).remove(3)\n"
	r := lang.NewSession(lang.IO{}).Exec(context.Background(), "", src)
	if r.Err == nil || !strings.Contains(r.Err.Render(), "RemovableHandle") {
		t.Fatalf("got %v, want an error naming RemovableHandle", r.Err)
	}
}
