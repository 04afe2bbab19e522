# Making tensors, their shapes and dtypes, indexing and arithmetic.
import torch

data = [[1, 2], [3, 4]]
x = torch.tensor(data)
print(x.shape, x.ndim, x.numel(), x.tolist())
ones = torch.ones_like(x)
print(f"ones: {ones.tolist()}, zeros: {torch.zeros(2, 3).shape}")
r = torch.arange(12).reshape(3, 4)
print(r[1].tolist(), r[:, 1].tolist(), r[..., -1].tolist(), r[1:, 2:].tolist())
print(f"first row sum {r[0].sum().item()}, mean of all {r.float().mean().item():.2f}")
t = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
print((t * 2).tolist(), (t @ t.T).tolist())
print(t.sum(dim=0).tolist(), t.sum(dim=1, keepdim=True).shape, t.max().item(), t.argmax().item())
b = torch.tensor([10., 20., 30.])
print(f"broadcast: {(t + b).tolist()}")
print(torch.cat([t, t], dim=0).shape, torch.stack([b, b]).shape, t.view(3, 2).shape, t.flatten().tolist())
t.add_(1)
print("in place:", t[0].tolist())
agg = t.sum()
print("item:", agg.item(), isinstance(agg.item(), float))
m = torch.eye(3)
print(m.tolist(), torch.linspace(0, 1, 5).tolist())
print(x.float().dtype == torch.float32, x.dtype == torch.int64, x.double().dtype == torch.float64)
