# The "learn the basics" workflow end to end: a Dataset class that makes
# a labelled point cloud, DataLoaders for training and testing, an
# nn.Module with Flatten and a Sequential stack, and train/test loops
# that report the loss and the accuracy each epoch.
import torch
from torch import nn
from torch.utils.data import Dataset, DataLoader

torch.manual_seed(7)


class Rings(Dataset):
    """Points on three noisy rings around the origin; the label is the ring."""

    def __init__(self, n, generator):
        labels = torch.randint(0, 3, (n,), generator=generator)
        angle = torch.rand(n, generator=generator) * 6.2832
        radius = labels.float() + 0.5 + 0.15 * torch.randn(n, generator=generator)
        self.points = torch.stack([radius * angle.cos(), radius * angle.sin()], dim=1).reshape(n, 1, 2)
        self.labels = labels

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return self.points[idx], self.labels[idx]


g = torch.Generator().manual_seed(42)
training_data = Rings(240, g)
test_data = Rings(90, g)
print(f"{len(training_data)} training and {len(test_data)} test samples")
x0, y0 = training_data[0]
print(f"a sample: shape {list(x0.shape)}, label {y0.item()}")

batch_size = 32
train_dataloader = DataLoader(training_data, batch_size=batch_size, shuffle=True)
test_dataloader = DataLoader(test_data, batch_size=batch_size)
for X, y in test_dataloader:
    print(f"Shape of X [N, C, F]: {X.shape}")
    print(f"Shape of y: {y.shape} {y.dtype == torch.int64}")
    break

device = "cuda" if torch.cuda.is_available() else "cpu"
print(f"Using {device} device")


class NeuralNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.linear_relu_stack = nn.Sequential(
            nn.Linear(2, 16),
            nn.ReLU(),
            nn.Linear(16, 16),
            nn.ReLU(),
            nn.Linear(16, 3),
        )

    def forward(self, x):
        x = self.flatten(x)
        logits = self.linear_relu_stack(x)
        return logits


model = NeuralNetwork().to(device)
print(model)
print(sum(p.numel() for p in model.parameters()), "parameters")

loss_fn = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)


def train(dataloader, model, loss_fn, optimizer):
    size = len(dataloader.dataset)
    model.train()
    for batch, (X, y) in enumerate(dataloader):
        X, y = X.to(device), y.to(device)
        pred = model(X)
        loss = loss_fn(pred, y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        if batch % 4 == 0:
            loss, current = loss.item(), (batch + 1) * len(X)
            print(f"loss: {loss:>7.4f}  [{current:>5d}/{size:>5d}]")


def test(dataloader, model, loss_fn):
    size = len(dataloader.dataset)
    num_batches = len(dataloader)
    model.eval()
    test_loss, correct = 0, 0
    with torch.no_grad():
        for X, y in dataloader:
            X, y = X.to(device), y.to(device)
            pred = model(X)
            test_loss += loss_fn(pred, y).item()
            correct += (pred.argmax(1) == y).type(torch.float).sum().item()
    test_loss /= num_batches
    correct /= size
    print(f"Test Error: \n Accuracy: {(100 * correct):>0.1f}%, Avg loss: {test_loss:>8.4f} \n")
    return correct


epochs = 6
for t in range(epochs):
    print(f"Epoch {t + 1}\n-------------------------------")
    train(train_dataloader, model, loss_fn, optimizer)
    accuracy = test(test_dataloader, model, loss_fn)
print("Done!")

classes = ["inner", "middle", "outer"]
model.eval()
x, y = test_data[0][0], test_data[0][1]
with torch.no_grad():
    pred = model(x.unsqueeze(0))
    predicted, actual = classes[pred[0].argmax(0)], classes[y]
    print(f'Predicted: "{predicted}", Actual: "{actual}"')
print(model.training, model.linear_relu_stack[0].training)
