package tensor

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// TestClaimForCoversEachPieceOnce checks that claimFor's goroutines call
// body on every piece of [0, n) exactly once, whatever the thread count.
func TestClaimForCoversEachPieceOnce(t *testing.T) {
	defer numThreads.Store(0)
	tests := []struct{ n, piece, threads int }{
		{0, 4, 2},
		{1, 4, 2},
		{7, 0, 2}, // a piece below 1 counts as 1
		{512, 4, 2},
		{513, 4, 2},
		{512, 4, 1},
		{100, 3, 3},
		{5, 8, 4}, // fewer pieces than threads
	}
	for _, tc := range tests {
		if err := SetNumThreads(tc.threads); err != nil {
			t.Fatal(err)
		}
		seen := make([]atomic.Int32, tc.n)
		var bad atomic.Int32
		err := claimFor(tc.n, tc.piece, func(b, e int) {
			if e-b > max(tc.piece, 1) || b >= e {
				bad.Add(1)
			}
			for i := b; i < e; i++ {
				seen[i].Add(1)
			}
		})
		if err != nil {
			t.Errorf("%+v: %v", tc, err)
		}
		if bad.Load() != 0 {
			t.Errorf("%+v: %d calls on a range that is no piece", tc, bad.Load())
		}
		for i := range seen {
			if c := seen[i].Load(); c != 1 {
				t.Errorf("%+v: index %d summed %d times", tc, i, c)
				break
			}
		}
	}
}

// TestClaimForLateGoroutine holds the goroutine that takes the first
// piece until every other piece is done (or 5 s have passed): another
// goroutine must take them all, where fixed shares (ParallelFor's) would
// leave half of them to the goroutine that is held. When no other
// goroutine ran at all (no pool worker idle when claimFor began), there
// is nothing to check.
func TestClaimForLateGoroutine(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("needs two processors for the pool's worker")
	}
	defer numThreads.Store(0)
	if err := SetNumThreads(2); err != nil {
		t.Fatal(err)
	}
	// The pool's workers of earlier tests may not have counted themselves
	// idle yet; Run then gives them nothing and the caller, held here,
	// would do all the work (the skip below).
	time.Sleep(20 * time.Millisecond)
	const pieces = 64
	var done atomic.Int32
	doneWhileHeld := int32(-1)
	err := claimFor(pieces, 1, func(b, e int) {
		if b == 0 {
			deadline := time.Now().Add(5 * time.Second)
			for done.Load() < pieces-1 && time.Now().Before(deadline) {
				time.Sleep(100 * time.Microsecond)
			}
			doneWhileHeld = done.Load()
		}
		done.Add(1)
	})
	if err != nil || done.Load() != pieces {
		t.Fatalf("err %v, pieces done %d of %d", err, done.Load(), pieces)
	}
	if doneWhileHeld == 0 {
		t.Skip("no second goroutine ran")
	}
	if doneWhileHeld != pieces-1 {
		t.Errorf("while the first piece was held the other goroutine took %d pieces, want all %d others", doneWhileHeld, pieces-1)
	}
}

// TestClaimForInterrupted checks that claimFor stops between pieces with
// a KeyboardInterrupt, whether the context was cancelled before it or
// while it runs.
func TestClaimForInterrupted(t *testing.T) {
	var calls atomic.Int32
	err := whileInterrupted(func() error {
		return claimFor(1000, 1, func(int, int) { calls.Add(1) })
	})
	if KindOf(err) != KeyboardInterrupt || calls.Load() != 0 {
		t.Errorf("cancelled before: err %v after %d pieces", err, calls.Load())
	}
	ctx, cancel := context.WithCancel(context.Background())
	calls.Store(0)
	err = Interruptible(ctx, func() error {
		return claimFor(1000, 1, func(b, _ int) {
			if calls.Add(1) == 10 {
				cancel()
				for !Interrupted() {
					runtime.Gosched()
				}
			}
		})
	})
	if KindOf(err) != KeyboardInterrupt || calls.Load() >= 1000 {
		t.Errorf("cancelled midway: err %v after %d pieces of 1000", err, calls.Load())
	}
	cancel()
	if err := claimFor(10, 1, func(int, int) {}); err != nil {
		t.Errorf("afterwards: %v", err)
	}
}
