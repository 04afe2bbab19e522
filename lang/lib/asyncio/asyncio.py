"""Asynchronous code, as CPython 3.11's asyncio runs it, on one thread.

An event loop runs callbacks in the order CPython's does: a first in,
first out queue of ready callbacks, and timers by their deadline (time
measured by time.monotonic, sleeps real). A Task drives a coroutine:
it sends None into it, and when the coroutine awaits a Future the task
resumes once the future is done. asyncio.run(main()) makes a loop, runs
main to its end, cancels the tasks left and closes the loop.

kael's loop has no sockets, subprocesses or signal handlers; a loop that
has nothing ready and no timer, while a task still waits, raises a
RuntimeError that says so where CPython would wait for ever.
"""

import time as _time
import heapq as _heapq
import itertools as _itertools
from collections import deque as _deque

__all__ = [
    "run", "sleep", "create_task", "gather", "wait_for", "wait", "as_completed",
    "shield", "ensure_future", "iscoroutine", "iscoroutinefunction", "isfuture",
    "get_event_loop", "get_running_loop", "new_event_loop", "set_event_loop",
    "current_task", "all_tasks", "to_thread", "Future", "Task", "Handle",
    "TimerHandle", "AbstractEventLoop", "BaseEventLoop", "Queue", "PriorityQueue",
    "LifoQueue", "QueueEmpty", "QueueFull", "Lock", "Event", "Semaphore",
    "BoundedSemaphore", "Condition", "CancelledError", "TimeoutError",
    "InvalidStateError", "FIRST_COMPLETED", "FIRST_EXCEPTION", "ALL_COMPLETED",
    "timeout",
]


class CancelledError(BaseException):
    """The Future or Task was cancelled."""


class InvalidStateError(Exception):
    """The operation is not allowed in this state."""


class QueueEmpty(Exception):
    """Raised when Queue.get_nowait() is called on an empty Queue."""


class QueueFull(Exception):
    """Raised when the Queue.put_nowait() method is called on a full Queue."""


CancelledError.__module__ = "asyncio.exceptions"
InvalidStateError.__module__ = "asyncio.exceptions"
QueueEmpty.__module__ = "asyncio.queues"
QueueFull.__module__ = "asyncio.queues"

TimeoutError = TimeoutError  # the builtin, as in Python 3.11

FIRST_COMPLETED = "FIRST_COMPLETED"
FIRST_EXCEPTION = "FIRST_EXCEPTION"
ALL_COMPLETED = "ALL_COMPLETED"

_PENDING = "PENDING"
_CANCELLED = "CANCELLED"
_FINISHED = "FINISHED"


async def _probe():
    pass


_probe_coro = _probe()
_CoroutineType = type(_probe_coro)
_probe_coro.close()
del _probe_coro


def iscoroutine(obj):
    """Return True if obj is a coroutine object."""
    return isinstance(obj, _CoroutineType)


def iscoroutinefunction(func):
    """Return True if func is a coroutine function (an async def)."""
    import inspect
    return inspect.iscoroutinefunction(func)


def isfuture(obj):
    """Check for a Future: an object of a class with _asyncio_future_blocking."""
    return getattr(type(obj), "_asyncio_future_blocking", None) is not None and not isinstance(obj, type)


# The loop running now, and the loop get_event_loop gives when none runs.
_running_loop = None
_event_loop = None
_current_tasks = {}
_all_tasks = []


def get_running_loop():
    """Return the running event loop; raise a RuntimeError if there is none."""
    if _running_loop is None:
        raise RuntimeError("no running event loop")
    return _running_loop


def _get_running_loop():
    return _running_loop


def get_event_loop():
    """The running loop, else the current one (made on first use)."""
    global _event_loop
    if _running_loop is not None:
        return _running_loop
    if _event_loop is None:
        _event_loop = new_event_loop()
    return _event_loop


def set_event_loop(loop):
    """Make loop the current event loop."""
    global _event_loop
    _event_loop = loop


def new_event_loop():
    """A new event loop."""
    return BaseEventLoop()


