# A driver for yunjey/pytorch-tutorial's VAE (class VAE, the model and its
# optimizer verbatim from its main.py, MIT licence, see LICENSE), trained
# with the tutorial's own loop (binary cross-entropy with the deprecated
# size_average=False, the KL term) on synthetic 28x28 images; then its
# sampling and reconstruction steps.
import torch
import torch.nn.functional as F

torch.manual_seed(0)  # before the import: vae.py makes the model
from vae import model, optimizer, device, image_size, z_dim

data = torch.rand(24, 1, 28, 28)
data_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(data, torch.zeros(24)), batch_size=8, shuffle=True)
num_epochs = 2
for epoch in range(num_epochs):
    for i, (x, _) in enumerate(data_loader):
        x = x.to(device).view(-1, image_size)
        x_reconst, mu, log_var = model(x)
        reconst_loss = F.binary_cross_entropy(x_reconst, x, size_average=False)
        kl_div = - 0.5 * torch.sum(1 + log_var - mu.pow(2) - log_var.exp())
        loss = reconst_loss + kl_div
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print ("Epoch[{}/{}], Step [{}/{}], Reconst Loss: {:.4f}, KL Div: {:.4f}"
               .format(epoch+1, num_epochs, i+1, len(data_loader), reconst_loss.item(), kl_div.item()))
    with torch.no_grad():
        z = torch.randn(8, z_dim).to(device)
        out = model.decode(z).view(-1, 1, 28, 28)
        print(out.shape, round(out.mean().item(), 4))
        out, _, _ = model(x)
        x_concat = torch.cat([x.view(-1, 1, 28, 28), out.view(-1, 1, 28, 28)], dim=3)
        print(x_concat.shape, round(x_concat.sum().item(), 2))
