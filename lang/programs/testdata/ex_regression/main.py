# A driver for pytorch/examples' regression/main.py (verbatim as
# regression.py, BSD-3-Clause licence, see LICENSE): the script fits a
# polynomial when imported; the driver only fixes the seed first.
import torch
torch.manual_seed(0)
import regression
