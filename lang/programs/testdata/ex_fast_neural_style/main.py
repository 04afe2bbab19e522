# A driver for pytorch/examples' fast_neural_style transformer_net.py
# (verbatim, BSD-3-Clause licence, see LICENSE): the image transformation
# network (reflection padding, instance norm, residual blocks, upsampling
# convolutions) on a synthetic image: its output and one Adam step on a
# content loss, as neural_style.py's train() takes.
import torch
from transformer_net import TransformerNet

torch.manual_seed(42)
net = TransformerNet()
print(sum(p.numel() for p in net.parameters()), "parameters")
x = torch.rand(1, 3, 16, 16) * 255
y = net(x)
print(tuple(y.shape), round(y.mean().item(), 4), round(y.std().item(), 4))
optimizer = torch.optim.Adam(net.parameters(), 1e-3)
mse_loss = torch.nn.MSELoss()
for step in range(2):
    optimizer.zero_grad()
    loss = 1e-5 * mse_loss(net(x), x)
    loss.backward()
    optimizer.step()
    print(f"step {step}: content loss {loss.item():.4f}")
print([round(v, 4) for v in net.state_dict()["in1.weight"][:4].tolist()])
