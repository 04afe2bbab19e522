# Linear regression with torch.optim and a functional loss.
import torch
import torch.nn.functional as F
from torch import optim

X = torch.tensor([[1.0], [2.0], [3.0], [4.0]])
Y = torch.tensor([[3.0], [5.0], [7.0], [9.0]])
w = torch.zeros(1, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
opt = optim.SGD([w, b], lr=0.05)
for epoch in range(301):
    opt.zero_grad()
    loss = F.mse_loss(X @ w + b, Y)
    loss.backward()
    opt.step()
    if epoch % 100 == 0:
        print("epoch %3d loss %.5f" % (epoch, loss.item()))
print(f"w = {w.item():.3f}, b = {b.item():.3f}")

m = torch.tensor([1.0, -2.0], requires_grad=True)
adam = torch.optim.Adam([m], lr=0.1)
for step in range(50):
    adam.zero_grad()
    objective = ((m - torch.tensor([3.0, 1.0])) ** 2).sum()
    objective.backward()
    adam.step()
print("adam:", [f"{v:.3f}" for v in m.tolist()])
