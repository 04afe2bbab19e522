# A driver for PyTorch tutorials' "Build the Neural Network" (the whole
# file but its torchvision import, which nothing uses; BSD-3-Clause
# licence, see LICENSE): importing it runs it, as its page does. Its
# random images and weights come from a fixed seed.
import torch

torch.manual_seed(0)
import buildmodel_tutorial
