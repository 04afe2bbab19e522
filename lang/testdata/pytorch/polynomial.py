# Fit a third-order polynomial to sin(x) by gradient descent, with
# gradients from autograd (the "Learning PyTorch with examples" idea,
# written from scratch). The weights start at fixed values.
import math
import torch

dtype = torch.float64
x = torch.linspace(-math.pi, math.pi, 200, dtype=dtype)
y = torch.sin(x)
a = torch.tensor(0.1, dtype=dtype, requires_grad=True)
b = torch.tensor(0.2, dtype=dtype, requires_grad=True)
c = torch.tensor(-0.1, dtype=dtype, requires_grad=True)
d = torch.tensor(0.05, dtype=dtype, requires_grad=True)
learning_rate = 1e-6
for t in range(1000):
    y_pred = a + b * x + c * x ** 2 + d * x ** 3
    loss = (y_pred - y).pow(2).sum()
    if t % 200 == 199:
        print(f"step {t + 1:4d}  loss {loss.item():.4f}")
    loss.backward()
    with torch.no_grad():
        for p in [a, b, c, d]:
            p -= learning_rate * p.grad
            p.grad = None
print(f"Result: y = {a.item():.4f} + {b.item():.4f} x + {c.item():.4f} x^2 + {d.item():.4f} x^3")
