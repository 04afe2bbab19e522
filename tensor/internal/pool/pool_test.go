package pool

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestRunCallsEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 8, 33} {
		counts := make([]atomic.Int32, max(n, 1))
		Run(n, func(i int) { counts[i].Add(1) })
		for i := range n {
			if got := counts[i].Load(); got != 1 {
				t.Errorf("Run(%d): body(%d) ran %d times", n, i, got)
			}
		}
		if n == 0 && counts[0].Load() != 0 {
			t.Errorf("Run(0) ran body")
		}
	}
}

// TestRunCallerRunsFirstShare checks that body(0) runs on the caller's
// goroutine, so that one thread needs no hand-off at all.
func TestRunCallerRunsFirstShare(t *testing.T) {
	me := goid()
	var first atomic.Int64
	Run(3, func(i int) {
		if i == 0 {
			first.Store(goid())
		}
	})
	if first.Load() != me {
		t.Errorf("body(0) ran on goroutine %d, the caller is %d", first.Load(), me)
	}
}

// TestRunCallerTakesLeftWork makes the workers slow to start (every one
// busy in a body that waits for the others to finish) and checks that
// the caller then runs the rest itself rather than wait.
func TestRunCallerTakesLeftWork(t *testing.T) {
	me := goid()
	var onCaller atomic.Int32
	Run(8, func(int) {
		if goid() == me {
			onCaller.Add(1)
		}
	})
	if onCaller.Load() < 1 {
		t.Fatalf("the caller ran %d bodies", onCaller.Load())
	}
	// With GOMAXPROCS 1 and a body that never yields, no worker runs
	// before the caller has taken everything.
	prev := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(prev)
	onCaller.Store(0)
	Run(4, func(int) {
		if goid() == me {
			onCaller.Add(1)
		}
	})
	if onCaller.Load() != 4 {
		t.Errorf("on one processor the caller ran %d of 4 bodies", onCaller.Load())
	}
}

// TestRunWaitsForSlowWorkers runs bodies that outlast the caller's spin,
// so that Run must block for them.
func TestRunWaitsForSlowWorkers(t *testing.T) {
	var done atomic.Int32
	Run(3, func(i int) {
		if i > 0 {
			time.Sleep(3 * quietWaitSpin)
		}
		done.Add(1)
	})
	if done.Load() != 3 {
		t.Fatalf("Run returned with %d of 3 bodies done", done.Load())
	}
}

// TestNestedRun runs Run inside bodies of Run: a task never waits for a
// free worker, so nesting cannot deadlock.
func TestNestedRun(t *testing.T) {
	var total atomic.Int32
	Run(4, func(int) {
		Run(4, func(int) { total.Add(1) })
	})
	if total.Load() != 16 {
		t.Fatalf("nested Run ran %d bodies, want 16", total.Load())
	}
}

// TestWorkersAreReused checks that back-to-back Runs reuse the workers
// rather than starting goroutines: the goroutines after many Runs are
// bounded by the most that ran at once.
func TestWorkersAreReused(t *testing.T) {
	Run(4, func(int) {})
	before := runtime.NumGoroutine()
	// Workers started by an earlier test at a larger GOMAXPROCS (this
	// file's tests run again under -count) stay; Run starts none beyond
	// GOMAXPROCS.
	most := max(runtime.GOMAXPROCS(0), Workers())
	for range 2000 {
		Run(4, func(int) {})
	}
	// Workers busy with one Run's tasks when the next starts may make
	// Run start more, up to GOMAXPROCS; a goroutine per task would be
	// thousands.
	procs := runtime.GOMAXPROCS(0)
	if after := runtime.NumGoroutine(); after > before+procs {
		t.Fatalf("%d goroutines before 2000 Runs of 4, %d after", before, after)
	}
	if Workers() > most {
		t.Fatalf("%d workers, more than GOMAXPROCS (%d) or those before (%d)", Workers(), procs, most)
	}
}

func TestSpin(t *testing.T) {
	if !Spin(time.Second, func() bool { return true }) {
		t.Error("Spin of a done condition reported false")
	}
	start := time.Now()
	if Spin(time.Millisecond, func() bool { return false }) {
		t.Error("Spin of a never-done condition reported true")
	}
	if time.Since(start) < time.Millisecond {
		t.Error("Spin gave up before its duration")
	}
}

// goid returns the current goroutine's id from its stack header.
func goid() int64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	var id int64
	for _, c := range b[len("goroutine "):] {
		if c < '0' || c > '9' {
			break
		}
		id = id*10 + int64(c-'0')
	}
	return id
}

func BenchmarkRun2(b *testing.B) {
	var sink atomic.Int64
	for range b.N {
		Run(2, func(i int) { sink.Add(int64(i)) })
	}
}

func TestRunnable(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"0.50 0.40 0.30 3/512 1234\n", 3, true},
		{"30.54 23.37 15.73 28/268 16085", 28, true},
		{"0.50 0.40 0.30", 0, false},
		{"0.50 0.40 0.30 x/512 1", 0, false},
		{"0.50 0.40 0.30 /512 1", 0, false},
		{"", 0, false},
	} {
		got, ok := runnable([]byte(c.in))
		if got != c.want || ok != c.ok {
			t.Errorf("runnable(%q) = %d, %v; want %d, %v", c.in, got, ok, c.want, c.ok)
		}
	}
	// machineBusy reads the real file, or counts the machine quiet
	// where there is none; either way it answers.
	machineBusy()
}

