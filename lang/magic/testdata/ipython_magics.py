"""Runs the IPython side of lang/magic's TestAgainstIPython.

usage: ipython_magics.py CASES.json

CASES.json holds {"file": PATH, "loads": [ARGS...], "timings": [[loops,
precision, [run seconds...]]...], "times": [[seconds, precision]...]}. It
prints one JSON object: what IPython's %load gives to set_next_input for
each ARGS, what a list mutated by %%timeit/%timeit setup and statements
holds, whether the variables they assign survive, IPython's TimeitResult
text for each timing and _format_time for each time.
"""
import json
import sys

from IPython.core.interactiveshell import InteractiveShell
from IPython.core.magics.execution import TimeitResult, _format_time

cases = json.load(open(sys.argv[1]))
ip = InteractiveShell.instance()
loads = []
ip.set_next_input = lambda text, replace=False: loads.append([text, replace])
for args in cases["loads"]:
    ip.run_line_magic("load", args)

ip.user_ns["log"] = []
ip.run_cell_magic("timeit", "-n 4 -r 3 -q log.append('s')", "log.append('t')\ny = 1\n")
ip.run_line_magic("timeit", "-n 2 -r 2 -q z = log.append('u')")

reports = []
for loops, precision, runs in cases["timings"]:
    per_loop = [r / loops for r in runs]
    reports.append(str(TimeitResult(loops, len(runs), min(per_loop), max(per_loop), runs, 0, precision)))

print(json.dumps({
    "loads": loads,
    "log": repr(ip.user_ns["log"]),
    "assigned": [name for name in ("y", "z") if name in ip.user_ns],
    "reports": reports,
    "times": [_format_time(s, p) for s, p in cases["times"]],
}))
