# A driver for pytorch/examples' MNIST LSTM classifier (mnist_rnn.py: its
# class Net and its train and test functions verbatim, BSD-3-Clause
# licence, see LICENSE): the steps of its main() with Adadelta and StepLR
# on synthetic 28x28 "images".
import argparse
import torch
import torch.optim as optim
from torch.optim.lr_scheduler import StepLR
from mnist_rnn import Net, train, test

torch.manual_seed(1)
args = argparse.Namespace(log_interval=2, dry_run=False, gamma=0.7, lr=0.1)
device = torch.device("cpu")
data = torch.randn(24, 1, 28, 28)
target = torch.randint(0, 10, (24,))
train_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(data, target), batch_size=8, shuffle=True)
test_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(data[:16], target[:16]), batch_size=8)
model = Net().to(device)
optimizer = optim.Adadelta(model.parameters(), lr=args.lr)
scheduler = StepLR(optimizer, step_size=1, gamma=args.gamma)
for epoch in range(1, 3):
    train(args, model, device, train_loader, optimizer, epoch)
    test(args, model, device, test_loader)
    scheduler.step()
print(scheduler.get_last_lr())
