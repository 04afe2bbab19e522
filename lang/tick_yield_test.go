package lang

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
)

// TestLoopsYieldTheProcessor runs a loop of plain statements with one
// processor (GOMAXPROCS=1) beside a goroutine that counts each time it
// gets the processor. The loop's tick yields every tickEvery steps, so
// the goroutine runs about once per tickEvery iterations (the garbage
// collector's mark worker is such a goroutine, docs/performance.md). A
// loop that did not yield would let it run only when the runtime
// preempts the loop, every 10 ms, a few times at most however loaded the
// machine is.
func TestLoopsYieldTheProcessor(t *testing.T) {
	const iterations = 400_000 // at least 97 ticks due, a step each
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	s := NewSession(IO{})
	var turns atomic.Int64
	var stop atomic.Bool
	done := make(chan struct{})
	go func() {
		defer close(done)
		for !stop.Load() {
			turns.Add(1)
			runtime.Gosched()
		}
	}()
	before := turns.Load()
	r := s.Exec(context.Background(), "", fmt.Sprintf("for i in range(%d):\n    pass", iterations))
	got := turns.Load() - before
	stop.Store(true)
	<-done
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if want := int64(iterations / tickEvery / 2); got < want {
		t.Errorf("the counting goroutine ran %d times during the loop, want at least %d (the loop yields every %d steps)", got, want, tickEvery)
	}
}
