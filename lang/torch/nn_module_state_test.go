package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

const moduleStatePrelude = `import torch, torch.nn as nn
torch.manual_seed(0)
log = []
P = lambda *a: log.append(a)
class E(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)
        self.step = 3
    def get_extra_state(self):
        return {"step": self.step}
    def set_extra_state(self, st):
        self.step = st["step"]
class Top(nn.Module):
    def __init__(self):
        super().__init__()
        self.e = E()
        self.bn = nn.BatchNorm1d(2)
`

// TestModuleStateMatchesTorch compares nn.Module's extra state,
// load_state_dict post-hooks, OrderedDicts, type(), to_empty() and del of
// registered names with PyTorch 1.13.
func TestModuleStateMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, moduleStatePrelude, []string{
		`m = Top()
sd = m.state_dict()
P(type(sd).__name__, list(sd.keys()), sd["e._extra_state"])
sd["e._extra_state"] = {"step": 7}
P(m.load_state_dict(sd), m.e.step)
del sd["e._extra_state"]
P(m.load_state_dict(sd, strict=False))
log`,
		`m = Top()
sd = m.state_dict()
del sd["e._extra_state"]
m.load_state_dict(sd)`,
		`sd2 = nn.Linear(2, 2).state_dict(); sd2["_extra_state"] = 5
P(nn.Linear(2, 2).load_state_dict(sd2, strict=False))
nn.Linear(2, 2).load_state_dict(sd2)`,
		`nn.Linear(2, 2).get_extra_state()`,
		`nn.Linear(2, 2).set_extra_state(1)`,
		// post-hooks run children first, with the keys found so far, and may clear them
		`seen = []
def hook(mod, keys):
    seen.append((type(mod).__name__, list(keys.missing_keys), list(keys.unexpected_keys)))
def clear(mod, keys):
    keys.missing_keys.clear(); keys.unexpected_keys.clear()
m2 = nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.Linear(2, 1)))
h1 = m2[0].register_load_state_dict_post_hook(hook)
h2 = m2[1].register_load_state_dict_post_hook(hook)
h3 = m2.register_load_state_dict_post_hook(hook)
sd3 = m2.state_dict(); del sd3["0.bias"]; del sd3["1.0.weight"]; sd3["zz"] = torch.ones(1)
P(m2.load_state_dict(sd3, strict=False))
P(seen)
h4 = m2.register_load_state_dict_post_hook(clear)
P(m2.load_state_dict(sd3))
h4.remove()
P(type(m2._load_state_dict_post_hooks).__name__, len(m2._load_state_dict_post_hooks))
m2.register_load_state_dict_post_hook(lambda mod, k: 5)
m2.load_state_dict(sd3, strict=False)`,
		// the hook dicts and state_dict are OrderedDicts
		`m = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))
m.register_forward_hook(lambda *a: None)
[type(d).__name__ for d in (m.state_dict(), m._forward_hooks, m._forward_pre_hooks, m._backward_hooks)], repr(nn.Linear(1, 1)._forward_hooks)`,
		// type() converts every tensor, integer buffers too; to_empty() keeps shapes and dtypes
		`l = nn.Linear(2, 2)
l(torch.ones(1, 2)).sum().backward()
p = l.weight
P(l.type(torch.float64) is l, l.weight is p, l.weight.dtype, l.weight.grad.dtype)
b = nn.BatchNorm1d(2)
P(b.type('torch.DoubleTensor').num_batches_tracked.dtype, b.running_mean.dtype)
P(b.type(torch.FloatTensor).running_mean.dtype)
e = nn.Linear(2, 3).to_empty(device='cpu')
P(e.weight.shape, e.weight.dtype, e.weight.requires_grad)
log`,
		`nn.Linear(2, 2).type(torch.int32)`,
		// del of a registered submodule, parameter or buffer of a user
		// module: the registry forgets it (Module.__delattr__)
		`m = Top()
m.register_buffer("buf", torch.ones(1))
m.w = nn.Parameter(torch.zeros(2))
m.x = 1
del m.e, m.buf, m.w, m.x
P(hasattr(m, "e"), hasattr(m, "w"), hasattr(m, "x"), list(m.state_dict().keys()), [n for n, _ in m.named_modules()])
delattr(m, "bn")
m.e = E()
P(list(m.state_dict().keys()))
log`,
		`m = Top()
del m.e
del m.e`,
		// a built-in layer missing a deleted parameter or buffer cannot
		// run: its forward reads self.weight (AttributeError), also inside
		// a Sequential and a user module; registering the name again heals it
		`l = nn.Linear(3, 2)
del l.weight
l(torch.ones(1, 3))`,
		`l = nn.Linear(3, 2)
del l.bias
l(torch.ones(1, 3))`,
		`b = nn.BatchNorm1d(3)
del b.running_mean
b(torch.ones(2, 3))`,
		`s = nn.Sequential(nn.Linear(3, 3), nn.LayerNorm(3))
del s[1].weight
s(torch.ones(1, 3))`,
		`class U(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
    def forward(self, x):
        return self.fc(x)
u = U()
del u.fc.weight
u(torch.ones(1, 3))`,
		`class L(nn.Linear):
    pass
l = L(3, 2)
del l.bias
l(torch.ones(1, 3))`,
		`torch.manual_seed(0)
l = nn.Linear(3, 2)
w = l.weight
del l.weight, l.bias
l.weight = w
l.register_parameter("bias", None)
P(l(torch.ones(1, 3)).shape, [n for n, _ in l.named_parameters()])
b = nn.BatchNorm1d(3)
del b.running_mean
b.register_buffer("running_mean", torch.zeros(3))
b.eval()
P(b(torch.ones(2, 3)).shape)
class V(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 2)
        self.unused = nn.Linear(1, 1)
    def forward(self, x):
        return self.fc(x)
v = V()
del v.unused
P(v(torch.ones(1, 3)).shape)
log`,
		// a plain attribute assigned after del is what the forward reads
		`torch.manual_seed(0)
l = nn.Linear(3, 2)
del l.bias
l.bias = None
P(l(torch.ones(1, 3)).shape, [n for n, _ in l.named_parameters()], l.bias)
b = nn.BatchNorm1d(3)
b.eval()
del b.num_batches_tracked
P(b(torch.ones(2, 3)).shape)
log`,
	})
}
