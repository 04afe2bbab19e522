# A driver for yunjey/pytorch-tutorial's linear regression (verbatim as
# linear_regression.py, MIT licence, see LICENSE): the script trains,
# plots and saves a checkpoint when imported; the driver fixes the seed
# and runs it in a temporary directory, where model.ckpt goes.
import os
import tempfile
import torch
torch.manual_seed(0)
os.chdir(tempfile.mkdtemp())
import linear_regression
print(sorted(os.listdir(".")))
print(linear_regression.model.weight.item() > 0)
