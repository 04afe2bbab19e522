# Fitting y = sin(x) on [-pi, pi] with a cubic, four ways, in the manner
# of "Learning PyTorch with examples": gradients written by hand on plain
# tensors, a custom autograd.Function for the Legendre polynomial P3, an
# nn.Sequential model over the powers of x, and the same model under an
# optimizer with a class that picks its own depth at random each pass.
import math
import random
import torch

dtype = torch.float
device = torch.device("cpu")
x = torch.linspace(-math.pi, math.pi, 500, device=device, dtype=dtype)
y = torch.sin(x)

# 1. Tensors, gradients by hand.
torch.manual_seed(0)
a = torch.randn((), device=device, dtype=dtype)
b = torch.randn((), device=device, dtype=dtype)
c = torch.randn((), device=device, dtype=dtype)
d = torch.randn((), device=device, dtype=dtype)
learning_rate = 1e-6
for t in range(600):
    y_pred = a + b * x + c * x ** 2 + d * x ** 3
    loss = (y_pred - y).pow(2).sum().item()
    if t % 150 == 149:
        print(t, f"{loss:.3f}")
    grad_y_pred = 2.0 * (y_pred - y)
    grad_a = grad_y_pred.sum()
    grad_b = (grad_y_pred * x).sum()
    grad_c = (grad_y_pred * x ** 2).sum()
    grad_d = (grad_y_pred * x ** 3).sum()
    a -= learning_rate * grad_a
    b -= learning_rate * grad_b
    c -= learning_rate * grad_c
    d -= learning_rate * grad_d
print(f"Result: y = {a.item():.3f} + {b.item():.3f} x + {c.item():.3f} x^2 + {d.item():.3f} x^3")


# 2. A custom autograd.Function: P3(x) = (5x^3 - 3x) / 2.
class LegendrePolynomial3(torch.autograd.Function):
    @staticmethod
    def forward(ctx, input):
        ctx.save_for_backward(input)
        return 0.5 * (5 * input ** 3 - 3 * input)

    @staticmethod
    def backward(ctx, grad_output):
        input, = ctx.saved_tensors
        return grad_output * 1.5 * (5 * input ** 2 - 1)


a = torch.full((), 0.0, device=device, dtype=dtype, requires_grad=True)
b = torch.full((), -1.0, device=device, dtype=dtype, requires_grad=True)
c = torch.full((), 0.0, device=device, dtype=dtype, requires_grad=True)
d = torch.full((), 0.3, device=device, dtype=dtype, requires_grad=True)
learning_rate = 5e-6
for t in range(600):
    P3 = LegendrePolynomial3.apply
    y_pred = a + b * P3(c + d * x)
    loss = (y_pred - y).pow(2).sum()
    if t % 150 == 149:
        print(t, f"{loss.item():.3f}")
    loss.backward()
    with torch.no_grad():
        a -= learning_rate * a.grad
        b -= learning_rate * b.grad
        c -= learning_rate * c.grad
        d -= learning_rate * d.grad
        a.grad = None
        b.grad = None
        c.grad = None
        d.grad = None
print(f"Result: y = {abs(a.item()):.3f} + {b.item():.3f} * P3({abs(c.item()):.3f} + {d.item():.3f} x)")  # a, c ~ 0

# 3. nn.Sequential over (x, x^2, x^3).
p = torch.tensor([1, 2, 3])
xx = x.unsqueeze(-1).pow(p)
print(xx.shape)
torch.manual_seed(0)
model = torch.nn.Sequential(
    torch.nn.Linear(3, 1),
    torch.nn.Flatten(0, 1)
)
loss_fn = torch.nn.MSELoss(reduction='sum')
learning_rate = 1e-6
for t in range(600):
    y_pred = model(xx)
    loss = loss_fn(y_pred, y)
    if t % 150 == 149:
        print(t, f"{loss.item():.3f}")
    model.zero_grad()
    loss.backward()
    with torch.no_grad():
        for param in model.parameters():
            param -= learning_rate * param.grad
linear_layer = model[0]
print(f"Result: y = {linear_layer.bias.item():.3f} + {linear_layer.weight[:, 0].item():.3f} x + "
      f"{linear_layer.weight[:, 1].item():.3f} x^2 + {linear_layer.weight[:, 2].item():.3f} x^3")

# 4. The optimizer does the update.
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(3, 1), torch.nn.Flatten(0, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-2)
for t in range(600):
    loss = loss_fn(model(xx), y)
    if t % 150 == 149:
        print(t, f"{loss.item():.3f}")
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
w, bias = model[0].weight.detach().flatten().tolist(), model[0].bias.item()
print("Result: " + " + ".join(f"{v:.3f} x^{i}".replace("-0.000", "0.000") for i, v in enumerate([bias] + w)))


# 5. A model whose depth is drawn each forward pass, weights shared.
class DynamicNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Parameter(torch.randn(()))
        self.b = torch.nn.Parameter(torch.randn(()))
        self.c = torch.nn.Parameter(torch.randn(()))
        self.d = torch.nn.Parameter(torch.randn(()))
        self.e = torch.nn.Parameter(torch.randn(()))

    def forward(self, x):
        y = self.a + self.b * x + self.c * x ** 2 + self.d * x ** 3
        for exp in range(4, random.randint(4, 6)):
            y = y + self.e * x ** exp
        return y

    def string(self):
        return f"y = {self.a.item():.2f} + {self.b.item():.2f} x + {self.c.item():.2f} x^2 + {self.d.item():.2f} x^3 + {self.e.item():.2f} x^4 ? + {self.e.item():.2f} x^5 ?"


random.seed(3)
torch.manual_seed(0)
model = DynamicNet()
criterion = torch.nn.MSELoss(reduction='sum')
optimizer = torch.optim.SGD(model.parameters(), lr=1e-8, momentum=0.9)
for t in range(300):
    y_pred = model(x)
    loss = criterion(y_pred, y)
    if t % 100 == 99:
        print(t, f"{loss.item():.5g}")
    # None, not zeros, for the weight a shallow pass leaves out (PyTorch
    # 2's default; Debian's 1.13 zeroes unless told), so momentum skips it.
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()
print(f"Result: {model.string()}")