class Handle:
    """A callback the loop will call, with its arguments."""

    __slots__ = ("_callback", "_args", "_cancelled", "_loop")

    def __init__(self, callback, args, loop, context=None):
        self._callback = callback
        self._args = args
        self._cancelled = False
        self._loop = loop

    def __repr__(self):
        info = [type(self).__name__]
        if self._cancelled:
            info.append("cancelled")
        return "<" + " ".join(info) + ">"

    def cancel(self):
        self._cancelled = True

    def cancelled(self):
        return self._cancelled

    def _run(self):
        self._callback(*self._args)


class TimerHandle(Handle):
    """A callback scheduled for a time (the loop's clock)."""

    __slots__ = ("_when", "_scheduled")

    def __init__(self, when, callback, args, loop, context=None):
        super().__init__(callback, args, loop)
        self._when = when
        self._scheduled = False

    def when(self):
        return self._when

    def cancel(self):
        if not self._cancelled:
            self._loop._timer_cancelled_count += 1
        super().cancel()


class AbstractEventLoop:
    """The interface of an event loop."""


class BaseEventLoop(AbstractEventLoop):
    """An event loop: ready callbacks first in first out, timers by deadline."""

    _clock_resolution = 1e-09

    def __init__(self):
        self._ready = _deque()
        self._scheduled = []
        self._seq = _itertools.count()
        self._stopping = False
        self._closed = False
        self._running = False
        self._timer_cancelled_count = 0
        self._asyncgens = []

    def __repr__(self):
        return f"<_UnixSelectorEventLoop running={self.is_running()} closed={self.is_closed()} debug=False>"

    def time(self):
        return _time.monotonic()

    def _check_closed(self):
        if self._closed:
            raise RuntimeError("Event loop is closed")

    def call_soon(self, callback, *args, context=None):
        self._check_closed()
        handle = Handle(callback, args, self)
        self._ready.append(handle)
        return handle

    call_soon_threadsafe = call_soon

    def call_later(self, delay, callback, *args, context=None):
        return self.call_at(self.time() + delay, callback, *args)

    def call_at(self, when, callback, *args, context=None):
        self._check_closed()
        timer = TimerHandle(when, callback, args, self)
        _heapq.heappush(self._scheduled, (when, next(self._seq), timer))
        timer._scheduled = True
        return timer

    def create_future(self):
        return Future(loop=self)

    def create_task(self, coro, *, name=None, context=None):
        self._check_closed()
        return Task(coro, loop=self, name=name)

    def is_running(self):
        return self._running

    def is_closed(self):
        return self._closed

    def stop(self):
        self._stopping = True

    def close(self):
        if self._running:
            raise RuntimeError("Cannot close a running event loop")
        self._closed = True
        self._ready.clear()
        self._scheduled.clear()

    def run_forever(self):
        global _running_loop
        self._check_closed()
        if self._running:
            raise RuntimeError("This event loop is already running")
        if _running_loop is not None:
            raise RuntimeError("Cannot run the event loop while another loop is running")
        self._running = True
        _running_loop = self
        try:
            while True:
                self._run_once()
                if self._stopping:
                    break
        finally:
            self._stopping = False
            self._running = False
            _running_loop = None

    def run_until_complete(self, future):
        self._check_closed()
        new_task = not isfuture(future)
        future = ensure_future(future, loop=self)
        future.add_done_callback(_run_until_complete_cb)
        try:
            self.run_forever()
        except BaseException:
            if new_task and future.done() and not future.cancelled():
                future.exception()
            raise
        finally:
            future.remove_done_callback(_run_until_complete_cb)
        if not future.done():
            raise RuntimeError("Event loop stopped before Future completed.")
        return future.result()

    async def shutdown_asyncgens(self):
        pass

    async def shutdown_default_executor(self):
        pass

    def _run_once(self):
        sched = self._scheduled
        while sched and sched[0][2]._cancelled:
            self._timer_cancelled_count -= 1
            _heapq.heappop(sched)[2]._scheduled = False
        if self._ready or self._stopping:
            timeout = 0
        elif sched:
            timeout = max(0, sched[0][0] - self.time())
        else:
            raise RuntimeError(
                "the event loop has nothing to run: every task waits for a future that nothing will complete"
            )
        if timeout > 0:
            _time.sleep(timeout)
        end_time = self.time() + self._clock_resolution
        while sched:
            if sched[0][0] >= end_time:
                break
            handle = _heapq.heappop(sched)[2]
            handle._scheduled = False
            self._ready.append(handle)
        for _ in range(len(self._ready)):
            handle = self._ready.popleft()
            if handle._cancelled:
                continue
            handle._run()


