package tensor

import (
	"slices"
	"testing"
	"time"
)

// The counts of calls compare.py (cmd/kaelbench) times NumPy and PyTorch
// with, in median_time(fn, repeat): kaelbench's first table times kael's
// rows the same way, and its tests check that the two agree.
const (
	medianCallsLarge  = 20    // add and sum over 2^24 elements
	medianCallsHeavy  = 10    // softmax rows and matmul
	medianCallsTiny   = 5     // tiny add: batches ...
	medianBatchTiny   = 10000 // ... of this many calls, timed together
	medianMetricUnit  = "median-ns/op"
	medianCallsMetric = "median-calls"
)

// reportMedian times fn as compare.py's median_time(fn, calls) times
// NumPy and PyTorch: one batch to warm up, then calls timed batches, each
// of batch calls of fn in a row (the time divided by batch), and reports
// their median as "median-ns/op", with the count as "median-calls". It
// runs after the benchmark's b.Loop, outside its timing, so ns/op stays
// the mean over the loop's calls.
func reportMedian(b *testing.B, calls, batch int, fn func() error) {
	b.Helper()
	b.StopTimer()
	timed := func() float64 {
		start := time.Now()
		for range batch {
			if err := fn(); err != nil {
				b.Fatal(err)
			}
		}
		return float64(time.Since(start).Nanoseconds()) / float64(batch)
	}
	timed() // the warm-up: one batch, as compare.py's fn() is the batch
	times := make([]float64, calls)
	for i := range times {
		times[i] = timed()
	}
	b.ReportMetric(medianOf(times), medianMetricUnit)
	b.ReportMetric(float64(calls), medianCallsMetric)
}

// medianOf returns compare.py's median: the upper middle of an even
// count (times[len(times) // 2] of the sorted times).
func medianOf(times []float64) float64 {
	s := slices.Clone(times)
	slices.Sort(s)
	return s[len(s)/2]
}

func TestMedianOf(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 3}, // Python's sorted(t)[len(t) // 2]
	}
	for _, tc := range tests {
		if got := medianOf(tc.in); got != tc.want {
			t.Errorf("medianOf(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
