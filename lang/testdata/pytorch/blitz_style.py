# A quick tour in the style of the 60-minute blitz: tensors and their
# operations, autograd on a small graph, a LeNet-like convolutional
# network, one optimizer step, and a tiny training run on a batch.
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim

torch.manual_seed(1)

# Tensors
data = [[1, 2], [3, 4]]
x_data = torch.tensor(data)
x_ones = torch.ones_like(x_data)
x_rand = torch.rand_like(x_data, dtype=torch.float)
print(f"Ones Tensor: {x_ones.tolist()}")
print(f"Random Tensor: {[[round(v, 4) for v in row] for row in x_rand.tolist()]}")
shape = (2, 3,)
print(torch.rand(shape).shape, torch.ones(shape).sum().item(), torch.zeros(shape).tolist())
tensor = torch.ones(4, 4)
print(f"Shape of tensor: {tensor.shape}")
print(f"Device tensor is stored on: {tensor.device}")
tensor[:, 1] = 0
print(f"First row: {tensor[0].tolist()}, last column: {tensor[..., -1].tolist()}")
t1 = torch.cat([tensor, tensor, tensor], dim=1)
print(t1.shape)
y1 = tensor @ tensor.T
y2 = tensor.matmul(tensor.T)
y3 = torch.rand_like(y1)
torch.matmul(tensor, tensor.T, out=y3)
z1 = tensor * tensor
print(torch.equal(y1, y2), torch.equal(y1, y3), z1.sum().item())
agg = tensor.sum()
agg_item = agg.item()
print(agg_item, type(agg_item))
tensor.add_(5)
print(tensor[0].tolist())

# Autograd
x = torch.ones(2, 2, requires_grad=True)
y = x + 2
print(y.grad_fn is not None, y.requires_grad)
z = y * y * 3
out = z.mean()
print(f"z[0, 0] = {z[0, 0].item()}, out = {out.item()}")
out.backward()
print(x.grad.tolist())
a = torch.randn(3, requires_grad=True)
b = a * 2
while b.data.norm() < 1000:
    b = b * 2
v = torch.tensor([0.1, 1.0, 0.0001], dtype=torch.float)
b.backward(v)
print(a.grad.tolist() == (v * (b / a).detach()).tolist())
print(a.requires_grad, (a ** 2).requires_grad)
with torch.no_grad():
    print((a ** 2).requires_grad)
print(a.detach().requires_grad, a.detach().eq(a).all().item())


# Neural networks
class Net(nn.Module):
    def __init__(self):
        super(Net, self).__init__()
        self.conv1 = nn.Conv2d(1, 4, 3)
        self.conv2 = nn.Conv2d(4, 8, 3)
        self.fc1 = nn.Linear(8 * 2 * 2, 24)
        self.fc2 = nn.Linear(24, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), (2, 2))
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        return self.fc2(x)


net = Net()
print(net)
params = list(net.parameters())
print(len(params), params[0].size(), [tuple(p.shape) for p in params[2:]])
inp = torch.randn(1, 1, 14, 14)
out = net(inp)
print(out.shape, f"{out.sum().item():.4f}")
net.zero_grad()
out.backward(torch.randn(1, 10))
print(net.conv1.bias.grad is not None, f"{net.conv1.bias.grad.abs().sum().item():.4f}")

output = net(inp)
target = torch.randn(10).view(1, -1)
criterion = nn.MSELoss()
loss = criterion(output, target)
print(f"loss {loss.item():.4f}")
print(loss.grad_fn.next_functions[0][0] is not None)
net.zero_grad()
loss.backward()
print(f"conv1.bias.grad after backward {net.conv1.bias.grad.abs().sum().item():.4f}")

learning_rate = 0.01
with torch.no_grad():
    for f in net.parameters():
        f.sub_(f.grad * learning_rate)
print(f"after a manual step {criterion(net(inp), target).item():.4f}")

optimizer = optim.SGD(net.parameters(), lr=0.01)
batch = torch.randn(6, 1, 14, 14)
labels = torch.tensor([0, 3, 1, 9, 3, 5])
ce = nn.CrossEntropyLoss()
for step in range(5):
    optimizer.zero_grad()
    loss = ce(net(batch), labels)
    loss.backward()
    optimizer.step()
    print(f"step {step}: {loss.item():.4f}")
