package tensor

import (
	"context"
	"math"
	"sync"
	"sync/atomic"

	"github.com/kael-dev/kael/tensor/internal/pool"
)

// GrainSize is the number of elements below which a kernel runs on one
// goroutine; above it the work is split across GOMAXPROCS goroutines
// (PyTorch uses the same grain).
const GrainSize = 32768

var (
	interruptMu     sync.Mutex
	interruptActive int
	interruptFlag   atomic.Bool
)

// Interruptible runs f so that cancelling ctx stops the kernels f starts:
// they check between chunks of GrainSize elements and return an error of
// kind KeyboardInterrupt. The flag is process-wide, like a SIGINT: any kernel
// running while ctx is cancelled stops.
func Interruptible(ctx context.Context, f func() error) error {
	interruptMu.Lock()
	interruptActive++
	interruptMu.Unlock()
	// ended is set, under interruptMu, when f has returned: the callback
	// of a context cancelled just before then may run after it, and must
	// not leave the flag raised for the next Interruptible.
	ended := false
	raise := func() {
		interruptMu.Lock()
		if !ended {
			interruptFlag.Store(true)
		}
		interruptMu.Unlock()
	}
	stop := context.AfterFunc(ctx, raise)
	if ctx.Err() != nil {
		// AfterFunc runs raise on a goroutine of its own, which on one
		// CPU may not run before f's kernels finish: a context cancelled
		// already raises the flag here.
		raise()
	}
	defer func() {
		stop()
		interruptMu.Lock()
		ended = true
		interruptActive--
		if interruptActive == 0 {
			interruptFlag.Store(false)
		}
		interruptMu.Unlock()
	}()
	return f()
}

// Interrupted reports whether a running Interruptible's context was cancelled.
func Interrupted() bool { return interruptFlag.Load() }

func errInterrupted() error { return Errorf(KeyboardInterrupt, "computation interrupted") }

// ParallelFor calls body on sub-ranges [begin, end) covering [0, n), using
// several goroutines when n is larger than grain: the caller's and
// persistent workers (internal/pool), at most NumThreads in all. It stops
// early and returns a KeyboardInterrupt error when the current
// Interruptible is cancelled. A grain below 1 counts as 1.
func ParallelFor(n, grain int, body func(begin, end int)) error {
	if n <= 0 {
		return nil
	}
	grain = max(grain, 1)
	if pool.StatOn {
		outer, cpu0 := pool.Enter()
		defer pool.Leave(outer, n > grain, cpu0)
	}
	if Interrupted() {
		return errInterrupted()
	}
	workers := NumThreads()
	if n <= grain || workers == 1 {
		return chunked(0, n, grain, body)
	}
	workers = min(workers, (n+grain-1)/grain)
	per := (n + workers - 1) / workers
	errs := make([]error, workers)
	pool.Run(workers, func(w int) {
		if begin, end := w*per, min((w+1)*per, n); begin < end {
			errs[w] = chunked(begin, end, grain, body)
		}
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// vectorBlock is the alignment of parallelSlice's sub-ranges: a multiple
// of every vector width of vecmath's kernels (8 float32 in AVX2, 16 in
// AVX-512) and of their unrolled loops.
const vectorBlock = 64

// parallelSlice is ParallelFor over the n elements of slices that a
// vector kernel walks (an activation, its gradient): the sub-ranges start
// at multiples of vectorBlock, so each element a single call would take
// in vector registers is taken in them again and only the last range has
// a scalar tail. The results are the single call's bit for bit, and
// GrainSize elements go to a thread, as PyTorch's at::parallel_for for
// its element-wise kernels.
func parallelSlice(n int, body func(begin, end int)) error {
	if pool.StatOn {
		outer, cpu0 := pool.Enter()
		defer pool.Leave(outer, n > GrainSize, cpu0)
	}
	blocks := (n + vectorBlock - 1) / vectorBlock
	return ParallelFor(blocks, GrainSize/vectorBlock, func(b, e int) {
		body(b*vectorBlock, min(e*vectorBlock, n))
	})
}

// chunked runs body over [begin, end) in pieces of 16 grains, checking for
// an interrupt between pieces.
func chunked(begin, end, grain int, body func(begin, end int)) error {
	step := grain
	if step <= math.MaxInt/16 {
		step *= 16
	}
	for b := begin; b < end; b += step {
		if Interrupted() {
			return errInterrupted()
		}
		body(b, min(b+step, end))
	}
	return nil
}

// SplitStatDump prints the split statistics of a kael built with the tag
// kaelsplitstat, when KAEL_SPLITSTAT is set (internal/pool's
// splitstat_on.go); otherwise it does nothing.
func SplitStatDump() { pool.Dump() }
