# A driver for yunjey/pytorch-tutorial's PyTorch basics (MIT licence, see
# LICENSE): its autograd, linear-layer and NumPy sections run verbatim
# when pytorch_basics.py is imported; its custom-dataset section
# (custom_dataset.py) ends, as under PyTorch 1.13, in the ValueError of a
# shuffling DataLoader over a dataset of length 0; its fine-tuning and
# save-and-load sections follow here, verbatim but for a small network of
# the driver's own in place of torchvision's pretrained ResNet-18, in a
# temporary directory where the checkpoints go.
import os
import tempfile
import torch
import torch.nn as nn

torch.manual_seed(0)
import pytorch_basics
print(pytorch_basics.z, pytorch_basics.z.dtype, pytorch_basics.y.dtype)

try:
    import custom_dataset
except ValueError as e:
    print("ValueError:", e)


class SmallNet(nn.Module):
    def __init__(self):
        super(SmallNet, self).__init__()
        self.conv = nn.Conv2d(3, 4, 3, stride=2)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(4, 10)

    def forward(self, x):
        return self.fc(self.pool(torch.relu(self.conv(x))).flatten(1))


os.chdir(tempfile.mkdtemp())
resnet = SmallNet()

# If you want to finetune only the top layer of the model, set as below.
for param in resnet.parameters():
    param.requires_grad = False

# Replace the top layer for finetuning.
resnet.fc = nn.Linear(resnet.fc.in_features, 100)  # 100 is an example.

# Forward pass.
images = torch.randn(64, 3, 16, 16)
outputs = resnet(images)
print (outputs.size())     # (64, 100)

# Save and load the entire model.
torch.save(resnet, 'model.ckpt')
model = torch.load('model.ckpt')

# Save and load only the model parameters (recommended).
torch.save(resnet.state_dict(), 'params.ckpt')
resnet.load_state_dict(torch.load('params.ckpt'))

print(type(model).__name__, sorted(os.listdir(".")))
print(model)
print([p.requires_grad for p in model.parameters()])
print(torch.equal(model(images), outputs), model.fc.weight.requires_grad)
print(resnet.load_state_dict(torch.load('params.ckpt')))
