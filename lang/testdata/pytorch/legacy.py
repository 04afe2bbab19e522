# The legacy constructors, torch.Size, type(), out= and Variable.
import torch
from torch.autograd import Variable

a = torch.Tensor([1, 2, 3])
print(a.tolist(), a.dtype == torch.float32, torch.Tensor(2, 3).shape)
print(torch.LongTensor([1.7, 2.2]).tolist(), torch.FloatTensor([1, 2]).tolist(), torch.BoolTensor([1, 0]).tolist())
s = torch.zeros(3, 4).shape
print(s, s[0], len(s), s.numel(), s == (3, 4), tuple(s), torch.Size([2, 2]))
rows, cols = s
print(rows * cols, type(s), type(a), type(a) is torch.Tensor)
print(isinstance(a, torch.Tensor), isinstance(s, tuple), torch.is_tensor(a))
out = torch.empty(3)
res = torch.add(a, 10, out=out)
print(res is out, out.tolist())
torch.mul(a, a, out=out)
print(out.tolist(), torch.matmul(torch.eye(2), torch.ones(2, 2), out=torch.empty(2, 2)).tolist())
v = Variable(torch.tensor([2.0]), requires_grad=True)
(v * v).sum().backward()
print(v.grad.tolist(), v.requires_grad)