def _run_until_complete_cb(fut):
    fut.get_loop().stop()


class Future:
    """A result that will be set later: await it for the result."""

    _asyncio_future_blocking = False
    _state = _PENDING
    _result = None
    _exception = None
    _loop = None
    _cancel_message = None

    def __init__(self, *, loop=None):
        self._loop = get_event_loop() if loop is None else loop
        self._callbacks = []

    def __repr__(self):
        return f"<{type(self).__name__} {self._repr_info()}>"

    def _repr_info(self):
        state = self._state.lower()
        if self._state == _FINISHED:
            if self._exception is not None:
                return f"{state} exception={self._exception!r}"
            return f"{state} result={self._result!r}"
        return state

    def get_loop(self):
        return self._loop

    def _make_cancelled_error(self):
        if self._cancel_message is None:
            return CancelledError()
        return CancelledError(self._cancel_message)

    def cancel(self, msg=None):
        if self._state != _PENDING:
            return False
        self._state = _CANCELLED
        self._cancel_message = msg
        self._schedule_callbacks()
        return True

    def _schedule_callbacks(self):
        callbacks = self._callbacks[:]
        if not callbacks:
            return
        self._callbacks[:] = []
        for callback in callbacks:
            self._loop.call_soon(callback, self)

    def cancelled(self):
        return self._state == _CANCELLED

    def done(self):
        return self._state != _PENDING

    def result(self):
        if self._state == _CANCELLED:
            raise self._make_cancelled_error()
        if self._state != _FINISHED:
            raise InvalidStateError("Result is not ready.")
        if self._exception is not None:
            raise self._exception
        return self._result

    def exception(self):
        if self._state == _CANCELLED:
            raise self._make_cancelled_error()
        if self._state != _FINISHED:
            raise InvalidStateError("Exception is not set.")
        return self._exception

    def add_done_callback(self, fn, *, context=None):
        if self._state != _PENDING:
            self._loop.call_soon(fn, self)
        else:
            self._callbacks.append(fn)

    def remove_done_callback(self, fn):
        filtered = [f for f in self._callbacks if f != fn]
        removed = len(self._callbacks) - len(filtered)
        if removed:
            self._callbacks[:] = filtered
        return removed

    def set_result(self, result):
        if self._state != _PENDING:
            raise InvalidStateError(f"{self._state}: {self!r}")
        self._result = result
        self._state = _FINISHED
        self._schedule_callbacks()

    def set_exception(self, exception):
        if self._state != _PENDING:
            raise InvalidStateError(f"{self._state}: {self!r}")
        if isinstance(exception, type):
            exception = exception()
        if type(exception) is StopIteration:
            raise TypeError("StopIteration interacts badly with generators and cannot be raised into a Future")
        self._exception = exception
        self._state = _FINISHED
        self._schedule_callbacks()

    def __await__(self):
        if not self.done():
            self._asyncio_future_blocking = True
            yield self
        if not self.done():
            raise RuntimeError("await wasn't used with future")
        return self.result()

    __iter__ = __await__


_task_names = _itertools.count(1)


