"""Python's atexit: functions to call when the program ends (kael run's
end, a kernel's shutdown), the last registered first."""

import sys as _sys
import traceback as _traceback

import _atexit

_callbacks = []


def register(*args, **kwargs):
    """register(func, *args, **kwargs) registers func(*args, **kwargs) to
    run when the program ends, and returns func (so it can decorate a
    function)."""
    if not args:
        raise TypeError("register() takes at least 1 argument (0 given)")
    func, *args = args
    args = tuple(args)
    if not callable(func):
        raise TypeError("the first argument must be callable")
    _callbacks.append((func, args, kwargs))
    return func


def unregister(func):
    """Removes every registration of func (compared with ==)."""
    _callbacks[:] = [c for c in _callbacks if not (c[0] == func)]


def _run_exitfuncs():
    """Calls the registered functions, the last registered first; the
    error one raises is printed, and the others still run."""
    while _callbacks:
        func, args, kwargs = _callbacks.pop()
        try:
            func(*args, **kwargs)
        except BaseException as e:
            print(f"Exception ignored in atexit callback: {func!r}", file=_sys.stderr)
            if isinstance(e, SystemExit):
                # CPython prints no traceback for a SystemExit here.
                print(''.join(_traceback.format_exception_only(e)), end='', file=_sys.stderr)
            else:
                # The traceback from the callback down, without this frame.
                lines = _traceback.format_exception(e)
                lines = [x for x in lines if not x.startswith('  File "<frozen atexit>"')]
                print(''.join(lines), end='', file=_sys.stderr)


def _clear():
    """Forgets every registered function."""
    _callbacks.clear()


def _ncallbacks():
    """How many functions are registered."""
    return len(_callbacks)


_atexit.at_exit(_run_exitfuncs)
