# A driver for karpathy/ng-video-lecture's GPT (gpt.py verbatim beside
# it, MIT licence, see LICENSE). The script sets its hyperparameters at
# its top and trains, reports and generates as it runs; the driver runs it
# as __main__ with smaller values for those settings, written into the
# source's own assignments, on input.txt beside it: a small synthetic text
# made for this corpus instead of tinyshakespeare.
import os
import re

os.chdir(os.path.dirname(os.path.abspath(__file__)))
settings = {"batch_size": "8", "block_size": "32", "max_iters": "50", "eval_interval": "25", "eval_iters": "10", "n_embd": "64", "n_head": "4", "n_layer": "2"}
src = open("gpt.py").read()
for name, value in settings.items():
    src, n = re.subn(r"^%s = \S+" % name, "%s = %s" % (name, value), src, flags=re.M)
    assert n == 1, name
exec(compile(src, "gpt.py", "exec"), {"__name__": "__main__"})
