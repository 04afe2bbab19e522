# A first-course script: a custom autograd.Function, an nn.Module MLP
# that uses it, trained with SGD and then Adam on nn.CrossEntropyLoss;
# the seed gives PyTorch's initial weights.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import optim


class ClampedReLU(torch.autograd.Function):
    """relu with a hand-written backward."""

    @staticmethod
    def forward(ctx, x, ceiling):
        ctx.save_for_backward(x)
        ctx.ceiling = ceiling
        return x.clamp(min=0, max=ceiling)

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        inside = (x > 0) & (x < ctx.ceiling)
        return grad_out * inside.float(), None


class Swish(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        s = torch.sigmoid(x)
        ctx.save_for_backward(x, s)
        return x * s

    @staticmethod
    def backward(ctx, g):
        x, s = ctx.saved_tensors
        return g * (s + x * s * (1 - s))


x = torch.linspace(-2, 4, 7, requires_grad=True)
y = ClampedReLU.apply(x, 3.0)
y.sum().backward()
print("clamped:", y.tolist(), "grad:", x.grad.tolist())
print("grad_fn:", y.grad_fn is not None, y.requires_grad, x.is_leaf)
x2 = torch.tensor([-1.0, 0.5, 2.0], requires_grad=True)
Swish.apply(x2).sum().backward()
g1 = x2.grad.clone()
x2.grad = None
F.silu(x2).sum().backward()
print("swish grad matches silu:", torch.allclose(g1, x2.grad))


class MLP(nn.Module):
    def __init__(self, n_in, n_hidden, n_classes):
        super().__init__()
        self.hidden = nn.Linear(n_in, n_hidden)
        self.out = nn.Linear(n_hidden, n_classes)
        self.ceiling = 6.0

    def forward(self, x):
        return self.out(ClampedReLU.apply(self.hidden(x), self.ceiling))

    @property
    def n_params(self):
        return sum(p.numel() for p in self.parameters())


class Classifier(nn.Module):
    def __init__(self):
        super(Classifier, self).__init__()
        self.body = nn.Sequential(MLP(2, 16, 8), nn.Tanh())
        self.head = nn.Linear(8, 3)

    def forward(self, x):
        return self.head(self.body(x))


torch.manual_seed(42)
model = Classifier()
print(model)
print("parameters:", sum(p.numel() for p in model.parameters()), model.body[0].n_params)
print("names:", [name for name, _ in model.named_parameters()])
print("isinstance:", isinstance(model, nn.Module), isinstance(model.body[0], MLP), type(model).__name__)

points = torch.tensor([[0.0, 0.0], [1.0, 0.2], [0.1, 1.0], [1.0, 1.0], [-1.0, 0.5], [0.5, -1.0]])
labels = torch.tensor([0, 1, 2, 1, 0, 2])
loss_fn = nn.CrossEntropyLoss()

opt = optim.SGD(model.parameters(), lr=0.5)
for epoch in range(20):
    opt.zero_grad()
    loss = loss_fn(model(points), labels)
    loss.backward()
    opt.step()
    if epoch % 5 == 0:
        print(f"sgd epoch {epoch}: loss {loss.item():.4f}")

opt = optim.Adam(model.parameters(), lr=0.05)
for epoch in range(30):
    model.zero_grad()
    loss = loss_fn(model(points), labels)
    loss.backward()
    opt.step()
print(f"adam: loss {loss.item():.4f}")

model.eval()
with torch.no_grad():
    predicted = model(points).argmax(dim=1)
print("accuracy:", (predicted == labels).float().mean().item(), "training:", model.training)
state = model.state_dict()
print("state_dict:", list(state.keys()))