class Task(Future):
    """A coroutine scheduled to run in an event loop."""

    def __init__(self, coro, *, loop=None, name=None, context=None):
        super().__init__(loop=loop)
        if not iscoroutine(coro):
            raise TypeError(f"a coroutine was expected, got {coro!r}")
        self._coro = coro
        self._fut_waiter = None
        self._must_cancel = False
        self._num_cancels_requested = 0
        self._name = f"Task-{next(_task_names)}" if name is None else str(name)
        self._loop.call_soon(self._step)
        _all_tasks.append(self)

    def _repr_info(self):
        info = [super()._repr_info()]
        if self._must_cancel:
            info[0] = "cancelling"
        info.append(f"name={self._name!r}")
        info.append(f"coro={self._coro!r}")
        return " ".join(info)

    def get_name(self):
        return self._name

    def set_name(self, value):
        self._name = str(value)

    def get_coro(self):
        return self._coro

    def set_result(self, result):
        raise RuntimeError("Task does not support set_result operation")

    def set_exception(self, exception):
        raise RuntimeError("Task does not support set_exception operation")

    def cancelling(self):
        return self._num_cancels_requested

    def uncancel(self):
        if self._num_cancels_requested > 0:
            self._num_cancels_requested -= 1
        return self._num_cancels_requested

    def cancel(self, msg=None):
        if self.done():
            return False
        self._num_cancels_requested += 1
        if self._fut_waiter is not None:
            if self._fut_waiter.cancel(msg=msg):
                return True
        self._must_cancel = True
        self._cancel_message = msg
        return True

    def _step(self, exc=None):
        if self.done():
            raise InvalidStateError(f"_step(): already done: {self!r}, {exc!r}")
        if self._must_cancel:
            if not isinstance(exc, CancelledError):
                exc = self._make_cancelled_error()
            self._must_cancel = False
        coro = self._coro
        self._fut_waiter = None
        _current_tasks[id(self._loop)] = self
        try:
            if exc is None:
                result = coro.send(None)
            else:
                result = coro.throw(exc)
        except StopIteration as stop:
            if self._must_cancel:
                self._must_cancel = False
                Future.cancel(self, msg=self._cancel_message)
            else:
                Future.set_result(self, stop.value)
        except CancelledError as cancelled:
            self._cancelled_exc = cancelled
            Future.cancel(self)
        except (KeyboardInterrupt, SystemExit) as fatal:
            Future.set_exception(self, fatal)
            raise
        except BaseException as error:
            Future.set_exception(self, error)
        else:
            blocking = getattr(result, "_asyncio_future_blocking", None)
            if blocking is not None:
                if result.get_loop() is not self._loop:
                    self._loop.call_soon(self._step, RuntimeError(
                        f"Task {self!r} got Future {result!r} attached to a different loop"))
                elif blocking:
                    if result is self:
                        self._loop.call_soon(self._step, RuntimeError(f"Task cannot await on itself: {self!r}"))
                    else:
                        result._asyncio_future_blocking = False
                        result.add_done_callback(self._wakeup)
                        self._fut_waiter = result
                        if self._must_cancel:
                            if self._fut_waiter.cancel(msg=self._cancel_message):
                                self._must_cancel = False
                else:
                    self._loop.call_soon(self._step, RuntimeError(
                        f"yield was used instead of yield from in task {self!r} with {result!r}"))
            elif result is None:
                self._loop.call_soon(self._step)
            else:
                self._loop.call_soon(self._step, RuntimeError(f"Task got bad yield: {result!r}"))
        finally:
            _current_tasks.pop(id(self._loop), None)

    def _wakeup(self, future):
        try:
            future.result()
        except BaseException as exc:
            self._step(exc)
        else:
            self._step()


def current_task(loop=None):
    """The task running now in loop (the running loop by default), or None."""
    if loop is None:
        loop = get_running_loop()
    return _current_tasks.get(id(loop))


def all_tasks(loop=None):
    """The tasks of loop (the running loop by default) not done yet."""
    if loop is None:
        loop = get_running_loop()
    return {t for t in _all_tasks if t._loop is loop and not t.done()}


def create_task(coro, *, name=None, context=None):
    """Schedule the coroutine coro to run in the running loop; return its Task."""
    return get_running_loop().create_task(coro, name=name)


async def _wrap_awaitable(awaitable):
    return await awaitable


def ensure_future(coro_or_future, *, loop=None):
    """A Future of coro_or_future: itself, or a Task that runs it."""
    if isfuture(coro_or_future):
        return coro_or_future
    if loop is None:
        loop = get_event_loop()
    if iscoroutine(coro_or_future):
        return loop.create_task(coro_or_future)
    import inspect
    if inspect.isawaitable(coro_or_future):
        return loop.create_task(_wrap_awaitable(coro_or_future))
    raise TypeError("An asyncio.Future, a coroutine or an awaitable is required")


class _Sleep0:
    def __await__(self):
        yield


def _set_result_unless_cancelled(fut, result):
    if fut.cancelled():
        return
    fut.set_result(result)


async def sleep(delay, result=None):
    """Coroutine that completes after delay seconds, with result."""
    if delay <= 0:
        await _Sleep0()
        return result
    loop = get_running_loop()
    future = loop.create_future()
    h = loop.call_later(delay, _set_result_unless_cancelled, future, result)
    try:
        return await future
    finally:
        h.cancel()


