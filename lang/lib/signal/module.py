"""Python's signal: the signal numbers (Signals), SIG_DFL and SIG_IGN
(Handlers), getsignal, strsignal, valid_signals and default_int_handler.
kael delivers one signal to a program: SIGINT (Ctrl-C, a notebook's
interrupt), as KeyboardInterrupt, which default_int_handler raises. It
cannot run a handler of a program's own, nor deliver an alarm or a
timer: those calls are NotImplementedError saying so."""

from enum import IntEnum as _IntEnum
from operator import index as _index

import _signal


def default_int_handler(signalnum, frame, /):
    """The default handler of SIGINT: raises KeyboardInterrupt."""
    raise KeyboardInterrupt


class Signals(_IntEnum):
    SIGHUP = 1
    SIGINT = 2
    SIGQUIT = 3
    SIGILL = 4
    SIGTRAP = 5
    SIGABRT = 6
    SIGBUS = 7
    SIGFPE = 8
    SIGKILL = 9
    SIGUSR1 = 10
    SIGSEGV = 11
    SIGUSR2 = 12
    SIGPIPE = 13
    SIGALRM = 14
    SIGTERM = 15
    SIGSTKFLT = 16
    SIGCHLD = 17
    SIGCONT = 18
    SIGSTOP = 19
    SIGTSTP = 20
    SIGTTIN = 21
    SIGTTOU = 22
    SIGURG = 23
    SIGXCPU = 24
    SIGXFSZ = 25
    SIGVTALRM = 26
    SIGPROF = 27
    SIGWINCH = 28
    SIGIO = 29
    SIGPWR = 30
    SIGSYS = 31
    SIGRTMIN = 34
    SIGRTMAX = 64


class Handlers(_IntEnum):
    SIG_DFL = 0
    SIG_IGN = 1


class Sigmasks(_IntEnum):
    SIG_BLOCK = 0
    SIG_UNBLOCK = 1
    SIG_SETMASK = 2


for _s in Signals:
    globals()[_s.name] = _s
SIGIOT = Signals.SIGABRT
SIGPOLL = Signals.SIGIO
SIGCLD = Signals.SIGCHLD
SIG_DFL = Handlers.SIG_DFL
SIG_IGN = Handlers.SIG_IGN
SIG_BLOCK = Sigmasks.SIG_BLOCK
SIG_UNBLOCK = Sigmasks.SIG_UNBLOCK
SIG_SETMASK = Sigmasks.SIG_SETMASK
NSIG = 65
ITIMER_REAL = 0
ITIMER_VIRTUAL = 1
ITIMER_PROF = 2


class ItimerError(OSError):
    pass


_descriptions = {
    1: 'Hangup', 2: 'Interrupt', 3: 'Quit', 4: 'Illegal instruction',
    5: 'Trace/breakpoint trap', 6: 'Aborted', 7: 'Bus error',
    8: 'Floating point exception', 9: 'Killed', 10: 'User defined signal 1',
    11: 'Segmentation fault', 12: 'User defined signal 2', 13: 'Broken pipe',
    14: 'Alarm clock', 15: 'Terminated', 16: 'Stack fault', 17: 'Child exited',
    18: 'Continued', 19: 'Stopped (signal)', 20: 'Stopped',
    21: 'Stopped (tty input)', 22: 'Stopped (tty output)',
    23: 'Urgent I/O condition', 24: 'CPU time limit exceeded',
    25: 'File size limit exceeded', 26: 'Virtual timer expired',
    27: 'Profiling timer expired', 28: 'Window changed', 29: 'I/O possible',
    30: 'Power failure', 31: 'Bad system call',
}


def _number(signalnum):
    if isinstance(signalnum, (int, Signals)):
        n = int(signalnum)
    else:
        n = _index(signalnum)
    if n < 1 or n >= NSIG:
        raise ValueError("signal number out of range")
    return n


def _is_number(h):
    return isinstance(h, (int, Handlers)) and not isinstance(h, bool)


def _name(n):
    try:
        return Signals(n).name
    except ValueError:
        return str(n)


def _as_handler(h):
    if _is_number(h) and h in (0, 1):
        return Handlers(h)
    return h


def getsignal(signalnum):
    """The handler of the signal: default_int_handler for SIGINT, SIG_DFL
    for the others (kael installs no other)."""
    n = _number(signalnum)
    return default_int_handler if n == SIGINT else Handlers.SIG_DFL


def signal(signalnum, handler):
    """Sets the handler of a signal and returns the previous one. kael
    keeps the handler it has (default_int_handler for SIGINT, SIG_DFL for
    the others): setting that one again is accepted; another is a
    NotImplementedError, as kael cannot call it."""
    n = _number(signalnum)
    if not (callable(handler) or (_is_number(handler) and handler in (0, 1))):
        raise TypeError("signal handler must be signal.SIG_IGN, signal.SIG_DFL, or a callable object")
    if n in (SIGKILL, SIGSTOP):
        raise OSError(22, 'Invalid argument')
    current = getsignal(n)
    if _as_handler(handler) is current or handler is current:
        return current
    if n == SIGINT:
        raise NotImplementedError(
            "signal.signal: kael cannot install a handler for SIGINT: an interrupt "
            "(Ctrl-C, a notebook's stop) raises KeyboardInterrupt; catch it with "
            "try: ... except KeyboardInterrupt: ...")
    raise NotImplementedError(
        f"signal.signal: kael cannot install a handler for {_name(n)}: "
        "it delivers no signal to a program but SIGINT, as KeyboardInterrupt")


def strsignal(signalnum):
    """The system's description of the signal: 'Interrupt' for SIGINT."""
    n = _number(signalnum)
    if n in _descriptions:
        return _descriptions[n]
    if 34 <= n <= 64:
        return f'Real-time signal {n - 34}'
    return None


def valid_signals():
    """The set of the signal numbers of the system."""
    out = set()
    for n in range(1, NSIG):
        if n in (32, 33):
            continue
        try:
            out.add(Signals(n))
        except ValueError:
            out.add(n)
    return out


def raise_signal(signalnum):
    """Sends the signal to the program: SIGINT raises KeyboardInterrupt,
    as its default handler does; kael delivers no other."""
    n = _number(signalnum)
    if n == SIGINT:
        default_int_handler(n, None)
    raise NotImplementedError(f"signal.raise_signal: kael delivers no signal to a program but SIGINT")


alarm = _signal.refused("alarm", "kael cannot deliver SIGALRM; time the work with time.monotonic() and check it in the loop")
pause = _signal.refused("pause", "kael delivers no signal to wait for")
setitimer = _signal.refused("setitimer", "kael cannot deliver timer signals")
getitimer = _signal.refused("getitimer", "kael cannot deliver timer signals")
siginterrupt = _signal.refused("siginterrupt", "kael installs no signal handler of a program's")
set_wakeup_fd = _signal.refused("set_wakeup_fd", "kael delivers no signal to a program but SIGINT")
pthread_kill = _signal.refused("pthread_kill", "kael cannot signal threads or processes")
pthread_sigmask = _signal.refused("pthread_sigmask", "kael does not manage signal masks")
sigwait = _signal.refused("sigwait", "kael delivers no signal to wait for")
sigpending = _signal.refused("sigpending", "kael does not manage signal masks")

del _s
