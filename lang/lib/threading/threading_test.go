package threading_test

import (
	"context"
	"io"
	"testing"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/std"
)

const prelude = "import threading\n"

// Each program runs in kael and in CPython 3.11 and prints the same: what
// threads compute, seen after they are joined (CPython's interleaving of
// threads' own prints varies from run to run; kael's is one of them).
var matchCPython = []string{
	`results = []
def work(i, scale=1):
    results.append(i * scale)
ts = [threading.Thread(target=work, args=(i,), kwargs={'scale': 10}) for i in range(3)]
names = [t.name for t in ts]
alive = ts[0].is_alive(), ts[0].ident
for t in ts: t.start()
for t in ts: t.join()
names, alive, sorted(results), [t.is_alive() for t in ts], threading.active_count(), threading.current_thread().name, threading.main_thread().name`,
	`class Worker(threading.Thread):
    def __init__(self, n):
        super().__init__(name=f'w{n}')
        self.n = n
    def run(self):
        self.out = self.n ** 2
w = Worker(4)
w.start()
w.join()
w.out, w.name, w.daemon, repr(w).startswith('<Worker(w4, stopped'), repr(Worker(1)), isinstance(w, threading.Thread)`,
	`lock = threading.Lock()
counter = 0
def inc():
    global counter
    for _ in range(100):
        with lock:
            counter += 1
ts = [threading.Thread(target=inc) for _ in range(4)]
for t in ts: t.start()
for t in ts: t.join()
r = counter, lock.locked(), lock.acquire(), lock.acquire(False), lock.acquire(timeout=0.01), lock.locked()
lock.release()
r`,
	"l = threading.Lock()\nl.release()",
	"l = threading.Lock()\nl.acquire(False, 1)",
	"l = threading.Lock()\nl.acquire(timeout=-2)",
	"r = threading.RLock()\nwith r:\n    with r:\n        x = r.acquire(blocking=False)\n        r.release()\nr.release()",
	`ev = threading.Event()
got = []
def waiter():
    got.append(ev.wait())
t = threading.Thread(target=waiter)
t.start()
before = list(got), t.is_alive(), ev.is_set()
ev.set()
t.join()
before, got, ev.wait(0.01), ev.is_set(), ev.clear(), ev.is_set(), ev.wait(0.01)`,
	"t = threading.Thread(target=print)\nt.join()",
	"t = threading.Thread(target=lambda: None)\nt.start()\nt.start()",
	"threading.current_thread().join()",
	"threading.Thread(group=1)",
	`cond = threading.Condition()
items, seen = [], []
def consumer():
    with cond:
        cond.wait_for(lambda: items)
        seen.append(items.pop())
c = threading.Thread(target=consumer)
c.start()
with cond:
    items.append(42)
    cond.notify()
c.join()
seen, items`,
	`cond = threading.Condition(threading.Lock())
with cond:
    r = cond.wait(0.01), cond.wait_for(lambda: 0, timeout=0.01)
r`,
	"threading.Condition().notify()",
	"threading.Condition().wait()",
	"s = threading.Semaphore(2)\ns.acquire(), s.acquire(), s.acquire(blocking=False), s.release(2), s.acquire(timeout=0.01)",
	"threading.Semaphore(-1)",
	"b = threading.BoundedSemaphore(1)\nb.release()",
	"threading.Semaphore(1).release(0)",
	"threading.Semaphore(1).acquire(False, 1)",
	"s = threading.Semaphore(0)\ns.acquire(timeout=-1)",
	`data = threading.local()
data.x = 1
inner = []
def setx():
    inner.append(hasattr(data, 'x'))
    data.x = 2
    inner.append(data.x)
t = threading.Thread(target=setx)
t.start()
t.join()
inner, data.x`,
	`def boom():
    raise ValueError('boom')
t = threading.Thread(target=boom, name='B')
t.start()
t.join()
t.is_alive(), t.name`,
	"threading.get_ident() == threading.main_thread().ident, isinstance(threading.current_thread(), threading.Thread), threading.current_thread() is threading.main_thread()",
	`idents = []
def f():
    idents.append(threading.get_ident() != threading.main_thread().ident)
    idents.append(threading.current_thread().name)
t = threading.Thread(target=f, name='named')
t.start()
t.join()
idents, len(threading.enumerate()), threading.Thread(target=f, daemon=True).daemon`,
}

func init() {
	matchCPython = append(matchCPython,
		// threads that start and join threads, which wait on a queue the main thread fills
		`import queue
q = queue.Queue()
out = []
def child(i):
    out.append(q.get() + i - i)
def parent():
    ts = [threading.Thread(target=child, args=(i,)) for i in range(3)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    out.append(-1)
p = threading.Thread(target=parent)
p.start()
for i in range(3):
    q.put(i * 10)
p.join()
sorted(out), out[-1], threading.active_count()`,
		// a barrier made of a Condition
		`cond = threading.Condition()
count = [0]
def arrive():
    with cond:
        count[0] += 1
        cond.notify_all()
        cond.wait_for(lambda: count[0] == 3)
ts = [threading.Thread(target=arrive) for _ in range(3)]
for t in ts:
    t.start()
for t in ts:
    t.join()
count, [t.is_alive() for t in ts]`)
}

func TestThreadingMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, matchCPython)
}

// kaelCases are kael's own behaviour: a thread runs from start() until it
// ends or waits, and a wait no thread can end is an error, where CPython
// would hang.
var kaelCases = []langtest.Case{
	{"out = []\ndef f(i):\n    out.append(i)\nfor i in range(3):\n    threading.Thread(target=f, args=(i,)).start()\n    out.append('main')\nout", "[0, 'main', 1, 'main', 2, 'main']"},
	{"l = threading.Lock()\nl.acquire()\nl.acquire()", "RuntimeError: Lock.acquire() would wait forever: no other thread can make it ready (kael runs threads one at a time, each until it waits)"},
	{"ev = threading.Event()\nt = threading.Thread(target=ev.wait)\nt.start()\nt.is_alive(), t.join(timeout=0.01), t.is_alive(), threading.active_count()", "(True, None, True, 2)"},
	{"ev = threading.Event()\nt = threading.Thread(target=ev.wait, name='w')\nt.start()\nt.join()", "RuntimeError: join() of w would wait forever: no other thread can make it ready (kael runs threads one at a time, each until it waits)"},
	{"ev = threading.Event()\nt = threading.Thread(target=ev.wait, args=(0.02,))\nt.start()\nt.join()\nt.is_alive()", "False"},
}

func TestThreadingTakesTurns(t *testing.T) { langtest.CheckCellCases(t, prelude, kaelCases) }

// TestThreadStopsOnInterrupt checks that an interrupt stops a thread that
// never ends, and the cell with it, and that the session goes on.
func TestThreadStopsOnInterrupt(t *testing.T) {
	s := lang.NewSession(lang.IO{Stdout: io.Discard, Stderr: io.Discard})
	for _, src := range []string{
		"import threading\ndef spin():\n    while True:\n        pass\nthreading.Thread(target=spin).start()",
		"import threading, queue\nq = queue.Queue()\ndef spin():\n    while True:\n        q.put(1)\n        q.get()\nt = threading.Thread(target=spin)\nt.start()\nt.join()",
	} {
		langtest.CheckStopsOnInterrupt(t, s, src)
	}
	if got := langtest.Outcome(s.Exec(context.Background(), "", "threading.active_count() >= 1")); got != "True" {
		t.Errorf("after the interrupts: got %s", got)
	}
}
