# A driver for pytorch/examples' DCGAN (weights_init, Generator and
# Discriminator verbatim from dcgan/main.py, BSD-3-Clause licence, see
# LICENSE): the networks built with small widths (the script's globals nz,
# ngf, ndf, nc set as main.py sets them from its options) and two
# iterations of main.py's training loop on synthetic 64x64 images.
import torch
import torch.nn as nn
import torch.optim as optim
import dcgan

torch.manual_seed(999)
device = torch.device("cpu")
dcgan.nz, dcgan.ngf, dcgan.ndf, dcgan.nc = 8, 4, 4, 3
nz = dcgan.nz
netG = dcgan.Generator(1).to(device)
netG.apply(dcgan.weights_init)
print(netG)
netD = dcgan.Discriminator(1).to(device)
netD.apply(dcgan.weights_init)
print(netD)
criterion = nn.BCELoss()
real_label = 1
fake_label = 0
optimizerD = optim.Adam(netD.parameters(), lr=0.0002, betas=(0.5, 0.999))
optimizerG = optim.Adam(netG.parameters(), lr=0.0002, betas=(0.5, 0.999))
images = torch.rand(4, 3, 64, 64) * 2 - 1
for i in range(2):
    netD.zero_grad()
    real_cpu = images.to(device)
    batch_size = real_cpu.size(0)
    label = torch.full((batch_size,), real_label,
                       dtype=real_cpu.dtype, device=device)

    output = netD(real_cpu)
    errD_real = criterion(output, label)
    errD_real.backward()
    D_x = output.mean().item()

    noise = torch.randn(batch_size, nz, 1, 1, device=device)
    fake = netG(noise)
    label.fill_(fake_label)
    output = netD(fake.detach())
    errD_fake = criterion(output, label)
    errD_fake.backward()
    D_G_z1 = output.mean().item()
    errD = errD_real + errD_fake
    optimizerD.step()

    netG.zero_grad()
    label.fill_(real_label)
    output = netD(fake)
    errG = criterion(output, label)
    errG.backward()
    D_G_z2 = output.mean().item()
    optimizerG.step()
    print('[%d/%d] Loss_D: %.4f Loss_G: %.4f D(x): %.4f D(G(z)): %.4f / %.4f'
          % (i, 2, errD.item(), errG.item(), D_x, D_G_z1, D_G_z2))
print(netD.main[3].running_mean[:3], netD.main[3].num_batches_tracked)
