"""Python's timeit: Timer, timeit, repeat and default_timer, which time a
statement (a string of code or a callable) run many times."""

import itertools
import sys
import time

__all__ = ["Timer", "timeit", "repeat", "default_timer"]

dummy_src_name = "<timeit-src>"
default_number = 1000000
default_repeat = 5
default_timer = time.perf_counter

_template = """
def inner(_it, _timer{init}):
    {setup}
    _t0 = _timer()
    for _i in _it:
        {stmt}
        pass
    _t1 = _timer()
    return _t1 - _t0
"""


def reindent(src, indent):
    """src with every line after the first indented by indent spaces."""
    return src.replace("\n", "\n" + " " * indent)


class Timer:
    """Times stmt, run number times after setup (each a string of code
    or a callable without arguments), with timer, in the namespace
    globals (a fresh one by default)."""

    def __init__(self, stmt="pass", setup="pass", timer=default_timer, globals=None):
        self.timer = timer
        local_ns = {}
        global_ns = {} if globals is None else globals
        init = ''
        if isinstance(setup, str):
            compile(setup, dummy_src_name, "exec")
            stmtprefix = setup + '\n'
            setup = reindent(setup, 4)
        elif callable(setup):
            local_ns['_setup'] = setup
            init += ', _setup=_setup'
            stmtprefix = ''
            setup = '_setup()'
        else:
            raise ValueError("setup is neither a string nor callable")
        if isinstance(stmt, str):
            compile(stmtprefix + stmt, dummy_src_name, "exec")
            stmt = reindent(stmt, 8)
        elif callable(stmt):
            local_ns['_stmt'] = stmt
            init += ', _stmt=_stmt'
            stmt = '_stmt()'
        else:
            raise ValueError("stmt is neither a string nor callable")
        src = _template.format(stmt=stmt, setup=setup, init=init)
        self.src = src
        code = compile(src, dummy_src_name, "exec")
        exec(code, global_ns, local_ns)
        self.inner = local_ns["inner"]

    def print_exc(self, file=None):
        """Prints the traceback of the exception being handled."""
        import traceback
        traceback.print_exc(file=file)

    def timeit(self, number=default_number):
        """The seconds number runs of the statement took, setup run once
        before them."""
        it = itertools.repeat(None, number)
        return self.inner(it, self.timer)

    def repeat(self, repeat=default_repeat, number=default_number):
        """A list of repeat timeit(number) results."""
        r = []
        for i in range(repeat):
            r.append(self.timeit(number))
        return r

    def autorange(self, callback=None):
        """(number, seconds): the first of 1, 2, 5, 10, 20, 50, ... runs
        that take at least 0.2 seconds; callback(number, seconds) is
        called after each try."""
        i = 1
        while True:
            for j in 1, 2, 5:
                number = i * j
                time_taken = self.timeit(number)
                if callback:
                    callback(number, time_taken)
                if time_taken >= 0.2:
                    return (number, time_taken)
            i *= 10


def timeit(stmt="pass", setup="pass", timer=default_timer, number=default_number, globals=None):
    """Timer(stmt, setup, timer, globals).timeit(number)."""
    return Timer(stmt, setup, timer, globals).timeit(number)


def repeat(stmt="pass", setup="pass", timer=default_timer, repeat=default_repeat, number=default_number, globals=None):
    """Timer(stmt, setup, timer, globals).repeat(repeat, number)."""
    return Timer(stmt, setup, timer, globals).repeat(repeat, number)