// TestRunPanicReachesCaller makes each body in turn panic and checks that
// the caller recovers that value, only after every body that started has
// returned, and that the pool still works afterwards.
func TestRunPanicReachesCaller(t *testing.T) {
	type boom struct{ i int }
	for _, c := range []struct {
		n, bad int
	}{
		{2, 0}, {2, 1}, {4, 0}, {4, 3}, {8, 5}, {33, 32},
	} {
		var running atomic.Int32
		var stillRunning int32
		got := func() (p any) {
			defer func() {
				p = recover()
				stillRunning = running.Load()
			}()
			Run(c.n, func(i int) {
				running.Add(1)
				defer running.Add(-1)
				if i == c.bad {
					panic(boom{i})
				}
				time.Sleep(time.Millisecond)
			})
			return nil
		}()
		if b, ok := got.(boom); !ok || b.i != c.bad {
			t.Errorf("Run(%d) with body(%d) panicking: recovered %#v", c.n, c.bad, got)
		}
		if stillRunning != 0 {
			t.Errorf("Run(%d) panicked with %d bodies still running", c.n, stillRunning)
		}
	}
	var total atomic.Int32
	Run(4, func(int) { total.Add(1) })
	if total.Load() != 4 {
		t.Fatalf("after the panics Run(4) ran %d bodies", total.Load())
	}
}

// TestRunNestedDeep nests Run three deep under several GOMAXPROCS, so
// that every worker is busy in an outer body when the inner ones start;
// a deadlock fails the test by its timeout.
func TestRunNestedDeep(t *testing.T) {
	for _, procs := range []int{1, 2, 8} {
		prev := runtime.GOMAXPROCS(procs)
		var total atomic.Int32
		done := make(chan struct{})
		go func() {
			defer close(done)
			Run(5, func(int) {
				Run(5, func(int) {
					Run(5, func(int) {
						total.Add(1)
						runtime.Gosched()
					})
				})
			})
		}()
		select {
		case <-done:
		case <-time.After(time.Minute):
			t.Fatalf("GOMAXPROCS %d: nested Run did not return in a minute", procs)
		}
		runtime.GOMAXPROCS(prev)
		if total.Load() != 125 {
			t.Errorf("GOMAXPROCS %d: nested Run ran %d bodies, want 125", procs, total.Load())
		}
	}
}

// TestRunConcurrentCallers runs Run from many goroutines at once (a REPL
// may compute on several), each checking that its own bodies ran once.
func TestRunConcurrentCallers(t *testing.T) {
	for _, procs := range []int{1, 2, 4} {
		prev := runtime.GOMAXPROCS(procs)
		const callers, runs = 16, 200
		errs := make(chan string, callers)
		var wg sync.WaitGroup
		for c := range callers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for r := range runs {
					n := 1 + (c+r)%7
					counts := make([]atomic.Int32, n)
					Run(n, func(i int) { counts[i].Add(1) })
					for i := range counts {
						if got := counts[i].Load(); got != 1 {
							errs <- fmt.Sprintf("caller %d run %d: body(%d) of %d ran %d times", c, r, i, n, got)
							return
						}
					}
				}
			}()
		}
		wg.Wait()
		runtime.GOMAXPROCS(prev)
		close(errs)
		for e := range errs {
			t.Errorf("GOMAXPROCS %d: %s", procs, e)
		}
	}
	if w, most := Workers(), max(runtime.GOMAXPROCS(0), 8); w > most {
		t.Errorf("%d workers after concurrent callers, more than the largest GOMAXPROCS (%d)", w, most)
	}
}

// TestIdleWorkersPark checks that workers with nothing to do block rather
// than spin: once the spin is over every worker waits in a channel
// receive, and the process then uses almost no CPU.
func TestIdleWorkersPark(t *testing.T) {
	Run(runtime.GOMAXPROCS(0)+1, func(int) { time.Sleep(time.Millisecond) })
	if Workers() == 0 {
		t.Fatal("Run started no worker")
	}
	// Past the longest spin, waiting longer for a thread the loaded
	// machine schedules late; a worker that spins is never parked.
	var parked, spinning int
	var stacks string
	for deadline := time.Now().Add(2 * time.Second); ; {
		time.Sleep(20 * quietWorkerSpin)
		parked, spinning, stacks = workerStates()
		if spinning == 0 || time.Now().After(deadline) {
			break
		}
	}
	if parked != Workers() || spinning != 0 {
		t.Errorf("idle: %d workers parked and %d not, of %d:\n%s", parked, spinning, Workers(), stacks)
	}
	cpu, ok := processCPU()
	if !ok {
		return
	}
	const idle = 300 * time.Millisecond
	time.Sleep(idle)
	after, _ := processCPU()
	// A spinning worker would use most of a processor on a quiet machine;
	// a parked pool leaves the runtime's timers and little else. On a
	// loaded machine, or under nice, a spinner may get under a tenth of
	// a processor: there the parked-stack check above is what catches it.
	if used := after - cpu; used > idle/10 {
		t.Errorf("the idle pool used %v of CPU in %v", used, idle)
	}
}

// workerStates counts the workers blocked in a channel receive and the
// others, from the stacks of all goroutines, which it also returns.
func workerStates() (parked, other int, stacks string) {
	buf := make([]byte, 1<<20)
	stacks = string(buf[:runtime.Stack(buf, true)])
	for _, g := range strings.Split(stacks, "\n\n") {
		if !strings.Contains(g, "pool.work(") {
			continue
		}
		if strings.Contains(g, "[chan receive") {
			parked++
		} else {
			other++
		}
	}
	return parked, other, stacks
}
