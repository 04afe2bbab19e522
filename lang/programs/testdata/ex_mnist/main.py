# A driver for pytorch/examples' MNIST example (Net, train and test
# verbatim from mnist/main.py, BSD-3-Clause licence, see LICENSE): the
# convolutional network trained for two epochs with Adadelta and StepLR,
# as main() trains it, on synthetic 28x28 images instead of MNIST.
import argparse
import torch
import torch.optim as optim
from torch.optim.lr_scheduler import StepLR
from mnist import Net, train, test

torch.manual_seed(1)
device = torch.device("cpu")
images = torch.randn(32, 1, 28, 28)
labels = torch.randint(0, 10, (32,))
dataset = torch.utils.data.TensorDataset(images, labels)
train_loader = torch.utils.data.DataLoader(dataset, batch_size=8, shuffle=True)
test_loader = torch.utils.data.DataLoader(dataset, batch_size=16)
args = argparse.Namespace(log_interval=2, dry_run=False)

model = Net().to(device)
optimizer = optim.Adadelta(model.parameters(), lr=1.0)
scheduler = StepLR(optimizer, step_size=1, gamma=0.7)
for epoch in range(1, 3):
    train(args, model, device, train_loader, optimizer, epoch)
    test(model, device, test_loader)
    scheduler.step()
print("lr", scheduler.get_last_lr())
