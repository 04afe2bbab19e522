# A driver for PyTorch tutorials' deep learning building blocks (the whole
# file, BSD-3-Clause licence, see LICENSE): importing it runs it, as its
# page does. It seeds torch itself.
import deep_learning_tutorial
