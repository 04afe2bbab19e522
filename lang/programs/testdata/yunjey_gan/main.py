# A driver for yunjey/pytorch-tutorial's GAN (discriminator, generator,
# BCE loss, Adam optimizers, denorm and reset_grad verbatim from its
# main.py, MIT licence, see LICENSE), trained with the tutorial's own loop
# on synthetic 28x28 "images" in [-1, 1] instead of MNIST.
import torch
import gan
from gan import D, G, criterion, d_optimizer, g_optimizer, denorm, reset_grad, device, latent_size

torch.manual_seed(0)
for m in list(D) + list(G):
    if isinstance(m, torch.nn.Linear):
        torch.nn.init.normal_(m.weight, 0.0, 0.05)
        torch.nn.init.zeros_(m.bias)
batch_size = 8
data = torch.rand(32, 1, 28, 28) * 2 - 1
data_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(data, torch.zeros(32)), batch_size=batch_size, shuffle=True)
total_step = len(data_loader)
num_epochs = 2
for epoch in range(num_epochs):
    for i, (images, _) in enumerate(data_loader):
        images = images.reshape(batch_size, -1).to(device)
        real_labels = torch.ones(batch_size, 1).to(device)
        fake_labels = torch.zeros(batch_size, 1).to(device)
        outputs = D(images)
        d_loss_real = criterion(outputs, real_labels)
        real_score = outputs
        z = torch.randn(batch_size, latent_size).to(device)
        fake_images = G(z)
        outputs = D(fake_images)
        d_loss_fake = criterion(outputs, fake_labels)
        fake_score = outputs
        d_loss = d_loss_real + d_loss_fake
        reset_grad()
        d_loss.backward()
        d_optimizer.step()
        z = torch.randn(batch_size, latent_size).to(device)
        fake_images = G(z)
        outputs = D(fake_images)
        g_loss = criterion(outputs, real_labels)
        reset_grad()
        g_loss.backward()
        g_optimizer.step()
        print('Epoch [{}/{}], Step [{}/{}], d_loss: {:.4f}, g_loss: {:.4f}, D(x): {:.2f}, D(G(z)): {:.2f}'
              .format(epoch, num_epochs, i+1, total_step, d_loss.item(), g_loss.item(),
                      real_score.mean().item(), fake_score.mean().item()))
    fake_images = fake_images.reshape(fake_images.size(0), 1, 28, 28)
    img = denorm(fake_images)
    print(img.shape, round(img.min().item(), 4), round(img.max().item(), 4), round(img.mean().item(), 4))
