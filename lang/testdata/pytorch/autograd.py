# Gradients of small functions, no_grad, and clearing gradients.
import torch

x = torch.tensor([2.0, 3.0], requires_grad=True)
y = (x ** 2).sum()
y.backward()
print("dy/dx:", x.grad.tolist())

w = torch.tensor([1.0, -1.0], requires_grad=True)
b = torch.tensor(0.5, requires_grad=True)
inp = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
target = torch.tensor([0.0, 1.0])
pred = inp @ w + b
loss = ((pred - target) ** 2).mean()
loss.backward()
print(f"loss={loss.item():.4f} grad_w={[round(g, 4) for g in w.grad.tolist()]} grad_b={b.grad.item():.4f}")
print(pred.requires_grad, pred.grad_fn is not None, w.is_leaf, pred.is_leaf)

with torch.no_grad():
    w -= 0.1 * w.grad
    z = w * 2
print("updated:", [round(v, 4) for v in w.tolist()], "z requires grad:", z.requires_grad)
w.grad.zero_()
print("zeroed:", w.grad.tolist())

a = torch.tensor(3.0, requires_grad=True)
f = a * a * a + 2 * a
f.backward()
print(f"f'(3) = {a.grad.item()}")
s = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
torch.softmax(s, dim=0)[0].backward()
print("softmax grad:", [f"{g:.5f}" for g in s.grad.tolist()])
d = x.detach()
print(d.requires_grad, x.requires_grad)
