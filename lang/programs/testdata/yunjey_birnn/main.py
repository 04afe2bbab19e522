# A driver for yunjey/pytorch-tutorial's bidirectional LSTM classifier
# (settings and class BiRNN verbatim from its main.py, MIT licence, see
# LICENSE), trained and tested with the tutorial's own loop on synthetic
# 28x28 "images" read row by row instead of MNIST.
import torch
import torch.nn as nn
from birnn import BiRNN, device, sequence_length, input_size, hidden_size, num_layers, num_classes, learning_rate

torch.manual_seed(0)
images_all = torch.rand(12, 1, 28, 28)
labels_all = torch.randint(0, num_classes, (12,))
train_loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(images_all, labels_all), batch_size=4, shuffle=True)
model = BiRNN(input_size, 16, num_layers, num_classes).to(device)
print(model)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=learning_rate)
total_step = len(train_loader)
num_epochs = 2
for epoch in range(num_epochs):
    for i, (images, labels) in enumerate(train_loader):
        images = images.reshape(-1, sequence_length, input_size).to(device)
        labels = labels.to(device)
        outputs = model(images)
        loss = criterion(outputs, labels)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        print ('Epoch [{}/{}], Step [{}/{}], Loss: {:.4f}'
               .format(epoch+1, num_epochs, i+1, total_step, loss.item()))
with torch.no_grad():
    correct = 0
    total = 0
    for images, labels in train_loader:
        images = images.reshape(-1, sequence_length, input_size).to(device)
        outputs = model(images)
        _, predicted = torch.max(outputs.data, 1)
        total += labels.size(0)
        correct += (predicted == labels).sum().item()
    print('Accuracy: {} %'.format(100 * correct / total))
