# Padding layers and F.pad's modes, PixelShuffle, Upsample/interpolate,
# the average poolings, MaxPool1d and channel dropout: reprs, values and
# gradients.
import torch
import torch.nn as nn
import torch.nn.functional as F


def r(t):
    return [round(v, 4) for v in t.flatten().tolist()]


x = torch.arange(12.0).reshape(1, 1, 3, 4).requires_grad_()
pads = [nn.ZeroPad2d(1), nn.ZeroPad2d((1, 2, 0, 1)), nn.ConstantPad1d(2, 3.5), nn.ConstantPad2d((1, 0, 2, 0), 1),
        nn.ReflectionPad2d(2), nn.ReflectionPad1d((1, 2)), nn.ReplicationPad2d(1), nn.ReplicationPad1d(3),
        nn.ConstantPad3d(1, 0.0), nn.ReflectionPad2d((0, 1, 2, 0))]
for p in pads:
    print(p)
for p in pads[:2] + pads[3:5] + pads[6:7] + pads[9:]:
    x.grad = None
    y = p(x)
    (y * y).sum().backward()
    print(type(p).__name__, list(y.shape), r(y[0, 0, 1]), r(x.grad))
seq = torch.arange(5.0).reshape(1, 1, 5)
print(r(pads[2](seq)), r(pads[5](seq)), r(pads[7](seq)))
print(r(F.pad(seq, (2, 1), mode="circular")), r(F.pad(x, (-1, 1, 0, -1))), r(F.pad(seq, (1, 1), value=-1.0)))
print(list(F.pad(torch.zeros(2, 3), (1, 1, 2, 2)).shape), r(F.pad(x, (1, 1, 1, 1), mode="replicate")[0, 0, 0]))

ps, pu = nn.PixelShuffle(2), nn.PixelUnshuffle(2)
print(ps, pu)
img = torch.arange(32.0).reshape(1, 8, 2, 2)
print(list(ps(img).shape), r(ps(img)[0, 1]), torch.equal(pu(ps(img)), img), r(F.pixel_unshuffle(torch.arange(16.0).reshape(1, 1, 4, 4), 2)[0, :, 0, 0]))

ups = [nn.Upsample(scale_factor=2), nn.Upsample(size=(4, 5), mode="bilinear", align_corners=True),
       nn.Upsample(scale_factor=(2, 3), mode="nearest"), nn.Upsample(scale_factor=1.5, mode="bilinear"),
       nn.Upsample(size=5, mode="nearest-exact")]
for u in ups:
    print(u)
small = torch.tensor([[[[1.0, 2.0], [3.0, 5.0]]]], requires_grad=True)
for u in ups:
    small.grad = None
    y = u(small)
    (y * torch.arange(float(y.numel())).reshape(y.shape)).sum().backward()
    print(list(y.shape), r(y), r(small.grad))
line = torch.tensor([[[0.0, 1.0, 4.0, 9.0]]])
print(r(F.interpolate(line, size=7, mode="linear")), r(F.interpolate(line, scale_factor=0.5, mode="linear", align_corners=True)))
print(r(F.interpolate(line, size=3)), r(F.interpolate(line, size=2, mode="area")))
print(r(F.interpolate(torch.arange(8.0).reshape(1, 1, 2, 2, 2), scale_factor=2, mode="trilinear")[0, 0, 1]))
print(r(F.interpolate(x, scale_factor=0.7, mode="bilinear", recompute_scale_factor=True)))

pools = [nn.AvgPool2d(2), nn.AvgPool2d((2, 3), stride=1, padding=1, ceil_mode=True, count_include_pad=False),
         nn.AvgPool1d(3), nn.AdaptiveAvgPool2d((2, None)), nn.AdaptiveAvgPool1d(3), nn.MaxPool1d(2),
         nn.AdaptiveAvgPool2d(1), nn.AvgPool2d(3, stride=2, padding=1), nn.AvgPool2d(2, ceil_mode=True),
         nn.AvgPool2d(2, divisor_override=3), nn.MaxPool1d(3, stride=2, padding=1)]
for p in pools:
    print(p)
img = torch.arange(35.0).reshape(1, 1, 5, 7).requires_grad_()
for p in pools[:2] + pools[3:4] + pools[6:10]:
    img.grad = None
    y = p(img)
    (y * y).sum().backward()
    print(type(p).__name__, list(y.shape), r(y)[:8], r(img.grad)[:10])
s = torch.tensor([[[1.0, 5.0, 2.0, 8.0, 3.0, 0.0, 7.0]]], requires_grad=True)
for p in pools[2:3] + pools[4:6] + pools[10:]:
    s.grad = None
    y = p(s)
    y.sum().backward()
    print(type(p).__name__, r(y), r(s.grad))
print(r(F.avg_pool2d(img, 3, 2)), r(F.adaptive_avg_pool2d(img, (3, 2))), r(F.max_pool1d(s, 2, 1)), r(F.avg_pool1d(s, 2)))

drops = [nn.Dropout2d(0.3), nn.Dropout1d(), nn.Dropout3d(0.5)]
for d in drops:
    print(d)
torch.manual_seed(0)
feat = torch.ones(4, 6, 2, 2, requires_grad=True)
y = drops[0](feat)
y.sum().backward()
print(r(y[:, :, 0, 0]), r(feat.grad[:, :, 1, 1]))
print(r(drops[1](torch.ones(3, 5))[:, 0]), r(F.dropout1d(torch.ones(2, 4, 3), 0.5)[:, :, 0]))
print(r(F.dropout3d(torch.ones(3, 2, 1, 1), 0.5)), r(F.dropout2d(torch.ones(2, 3, 2), 0.5, training=False)))
drops[0].eval()
print(torch.equal(drops[0](feat), feat))
x4 = torch.tensor([[[[1.0, 2.0], [3.0, 5.0]]]])
for u in [nn.UpsamplingNearest2d(scale_factor=2), nn.UpsamplingBilinear2d(scale_factor=2), nn.UpsamplingBilinear2d(size=(3, 4)), nn.UpsamplingNearest2d(size=3)]:
    print(u, [round(v, 4) for v in u(x4).flatten().tolist()])
