package tensor

import (
	"math"
	"testing"
)

// TestClampNumbersAppliesWhereItCan checks which clamps the one-pass
// kernel takes (the others go the general way, lang/torch's
// TestClampMatchesTorch compares both with PyTorch) and its results on
// the integer dtypes' extremes.
func TestClampNumbersAppliesWhereItCan(t *testing.T) {
	ints := func(d DType) *Tensor {
		x, err := Arange(-3, 4, 1, d)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	f32, _ := FromSlice([]float32{-2, -0.5, 0, 0.5, 2, 3}, 2, 3)
	u8, _ := Arange(0, 7, 1, Uint8)
	for _, c := range []struct {
		name   string
		x      *Tensor
		lo, hi *Tensor
		ok     bool
		want   []float64
	}{
		{"float32, both numbers", f32, MustScalar(-1.0), MustScalar(1.0), true, []float64{-1, -0.5, 0, 0.5, 1, 1}},
		{"float32, an int bound", f32, nil, MustScalar(int64(0)), true, []float64{-2, -0.5, 0, 0, 0, 0}},
		{"float32, a tensor bound", f32, MustScalar(-1.0), f32, false, nil},
		{"float32, strided", f32.T(), MustScalar(-1.0), nil, false, nil},
		{"no bounds", f32, nil, nil, false, nil},
		{"int64, int bounds", ints(Int64), MustScalar(int64(-1)), MustScalar(int64(2)), true, []float64{-1, -1, -1, 0, 1, 2, 2}},
		{"int64, a float bound (float32 result)", ints(Int64), MustScalar(-1.5), nil, false, nil},
		{"int64, the extremes", ints(Int64), MustScalar(int64(math.MinInt64)), MustScalar(int64(math.MaxInt64)), true, []float64{-3, -2, -1, 0, 1, 2, 3}},
		{"int8, the extremes", ints(Int8), MustScalar(int64(-128)), MustScalar(int64(127)), true, []float64{-3, -2, -1, 0, 1, 2, 3}},
		{"int8, a bound beyond it", ints(Int8), nil, MustScalar(int64(1000)), false, nil},
		{"int16, lo above hi", ints(Int16), MustScalar(int64(2)), MustScalar(int64(-2)), true, []float64{-2, -2, -2, -2, -2, -2, -2}},
		{"int32, one side", ints(Int32), MustScalar(int64(0)), nil, true, []float64{0, 0, 0, 0, 1, 2, 3}},
		{"uint8, 255", u8, MustScalar(int64(2)), MustScalar(int64(255)), true, []float64{2, 2, 2, 3, 4, 5, 6}},
		{"uint8, -1 (wraps the general way)", u8, MustScalar(int64(-1)), nil, false, nil},
		{"bool", convertedTo(t, f32, Bool), MustScalar(int64(0)), nil, false, nil},
	} {
		out, ok, err := ClampNumbers(c.x, c.lo, c.hi, false)
		if err != nil || ok != c.ok {
			t.Errorf("%s: ok %v, err %v; want ok %v", c.name, ok, err, c.ok)
			continue
		}
		if !ok {
			continue
		}
		got, err := out.Float64s()
		if err != nil {
			t.Fatal(err)
		}
		if out.DType() != c.x.DType() || len(got) != len(c.want) {
			t.Fatalf("%s: %v of %s, want %v of %s", c.name, got, out.DType(), c.want, c.x.DType())
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
}

// convertedTo converts x to d or fails the test.
func convertedTo(tb testing.TB, x *Tensor, d DType) *Tensor {
	tb.Helper()
	r, err := x.To(d)
	if err != nil {
		tb.Fatal(err)
	}
	return r
}
