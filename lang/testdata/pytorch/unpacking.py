# Starred unpacking of shapes and rows, and loops with else, as model code
# writes them.
import torch

torch.manual_seed(0)
x = torch.randn(2, 3, 4, 8)
*batch, T, C = x.shape
print(batch, T, C)
flat = x.reshape(-1, C)
print(flat.shape)

head, *rest = x.shape
print(head, rest)

q = torch.randn(4, 3, requires_grad=True)
first, *middle, last = q
loss = (first * last).sum() + sum(r.sum() for r in middle)
loss.backward()
print([round(v, 4) for v in q.grad[1].tolist()])
print(len(middle), type(middle).__name__)

pairs = [(1, 'a', 'b'), (2, 'c'), (3,)]
for n, *letters in pairs:
    print(n, letters)

(a, *b), c = [[1, 2, 3], 4]
print(a, b, c)


def first_negative(t):
    for i, v in enumerate(t.tolist()):
        if v < 0:
            break
    else:
        return None
    return i


print(first_negative(torch.tensor([1., 2., -3.])), first_negative(torch.tensor([1.])))

steps = 0
while steps < 3:
    steps += 1
else:
    print('ran', steps, 'steps')

shapes = [(2, 3), (4,)]
for dims in shapes:
    *lead, last_dim = dims
    print(lead, last_dim)
