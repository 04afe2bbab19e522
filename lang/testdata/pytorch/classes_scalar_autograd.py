# A scalar autograd engine written as a class with operator overloading
# (in the spirit of micrograd), a small MLP built from it, and a few steps
# of gradient descent. Checked against the same graph built with torch.
import random
import torch


class Scalar:
    """One number in a computation graph, with its gradient."""

    def __init__(self, data, parents=(), op=""):
        self.data = data
        self.grad = 0.0
        self._grad_fn = lambda: None
        self._parents = set(parents)
        self._op = op

    def __add__(self, other):
        other = other if isinstance(other, Scalar) else Scalar(other)
        out = Scalar(self.data + other.data, (self, other), "+")

        def grad_fn():
            self.grad += out.grad
            other.grad += out.grad
        out._grad_fn = grad_fn
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Scalar) else Scalar(other)
        out = Scalar(self.data * other.data, (self, other), "*")

        def grad_fn():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._grad_fn = grad_fn
        return out

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "powers are numbers"
        out = Scalar(self.data ** k, (self,), f"**{k}")

        def grad_fn():
            self.grad += k * self.data ** (k - 1) * out.grad
        out._grad_fn = grad_fn
        return out

    def tanh(self):
        t = (2.718281828459045 ** (2 * self.data) - 1) / (2.718281828459045 ** (2 * self.data) + 1)
        out = Scalar(t, (self,), "tanh")

        def grad_fn():
            self.grad += (1 - t * t) * out.grad
        out._grad_fn = grad_fn
        return out

    def relu(self):
        out = Scalar(self.data if self.data > 0 else 0.0, (self,), "relu")

        def grad_fn():
            self.grad += (out.data > 0) * out.grad
        out._grad_fn = grad_fn
        return out

    def backward(self):
        order, seen = [], set()

        def visit(v):
            if v not in seen:
                seen.add(v)
                for p in v._parents:
                    visit(p)
                order.append(v)
        visit(self)
        self.grad = 1.0
        for v in reversed(order):
            v._grad_fn()

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def __lt__(self, other):
        return self.data < (other.data if isinstance(other, Scalar) else other)

    def __repr__(self):
        return f"Scalar(data={self.data:.4f}, grad={self.grad:.4f})"


class Module:
    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0.0

    def parameters(self):
        return []


class Neuron(Module):
    def __init__(self, n_in, nonlin=True):
        self.w = [Scalar(random.uniform(-1, 1)) for _ in range(n_in)]
        self.b = Scalar(0.0)
        self.nonlin = nonlin

    def __call__(self, x):
        act = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        return act.tanh() if self.nonlin else act

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    def __init__(self, n_in, n_out, **kwargs):
        self.neurons = [Neuron(n_in, **kwargs) for _ in range(n_out)]

    def __call__(self, x):
        out = [n(x) for n in self.neurons]
        return out[0] if len(out) == 1 else out

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]

    def __len__(self):
        return len(self.neurons)

    def __getitem__(self, i):
        return self.neurons[i]

    def __repr__(self):
        return f"Layer of [{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    def __init__(self, n_in, sizes):
        dims = [n_in] + sizes
        self.layers = [Layer(dims[i], dims[i + 1], nonlin=i != len(sizes) - 1) for i in range(len(sizes))]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


# The expression from micrograd's README, checked against torch.
a, b = Scalar(-4.0), Scalar(2.0)
c = a + b
d = a * b + b ** 3
c += c + 1
c += 1 + c + (-a)
d += d * 2 + (b + a).relu()
d += 3 * d + (b - a).relu()
e = c - d
f = e ** 2
g = f / 2.0
g += 10.0 / f
g.backward()
print(f"g = {g.data:.4f}, dg/da = {a.grad:.4f}, dg/db = {b.grad:.4f}")

ta = torch.tensor(-4.0, dtype=torch.float64, requires_grad=True)
tb = torch.tensor(2.0, dtype=torch.float64, requires_grad=True)
tc = ta + tb
td = ta * tb + tb ** 3
tc = tc + tc + 1
tc = tc + 1 + tc + (-ta)
td = td + td * 2 + (tb + ta).relu()
td = td + 3 * td + (tb - ta).relu()
tg = (tc - td) ** 2 / 2.0
tg = tg + 10.0 / ((tc - td) ** 2)
tg.backward()
print("matches torch:", abs(tg.item() - g.data) < 1e-9, abs(ta.grad.item() - a.grad) < 1e-9, abs(tb.grad.item() - b.grad) < 1e-9)

# A tiny MLP fitted to four points.
random.seed(1337)
model = MLP(3, [4, 4, 1])
print(model)
print("parameters:", len(model.parameters()), "first layer:", len(model.layers[0]), model.layers[0][1])
xs = [[2.0, 3.0, -1.0], [3.0, -1.0, 0.5], [0.5, 1.0, 1.0], [1.0, 1.0, -1.0]]
ys = [1.0, -1.0, -1.0, 1.0]
for step in range(10):
    preds = [model(x) for x in xs]
    loss = sum((p - y) ** 2 for p, y in zip(preds, ys))
    model.zero_grad()
    loss.backward()
    for p in model.parameters():
        p.data -= 0.05 * p.grad
    if step % 3 == 0:
        print(f"step {step}: loss {loss.data:.6f}")
print("predictions:", [round(model(x).data, 4) for x in xs])
print("sorted:", sorted([Scalar(3.0), Scalar(-1.0), Scalar(2.0)]))
