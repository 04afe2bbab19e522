package futures_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/std"
)

const prelude = `from concurrent.futures import ThreadPoolExecutor, ProcessPoolExecutor, as_completed, wait
import concurrent.futures, threading, queue
def sq(x):
    return x * x
def boom(x):
    if x == 2:
        raise ValueError('bad %d' % x)
    return x
`

// Each program runs in kael and in CPython 3.11 and must give the same.
func TestFuturesMatchCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"with ThreadPoolExecutor(max_workers=4) as ex:\n    r = list(ex.map(sq, range(6))), list(ex.map(pow, [2, 3], [5, 2, 9]))\nr",
		"with ThreadPoolExecutor() as ex:\n    fs = [ex.submit(sq, i) for i in range(5)]\n    r = [f.result() for f in fs], all(f.done() for f in fs), sorted(f.result() for f in as_completed(fs))\nr",
		"with ThreadPoolExecutor() as ex:\n    fs = [ex.submit(sq, i) for i in range(5)]\nd = wait(fs)\nlen(d.done), len(d.not_done), type(d).__name__, len(wait(fs, return_when=concurrent.futures.FIRST_COMPLETED).done)",
		"with ThreadPoolExecutor(2) as ex:\n    f = ex.submit(boom, 2)\nrepr(f.exception()), f.done(), f.cancel(), f.cancelled(), f.running()",
		"with ThreadPoolExecutor(2) as ex:\n    ex.submit(boom, 2).result()",
		"with ThreadPoolExecutor(2) as ex:\n    it = ex.map(boom, [1, 2, 3])\n    first = next(it)\n    try:\n        next(it)\n    except ValueError as e:\n        r = first, str(e)\nr",
		"ex = ThreadPoolExecutor(max_workers=2)\nf = ex.submit(pow, 2, 10)\nex.shutdown()\nf.result()",
		"ex = ThreadPoolExecutor()\nex.shutdown()\nex.submit(sq, 1)",
		"ThreadPoolExecutor(max_workers=0)",
		`q = queue.Queue()
def producer(n):
    for i in range(n):
        q.put(i)
    return n
def consumer(n):
    return sum(q.get() for _ in range(n))
with ThreadPoolExecutor(2) as ex:
    c = ex.submit(consumer, 6)
    p = ex.submit(producer, 6)
c.result(), p.result()`,
		"cb = []\nwith ThreadPoolExecutor() as ex:\n    f = ex.submit(sq, 7)\n    f.add_done_callback(lambda fut: cb.append(fut.result()))\nf.add_done_callback(lambda fut: cb.append(0))\ncb",
		"with ThreadPoolExecutor() as ex:\n    r = list(ex.map(sq, [1, 2]))\nr, threading.active_count()",
		"names = []\nwith ThreadPoolExecutor(thread_name_prefix='w') as ex:\n    ex.submit(lambda: names.append(threading.current_thread().name)).result()\nnames",
		"with ThreadPoolExecutor() as ex:\n    r = ex.submit(sq, x=3).result()\nr",
		"issubclass(concurrent.futures.TimeoutError, OSError), concurrent.futures.ALL_COMPLETED",
	})
}

// A result no thread can ever produce is an error in kael (CPython hangs).
func TestFuturesWaitForever(t *testing.T) {
	langtest.CheckCellCases(t, prelude, []langtest.Case{
		{"q = queue.Queue()\nwith ThreadPoolExecutor() as ex:\n    f = ex.submit(q.get)\nf.result()", "RuntimeError: the executor's shutdown would wait forever: no other thread can make it ready (kael runs threads one at a time, each until it waits)"},
		// ProcessPoolExecutor runs on threads: the same results, no pickling.
		{"with ProcessPoolExecutor() as ex:\n    r = list(ex.map(lambda x: x + 1, [1, 2]))\nr", "[2, 3]"},
		{"q = queue.Queue()\nex = ThreadPoolExecutor()\nf = ex.submit(q.get)\nf.result(timeout=0.01)", "TimeoutError: "},
	})
}
