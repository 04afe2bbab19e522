# The PyTorch a learner writes in a first training script: .item() and
# .tolist(), shapes, no_grad updates, a model class, a timed loop with
# f-strings, batching by slicing, typing annotations and isinstance.
import time
from typing import List, Optional

import torch
import torch.nn as nn
from torch.utils.data import TensorDataset, DataLoader

# Numbers out of tensors.
x = torch.tensor([1.0, 2.0, 3.0])
print(x.sum().item(), x.mean().item(), x.tolist(), type(x.sum().item()).__name__)
print(x.shape, x.size(), x.size(0), x.dim(), x.numel(), x.dtype == torch.float32)
s = torch.tensor(3.5)
print(s.item(), float(s), s.shape, f"{s.item():.1f}", f"{s:.2f}", torch.tensor(True).item())

# A manual gradient step under no_grad.
w = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = w * 2
print(y.requires_grad, w.requires_grad)
loss = (w ** 2).sum()
loss.backward()
print(w.grad.tolist())
with torch.no_grad():
    w -= 0.1 * w.grad
    w.grad.zero_()
print([round(v, 4) for v in w.tolist()], w.requires_grad, w.grad.tolist())

# A timed training loop.
torch.manual_seed(0)
model = nn.Linear(2, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
X = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
Y = torch.tensor([[1.0], [2.0]])
t0 = time.perf_counter()
for epoch in range(3):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(X), Y)
    loss.backward()
    opt.step()
    print(f"epoch {epoch}: loss={loss.item():.4f}")
print(f"finished in under a minute: {time.perf_counter() - t0 < 60}")

# Indexing and reductions, read back as lists.
x = torch.arange(6).reshape(2, 3)
print(x[0].tolist(), x[:, 1].tolist(), x[x > 2].tolist(), x.T.tolist(), x.view(-1).tolist())
print(x.float().mean(dim=0).tolist(), x.max().item(), x.argmax().item(), x.sum(dim=1, keepdim=True).tolist())
for row in x:
    print(row.tolist(), len(row))
for i, v in enumerate(x.flatten()[:3]):
    print(i, v.item())
print(len(x), list(x.shape), x.shape[0], tuple(x.shape))

# Typing annotations and isinstance.
def stack(xs: List[torch.Tensor], scale: Optional[float] = None) -> torch.Tensor:
    out = torch.stack(xs)
    return out * scale if scale is not None else out
print(stack([torch.ones(2), torch.zeros(2)], 2.0).tolist())
print(isinstance(torch.ones(1), torch.Tensor), torch.is_tensor(3), isinstance([1], List))

# Shapes and comparisons.
a = torch.zeros(2, 3)
print(a.shape == (2, 3), a.shape == torch.Size([2, 3]), a.ndim, a.is_contiguous())
b = torch.ones_like(a) * 2
print((a + b).tolist(), torch.cat([a, b]).shape, torch.stack([a, b], dim=1).shape)
print(bool(b.sum() == 12), float(b.mean()), int(b.sum()))

# A model class.
class MLP(nn.Module):
    def __init__(self, n_in, n_hidden, n_out):
        super().__init__()
        self.fc1 = nn.Linear(n_in, n_hidden)
        self.fc2 = nn.Linear(n_hidden, n_out)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))

torch.manual_seed(0)
m = MLP(4, 8, 2)
print(m)
print(sum(p.numel() for p in m.parameters()), [n for n, _ in m.named_parameters()])
out = m(torch.randn(3, 4))
print(out.shape, out.argmax(dim=1).shape, callable(m))

# Loss, softmax and accuracy.
logits = torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.2]])
targets = torch.tensor([0, 1])
loss = torch.nn.functional.cross_entropy(logits, targets)
print(round(loss.item(), 4))
probs = torch.softmax(logits, dim=-1)
print([round(p, 4) for p in probs.sum(dim=1).tolist()], (logits.argmax(1) == targets).float().mean().item())
acc = (logits.argmax(1) == targets).sum().item() / len(targets)
print(f"acc {acc:.2%}")

# Batching by slicing, and a DataLoader.
torch.manual_seed(42)
data = torch.randn(10, 3)
batch_size = 4
for i in range(0, len(data), batch_size):
    batch = data[i:i + batch_size]
    print(i, batch.shape)
perm = torch.randperm(10)
print(perm.shape, sorted(perm.tolist()) == list(range(10)))
ds = TensorDataset(torch.arange(6).float(), torch.arange(6))
dl = DataLoader(ds, batch_size=4)
for xb, yb in dl:
    print(xb.tolist(), yb.tolist())
print(len(ds), len(dl))

# Element-wise helpers.
x = torch.tensor([1.0, -2.0, 3.0])
print(x.abs().tolist(), x.clamp(min=0).tolist(), torch.where(x > 0, x, torch.zeros_like(x)).tolist())
print(x.unsqueeze(0).shape, x.unsqueeze(1).shape, x[None].shape, x[:, None].shape)
print(round(x.std().item(), 4), round(x.norm().item(), 4))

# State dicts and modes.
lin = torch.nn.Linear(2, 2)
print(list(lin.state_dict().keys()), lin.weight.shape, lin.bias.requires_grad)
lin.eval()
print(lin.training)
lin.train()
print(lin.training)
