# Strides, storage offsets, contiguity, element sizes, data pointers and the
# autograd graph's next_functions, as chapters 2 and 5 of the book use them.
import torch

x = torch.arange(24.0).view(2, 3, 4)
views = {
    "x": x, "t": x.transpose(0, 2), "permute": x.permute(2, 0, 1), "select": x[1], "column": x[:, :, 2],
    "step": x[:, ::2, 1::3], "narrow": x.narrow(2, 1, 2), "unsqueeze": x.unsqueeze(1),
    "expand": x[:, :1].expand(2, 5, 4), "flatten": x.flatten(), "last two": x.transpose(-2, -1), "squeeze": x[:, :1].squeeze(1),
    "reshape copy": x.transpose(0, 1).reshape(6, 4), "contiguous": x.transpose(0, 1).contiguous(),
    "empty": torch.zeros(0, 3).t(), "scalar": torch.tensor(2.5), "one row": x[:1, :1],
}
for name, v in views.items():
    same = v.data_ptr() == x.data_ptr() + v.storage_offset() * v.element_size()
    print(name, v.shape, v.stride(), v.storage_offset(), v.is_contiguous(), same)
print(x.stride(0), x.stride(-1), x.t().stride(1) if x.dim() == 2 else x.transpose(0, 1).stride(1))
for t in (torch.zeros(2), torch.zeros(2, dtype=torch.float64), torch.zeros(2, dtype=torch.int64), torch.zeros(2, dtype=torch.bool)):
    print(str(t.dtype).replace("torch.", ""), t.element_size())
row = x[1]
print(row.data_ptr() - x.data_ptr(), x[0, 1].data_ptr() - x.data_ptr(), x[:, 2].data_ptr() - x.data_ptr())
c = x.clone()
print(c.data_ptr() == x.data_ptr(), x.view(6, 4).data_ptr() == x.data_ptr())


def node(fn):
    return None if fn is None else fn.name()


def edges(fn):
    return [(node(f), i) for f, i in fn.next_functions]


a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0])
y = (a * b).sum()
print(node(y.grad_fn), edges(y.grad_fn))
mul = y.grad_fn.next_functions[0][0]
print(edges(mul), mul.next_functions[0][0].variable is a, edges(mul.next_functions[0][0]))
w = torch.ones(2, requires_grad=True)
z = (a * 2 + a.exp() - w.sin()) @ w
print(edges(z.grad_fn), [edges(f) for f, _ in z.grad_fn.next_functions if f is not None])
h = torch.cat([a, w]).relu().mean()
print(edges(h.grad_fn), edges(h.grad_fn.next_functions[0][0]))
print(edges(h.grad_fn.next_functions[0][0].next_functions[0][0]))
print(a.grad_fn, (a * 1).grad_fn.next_functions[0][0].variable is a)
