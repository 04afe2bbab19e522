# A driver for PyTorch tutorials' sequence models tutorial (the whole file,
# BSD-3-Clause licence, see LICENSE): importing it runs it, as its page does.
import sequence_models_tutorial
