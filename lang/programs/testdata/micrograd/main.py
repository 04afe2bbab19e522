# A driver for karpathy/micrograd (micrograd/ and test/test_engine.py
# verbatim beside it, MIT licence, see LICENSE): the scalar autograd
# engine every autograd course starts from. It runs micrograd's own tests,
# which check the engine against PyTorch, then trains micrograd's MLP as
# its demo notebook does, on a small synthetic two-class set instead of
# sklearn's make_moons. The losses print with 10 digits: the engine walks
# each node's children in a set's order, which in CPython follows the
# objects' addresses, so the sums' last bits are not the program's own.
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import test_engine
from micrograd.engine import Value
from micrograd.nn import MLP, Neuron, Layer

test_engine.test_sanity_check()
test_engine.test_more_ops()
print("micrograd's tests against PyTorch: passed")

random.seed(1337)
model = MLP(2, [16, 16, 1])
print(model)
print("number of parameters", len(model.parameters()))
print(Neuron(3), Neuron(2, nonlin=False), Layer(2, 1))

X = [[random.uniform(-2, 2), random.uniform(-2, 2)] for _ in range(40)]
y = [1 if a * a + b * b < 1.5 else -1 for a, b in X]


def loss():
    inputs = [list(map(Value, xrow)) for xrow in X]
    scores = list(map(model, inputs))
    losses = [(1 + -yi * scorei).relu() for yi, scorei in zip(y, scores)]
    data_loss = sum(losses) * (1.0 / len(losses))
    alpha = 1e-4
    reg_loss = alpha * sum((p * p for p in model.parameters()))
    total_loss = data_loss + reg_loss
    accuracy = [(yi > 0) == (scorei.data > 0) for yi, scorei in zip(y, scores)]
    return total_loss, sum(accuracy) / len(accuracy)


for k in range(8):
    total_loss, acc = loss()
    model.zero_grad()
    total_loss.backward()
    learning_rate = 1.0 - 0.9 * k / 100
    for p in model.parameters():
        p.data -= learning_rate * p.grad
    print(f"step {k} loss {total_loss.data:.10f}, accuracy {acc * 100:.1f}%")

v = Value(2.0) ** 3 - Value(1.0) / Value(4.0)
v.backward()
print(v, repr(-Value(3.0)))
