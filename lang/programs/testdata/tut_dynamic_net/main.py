# A driver for PyTorch tutorials' dynamic net (the whole file, BSD-3-Clause
# licence, see LICENSE): importing it runs it, as its page does. Its weights
# and its random choice of orders come from fixed seeds.
import random
import torch

random.seed(0)
torch.manual_seed(0)
import dynamic_net
