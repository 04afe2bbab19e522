# A driver for PyTorch tutorials' "Tensors" (the whole file, BSD-3-Clause
# licence, see LICENSE): importing it runs it, as its page does. Its random
# tensors come from a fixed seed.
import torch

torch.manual_seed(0)
import tensorqs_tutorial
