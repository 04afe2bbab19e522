# A driver for yunjey/pytorch-tutorial's ResNet for CIFAR-10 (conv3x3,
# ResidualBlock, ResNet and update_lr verbatim from its main.py, MIT
# licence, see LICENSE), trained and tested with the tutorial's own loop
# (learning-rate decay included) on synthetic 32x32 colour images.
import torch
import torch.nn as nn
from resnet import ResNet, ResidualBlock, update_lr, device

torch.manual_seed(0)
images_all = torch.rand(8, 3, 32, 32)
labels_all = torch.randint(0, 10, (8,))
train_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(images_all, labels_all), batch_size=4, shuffle=True)
model = ResNet(ResidualBlock, [2, 2, 2]).to(device)
print(model.layer2[0])
print(sum(p.numel() for p in model.parameters()))
criterion = nn.CrossEntropyLoss()
# SGD rather than the tutorial's Adam: Adam's first steps move each
# parameter by lr whatever its gradient's size, so parameters whose
# gradient is rounding noise (BatchNorm followed by BatchNorm) would make
# the printed losses depend on the last bits of the arithmetic.
optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
total_step = len(train_loader)
curr_lr = 0.01
num_epochs = 2
for epoch in range(num_epochs):
    for i, (images, labels) in enumerate(train_loader):
        images = images.to(device)
        labels = labels.to(device)
        outputs = model(images)
        loss = criterion(outputs, labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print ("Epoch [{}/{}], Step [{}/{}] Loss: {:.3f}"
               .format(epoch+1, num_epochs, i+1, total_step, loss.item()))
    if (epoch+1) % 2 == 0:
        curr_lr /= 3
        update_lr(optimizer, curr_lr)
        print("lr", round(optimizer.param_groups[0]['lr'], 8))
model.eval()
with torch.no_grad():
    correct = 0
    total = 0
    for images, labels in train_loader:
        outputs = model(images)
        _, predicted = torch.max(outputs.data, 1)
        total += labels.size(0)
        correct += (predicted == labels).sum().item()
    print('Accuracy of the model on the test images: {} %'.format(100 * correct / total))
    print([round(v, 3) for v in model(images_all[:2])[0].tolist()])
