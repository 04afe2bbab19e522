package tensor

import (
	"runtime"
	"sync/atomic"
)

// numThreads is the largest number of goroutines one kernel uses; 0 means
// runtime.GOMAXPROCS(0), the default (PyTorch's intra-op pool likewise
// defaults to the number of cores).
var numThreads atomic.Int64

// NumThreads returns the largest number of goroutines one kernel splits its
// work across: the value SetNumThreads set, or GOMAXPROCS by default.
func NumThreads() int {
	if n := numThreads.Load(); n > 0 {
		return int(n)
	}
	return runtime.GOMAXPROCS(0)
}

// SetNumThreads caps the goroutines of every later kernel at n, as
// torch.set_num_threads caps PyTorch's intra-op pool; n must be positive.
// It may be above GOMAXPROCS: the goroutines then share the processors.
func SetNumThreads(n int) error {
	if n <= 0 {
		return Errorf(RuntimeError, "set_num_threads expects a positive integer")
	}
	numThreads.Store(int64(n))
	return nil
}
