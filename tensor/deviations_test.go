package tensor

import (
	"math"
	"slices"
	"testing"
)

// TestSquaredDeviationsMatchesSubMul checks SquaredDeviations against
// Sub followed by Mul in place, bit for bit: float64 and float32, a 0-d
// and a keepdims mean (the one-pass kernel), a transposed x, and a mean
// per row (Sub and Mul), at lengths around the vector widths.
func TestSquaredDeviationsMatchesSubMul(t *testing.T) {
	for _, tc := range []struct {
		name  string
		shape []int
		mean  []int // the mean's shape
		tr    bool  // x transposed
	}{
		{"0-d", []int{37}, nil, false},
		{"keepdims", []int{5, 13}, []int{1, 1}, false},
		{"one", []int{1}, []int{1}, false},
		{"large", []int{3, 40000}, []int{1, 1}, false},
		{"transposed", []int{7, 9}, []int{1, 1}, true},
		{"per row", []int{6, 11}, []int{6, 1}, false},
	} {
		for _, dt := range []DType{Float64, Float32} {
			vals := orderSensitive(numel(tc.shape))
			for i := range vals {
				vals[i] = math.Ldexp(vals[i], -int(math.Round(math.Log2(math.Abs(vals[i])+1e-300)))) // near 1, so that the squares stay finite in float32
			}
			x, _ := FromSlice(vals, tc.shape...)
			x, _ = x.To(dt)
			if tc.tr {
				x, _ = x.Transpose(0, 1)
			}
			mv := orderSensitive(max(1, numel(tc.mean)))
			m, _ := FromSlice(mv, tc.mean...)
			if tc.mean == nil {
				m = MustScalar(0.3)
			}
			m, _ = m.To(dt)
			got, err := SquaredDeviations(x, m)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := Sub(x, m)
			if err := MulSpec.ApplyInPlace(want, want); err != nil {
				t.Fatal(err)
			}
			g, _ := got.To(Float64)
			w, _ := want.To(Float64)
			gs, _ := g.Contiguous()
			ws, _ := w.Contiguous()
			gv, _ := gs.Float64s()
			wv, _ := ws.Float64s()
			if !slices.Equal(got.Shape(), want.Shape()) {
				t.Fatalf("%s %s: shape %v, want %v", tc.name, dt, got.Shape(), want.Shape())
			}
			sameBits(t, tc.name+" "+dt.String(), gv, wv)
		}
	}
}
