# torch.return_types: named tuples that unpack, index and compare as
# PyTorch's (tensors are shown with tolist(), as kael prints their dtype).
import torch


def show(r, fields):
    print(type(r).__name__, len(r), isinstance(r, tuple), [getattr(r, f).tolist() for f in fields], [t.tolist() for t in r])


x = torch.tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])
r = torch.max(x, 1)
show(r, ["values", "indices"])
values, indices = r
print(values.tolist(), indices.tolist(), r[0].tolist(), r[-1].tolist(), r.values is r[0])
print(type(r), type(r[:1]), len(r[:1]), len(r[1:]))
print(r == (r[0], r[1]), r == [r[0], r[1]], (r[0], r[1]) == r)
show(x.min(dim=0, keepdim=True), ["values", "indices"])
print(x.min(0).indices.tolist(), x.max(0)[1].tolist())
show(torch.sort(x, 1, descending=True), ["values", "indices"])
show(x.sort(0), ["values", "indices"])
show(torch.topk(x, 2), ["values", "indices"])
show(x.kthvalue(2, 1), ["values", "indices"])
show(x.median(1), ["values", "indices"])
show(torch.mode(torch.tensor([1, 2, 2, 3, 3])), ["values", "indices"])
show(torch.aminmax(x), ["min", "max"])
show(torch.aminmax(x, dim=1, keepdim=True), ["min", "max"])
show(x.aminmax(dim=0), ["min", "max"])
a = torch.tensor([[2.0, 1.0], [1.0, 3.0]], dtype=torch.float64)
print(type(torch.linalg.slogdet(a)).__name__, type(torch.slogdet(a)).__name__, torch.slogdet(a).sign.item(), round(torch.slogdet(a).logabsdet.item(), 6))
q = torch.linalg.qr(a)
print(type(q).__name__, type(torch.qr(a)).__name__, q.R.shape, q.Q.shape, len(q))
w = torch.linalg.eigh(a)
print(type(w).__name__, [round(v, 6) for v in w.eigenvalues.tolist()], w.eigenvectors.shape)
u, s, vh = torch.linalg.svd(a)
print(type(torch.linalg.svd(a)).__name__, [round(v, 6) for v in torch.linalg.svd(a).S.tolist()], torch.linalg.svd(a).Vh.shape)
print(type(torch.svd(a)).__name__, torch.svd(a).V.shape, torch.svd(a).U.shape)
for part in torch.max(x, 1):
    print(part.tolist())
print([t.tolist() for t in list(torch.sort(torch.tensor([3, 1, 2])))])
print([t.tolist() for t in tuple(torch.min(x, 1))])
s = torch.sort(torch.tensor([2, 1]))
print(len(s + (1,)), type(s + (1,)), len((0,) + s), len(s * 2), len(2 * s), (s + s)[2].tolist(), type(s * 1))
