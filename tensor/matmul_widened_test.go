package tensor

import (
	"math"
	"slices"
	"testing"
)

// TestMatmulWidenedMatchesFloat32 checks MatmulWidened against Matmul of
// the weights widened to float32, for both 16-bit dtypes, one row (the
// gemv path, weights in both orientations) and several rows (gemm on a
// widened copy). The sums run in a different order, so the tolerance is
// float32's rounding over k terms.
func TestMatmulWidenedMatchesFloat32(t *testing.T) {
	g := NewGenerator(7)
	cases := []struct {
		name       string
		x          []int
		k, n       int
		transposed bool
	}{
		{"row, x·W", []int{1, 96}, 96, 130, false},
		{"row, (Wᵀ)ᵀ", []int{1, 1, 96}, 96, 130, true},
		{"vector", []int{64}, 64, 9, false},
		{"rows", []int{5, 96}, 96, 40, false},
		{"rows, transposed", []int{2, 3, 96}, 96, 40, true},
		{"odd sizes", []int{1, 7}, 7, 3, true},
	}
	for _, d := range []DType{BFloat16, Float16} {
		for _, c := range cases {
			x := mustOp(Randn(g, Float32, c.x...))
			var w *Tensor
			if c.transposed {
				w = mustOp(mustOp(Randn(g, Float32, c.n, c.k)).To(d)).T()
			} else {
				w = mustOp(mustOp(Randn(g, Float32, c.k, c.n)).To(d))
			}
			got := mustOp(MatmulWidened(x, w))
			want := mustOp(Matmul(x, mustOp(w.To(Float32))))
			if !slices.Equal(got.Shape(), want.Shape()) {
				t.Fatalf("%s %s: shape %v, want %v", d, c.name, got.Shape(), want.Shape())
			}
			gv, wv := mustOp(Values[float32](got)), mustOp(Values[float32](want))
			for i := range wv {
				if math.Abs(float64(gv[i]-wv[i])) > 1e-5*float64(c.k) {
					t.Fatalf("%s %s: [%d] = %v, want %v", d, c.name, i, gv[i], wv[i])
				}
			}
		}
	}
}

// TestMatmulWidenedExpandedWeights multiplies by weights whose rows or
// columns overlap (expanded, stride 0): the result is that of the widened
// weights, not a read past the storage.
func TestMatmulWidenedExpandedWeights(t *testing.T) {
	g := NewGenerator(9)
	x := mustOp(Randn(g, Float32, 1, 16))
	row := mustOp(mustOp(Randn(g, Float32, 1, 24)).To(BFloat16))
	col := mustOp(mustOp(Randn(g, Float32, 16, 1)).To(Float16))
	for _, w := range []*Tensor{mustOp(row.Expand(16, 24)), mustOp(col.Expand(16, 24))} {
		got := mustOp(Values[float32](mustOp(MatmulWidened(x, w))))
		want := mustOp(Values[float32](mustOp(Matmul(x, mustOp(w.To(Float32))))))
		for i := range want {
			if math.Abs(float64(got[i]-want[i])) > 1e-4 {
				t.Fatalf("%s expanded: [%d] = %v, want %v", w.DType(), i, got[i], want[i])
			}
		}
	}
}

func TestMatmulWidenedRefusals(t *testing.T) {
	x := mustOp(Zeros(Float32, 1, 4))
	for _, c := range []struct {
		name string
		x, w *Tensor
	}{
		{"float32 weights", x, mustOp(Zeros(Float32, 4, 2))},
		{"float64 x", mustOp(Zeros(Float64, 1, 4)), mustOp(Zeros(BFloat16, 4, 2))},
		{"shapes", x, mustOp(Zeros(BFloat16, 3, 2))},
		{"3-D weights", x, mustOp(Zeros(Float16, 4, 2, 1))},
	} {
		if _, err := MatmulWidened(c.x, c.w); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
}