def run(main, *, debug=None):
    """Run the coroutine main in a new event loop and return its result."""
    if _running_loop is not None:
        raise RuntimeError("asyncio.run() cannot be called from a running event loop")
    if not iscoroutine(main):
        raise ValueError(f"a coroutine was expected, got {main!r}")
    loop = new_event_loop()
    try:
        set_event_loop(loop)
        return loop.run_until_complete(main)
    finally:
        try:
            _cancel_all_tasks(loop)
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
        finally:
            set_event_loop(None)
            loop.close()


def _cancel_all_tasks(loop):
    to_cancel = all_tasks(loop)
    if not to_cancel:
        return
    for task in to_cancel:
        task.cancel()
    loop.run_until_complete(gather(*to_cancel, return_exceptions=True))
    for task in to_cancel:
        if task.cancelled():
            continue


class _GatheringFuture(Future):
    def __init__(self, children, *, loop):
        super().__init__(loop=loop)
        self._children = children
        self._cancel_requested = False

    def cancel(self, msg=None):
        if self.done():
            return False
        ret = False
        for child in self._children:
            if child.cancel(msg=msg):
                ret = True
        if ret:
            self._cancel_requested = True
        return ret


def gather(*coros_or_futures, return_exceptions=False):
    """A future of the results of the awaitables, in their order."""
    if not coros_or_futures:
        outer = get_event_loop().create_future()
        outer.set_result([])
        return outer
    loop = None
    children = []
    arg_to_fut = {}
    for arg in coros_or_futures:
        if id(arg) not in arg_to_fut:
            fut = ensure_future(arg, loop=loop)
            if loop is None:
                loop = fut.get_loop()
            arg_to_fut[id(arg)] = fut
        else:
            fut = arg_to_fut[id(arg)]
        children.append(fut)
    outer = _GatheringFuture(children, loop=loop)
    nfuts = len(arg_to_fut)
    nfinished = 0

    def _done_callback(fut):
        nonlocal nfinished
        nfinished += 1
        if outer.done():
            if not fut.cancelled():
                fut.exception()
            return
        if not return_exceptions:
            if fut.cancelled():
                outer.set_exception(fut._make_cancelled_error())
                return
            exc = fut.exception()
            if exc is not None:
                outer.set_exception(exc)
                return
        if nfinished == nfuts:
            results = []
            for child in children:
                if child.cancelled():
                    res = CancelledError("" if child._cancel_message is None else child._cancel_message)
                else:
                    res = child.exception()
                    if res is None:
                        res = child.result()
                results.append(res)
            if outer._cancel_requested:
                outer.set_exception(children[-1]._make_cancelled_error())
            else:
                outer.set_result(results)

    for fut in arg_to_fut.values():
        fut.add_done_callback(_done_callback)
    return outer


def shield(arg):
    """Wait for a future, shielding it from cancellation."""
    inner = ensure_future(arg)
    if inner.done():
        return inner
    loop = inner.get_loop()
    outer = loop.create_future()

    def _inner_done_callback(inner):
        if outer.cancelled():
            if not inner.cancelled():
                inner.exception()
            return
        if inner.cancelled():
            outer.cancel()
        else:
            exc = inner.exception()
            if exc is not None:
                outer.set_exception(exc)
            else:
                outer.set_result(inner.result())

    def _outer_done_callback(outer):
        if not inner.done():
            inner.remove_done_callback(_inner_done_callback)

    inner.add_done_callback(_inner_done_callback)
    outer.add_done_callback(_outer_done_callback)
    return outer


def _release_waiter(waiter, *args):
    if not waiter.done():
        waiter.set_result(None)


async def _cancel_and_wait(fut, loop):
    waiter = loop.create_future()

    def cb(_):
        _release_waiter(waiter)

    fut.add_done_callback(cb)
    try:
        fut.cancel()
        await waiter
    finally:
        fut.remove_done_callback(cb)


