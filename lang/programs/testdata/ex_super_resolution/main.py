# A driver for pytorch/examples' super_resolution/model.py (verbatim,
# BSD-3-Clause licence, see LICENSE): the sub-pixel convolution network
# (orthogonal init, PixelShuffle) trained for a few steps with Adam and
# MSE on synthetic low- and high-resolution images, as main.py trains it,
# with PSNR as main.py's test() computes it.
from math import log10
import torch
import torch.nn as nn
import torch.optim as optim
from model import Net

torch.manual_seed(123)
model = Net(upscale_factor=2)
criterion = nn.MSELoss()
optimizer = optim.Adam(model.parameters(), lr=0.001)
print(model)
lr_img = torch.rand(2, 1, 8, 8)
hr_img = torch.rand(2, 1, 16, 16)
for epoch in range(1, 4):
    optimizer.zero_grad()
    loss = criterion(model(lr_img), hr_img)
    loss.backward()
    optimizer.step()
    print("===> Epoch[{}]: Loss: {:.4f}".format(epoch, loss.item()))
with torch.no_grad():
    mse = criterion(model(lr_img), hr_img)
    psnr = 10 * log10(1 / mse.item())
print("===> Avg. PSNR: {:.4f} dB".format(psnr))
