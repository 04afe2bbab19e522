# BatchNorm (running statistics, momentum, eval), InstanceNorm and
# GroupNorm: reprs, state dicts, forward values and gradients.
import torch
import torch.nn as nn
import torch.nn.functional as F


def r(t):
    return [round(v, 4) for v in t.flatten().tolist()]


layers = [nn.BatchNorm1d(3), nn.BatchNorm2d(4, eps=1e-3, momentum=None), nn.BatchNorm3d(2, affine=False),
          nn.BatchNorm1d(2, track_running_stats=False), nn.InstanceNorm1d(3), nn.InstanceNorm2d(2, affine=True),
          nn.GroupNorm(2, 4), nn.GroupNorm(1, 3, affine=False, eps=1e-4)]
for m in layers:
    print(m, list(m.state_dict().keys()))
bn = layers[0]
print(bn.num_features, bn.eps, bn.momentum, bn.affine, bn.track_running_stats, bn.num_batches_tracked.item(), bn.running_var.tolist())

g = torch.Generator().manual_seed(0)
x = torch.randn(5, 3, generator=g, requires_grad=True)
y = bn(x)
(y.pow(3) * torch.arange(1.0, 4.0)).sum().backward()
print(r(y), r(x.grad), r(bn.weight.grad), r(bn.bias.grad))
print(r(bn.running_mean), r(bn.running_var), bn.num_batches_tracked.item())
bn(torch.randn(4, 3, 6, generator=g))
print(r(bn.running_mean), r(bn.running_var), bn.num_batches_tracked.item())
bn.eval()
z = bn(x)
print(r(z), bn.num_batches_tracked.item())

bn2 = layers[1]
img = torch.randn(2, 4, 3, 3, generator=g)
for _ in range(3):
    out = bn2(img * (_ + 1))
print(r(bn2.running_mean), r(bn2.running_var), bn2.num_batches_tracked.item(), r(out[0, 0]))
bn2.eval()
print(r(bn2(img)[1, 2]))

nt = layers[3]
nt.eval()
print(r(nt(torch.tensor([[1.0, 2.0], [3.0, 6.0], [5.0, 1.0]]))))
print(r(layers[2](torch.randn(2, 2, 2, 2, 2, generator=g))[0, 1]))

inorm = layers[5]
v = torch.randn(2, 2, 3, 3, generator=g, requires_grad=True)
o = inorm(v)
(o * o.detach().exp()).sum().backward()
print(r(o[1, 1]), r(v.grad[0, 0]), r(inorm.weight.grad))
print(r(layers[4](torch.randn(3, 5, generator=g))), layers[4](torch.randn(2, 3, 4)).shape)

gn = layers[6]
w = torch.randn(2, 4, 3, generator=g, requires_grad=True)
o = gn(w)
(o ** 3).sum().backward()
print(r(o[0]), r(w.grad[1]), r(gn.weight.grad))
print(r(layers[7](torch.randn(2, 3, 2, generator=g))))

t = torch.randn(4, 2, generator=g)
rm, rv = torch.zeros(2), torch.ones(2)
print(r(F.batch_norm(t, rm, rv, training=True)), r(rm), r(rv))
print(r(F.batch_norm(t, rm, rv, torch.tensor([2.0, 0.5]), torch.tensor([0.0, 1.0]))))
print(r(F.instance_norm(torch.randn(1, 2, 4, generator=g))), r(F.group_norm(torch.randn(2, 4, generator=g), 2)))

model = nn.Sequential(nn.Conv2d(1, 2, 3), nn.BatchNorm2d(2), nn.ReLU())
sd = model.state_dict()
print(list(sd.keys()), sd["1.num_batches_tracked"].dtype == torch.int64)
