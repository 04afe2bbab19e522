"""Python's multiprocessing, as far as kael can honour it: kael runs a
program in one process. cpu_count, current_process, parent_process,
active_children, the start methods, freeze_support, the exceptions, and
the locks and queues (threading's and queue's, which serve one
process) are here; Process.start, Pool, Manager, Pipe, Value and Array,
which start or share with another process, are NotImplementedError,
with os's words."""

import os as _os

import _multiprocessing

__all__ = ['Process', 'current_process', 'active_children', 'parent_process',
           'ProcessError', 'BufferTooShort', 'TimeoutError', 'AuthenticationError',
           'cpu_count', 'freeze_support', 'get_start_method', 'set_start_method',
           'get_all_start_methods', 'get_context', 'Pool', 'Manager', 'Pipe',
           'Queue', 'SimpleQueue', 'JoinableQueue']


class ProcessError(Exception):
    pass


class BufferTooShort(ProcessError):
    pass


class TimeoutError(ProcessError):
    pass


class AuthenticationError(ProcessError):
    pass


def cpu_count():
    """The number of CPUs of the machine."""
    return _os.cpu_count()


class Process:
    """A process to run target(*args, **kwargs). kael runs one process:
    start() is a NotImplementedError; run() calls the target here."""

    def __init__(self, group=None, target=None, name=None, args=(), kwargs={}, *, daemon=None):
        assert group is None, 'group argument must be None for now'
        self._target = target
        self._args = tuple(args)
        self._kwargs = dict(kwargs)
        self._name = name or 'Process-1'
        self.daemon = bool(daemon)
        self.exitcode = None
        self.pid = None

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, name):
        self._name = name

    def run(self):
        if self._target:
            self._target(*self._args, **self._kwargs)

    def start(self):
        _multiprocessing.start()

    def is_alive(self):
        return False

    def join(self, timeout=None):
        raise AssertionError("can only join a started process")

    def __repr__(self):
        return '<%s name=%r parent=%s initial>' % (type(self).__name__, self._name, _os.getpid())


class _MainProcess(Process):
    def __init__(self):
        super().__init__(name='MainProcess')
        self.pid = _os.getpid()

    def is_alive(self):
        return True

    def __repr__(self):
        return "<_MainProcess name='MainProcess' parent=None started>"


_main = _MainProcess()


def current_process():
    """The process running this code: MainProcess."""
    return _main


def parent_process():
    """The process that started this one: None, for the main process."""
    return None


def active_children():
    """The started processes not yet joined: none in kael."""
    return []


def freeze_support():
    """Does nothing, as on every system but a frozen Windows program."""
    return None


_start_method = None


def get_start_method(allow_none=False):
    """The start method set, else 'fork' (Linux's default)."""
    global _start_method
    if _start_method is None:
        if allow_none:
            return None
        _start_method = 'fork'
    return _start_method


def set_start_method(method, force=False):
    """Sets the start method ('fork', 'spawn' or 'forkserver'); kael
    starts no process with it."""
    global _start_method
    if _start_method is not None and not force:
        raise RuntimeError('context has already been set')
    if method is None and force:
        _start_method = None
        return
    if method not in get_all_start_methods():
        raise ValueError('cannot find context for %r' % method)
    _start_method = method


def get_all_start_methods():
    return ['fork', 'spawn', 'forkserver']


def get_context(method=None):
    """This module, which stands for every context in kael."""
    if method is not None and method not in get_all_start_methods():
        raise ValueError('cannot find context for %r' % method)
    import sys
    return sys.modules[__name__]


Pool = _multiprocessing.Pool
Manager = _multiprocessing.Manager
Pipe = _multiprocessing.Pipe
Value = _multiprocessing.Value
Array = _multiprocessing.Array

# With one process, the synchronisation objects and the queues are
# threading's and queue's.
from threading import Lock, RLock, Event, Semaphore, BoundedSemaphore, Condition
from queue import Queue, SimpleQueue
from queue import Queue as JoinableQueue
