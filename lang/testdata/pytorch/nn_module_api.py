# nn.Module's methods on built-in layers: train/eval and Dropout,
# state_dict round trips, to(dtype), requires_grad_, apply, Parameter.
import torch
import torch.nn as nn

torch.manual_seed(7)
net = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5))
print(net.training, net[1].training)
x = torch.ones(2, 4)
out = net(x)
print((out == 0).any().item())
net.eval()
print(net.training, net[1].training, net(x).tolist() == net[0](x).tolist())
net.train()
print(net[1].training)

src = nn.Linear(3, 2)
dst = nn.Linear(3, 2)
print(dst.load_state_dict(src.state_dict()))
print(dst.weight.tolist() == src.weight.tolist())
sd = src.state_dict()
print(list(sd.keys()), sd["weight"].requires_grad)
result = dst.load_state_dict({"weight": torch.zeros(2, 3)}, strict=False)
print(result.missing_keys, result.unexpected_keys, dst.weight.sum().item())

double = nn.Linear(2, 2).double()
print(double.weight.dtype == torch.float64, double.bias.dtype == torch.float64)
lin = nn.Linear(2, 2)
w = lin.weight
lin.to(torch.float64)
print(lin.weight is w, lin.weight.dtype == torch.float64, lin(torch.ones(1, 2, dtype=torch.float64)).dtype == torch.float64)

frozen = nn.Linear(2, 2).requires_grad_(False)
print([p.requires_grad for p in frozen.parameters()])

def init_weights(m):
    if isinstance(m, nn.Linear):
        nn.init.zeros_(m.weight)
        nn.init.ones_(m.bias)

m = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))
m.apply(init_weights)
print(m(torch.tensor([[5.0, -5.0]])).tolist())

p = nn.Parameter(torch.tensor([1.0, 2.0]))
print(type(p), isinstance(p, nn.Parameter), isinstance(p, torch.Tensor), p.requires_grad, p.is_leaf)
q = nn.Parameter(torch.zeros(2), requires_grad=False)
print(q.requires_grad, isinstance(torch.zeros(2), nn.Parameter))
lin2 = nn.Linear(2, 1)
lin2.weight = nn.Parameter(torch.tensor([[1.0, -1.0]]))
lin2.extra = "note"
print(round(lin2(torch.tensor([[3.0, 1.0]])).item() - lin2.bias.item(), 4), lin2.extra)
print([n for n, _ in lin2.named_parameters()], lin2.extra_repr())
empty = nn.Module()
print(empty, list(empty.parameters()))
