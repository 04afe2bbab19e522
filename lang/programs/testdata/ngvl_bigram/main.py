# A driver for karpathy/ng-video-lecture's bigram language model
# (bigram.py verbatim beside it, MIT licence, see LICENSE): the script
# trains, reports and generates as it runs; the driver runs it whole, as
# __main__, from its own directory, where input.txt is a small synthetic
# text made for this corpus instead of tinyshakespeare.
import os

os.chdir(os.path.dirname(os.path.abspath(__file__)))
exec(compile(open("bigram.py").read(), "bigram.py", "exec"), {"__name__": "__main__"})
