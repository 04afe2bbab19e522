# This corpus's own stand-in for the parts of torchvision that the
# tutorials use: there is no download here, so MNIST is a small synthetic
# data set made with a fixed generator (each class a bright row band over
# noise), and ToTensor turns its uint8 images into floats in [0, 1].
from . import datasets, transforms
