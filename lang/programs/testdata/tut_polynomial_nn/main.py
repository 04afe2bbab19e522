# A driver for PyTorch tutorials' polynomial with nn (the whole file,
# BSD-3-Clause licence, see LICENSE): importing it runs it, as its page does.
# The Linear layer's weights come from a fixed seed.
import torch

torch.manual_seed(0)
import polynomial_nn
