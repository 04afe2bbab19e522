# The activation layers and functions: reprs, values, gradients (also at
# the kinks), in-place forms and PReLU's learned slope.
import torch
import torch.nn as nn
import torch.nn.functional as F


def r(t):
    return [round(v, 4) for v in t.flatten().tolist()]


layers = [nn.LeakyReLU(), nn.LeakyReLU(0.2, inplace=True), nn.ELU(), nn.ELU(alpha=0.5, inplace=True), nn.SELU(),
          nn.CELU(2.0), nn.Softplus(), nn.Softplus(beta=2, threshold=5.0), nn.Softsign(), nn.Hardtanh(),
          nn.Hardtanh(-2, 3.5), nn.ReLU6(), nn.ReLU6(inplace=True), nn.Hardswish(), nn.Hardsigmoid(), nn.Mish(),
          nn.LogSigmoid(), nn.Tanhshrink(), nn.Threshold(0.1, 20), nn.Threshold(-1.0, 0.5, True), nn.Hardshrink(),
          nn.Softshrink(0.25), nn.GLU(), nn.Softmin(dim=1), nn.Softmin(), nn.PReLU(), nn.PReLU(3, init=0.1)]
for m in layers:
    print(m)
print(layers[1].negative_slope, layers[1].inplace, layers[6].beta, layers[7].threshold, layers[18].value, layers[25].weight.tolist())

x0 = torch.tensor([[-4.0, -3.0, -1.5, -0.5, 0.0, 0.25, 0.5, 1.0, 3.0, 7.0, 30.0, -0.1]])
for m in layers[:25]:
    x = x0.clone().requires_grad_()
    y = m(x.clone()) if getattr(m, "inplace", False) else m(x)
    y.pow(2).sum().backward() if isinstance(m, nn.GLU) else y.sum().backward()
    print(type(m).__name__, r(y), r(x.grad))

p = nn.PReLU(3, init=0.1)
img = torch.randn(2, 3, 2, 2, generator=torch.Generator().manual_seed(3))
out = p(img)
out.sum().backward()
print(r(out[0, :, 0]), r(p.weight.grad))
print(r(F.prelu(torch.tensor([-1.0, 2.0]), torch.tensor([0.3]))))

v = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0])
print(r(F.leaky_relu(v)), r(F.leaky_relu(v, 0.1)), r(F.elu(v)), r(F.selu(v)), r(F.celu(v, 0.5)))
print(r(F.softplus(v)), r(F.softplus(v, beta=2, threshold=1)), r(F.softsign(v)), r(F.hardtanh(v, -1.0, 0.25)))
print(r(F.relu6(v * 4)), r(F.hardswish(v)), r(F.hardsigmoid(v)), r(F.mish(v)), r(F.logsigmoid(v)))
print(r(F.tanhshrink(v)), r(F.threshold(v, 0.0, -9.0)), r(F.hardshrink(v)), r(F.softshrink(v, 1.0)))
print(r(F.softmin(v, dim=0)), r(F.glu(torch.arange(8.0).reshape(2, 4))), r(F.glu(torch.arange(8.0).reshape(2, 4), 0)))
print(r(nn.Softmax2d()(torch.arange(12.0).reshape(3, 2, 2) / 4)))
w = v.clone()
out = F.elu(w, inplace=True)
print(out is w, r(w))
w = v.clone()
F.leaky_relu(w, 0.5, True)
print(r(w))
print(F.elu(v.requires_grad_()).grad_fn.name(), F.leaky_relu(v).grad_fn.name(), F.hardtanh(v).grad_fn.name())
