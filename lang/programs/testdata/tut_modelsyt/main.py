# A driver for PyTorch tutorials' "Building Models with PyTorch" (the
# whole file, BSD-3-Clause licence, see LICENSE): importing it runs it, as
# its page does. Its weights, random tensors and dropout masks come from a
# fixed seed.
import torch

torch.manual_seed(0)
import modelsyt_tutorial
