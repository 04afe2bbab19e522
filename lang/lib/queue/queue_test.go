package queue_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/std"
)

const prelude = "import queue, threading\n"

// Each program runs in kael and in CPython 3.11 and must give the same.
var matchCPython = []string{
	`q = queue.Queue()
out = []
def consumer():
    while True:
        item = q.get()
        if item is None:
            q.task_done()
            break
        out.append(item * 2)
        q.task_done()
t = threading.Thread(target=consumer)
t.start()
for i in range(5):
    q.put(i)
q.put(None)
q.join()
t.join()
out, q.empty(), q.qsize()`,
	"lq = queue.LifoQueue()\nfor i in range(3):\n    lq.put(i)\n[lq.get() for _ in range(3)]",
	"pq = queue.PriorityQueue()\nfor x in [(3, 'c'), (1, 'a'), (2, 'b'), (1, 'Z'), (5, 'e'), (0, 'y')]:\n    pq.put(x)\n[pq.get() for _ in range(6)]",
	"bq = queue.Queue(maxsize=2)\nbq.put(1)\nbq.put(2)\nbq.full(), bq.maxsize, bq.qsize()",
	"bq = queue.Queue(maxsize=1)\nbq.put(1)\nbq.put(3, block=False)",
	"bq = queue.Queue(1)\nbq.put(1)\ntry:\n    bq.put(3, timeout=0.01)\nexcept queue.Full as e:\n    r = repr(e)\nr",
	"queue.Queue().get_nowait()",
	"try:\n    queue.Queue().get(timeout=0.01)\nexcept queue.Empty as e:\n    r = type(e), repr(str(e))\nr",
	"queue.Queue().task_done()",
	"queue.Queue().get(timeout=-1)",
	"sq = queue.SimpleQueue()\nsq.put('x')\nsq.put_nowait('y')\nsq.get(), sq.get_nowait(), sq.empty(), sq.qsize()",
	`bq = queue.Queue(maxsize=1)
got = []
def producer():
    for i in range(4):
        bq.put(i)
    bq.put(None)
p = threading.Thread(target=producer)
p.start()
while True:
    x = bq.get()
    if x is None:
        break
    got.append(x)
p.join()
got`,
	"results = queue.Queue()\nworkers = [threading.Thread(target=lambda n=n: results.put(n * n)) for n in range(4)]\nfor w in workers:\n    w.start()\nfor w in workers:\n    w.join()\nsorted(results.get() for _ in range(4))",
	"issubclass(queue.Empty, Exception), queue.Empty, queue.Full, isinstance(queue.PriorityQueue(), queue.Queue), queue.Queue(-1).full()",
}

func TestQueueMatchesCPython(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, matchCPython)
}

// A get that no thread can ever satisfy is an error in kael (CPython
// hangs).
func TestQueueWaitForever(t *testing.T) {
	langtest.CheckCellCases(t, prelude, []langtest.Case{
		{"queue.Queue().get()", "RuntimeError: Queue.get() from an empty queue would wait forever: no other thread can make it ready (kael runs threads one at a time, each until it waits)"},
		{"q = queue.Queue(1)\nq.put(1)\nq.put(2)", "RuntimeError: Queue.put() to a full queue would wait forever: no other thread can make it ready (kael runs threads one at a time, each until it waits)"},
		{"q = queue.Queue()\nq.put(1)\nq.join()", "RuntimeError: Queue.join() would wait forever: no other thread can make it ready (kael runs threads one at a time, each until it waits)"},
	})
}