async def wait_for(fut, timeout):
    """Wait for fut, cancelling it and raising TimeoutError after timeout seconds."""
    loop = get_running_loop()
    if timeout is None:
        return await fut
    if timeout <= 0:
        fut = ensure_future(fut, loop=loop)
        if fut.done():
            return fut.result()
        await _cancel_and_wait(fut, loop=loop)
        try:
            return fut.result()
        except CancelledError as exc:
            raise TimeoutError() from exc
    waiter = loop.create_future()
    timeout_handle = loop.call_later(timeout, _release_waiter, waiter)

    def cb(_):
        _release_waiter(waiter)

    fut = ensure_future(fut, loop=loop)
    fut.add_done_callback(cb)
    try:
        try:
            await waiter
        except CancelledError:
            if fut.done():
                return fut.result()
            fut.remove_done_callback(cb)
            await _cancel_and_wait(fut, loop=loop)
            raise
        if fut.done():
            return fut.result()
        fut.remove_done_callback(cb)
        await _cancel_and_wait(fut, loop=loop)
        try:
            return fut.result()
        except CancelledError as exc:
            raise TimeoutError() from exc
    finally:
        timeout_handle.cancel()


async def wait(fs, *, timeout=None, return_when=ALL_COMPLETED):
    """Wait for the futures and tasks of fs; return (done, pending) sets."""
    if isfuture(fs) or iscoroutine(fs):
        raise TypeError(f"expect a list of futures, not {type(fs).__name__}")
    if not fs:
        raise ValueError("Set of Tasks/Futures is empty.")
    if return_when not in (FIRST_COMPLETED, FIRST_EXCEPTION, ALL_COMPLETED):
        raise ValueError(f"Invalid return_when value: {return_when}")
    fs = set(fs)
    if any(iscoroutine(f) for f in fs):
        raise TypeError("Passing coroutines is forbidden, use tasks explicitly.")
    loop = get_running_loop()
    waiter = loop.create_future()
    timeout_handle = None
    if timeout is not None:
        timeout_handle = loop.call_later(timeout, _release_waiter, waiter)
    counter = len(fs)

    def _on_completion(f):
        nonlocal counter
        counter -= 1
        if (counter <= 0 or return_when == FIRST_COMPLETED or
                return_when == FIRST_EXCEPTION and (not f.cancelled() and f.exception() is not None)):
            if timeout_handle is not None:
                timeout_handle.cancel()
            if not waiter.done():
                waiter.set_result(None)

    for f in fs:
        f.add_done_callback(_on_completion)
    try:
        await waiter
    finally:
        if timeout_handle is not None:
            timeout_handle.cancel()
        for f in fs:
            f.remove_done_callback(_on_completion)
    done, pending = set(), set()
    for f in fs:
        if f.done():
            done.add(f)
        else:
            pending.add(f)
    return done, pending


def as_completed(fs, *, timeout=None):
    """An iterator of coroutines, each the result of the next future to finish."""
    if isfuture(fs) or iscoroutine(fs):
        raise TypeError(f"expect an iterable of futures, not {type(fs).__name__}")
    loop = get_event_loop()
    todo = {ensure_future(f, loop=loop) for f in set(fs)}
    done = _deque()
    timeout_handle = None

    def _on_timeout():
        for f in todo:
            f.remove_done_callback(_on_completion)
            done.append(None)
        todo.clear()

    def _on_completion(f):
        if not todo:
            return
        todo.remove(f)
        done.append(f)
        if not todo and timeout_handle is not None:
            timeout_handle.cancel()

    async def _wait_for_one():
        f = done.popleft() if done else None
        while f is None and not done:
            if not todo and f is None and not done:
                break
            waiter = loop.create_future()
            pending_waiters.append(waiter)
            await waiter
        if f is None:
            f = done.popleft()
        if f is None:
            raise TimeoutError
        return f.result()

    pending_waiters = []

    def _wake(f):
        while pending_waiters:
            w = pending_waiters.pop(0)
            if not w.done():
                w.set_result(None)

    for f in todo:
        f.add_done_callback(_on_completion)
        f.add_done_callback(_wake)
    if todo and timeout is not None:
        timeout_handle = loop.call_later(timeout, lambda: (_on_timeout(), _wake(None)))
    for _ in range(len(todo)):
        yield _wait_for_one()


async def to_thread(func, /, *args, **kwargs):
    """Run func(*args, **kwargs) and return its result (kael: on the loop's own thread)."""
    loop = get_running_loop()
    fut = loop.create_future()

    def call():
        if fut.cancelled():
            return
        try:
            fut.set_result(func(*args, **kwargs))
        except BaseException as exc:
            fut.set_exception(exc)

    loop.call_soon(call)
    return await fut


