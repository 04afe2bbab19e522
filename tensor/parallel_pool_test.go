package tensor

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// coverOnce returns a ParallelFor body that counts each index it is
// given, and a check that every index of [0, n) was counted once.
func coverOnce(n int) (func(b, e int), func() error) {
	seen := make([]atomic.Int32, n)
	body := func(b, e int) {
		for i := b; i < e; i++ {
			seen[i].Add(1)
		}
	}
	check := func() error {
		for i := range seen {
			if c := seen[i].Load(); c != 1 {
				return fmt.Errorf("index %d covered %d times", i, c)
			}
		}
		return nil
	}
	return body, check
}

// TestParallelForOnPool runs ParallelFor, whose blocks run on the caller
// and the workers of internal/pool, in the ways a kernel may meet it:
// nested inside another's body (on a worker), under GOMAXPROCS 1, from
// many goroutines at once, each with more threads than processors. A
// deadlock fails the test by its timeout.
func TestParallelForOnPool(t *testing.T) {
	defer numThreads.Store(0)
	const n, grain = 40, 4
	cases := []struct {
		name             string
		procs, threads   int
		callers, nesting int
	}{
		{"one processor", 1, 4, 1, 1},
		{"one processor nested", 1, 4, 1, 2},
		{"nested in a worker", 2, 4, 1, 2},
		{"nested three deep", 4, 3, 1, 3},
		{"concurrent callers", 2, 4, 8, 1},
		{"concurrent nested", 4, 8, 6, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			prev := runtime.GOMAXPROCS(c.procs)
			defer runtime.GOMAXPROCS(prev)
			numThreads.Store(int64(c.threads))
			// run covers [0, n) at depth d, each index of the outer
			// loops running a whole inner ParallelFor.
			var run func(d int) error
			run = func(d int) error {
				body, check := coverOnce(n)
				var inner atomic.Value
				err := ParallelFor(n, grain, func(b, e int) {
					body(b, e)
					if d > 1 {
						for range e - b {
							if err := run(d - 1); err != nil {
								inner.CompareAndSwap(nil, err)
							}
						}
					}
				})
				if err != nil {
					return err
				}
				if e, ok := inner.Load().(error); ok {
					return e
				}
				return check()
			}
			errs := make(chan error, c.callers)
			var wg sync.WaitGroup
			for range c.callers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs <- run(c.nesting)
				}()
			}
			done := make(chan struct{})
			go func() { wg.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(2 * time.Minute):
				t.Fatal("ParallelFor did not return in two minutes")
			}
			close(errs)
			for err := range errs {
				if err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// TestParallelForPanicReachesCaller checks that a panic in any block,
// whichever goroutine runs it, is raised in ParallelFor's caller (where
// a session recovers it into an error) once no block is running, rather
// than ending the program from a worker.
func TestParallelForPanicReachesCaller(t *testing.T) {
	defer numThreads.Store(0)
	numThreads.Store(4)
	const n, grain = 64, 1
	for _, bad := range []int{0, 17, 40, 63} {
		var running atomic.Int32
		var left int32
		got := func() (p any) {
			defer func() { p, left = recover(), running.Load() }()
			_ = ParallelFor(n, grain, func(b, e int) {
				running.Add(1)
				defer running.Add(-1)
				if b <= bad && bad < e {
					panic(fmt.Sprintf("block at %d", bad))
				}
				time.Sleep(time.Millisecond)
			})
			return nil
		}()
		if want := fmt.Sprintf("block at %d", bad); got != want {
			t.Errorf("panic at %d: recovered %v, want %q", bad, got, want)
		}
		if left != 0 {
			t.Errorf("panic at %d: %d blocks still running when it reached the caller", bad, left)
		}
	}
}
