# A driver for yunjey/pytorch-tutorial's convolutional network (verbatim as convolutional_neural_network.py,
# MIT licence, see LICENSE): the script trains, tests and saves a
# checkpoint when imported, on the small synthetic MNIST of the
# corpus's torchvision stand-in beside it; the driver fixes the seed and
# runs it in a temporary directory, where model.ckpt goes, then looks at
# the trained model.
import os
import tempfile
import torch
torch.manual_seed(0)
os.chdir(tempfile.mkdtemp())
import convolutional_neural_network as tut
print(sorted(os.listdir(".")))
print(sorted(torch.load("model.ckpt").keys()))
# Its convolutions' biases feed BatchNorm, which takes them out again:
# their gradients are rounding noise, which Adam turns into steps of lr,
# so only outputs where BatchNorm uses the batch's own statistics (train
# mode) are the same to the printed digit in kael and PyTorch.
tut.model.train()
with torch.no_grad():
    images, labels = next(iter(tut.test_loader))
    outputs = tut.model(images)
    print(round(tut.criterion(outputs, labels).item(), 4))
    print([round(v, 4) for v in outputs[0].tolist()])