class _ContextManagerMixin:
    async def __aenter__(self):
        await self.acquire()
        return None

    async def __aexit__(self, exc_type, exc, tb):
        self.release()


class Lock(_ContextManagerMixin):
    """A mutual exclusion lock for coroutines."""

    def __init__(self):
        self._waiters = None
        self._locked = False

    def __repr__(self):
        extra = "locked" if self._locked else "unlocked"
        if self._waiters:
            extra = f"{extra}, waiters:{len(self._waiters)}"
        return f"<asyncio.locks.Lock object at {hex(id(self))} [{extra}]>"

    def locked(self):
        return self._locked

    async def acquire(self):
        if not self._locked and (self._waiters is None or all(w.cancelled() for w in self._waiters)):
            self._locked = True
            return True
        if self._waiters is None:
            self._waiters = _deque()
        fut = get_running_loop().create_future()
        self._waiters.append(fut)
        try:
            try:
                await fut
            finally:
                self._waiters.remove(fut)
        except CancelledError:
            if not self._locked:
                self._wake_up_first()
            raise
        self._locked = True
        return True

    def release(self):
        if self._locked:
            self._locked = False
            self._wake_up_first()
        else:
            raise RuntimeError("Lock is not acquired.")

    def _wake_up_first(self):
        if not self._waiters:
            return
        fut = self._waiters[0]
        if not fut.done():
            fut.set_result(True)


class Event:
    """An event coroutines wait for until another sets it."""

    def __init__(self):
        self._waiters = _deque()
        self._value = False

    def is_set(self):
        return self._value

    def set(self):
        if not self._value:
            self._value = True
            for fut in self._waiters:
                if not fut.done():
                    fut.set_result(True)

    def clear(self):
        self._value = False

    async def wait(self):
        if self._value:
            return True
        fut = get_running_loop().create_future()
        self._waiters.append(fut)
        try:
            await fut
            return True
        finally:
            self._waiters.remove(fut)


class Condition(_ContextManagerMixin):
    """A condition variable for coroutines, with its lock."""

    def __init__(self, lock=None):
        if lock is None:
            lock = Lock()
        self._lock = lock
        self.locked = lock.locked
        self.acquire = lock.acquire
        self.release = lock.release
        self._waiters = _deque()

    async def wait(self):
        if not self.locked():
            raise RuntimeError("cannot wait on un-acquired lock")
        self.release()
        try:
            fut = get_running_loop().create_future()
            self._waiters.append(fut)
            try:
                await fut
                return True
            finally:
                self._waiters.remove(fut)
        finally:
            while True:
                try:
                    await self.acquire()
                    break
                except CancelledError:
                    pass

    async def wait_for(self, predicate):
        result = predicate()
        while not result:
            await self.wait()
            result = predicate()
        return result

    def notify(self, n=1):
        if not self.locked():
            raise RuntimeError("cannot notify on un-acquired lock")
        idx = 0
        for fut in self._waiters:
            if idx >= n:
                break
            if not fut.done():
                idx += 1
                fut.set_result(False)

    def notify_all(self):
        self.notify(len(self._waiters))


class Semaphore(_ContextManagerMixin):
    """A counter of how many coroutines may hold it at once."""

    def __init__(self, value=1):
        if value < 0:
            raise ValueError("Semaphore initial value must be >= 0")
        self._waiters = None
        self._value = value

    def locked(self):
        return self._value == 0 or any(not w.cancelled() for w in (self._waiters or ()))

    async def acquire(self):
        if not self.locked():
            self._value -= 1
            return True
        if self._waiters is None:
            self._waiters = _deque()
        fut = get_running_loop().create_future()
        self._waiters.append(fut)
        try:
            try:
                await fut
            finally:
                self._waiters.remove(fut)
        except CancelledError:
            if not fut.cancelled():
                self._value += 1
                self._wake_up_next()
            raise
        if self._value > 0:
            self._wake_up_next()
        return True

    def release(self):
        self._value += 1
        self._wake_up_next()

    def _wake_up_next(self):
        if not self._waiters:
            return False
        for fut in self._waiters:
            if not fut.done():
                self._value -= 1
                fut.set_result(True)
                return True
        return False


