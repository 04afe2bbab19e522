package pool

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// busyFor runs a loop for about d on the calling thread, as a region's
// body or the serial code between regions would.
func busyFor(d time.Duration) {
	if d <= 0 {
		return
	}
	start := time.Now()
	x := 1.0
	for time.Since(start) < d {
		for range 64 {
			x = x*1.0000001 + 1e-9
		}
	}
	busySink.Store(int64(x))
}

var busySink atomic.Int64

// BenchmarkRunHandOff measures a two-body Run, each body busy for body,
// after gap of serial work on the caller: ns/op is the Run's wall time
// alone (the gap is not counted), joined the share of Runs whose second
// body a worker took. Run with -cpu 2 on two pinned CPUs (taskset -c
// 0,1); the ideal wall is body, the worst (no worker) twice body.
func BenchmarkRunHandOff(b *testing.B) {
	for _, body := range []time.Duration{0, 10 * time.Microsecond, 50 * time.Microsecond} {
		for _, gap := range []time.Duration{0, 100 * time.Microsecond, 2 * time.Millisecond} {
			b.Run(fmt.Sprintf("body=%v/gap=%v", body, gap), func(b *testing.B) {
				var joined atomic.Int64
				var wall time.Duration
				caller := goid()
				for range b.N {
					busyFor(gap)
					t0 := time.Now()
					Run(2, func(i int) {
						if i == 1 && goid() != caller {
							joined.Add(1)
						}
						busyFor(body)
					})
					wall += time.Since(t0)
				}
				b.ReportMetric(float64(wall.Nanoseconds())/float64(b.N), "run-ns")
				b.ReportMetric(float64(joined.Load())/float64(b.N), "joined")
				b.ReportMetric(0, "ns/op")
			})
		}
	}
}
