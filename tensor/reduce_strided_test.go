package tensor

import (
	"math"
	"testing"
)

// TestSumStridedNumPyMatchesContiguousPaths checks the general walk of
// NumPy's iterator against the contiguous fast paths, bit for bit: on a
// C-contiguous tensor the merged axes make one run (SumTrailingPairwise)
// or rows in turn (SumMiddleRows). (lang/lib/numpy's sum_order_test.go
// compares all three with NumPy itself.)
func TestSumStridedNumPyMatchesContiguousPaths(t *testing.T) {
	g := NewGenerator(3)
	for _, tc := range []struct {
		shape []int
		dims  []int
		fast  func(x *Tensor) (*Tensor, error)
	}{
		{[]int{20011}, []int{0}, func(x *Tensor) (*Tensor, error) { return SumTrailingPairwise(x, 1) }},
		{[]int{3, 9000}, []int{1}, func(x *Tensor) (*Tensor, error) { return SumTrailingPairwise(x, 1) }},
		{[]int{3, 5, 3000}, []int{0, 1, 2}, func(x *Tensor) (*Tensor, error) { return SumTrailingPairwise(x, 3) }},
		{[]int{40, 7}, []int{0}, func(x *Tensor) (*Tensor, error) { return SumMiddleRows(x, 0, 1) }},
		{[]int{4, 30, 6}, []int{1}, func(x *Tensor) (*Tensor, error) { return SumMiddleRows(x, 1, 2) }},
	} {
		for _, d := range []DType{Float64, Float32, Float16} {
			x := mustOp(mustOp(Randn(g, Float64, tc.shape...)).To(d))
			want := mustOp(tc.fast(x))
			got := mustOp(SumStridedNumPy(x, tc.dims))
			w, gv := mustOp(want.Float64s()), mustOp(got.Float64s())
			for i := range w {
				if math.Float64bits(w[i]) != math.Float64bits(gv[i]) {
					t.Errorf("%v over %v, %s: element %d is %v, the fast path's %v", tc.shape, tc.dims, d, i, gv[i], w[i])
					break
				}
			}
		}
	}
	if _, err := SumStridedNumPy(MustScalar(int64(1)), []int{0}); err == nil {
		t.Error("an int64 tensor was summed")
	}
	if _, err := SumStridedNumPy(mustOp(Zeros(Float64, 2)), nil); err == nil {
		t.Error("no dims was accepted")
	}
}
