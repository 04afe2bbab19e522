# torch.utils.data: a Dataset subclass, TensorDataset, DataLoader batches
# (shuffled in the order PyTorch draws), random_split, default_collate.
import torch
from torch.utils.data import Dataset, DataLoader, TensorDataset, random_split

class Squares(Dataset):
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, idx):
        x = torch.tensor([float(idx), float(idx) ** 2])
        return x, idx % 3

torch.manual_seed(0)
ds = Squares(10)
print(len(ds), ds[3][0].tolist(), ds[3][1])
loader = DataLoader(ds, batch_size=4, shuffle=True)
print(len(loader), len(loader.dataset))
for epoch in range(2):
    for batch, (X, y) in enumerate(loader):
        print(epoch, batch, X[:, 0].tolist(), y.tolist(), X.shape, y.dtype == torch.int64)
print(torch.rand(2).tolist())
td = TensorDataset(torch.arange(6.0).reshape(3, 2), torch.tensor([0, 1, 0]))
for xb, yb in DataLoader(td, batch_size=2):
    print(xb.tolist(), yb.tolist())
train, test = random_split(range(10), [7, 3])
print(list(train), list(test), len(train))
a, b, c = random_split(list(range(11)), [0.5, 0.3, 0.2], generator=torch.Generator().manual_seed(42))
print(list(a), list(b), list(c))
g = torch.Generator().manual_seed(5)
print([y.tolist() for _, y in DataLoader(ds, batch_size=3, shuffle=True, generator=g, drop_last=True)])
print(len(DataLoader(ds, batch_size=3, drop_last=True)), len(DataLoader(ds, batch_size=3)))
dl = DataLoader([{"a": 1.5, "b": "x"}, {"a": 2.0, "b": "y"}], batch_size=2)
for d in dl:
    print(d["a"].tolist(), d["a"].dtype == torch.float64, d["b"])
print([x for x in DataLoader([1, 2, 3], batch_size=None)])
print(next(iter(DataLoader(ds, batch_size=2)))[1].tolist())
print(type(loader).__name__, type(td).__name__)
print(torch.randn(1).tolist())
