package vecmath

import "testing"

// BenchmarkSumRowsFloat64_1000x1000 is the kernel of NumPy's
// a.sum(axis=0) over a 1000×1000 float64 array (kaelbench's np_sum_axis)
// into one accumulator: 8 MB read a call.
func BenchmarkSumRowsFloat64_1000x1000(b *testing.B) {
	x := make([]float64, 1000*1000)
	for i := range x {
		x[i] = float64(i % 7)
	}
	acc := make([]float64, 1000)
	b.SetBytes(int64(len(x)) * 8)
	for b.Loop() {
		SumRowsFloat64(acc, x, 1000, 1000)
	}
}