class BoundedSemaphore(Semaphore):
    """A Semaphore that cannot be released more than it was acquired."""

    def __init__(self, value=1):
        self._bound_value = value
        super().__init__(value)

    def release(self):
        if self._value >= self._bound_value:
            raise ValueError("BoundedSemaphore released too many times")
        super().release()


class Queue:
    """A first in, first out queue for coroutines."""

    def __init__(self, maxsize=0):
        self._maxsize = maxsize
        self._getters = _deque()
        self._putters = _deque()
        self._unfinished_tasks = 0
        self._finished = Event()
        self._finished.set()
        self._init(maxsize)

    def _init(self, maxsize):
        self._queue = _deque()

    def _get(self):
        return self._queue.popleft()

    def _put(self, item):
        self._queue.append(item)

    def _wakeup_next(self, waiters):
        while waiters:
            waiter = waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                break

    def __repr__(self):
        return f"<{type(self).__name__} at {hex(id(self))} maxsize={self._maxsize!r}>"

    def qsize(self):
        return len(self._queue)

    @property
    def maxsize(self):
        return self._maxsize

    def empty(self):
        return not self._queue

    def full(self):
        if self._maxsize <= 0:
            return False
        return self.qsize() >= self._maxsize

    async def put(self, item):
        while self.full():
            putter = get_running_loop().create_future()
            self._putters.append(putter)
            try:
                await putter
            except BaseException:
                putter.cancel()
                try:
                    self._putters.remove(putter)
                except ValueError:
                    pass
                if not self.full() and not putter.cancelled():
                    self._wakeup_next(self._putters)
                raise
        return self.put_nowait(item)

    def put_nowait(self, item):
        if self.full():
            raise QueueFull
        self._put(item)
        self._unfinished_tasks += 1
        self._finished.clear()
        self._wakeup_next(self._getters)

    async def get(self):
        while self.empty():
            getter = get_running_loop().create_future()
            self._getters.append(getter)
            try:
                await getter
            except BaseException:
                getter.cancel()
                try:
                    self._getters.remove(getter)
                except ValueError:
                    pass
                if not self.empty() and not getter.cancelled():
                    self._wakeup_next(self._getters)
                raise
        return self.get_nowait()

    def get_nowait(self):
        if self.empty():
            raise QueueEmpty
        item = self._get()
        self._wakeup_next(self._putters)
        return item

    def task_done(self):
        if self._unfinished_tasks <= 0:
            raise ValueError("task_done() called too many times")
        self._unfinished_tasks -= 1
        if self._unfinished_tasks == 0:
            self._finished.set()

    async def join(self):
        if self._unfinished_tasks > 0:
            await self._finished.wait()


class PriorityQueue(Queue):
    """A Queue that gives its smallest item first (heapq's order)."""

    def _init(self, maxsize):
        self._queue = []

    def _put(self, item):
        _heapq.heappush(self._queue, item)

    def _get(self):
        return _heapq.heappop(self._queue)


class LifoQueue(Queue):
    """A Queue that gives its newest item first."""

    def _init(self, maxsize):
        self._queue = []

    def _put(self, item):
        self._queue.append(item)

    def _get(self):
        return self._queue.pop()


class _Timeout:
    def __init__(self, when):
        self._when = when
        self._task = None
        self._handle = None
        self._expired = False

    def when(self):
        return self._when

    def expired(self):
        return self._expired

    def _on_timeout(self):
        self._task.cancel()
        self._expired = True

    async def __aenter__(self):
        self._task = current_task()
        if self._task is None:
            raise RuntimeError("Timeout should be used inside a task")
        if self._when is not None:
            loop = get_running_loop()
            if self._when <= loop.time():
                self._handle = loop.call_soon(self._on_timeout)
            else:
                self._handle = loop.call_at(self._when, self._on_timeout)
        return self

    async def __aexit__(self, exc_type, exc_val, exc_tb):
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if self._expired and exc_type is CancelledError:
            if self._task.uncancel() == 0:
                raise TimeoutError from exc_val
        return None


def timeout(delay):
    """An async context manager that cancels the block after delay seconds (TimeoutError)."""
    loop = get_running_loop()
    return _Timeout(loop.time() + delay if delay is not None else None)
