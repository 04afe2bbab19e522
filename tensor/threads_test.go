package tensor

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// TestSetNumThreads checks that the cap reaches ParallelFor and that
// non-positive counts are refused.
func TestSetNumThreads(t *testing.T) {
	defer numThreads.Store(0)
	if got := NumThreads(); got != runtime.GOMAXPROCS(0) {
		t.Fatalf("default NumThreads = %d, want GOMAXPROCS %d", got, runtime.GOMAXPROCS(0))
	}
	for _, bad := range []int{0, -2} {
		if err := SetNumThreads(bad); err == nil || err.Error() != "RuntimeError: set_num_threads expects a positive integer" {
			t.Errorf("SetNumThreads(%d) = %v", bad, err)
		}
	}
	for _, n := range []int{1, 3} {
		if err := SetNumThreads(n); err != nil {
			t.Fatal(err)
		}
		var calls atomic.Int64
		// 16 grains per chunk: one worker's range of 8 grains is one call.
		if err := ParallelFor(8*GrainSize*n, GrainSize, func(b, e int) { calls.Add(1) }); err != nil {
			t.Fatal(err)
		}
		if got := calls.Load(); got != int64(n) {
			t.Errorf("NumThreads %d: ParallelFor made %d calls, want one per worker", n, got)
		}
	}
}
