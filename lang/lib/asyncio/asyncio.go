// Package asyncio is Python's asyncio module, written in Python
// (asyncio.py, run once per session that imports it) on kael's
// coroutines: a single-threaded event loop that orders callbacks as
// CPython's does (ready callbacks first in, first out; timers by
// deadline, with real sleeps), Future and Task, run, sleep, gather,
// wait_for, wait, as_completed, shield, timeout, Queue, Lock, Event,
// Condition and Semaphore.
package asyncio

import (
	_ "embed"

	"github.com/kael-dev/kael/lang"

	// asyncio.py imports these.
	_ "github.com/kael-dev/kael/lang/lib/collections"
	_ "github.com/kael-dev/kael/lang/lib/heapq"
	_ "github.com/kael-dev/kael/lang/lib/inspect"
	_ "github.com/kael-dev/kael/lang/lib/itertools"
	_ "github.com/kael-dev/kael/lang/lib/time"
)

//go:embed asyncio.py
var source string

func init() {
	lang.RegisterSourceModule("asyncio", "Asynchronous code: an event loop, tasks, futures, sleep, gather, queues and locks for coroutines.", source)
}
