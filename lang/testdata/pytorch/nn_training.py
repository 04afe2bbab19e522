# A small classifier trained with nn.Sequential, CrossEntropyLoss and
# optim.SGD / Adam from the same seeded weights as PyTorch's.
import torch
import torch.nn as nn
import torch.optim as optim

torch.manual_seed(42)
X = torch.tensor([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.5, 0.2], [0.9, 0.8]])
y = torch.tensor([0, 1, 1, 0, 1, 0])
model = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 2))
loss_fn = nn.CrossEntropyLoss()
opt = optim.SGD(model.parameters(), lr=0.5)
for step in range(30):
    opt.zero_grad()
    loss = loss_fn(model(X), y)
    loss.backward()
    opt.step()
    if step % 10 == 0:
        print(f"step {step} loss {loss.item():.4f}")
with torch.no_grad():
    print(model(X).argmax(dim=1).tolist())

torch.manual_seed(3)
reg = nn.Sequential(nn.Linear(1, 16), nn.ReLU(), nn.Linear(16, 1))
xs = torch.linspace(-1, 1, 20).reshape(-1, 1)
ys = xs ** 2
adam = optim.Adam(reg.parameters(), lr=0.01)
mse = nn.MSELoss()
for step in range(50):
    adam.zero_grad()
    loss = mse(reg(xs), ys)
    loss.backward()
    adam.step()
print(f"final mse {loss.item():.5f}")
reg.zero_grad(set_to_none=True)
print(all(p.grad is None for p in reg.parameters()))
