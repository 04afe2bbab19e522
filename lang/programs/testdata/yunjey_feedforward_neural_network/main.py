# A driver for yunjey/pytorch-tutorial's feedforward network (verbatim as feedforward_neural_network.py,
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
import feedforward_neural_network as tut
print(sorted(os.listdir(".")))
print(sorted(torch.load("model.ckpt").keys()))
with torch.no_grad():
    images, labels = next(iter(tut.test_loader))
    outputs = tut.model(images.reshape(-1, 28*28))
    print(round(tut.criterion(outputs, labels).item(), 4))
    print([round(v, 4) for v in outputs[0].tolist()])
