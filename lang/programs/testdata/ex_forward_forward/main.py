# A driver for pytorch/examples' forward-forward MNIST example (ff.py: its
# functions and classes verbatim, BSD-3-Clause licence, see LICENSE): the
# settings its __main__ block parses, given here as the module's globals,
# and its own steps on synthetic "images" (64 per batch, 20 features).
import argparse
import torch
import ff

torch.manual_seed(1)
ff.args = argparse.Namespace(epochs=21, lr=0.03, threshold=2.0, log_interval=10)
ff.device = torch.device("cpu")
device = ff.device
x = torch.randn(64, 20)
y = torch.randint(0, 10, (64,))
net = ff.Net([20, 16, 16])
x_pos = ff.overlay_y_on_x(x, y)
y_neg = ff.get_y_neg(y)
x_neg = ff.overlay_y_on_x(x, y_neg)
print((y_neg != y).all().item(), x_pos[0, :10].tolist() == [0.0] * int(y[0]) + [x.max().item()] + [0.0] * (9 - int(y[0])))
net.train(x_pos, x_neg)
print("train error:", 1.0 - net.predict(x).eq(y).float().mean().item())
x_te, y_te = torch.randn(32, 20), torch.randint(0, 10, (32,))
print("test error:", 1.0 - net.predict(x_te).eq(y_te).float().mean().item())
print(net.layers[0], len(list(net.layers[1].parameters())))
