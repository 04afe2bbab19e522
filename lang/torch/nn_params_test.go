package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestParameterContainersMatchTorch checks nn.ParameterList and
// nn.ParameterDict against Debian's PyTorch: what their items become
// (plain tensors made Parameters, other values kept), their registration
// in named_parameters and state_dict, their reprs alone and inside a
// module, the list and dict methods, gradients and an optimizer step
// through them, and the errors of bad use.
func TestParameterContainersMatchTorch(t *testing.T) {
	prelude := nnPrelude + `pl = nn.ParameterList([nn.Parameter(torch.randn(2, 3)), torch.zeros(4)])
pd = nn.ParameterDict({'b': nn.Parameter(torch.randn(2)), 'a': torch.zeros(3, 2)})
class M(nn.Module):
    def __init__(s):
        super().__init__()
        s.ps = nn.ParameterList([nn.Parameter(torch.ones(2)) for _ in range(2)])
        s.pd = nn.ParameterDict({'w': nn.Parameter(torch.ones(3))})
    def forward(s, x):
        return (x * s.ps[0] * s.ps[1]).sum() + s.pd['w'].sum() * x.sum()
`
	srcs := []string{
		"repr(pl), str(pd), repr(nn.ParameterList()), repr(nn.ParameterDict()), repr(M())",
		"pl.append(torch.ones(2, dtype=torch.float64)).extend([nn.Parameter(torch.randn(1), requires_grad=False), 3, None])\nrepr(pl), len(pl), [type(p).__name__ for p in pl], pl[1].requires_grad, pl[3].requires_grad",
		"[n for n, _ in pl.named_parameters()], list(pl.state_dict().keys()), [n for n, _ in M().named_parameters()], list(M().state_dict().keys())",
		"repr(pl[1:]), repr(pl[::-1]), r(pl[-1]), pl[0] is list(pl)[0], pl[1:][0] is pl[1]",
		"pl[0] = torch.zeros(1)\nrepr(pl), pl[0]",
		"pl2 = nn.ParameterList([torch.ones(1)])\npl2 += [torch.zeros(2)]\nrepr(pl2), len(pl2)",
		"pd['c'] = torch.ones(1)\npd.update([('z', torch.randn(2)), ('y', torch.randn(1))])\nrepr(pd), list(pd.keys()), [k for k, v in pd.items()], len(pd), 'a' in pd, 'q' in pd, list(pd)",
		"pd.update({'d': torch.ones(1), 'c': torch.ones(2)})\nfrom collections import OrderedDict\npd.update(OrderedDict([('y', torch.ones(1)), ('x', torch.ones(1))]))\nlist(pd), [r(v) for v in pd.values()]",
		"pd.pop('a').shape, list(pd), pd.get('q'), pd.get('b').shape, pd.setdefault('k'), repr(pd)",
		"del pd['b']\nk = pd.popitem()[0]\nc = pd.copy()\npd.clear()\nk, len(pd), list(c), list(pd.fromkeys(['u', 'v'], torch.ones(1)).keys())",
		"m = M()\nx = torch.arange(2.)\nm(x).backward()\n[(n, r(p.grad)) for n, p in m.named_parameters()]",
		"m = M()\nopt = torch.optim.SGD(m.parameters(), lr=0.1)\nm(torch.ones(2)).backward()\nopt.step()\n[r(p) for p in m.parameters()]",
		"import copy\nc = copy.deepcopy(pl)\nc.append(torch.ones(1))\nlen(c), len(pl), repr(c)",
		"err(lambda: pl[10])",
		"err(lambda: pl['a'])",
		"err(lambda: pd['nope'])",
		"err(lambda: pd[1])",
		"err(lambda: pl(torch.ones(1)))",
		"err(lambda: pd(torch.ones(1)))",
		"err(lambda: pl.extend(torch.ones(2)))",
		"err(lambda: pl.extend(5))",
		"err(lambda: pd.update(3))",
		"err(lambda: pd.update([(1, 2, 3)]))",
		"err(lambda: pd.update([3]))",
		"err(lambda: nn.ParameterList([torch.ones(2, dtype=torch.long)]))",
		"err(lambda: nn.Parameter(torch.ones(2, dtype=torch.long)))",
		"def f():\n    del pd['nope']\nerr(f)",
		"def f():\n    pl[0] = 3\nerr(f)",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
