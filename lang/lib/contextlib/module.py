"""Utilities for with-statement contexts, as CPython 3.11's contextlib:
contextmanager, asynccontextmanager, nullcontext, suppress, closing,
aclosing, ExitStack, AsyncExitStack, redirect_stdout, redirect_stderr,
chdir, ContextDecorator and the abstract context managers.

Every name but AsyncExitStack comes from the Go part, _contextlib.
"""

import sys

from _contextlib import *
from _contextlib import (AbstractAsyncContextManager, AbstractContextManager, ContextDecorator, ExitStack,
                         aclosing, asynccontextmanager, chdir, closing, contextmanager, nullcontext,
                         redirect_stderr, redirect_stdout, suppress)

__all__ = ["asynccontextmanager", "contextmanager", "closing", "nullcontext",
           "AbstractContextManager", "AbstractAsyncContextManager",
           "AsyncExitStack", "ContextDecorator", "ExitStack",
           "redirect_stdout", "redirect_stderr", "suppress", "aclosing",
           "chdir"]


def _not_a_context_manager(cm, asynchronous):
    cls = type(cm)
    kind = 'asynchronous context manager' if asynchronous else 'context manager'
    return TypeError(f"'{cls.__module__}.{cls.__qualname__}' object does not support the {kind} protocol")


def _link_context(new, old, frame_exc):
    # new was raised while old was being unwound, but Python chained it to
    # the exception the frame was handling (frame_exc), or to none: put old
    # in that place, at the end of new's chain of contexts.
    while new is not old:
        ctx = new.__context__
        if ctx is old:
            return
        if ctx is None or ctx is frame_exc:
            new.__context__ = old
            return
        new = ctx


class AsyncExitStack(AbstractAsyncContextManager):
    """An async context manager that unwinds, last first, the context
    managers and callbacks pushed on it, synchronous or asynchronous, when
    its async with ends or aclose() is awaited; an exception of the body
    goes to each exit in turn until one suppresses it."""

    def __init__(self):
        self._exits = []   # (is_sync, callback(exc_type, exc, tb))

    def _push(self, callback, is_sync):
        self._exits.append((is_sync, callback))

    def pop_all(self):
        """A new stack holding this one's exits; this one is left empty."""
        new = type(self)()
        new._exits, self._exits = self._exits, []
        return new

    def push(self, exit):
        """Pushes a context manager's __exit__, or a callable taking
        (exc_type, exc, tb) that returns whether it suppresses; returns exit."""
        method = getattr(type(exit), '__exit__', None)
        if method is None:
            self._push(exit, True)
        else:
            self._push(lambda t, e, tb: method(exit, t, e, tb), True)
        return exit

    def enter_context(self, cm):
        """Enters the context manager cm, pushes its __exit__ and returns
        what __enter__ returned."""
        cls = type(cm)
        enter, exit = getattr(cls, '__enter__', None), getattr(cls, '__exit__', None)
        if enter is None or exit is None:
            raise _not_a_context_manager(cm, False)
        result = enter(cm)
        self._push(lambda t, e, tb: exit(cm, t, e, tb), True)
        return result

    def callback(self, callback, /, *args, **kwds):
        """Pushes callback(*args, **kwds), called when the stack unwinds;
        returns callback."""
        def exit_wrapper(t, e, tb):
            callback(*args, **kwds)
        exit_wrapper.__wrapped__ = callback
        self._push(exit_wrapper, True)
        return callback

    async def enter_async_context(self, cm):
        """Enters the asynchronous context manager cm, pushes its
        __aexit__ and returns what __aenter__ returned."""
        cls = type(cm)
        enter, exit = getattr(cls, '__aenter__', None), getattr(cls, '__aexit__', None)
        if enter is None or exit is None:
            raise _not_a_context_manager(cm, True)
        result = await enter(cm)
        self._push(lambda t, e, tb: exit(cm, t, e, tb), False)
        return result

    def push_async_exit(self, exit):
        """Pushes an asynchronous context manager's __aexit__, or a
        coroutine function taking (exc_type, exc, tb); returns exit."""
        method = getattr(type(exit), '__aexit__', None)
        if method is None:
            self._push(exit, False)
        else:
            self._push(lambda t, e, tb: method(exit, t, e, tb), False)
        return exit

    def push_async_callback(self, callback, /, *args, **kwds):
        """Pushes the coroutine function callback(*args, **kwds), awaited
        when the stack unwinds; returns callback."""
        async def exit_wrapper(t, e, tb):
            await callback(*args, **kwds)
        exit_wrapper.__wrapped__ = callback
        self._push(exit_wrapper, False)
        return callback

    async def aclose(self):
        """Unwinds the stack now."""
        await self.__aexit__(None, None, None)

    async def __aenter__(self):
        return self

    async def __aexit__(self, exc_type, exc, tb):
        received = exc_type is not None
        frame_exc = sys.exc_info()[1]
        details = (exc_type, exc, tb)
        suppressed = pending = False
        while self._exits:
            is_sync, cb = self._exits.pop()
            try:
                result = cb(*details) if is_sync else await cb(*details)
            except BaseException as new:
                if details[1] is not None:
                    _link_context(new, details[1], frame_exc)
                details = (type(new), new, new.__traceback__)
                pending = True
            else:
                if result:
                    suppressed, pending = True, False
                    details = (None, None, None)
        if pending:
            context = details[1].__context__
            try:
                raise details[1]
            except BaseException:
                details[1].__context__ = context
                raise
        return received and suppressed
