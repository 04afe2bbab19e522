# A driver for PyTorch tutorials' polynomial with a custom autograd Function
# (the whole file, BSD-3-Clause licence, see LICENSE): importing it runs it,
# as its page does. Its weights start from fixed values.
import polynomial_custom_function
