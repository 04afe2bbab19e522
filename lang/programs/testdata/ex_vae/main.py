# A driver for pytorch/examples' VAE (class VAE, loss_function and train
# verbatim from vae/main.py, BSD-3-Clause licence, see LICENSE): two
# epochs on synthetic 28x28 images in [0, 1], with the script's globals
# (model, optimizer, train_loader, device, args) set as main.py sets them.
import argparse
import torch
from torch import optim
import vae

torch.manual_seed(1)
images = torch.rand(48, 1, 28, 28)
labels = torch.zeros(48, dtype=torch.long)
vae.args = argparse.Namespace(batch_size=16, log_interval=1)
vae.device = torch.device("cpu")
vae.train_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(images, labels), batch_size=16, shuffle=True)
vae.model = vae.VAE().to(vae.device)
vae.optimizer = optim.Adam(vae.model.parameters(), lr=1e-3)
for epoch in range(1, 3):
    vae.train(epoch)
with torch.no_grad():
    sample = torch.randn(4, 20)
    sample = vae.model.decode(sample).cpu()
print(tuple(sample.shape), [round(v, 4) for v in sample[0, :5].tolist()])
