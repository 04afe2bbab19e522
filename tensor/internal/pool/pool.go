// Package pool runs the goroutines of a parallel kernel on persistent
// workers. Starting a goroutine per block of work, and blocking on a
// WaitGroup for it, costs a thread wake-up each way, a good part of a
// millisecond on a loaded machine: batch-1 inference, which runs about
// fifty short matrix-vector products per token, paid that many times per
// token. Here a worker that finishes a task spins for a while, yielding
// the processor, looking for the next, before it blocks; the caller of
// Run does the first share itself and spins likewise before it blocks
// waiting for the rest. The caller decides how many goroutines to use
// (tensor.NumThreads caps them); the pool only keeps the idle ones.
package pool

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// workers holds the idle workers, spinning or parked, each kind with
// its own queue: spinning counts the spinning workers not promised a
// task, which look for one in spun; parked counts the parked ones not
// promised a task, blocked in a receive from tasks.
//
// A task goes to a spinning worker where there is one. A parked worker
// is woken only when none spins: the channel hands a task straight to a
// blocked receiver, and the runtime readies that receiver on the
// sender's own processor. While another worker spins on the other
// processor, that processor keeps taking the spinner back from the
// global queue after each of its yields and never steals the woken
// worker, so that the sender ran the whole Run itself: in a trace of
// dcgan's step at two threads, with one worker parked and one spinning,
// a third of the 1270 wake-ups waited while the other worker took three
// or more turns of its spin (444 of 770 ms of waits).
var workers struct {
	tasks, spun      chan func()
	spinning, parked atomic.Int32
	live             atomic.Int32 // workers started (they never end)
}

// How long an idle worker spins, looking for a task, before it blocks,
// and how long Run's caller spins for the others. Waking a blocked thread
// costs a futex call and, on a virtual machine, an interrupt to a halted
// virtual processor: a quiet 2-core VM lost about 15 ms a token of GPT-2
// decode to some 80 such wake-ups, so a quiet machine spins long enough
// to span the gaps between a token's products. On a busy machine
// (busy.go) a spinning thread uses up its share of the processor and
// then waits for it, where one that blocks is woken at once: measured on
// 2 cores under load 20, spins of 1 ms and 500 µs made a 768×3072 VecMat
// about twice as slow as 100 µs and 50 µs, so a busy machine spins
// briefly.
const (
	quietWorkerSpin = time.Millisecond
	quietWaitSpin   = 500 * time.Microsecond
	busyWorkerSpin  = 50 * time.Microsecond
	busyWaitSpin    = 20 * time.Microsecond
)

// spins returns the worker's and the waiter's spin for the machine's
// load now.
func spins() (worker, wait time.Duration) {
	if machineBusy() {
		return busyWorkerSpin, busyWaitSpin
	}
	return quietWorkerSpin, quietWaitSpin
}

// The channel's buffer only lets a task be handed over without the
// sender blocking: a task is only sent to a worker promised to take it.
func init() {
	workers.tasks = make(chan func(), 1024)
	workers.spun = make(chan func(), 1024)
}

// Go runs f on a goroutine of its own: an idle worker, a new one while
// the workers are fewer than GOMAXPROCS, else a goroutine that ends with
// f. It never waits for a worker to become free, so a task may itself
// call Go or Run. A panic of f ends the program, as it would on any
// goroutine.
func Go(f func()) {
	if !tryGo(f) {
		go f()
		return
	}
	if StatOn {
		statHandOff()
	}
}

// tryGo runs f on an idle worker, spinning ones first, or a new one, and
// reports false, doing nothing, when every worker is busy and there are
// GOMAXPROCS of them.
func tryGo(f func()) bool {
	for {
		// Promise the task to one of the spinning workers.
		if n := workers.spinning.Load(); n > 0 {
			if workers.spinning.CompareAndSwap(n, n-1) {
				workers.spun <- f
				return true
			}
			continue
		}
		// Or to one of the parked workers.
		if n := workers.parked.Load(); n > 0 {
			if workers.parked.CompareAndSwap(n, n-1) {
				workers.tasks <- f
				return true
			}
			continue
		}
		live := workers.live.Load()
		if int(live) >= runtime.GOMAXPROCS(0) {
			return false
		}
		if workers.live.CompareAndSwap(live, live+1) {
			go work(f)
			return true
		}
	}
}

