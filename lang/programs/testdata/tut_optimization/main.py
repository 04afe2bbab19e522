# A driver for the model and loops of PyTorch tutorials' "Optimizing Model
# Parameters" (BSD-3-Clause licence, see LICENSE), on synthetic
# FashionMNIST-shaped data instead of the download: 28x28 images whose
# class shifts their mean, fixed seeds, and the tutorial's loss, optimizer
# and epoch loop with fewer samples and epochs.
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

from optimization_tutorial import NeuralNetwork, learning_rate, batch_size, train_loop, test_loop

torch.manual_seed(0)


def synthetic(n):
    labels = torch.randint(0, 10, (n,))
    images = torch.rand(n, 1, 28, 28) * 0.5 + labels.view(n, 1, 1, 1) / 20
    return TensorDataset(images, labels)


train_dataloader = DataLoader(synthetic(6464), batch_size=batch_size, shuffle=True)
test_dataloader = DataLoader(synthetic(256), batch_size=batch_size)

model = NeuralNetwork()
loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=learning_rate)

epochs = 2
for t in range(epochs):
    print(f"Epoch {t+1}\n-------------------------------")
    train_loop(train_dataloader, model, loss_fn, optimizer)
    test_loop(test_dataloader, model, loss_fn)
print("Done!")
