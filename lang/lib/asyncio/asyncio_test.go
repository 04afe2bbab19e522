package asyncio_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	_ "github.com/kael-dev/kael/lang/std"
)

// cases are asyncio programs whose value is what they logged, CPython
// 3.11's outcomes: the loop orders tasks and callbacks as CPython's does.
var cases = []langtest.Case{
	// run, create_task, sleep(0) interleaving, gather's order
	{"log = []\nasync def w(name, n):\n    for i in range(n):\n        log.append((name, i))\n        await asyncio.sleep(0)\n    return name\nasync def main():\n    t = asyncio.create_task(w('t', 2))\n    r = await asyncio.gather(w('a', 3), w('b', 2), t)\n    return r\n(asyncio.run(main()), log)", "(['a', 'b', 't'], [('t', 0), ('a', 0), ('b', 0), ('t', 1), ('a', 1), ('b', 1), ('a', 2)])"},
	// timers by deadline, real sleeps
	{"log = []\nasync def w(name, d):\n    await asyncio.sleep(d)\n    log.append(name)\n    return d\nasync def main():\n    t0 = time.monotonic()\n    r = await asyncio.gather(w('slow', 0.06), w('fast', 0.01), w('mid', 0.03))\n    return r, time.monotonic() - t0 >= 0.06\n(asyncio.run(main()), log)", "(([0.06, 0.01, 0.03], True), ['fast', 'mid', 'slow'])"},
	{"async def main():\n    return await asyncio.sleep(0.001, result='r')\nasyncio.run(main())", "'r'"},
	// Futures: result, exception, callbacks, cancel, states
	{"log = []\nasync def main():\n    loop = asyncio.get_running_loop()\n    f = loop.create_future()\n    f.add_done_callback(lambda fut: log.append(('cb', fut.result())))\n    loop.call_soon(f.set_result, 42)\n    r = await f\n    await asyncio.sleep(0)\n    g = loop.create_future()\n    g.set_exception(ValueError('bad'))\n    try:\n        await g\n    except ValueError as e:\n        log.append(('exc', str(e)))\n    h = loop.create_future()\n    return r, repr(f), repr(h), h.cancel(), h.cancelled(), h.cancel(), repr(h), f.done(), isinstance(g.exception(), ValueError)\n(asyncio.run(main()), log)", "((42, '<Future finished result=42>', '<Future pending>', True, True, False, '<Future cancelled>', True, True), [('cb', 42), ('exc', 'bad')])"},
	{"async def main():\n    f = asyncio.get_running_loop().create_future()\n    try:\n        f.result()\n    except asyncio.InvalidStateError as e:\n        a = str(e)\n    f.set_result(1)\n    try:\n        f.set_result(2)\n    except asyncio.InvalidStateError as e:\n        b = str(e)\n    return a, b\nasyncio.run(main())", "('Result is not ready.', 'FINISHED: <Future finished result=1>')"},
	// cancelling a task: CancelledError at its await, finally runs
	{"log = []\nasync def w():\n    try:\n        await asyncio.sleep(10)\n    except asyncio.CancelledError:\n        log.append('cancelled inside')\n        raise\n    finally:\n        log.append('finally')\nasync def main():\n    t = asyncio.create_task(w(), name='worker')\n    await asyncio.sleep(0)\n    log.append(t.get_name())\n    t.cancel('why')\n    try:\n        await t\n    except asyncio.CancelledError as e:\n        log.append(('main', e.args))\n    return t.cancelled(), t.done()\n(asyncio.run(main()), log)", "((True, True), ['worker', 'cancelled inside', 'finally', ('main', ())])"},
	// exceptions propagate through await and gather
	{"async def bad():\n    await asyncio.sleep(0)\n    raise KeyError('k')\nasync def good():\n    return 1\nasync def main():\n    try:\n        await asyncio.gather(good(), bad())\n    except KeyError as e:\n        a = repr(e)\n    b = await asyncio.gather(good(), bad(), return_exceptions=True)\n    return a, b\nasyncio.run(main())", "(\"KeyError('k')\", [1, KeyError('k')])"},
	{"async def main():\n    raise ValueError('from main')\nasyncio.run(main())", "ValueError: from main"},
	// wait_for, timeout, TimeoutError
	{"async def main():\n    try:\n        await asyncio.wait_for(asyncio.sleep(5), timeout=0.01)\n    except asyncio.TimeoutError as e:\n        a = type(e).__name__\n    b = await asyncio.wait_for(asyncio.sleep(0, 'quick'), 1)\n    try:\n        async with asyncio.timeout(0.01):\n            await asyncio.sleep(5)\n    except TimeoutError:\n        c = 'timeout block'\n    return a, b, c, asyncio.TimeoutError is TimeoutError\nasyncio.run(main())", "('TimeoutError', 'quick', 'timeout block', True)"},
	// wait, as_completed
	{"async def w(d, v):\n    await asyncio.sleep(d)\n    return v\nasync def main():\n    ts = [asyncio.create_task(w(d, v)) for d, v in ((0.05, 'a'), (0.01, 'b'), (0.03, 'c'))]\n    done, pending = await asyncio.wait(ts, return_when=asyncio.FIRST_COMPLETED)\n    first = [t.result() for t in done], len(pending)\n    order = [await c for c in asyncio.as_completed(ts)]\n    done, pending = await asyncio.wait(ts)\n    return first, order, len(done), len(pending)\nasyncio.run(main())", "((['b'], 2), ['b', 'c', 'a'], 3, 0)"},
	// Queue with producers and consumers, task_done and join
	{"log = []\nasync def producer(q, n):\n    for i in range(n):\n        await q.put(i)\n        log.append(('put', i))\nasync def consumer(q, name):\n    while True:\n        i = await q.get()\n        log.append((name, i))\n        await asyncio.sleep(0)\n        q.task_done()\nasync def main():\n    q = asyncio.Queue(maxsize=2)\n    cs = [asyncio.create_task(consumer(q, n)) for n in 'xy']\n    await producer(q, 5)\n    await q.join()\n    for c in cs:\n        c.cancel()\n    await asyncio.gather(*cs, return_exceptions=True)\n    return q.empty(), q.qsize(), q.full()\n(asyncio.run(main()), log)", "((True, 0, False), [('put', 0), ('put', 1), ('x', 0), ('y', 1), ('put', 2), ('put', 3), ('x', 2), ('y', 3), ('put', 4), ('x', 4)])"},
	{"async def main():\n    q = asyncio.Queue(1)\n    q.put_nowait(1)\n    try:\n        q.put_nowait(2)\n    except asyncio.QueueFull:\n        a = 'full'\n    q.get_nowait()\n    try:\n        q.get_nowait()\n    except asyncio.QueueEmpty:\n        b = 'empty'\n    p = asyncio.PriorityQueue()\n    for x in (3, 1, 2):\n        p.put_nowait(x)\n    return a, b, [p.get_nowait() for _ in range(3)]\nasyncio.run(main())", "('full', 'empty', [1, 2, 3])"},
	// Lock, Event, Semaphore
	{"log = []\nasync def w(lock, name):\n    async with lock:\n        log.append(('in', name))\n        await asyncio.sleep(0)\n        log.append(('out', name))\nasync def main():\n    lock = asyncio.Lock()\n    await asyncio.gather(w(lock, 1), w(lock, 2), w(lock, 3))\n    return lock.locked()\n(asyncio.run(main()), log)", "(False, [('in', 1), ('out', 1), ('in', 2), ('out', 2), ('in', 3), ('out', 3)])"},
	{"log = []\nasync def waiter(ev, n):\n    await ev.wait()\n    log.append(n)\nasync def main():\n    ev = asyncio.Event()\n    ts = [asyncio.create_task(waiter(ev, i)) for i in range(3)]\n    await asyncio.sleep(0)\n    log.append('set')\n    ev.set()\n    await asyncio.gather(*ts)\n    return ev.is_set()\n(asyncio.run(main()), log)", "(True, ['set', 0, 1, 2])"},
	{"log = []\nasync def w(sem, n):\n    async with sem:\n        log.append(('in', n))\n        await asyncio.sleep(0)\n        log.append(('out', n))\nasync def main():\n    sem = asyncio.Semaphore(2)\n    await asyncio.gather(*(w(sem, i) for i in range(4)))\n(asyncio.run(main()), log)", "(None, [('in', 0), ('in', 1), ('out', 0), ('out', 1), ('in', 2), ('in', 3), ('out', 2), ('out', 3)])"},
	// loops: get_event_loop, new_event_loop, run_until_complete, call_later order
	{"log = []\nloop = asyncio.new_event_loop()\nasync def main():\n    lp = asyncio.get_running_loop()\n    lp.call_later(0.02, log.append, 'later')\n    lp.call_soon(log.append, 'soon1')\n    lp.call_soon(log.append, 'soon2')\n    await asyncio.sleep(0.03)\n    return lp is loop, asyncio.get_event_loop() is lp\nr = loop.run_until_complete(main())\nloop.close()\n(r, log, loop.is_closed())", "((True, True), ['soon1', 'soon2', 'later'], True)"},
	{"asyncio.get_running_loop()", "RuntimeError: no running event loop"},
	{"asyncio.run(1)", "ValueError: a coroutine was expected, got 1"},
	{"async def f():\n    return asyncio.run(g())\nasync def g():\n    pass\nasyncio.run(f())", "RuntimeError: asyncio.run() cannot be called from a running event loop"},
	{"async def f():\n    return asyncio.current_task().get_name()\na, b = asyncio.run(f()), asyncio.run(f())\nint(b[5:]) - int(a[5:])", "3"},
	{"async def main():\n    return asyncio.current_task().get_name().startswith('Task-'), len(asyncio.all_tasks()), await asyncio.to_thread(pow, 2, 10)\nasyncio.run(main())", "(True, 1, 1024)"},
	{"async def f():\n    pass\nc = f()\nr = (asyncio.iscoroutine(c), asyncio.iscoroutine(f), asyncio.iscoroutinefunction(f), asyncio.isfuture(c))\nc.close()\nr", "(True, False, True, False)"},
	{"async def f():\n    pass\nasync def main():\n    t = asyncio.ensure_future(f())\n    s = asyncio.shield(t)\n    await s\n    return type(t).__name__, t.done()\nasyncio.run(main())", "('Task', True)"},
	// async generators under the loop; an async comprehension
	{"async def ticker(n):\n    for i in range(n):\n        await asyncio.sleep(0)\n        yield i\nasync def main():\n    return [i * i async for i in ticker(4)]\nasyncio.run(main())", "[0, 1, 4, 9]"},
}

func TestAsyncio(t *testing.T) {
	cpython.CheckCellCases(t, "import asyncio, time\n", cases)
	langtest.CheckCellCases(t, "import asyncio, time\n", cases)
}