// work runs f and then the tasks it is given: it spins for a while
// looking for one in spun, then parks until one comes in tasks.
func work(f func()) {
	for {
		f()
		f = nil
		workers.spinning.Add(1)
		spin, _ := spins()
		if !Spin(spin, func() bool {
			select {
			case f = <-workers.spun:
				return true
			default:
				return false
			}
		}) {
			f = park()
		}
	}
}

// park returns the next task of a worker whose spin is over: it stops
// counting as spinning and waits in tasks, unless every spinning worker
// left is promised a task, one of them this worker's to take from spun.
func park() func() {
	for {
		n := workers.spinning.Load()
		if n == 0 {
			// Each promise to a spinner left a task in spun (or is about
			// to), and each of the workers that still spin takes one.
			return <-workers.spun
		}
		if workers.spinning.CompareAndSwap(n, n-1) {
			if StatOn {
				statPark()
			}
			workers.parked.Add(1)
			return <-workers.tasks
		}
	}
}

// Workers returns the number of workers started so far, busy or idle.
func Workers() int { return int(workers.live.Load()) }

// Run calls body(0) .. body(n-1), which must not wait for each other, and
// returns when all have returned. The caller runs body(0) and then any
// body no worker has taken yet: a worker whose thread the system has not
// scheduled delays nothing, and one thread does all the work when no
// other gets a processor. It starts at most GOMAXPROCS workers. A body
// may itself call Run (the nested caller does whatever no idle worker
// takes). When a body panics, the bodies not yet started are skipped
// and, once the others have returned, Run panics on the caller's
// goroutine with the first panic's value, so that a caller that
// recovers finds no body still running.
func Run(n int, body func(i int)) {
	if n <= 1 {
		if n == 1 {
			body(0)
		}
		return
	}
	g := &group{n: int32(n), body: body}
	if StatOn {
		g.stat.start()
	}
	g.next.Store(1)
	g.wg.Add(n)
	for range n - 1 {
		if !tryGo(g.helpWorker) {
			break // the caller and the busy workers do the rest
		}
		if StatOn {
			statHandOff()
		}
	}
	g.finish(0)
	g.help()
	if _, spin := spins(); !Spin(spin, func() bool { return g.done.Load() == g.n }) {
		g.wg.Wait()
	}
	if StatOn {
		g.stat.record(n)
	}
	if g.failed.Load() {
		panic(g.panicked)
	}
}

// group is the state of one Run: next is the next body to take, done
// counts those that have returned (or been skipped after a panic); the
// caller spins on done, then blocks on wg. failed is set once panicked
// holds the first panic's value, which the caller reads after wg.
type group struct {
	n          int32
	body       func(int)
	next, done atomic.Int32
	wg         sync.WaitGroup
	failed     atomic.Bool
	panicMu    sync.Mutex
	panicked   any
	stat       runStat // KAEL's split statistics (splitstat_on.go)
}

// help runs the bodies nobody has taken until none is left.
func (g *group) help() { g.take(false) }

// helpWorker is help on a worker (the split statistics count the bodies
// the workers take).
func (g *group) helpWorker() { g.take(true) }

// take runs the bodies nobody has taken until none is left, counting
// them as a worker's where worker is set and the statistics are on.
func (g *group) take(worker bool) {
	for {
		i := g.next.Add(1) - 1
		if i >= g.n {
			return
		}
		if StatOn && worker {
			g.stat.workerBody()
		}
		g.finish(i)
	}
}

// finish runs body(i), unless a body has panicked, and counts it done; a
// panic of body(i) is kept for the caller, not let loose on a worker,
// where it would end the program.
func (g *group) finish(i int32) {
	defer func() {
		if p := recover(); p != nil {
			g.panicMu.Lock()
			if !g.failed.Load() {
				g.panicked = p
				g.failed.Store(true)
			}
			g.panicMu.Unlock()
		}
		g.done.Add(1)
		g.wg.Done()
	}()
	if !g.failed.Load() {
		if StatOn {
			g.stat.body(g.body, int(i))
			return
		}
		g.body(int(i))
	}
}

// Spin calls done, yielding the processor in between, until it returns
// true or d has passed; it reports whether done returned true.
func Spin(d time.Duration, done func() bool) bool {
	start := time.Now()
	for i := 1; !done(); i++ {
		if i%64 == 0 && time.Since(start) > d {
			return false
		}
		runtime.Gosched()
	}
	return true
}
