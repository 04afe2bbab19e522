# torch.nn layers: default initialisation under a seed (bit for bit),
# reprs, attributes and forward passes.
import torch
import torch.nn as nn

torch.manual_seed(0)
lin = nn.Linear(3, 2)
print(lin)
print(lin.weight.tolist())
print(lin.bias.tolist())
print(lin.in_features, lin.out_features, lin.weight.shape, lin.weight.requires_grad, lin.training)
print(type(lin), type(lin.weight), isinstance(lin, nn.Module), isinstance(lin.weight, torch.Tensor))
x = torch.tensor([[1.0, -2.0, 0.5], [0.0, 1.0, 2.0]])
print([[round(v, 4) for v in row] for row in lin(x).tolist()])

nobias = nn.Linear(4, 3, bias=False)
print(nobias, nobias.bias)
print(nobias.weight.tolist())

conv = nn.Conv2d(2, 3, kernel_size=3, padding=1)
print(conv)
print(conv.weight.shape, conv.bias.tolist())
print(conv.weight[0, 0].tolist())
img = torch.arange(32.0).reshape(1, 2, 4, 4) / 10
out = conv(img)
print(out.shape, round(out.sum().item(), 3))
print(nn.Conv2d(1, 4, (3, 5), stride=2, bias=False), nn.Conv2d(4, 4, 3, groups=2, dilation=2, padding="same"))

pool = nn.MaxPool2d(2)
print(pool, pool(img).tolist())
print(nn.MaxPool2d((2, 3), stride=1, padding=1, ceil_mode=True))

emb = nn.Embedding(5, 3)
print(emb, emb.weight.tolist())
print(emb(torch.tensor([[0, 4], [2, 2]])).shape)
pad = nn.Embedding(4, 2, padding_idx=1)
print(pad, pad.weight[1].tolist(), pad.padding_idx)

ln = nn.LayerNorm(4)
print(ln, ln.weight.tolist(), ln.bias.tolist(), ln.normalized_shape, ln.eps)
print([round(v, 4) for v in ln(torch.tensor([1.0, 2.0, 3.0, 5.0])).tolist()])
print(nn.LayerNorm((2, 3), eps=1e-6, elementwise_affine=False))

acts = [nn.ReLU(), nn.ReLU(inplace=True), nn.Tanh(), nn.Sigmoid(), nn.GELU(), nn.GELU(approximate="tanh"),
        nn.SiLU(), nn.Softmax(dim=1), nn.LogSoftmax(dim=-1), nn.Softmax(), nn.Identity(), nn.Flatten(), nn.Flatten(0, 1),
        nn.Unflatten(1, (2, 2)), nn.Dropout(), nn.Dropout(0.1)]
for a in acts:
    print(a)
v = torch.tensor([[-1.0, 0.0, 1.0, 2.0]])
for a in acts[:9]:
    print(type(a).__name__, [round(e, 4) for e in a(v)[0].tolist()])
print(nn.Flatten()(torch.zeros(2, 3, 4)).shape, nn.Unflatten(1, (2, 2))(v).shape)
