package gemm

import (
	"runtime"
	"sync/atomic"
	"time"
)

// workers is a pool of goroutines that run the extra goroutines of a
// product. A worker that finishes a task spins for a while, looking for
// the next, before it blocks, so that products run back to back do not
// wait for a sleeping thread to wake up.
var workers struct {
	tasks chan func()
	idle  atomic.Int32 // workers that are not running a task nor promised one
}

// workerSpin is how long an idle worker spins before it blocks.
const workerSpin = time.Millisecond

func init() { workers.tasks = make(chan func()) }

// spawn runs f on a goroutine of its own: an idle worker, or a new one.
func spawn(f func()) {
	for {
		n := workers.idle.Load()
		if n == 0 {
			go work(f)
			return
		}
		// Promise the task to one of the idle workers.
		if workers.idle.CompareAndSwap(n, n-1) {
			workers.tasks <- f
			return
		}
	}
}

// work runs f and then the tasks it is given.
func work(f func()) {
	for {
		f()
		workers.idle.Add(1)
		f = nil
		if !spin(workerSpin, func() bool {
			select {
			case f = <-workers.tasks:
				return true
			default:
				return false
			}
		}) {
			f = <-workers.tasks
		}
	}
}

// spin calls done, yielding the processor in between, until it returns
// true or d has passed; it reports whether done returned true.
func spin(d time.Duration, done func() bool) bool {
	start := time.Now()
	for i := 1; !done(); i++ {
		if i%64 == 0 && time.Since(start) > d {
			return false
		}
		runtime.Gosched()
	}
	return true
}
