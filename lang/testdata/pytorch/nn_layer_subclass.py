# Classes deriving from built-in layers: super().__init__ makes the layer,
# its parameters are the instance's, super().forward runs it, and the
# class may add attributes, submodules and its own forward.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ScaledLinear(nn.Linear):
    def __init__(self, i, o, scale=2.0):
        super().__init__(i, o, bias=True)
        self.scale = scale

    def forward(self, x):
        return super().forward(x) * self.scale


class PlainConv(nn.Conv2d):
    pass


class Gated(nn.LSTM):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.gate = nn.Linear(self.hidden_size, 1)

    def forward(self, x):
        out, _ = super().forward(x)
        return torch.sigmoid(self.gate(out))


class NoisyDropout(nn.Dropout):
    def extra_repr(self):
        return "custom"


torch.manual_seed(0)
m = ScaledLinear(3, 2)
print(m, m.in_features, m.out_features, m.scale)
print(isinstance(m, nn.Linear), isinstance(m, nn.Module), type(m).__name__)
x = torch.tensor([[1.0, -2.0, 0.5]])
y = m(x)
y.sum().backward()
print([round(v, 4) for v in y.flatten().tolist()], [round(v, 4) for v in m.weight.grad.flatten().tolist()])
print([k for k, _ in m.named_parameters()], list(m.state_dict().keys()))
opt = torch.optim.SGD(m.parameters(), lr=0.1)
opt.step()
print([round(v, 4) for v in m.bias.tolist()])

c = PlainConv(1, 2, 3, padding=1)
print(c, c.kernel_size if hasattr(c, "kernel_size") else None, c(torch.ones(1, 1, 4, 4)).shape)

g = Gated(3, 4, batch_first=True)
print(g)
print(g(torch.randn(2, 5, 3)).shape, [k for k, _ in g.named_parameters()][-3:])

seq = nn.Sequential(ScaledLinear(3, 3, scale=0.5), nn.ReLU(), NoisyDropout(0.2))
print(seq)
seq.eval()
print(seq[2].training, seq(torch.ones(1, 3)).shape)
