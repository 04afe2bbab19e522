package tensor

import (
	"math"
	"reflect"
	"testing"
)

func TestToList(t *testing.T) {
	cases := []struct {
		name string
		x    *Tensor
		want any
	}{
		{"0-d float", MustScalar(1.5), 1.5},
		{"0-d int", MustScalar(3), int64(3)},
		{"0-d bool", MustScalar(true), true},
		{"1-d f32", mustOp(FromSlice([]float32{0.5, 2})), []any{0.5, 2.0}},
		{"2-d transposed", mustOp(FromSlice([]int64{1, 2, 3, 4, 5, 6}, 2, 3)).T(), []any{
			[]any{int64(1), int64(4)}, []any{int64(2), int64(5)}, []any{int64(3), int64(6)}}},
		{"bool", mustOp(FromBools([]bool{true, false}, 2, 1)), []any{[]any{true}, []any{false}}},
		{"empty", mustOp(Zeros(Float32, 2, 0)), []any{[]any{}, []any{}}},
	}
	for _, c := range cases {
		if got := mustOp(ToList(c.x)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %#v, want %#v", c.name, got, c.want)
		}
	}
	// FromValue reads back what ToList gives.
	x := mustOp(Randn(NewGenerator(2), Float64, 2, 3, 4))
	if y := mustOp(FromValue(mustOp(ToList(x)), Float64)); !Equal(x, y) {
		t.Errorf("FromValue(ToList(x)) != x")
	}
}

func TestAllcloseEqual(t *testing.T) {
	f := func(v ...float64) *Tensor { return mustOp(FromSlice(v)) }
	nan, inf := math.NaN(), math.Inf(1)
	cases := []struct {
		name       string
		a, b       *Tensor
		rtol, atol float64
		equalNaN   bool
		close      bool
		equal      bool
	}{
		{"same", f(1, 2), f(1, 2), 1e-5, 1e-8, false, true, true},
		{"within rtol", f(100), f(100.0001), 1e-5, 0, false, true, false},
		{"outside rtol", f(100), f(100.01), 1e-5, 0, false, false, false},
		{"atol", f(0), f(1e-9), 0, 1e-8, false, true, false},
		{"rtol is of b", f(1), f(2), 0.5, 0, false, true, false},
		{"rtol is not of a", f(2), f(1), 0.5, 0, false, false, false},
		{"nan", f(nan), f(nan), 1, 1, false, false, false},
		{"nan equal", f(nan), f(nan), 0, 0, true, true, false},
		{"nan and number", f(nan), f(1), 1, 1, true, false, false},
		{"inf", f(inf), f(inf), 0, 0, false, true, true},
		{"inf and big", f(inf), f(1e308), 1, 1, false, false, false},
		{"broadcast", f(1, 1), f(1), 0, 0, false, true, false},
		{"ints", mustOp(FromSlice([]int64{1 << 60})), mustOp(FromSlice([]int64{1<<60 + 1})), 0, 0, false, false, false},
		{"bools", mustOp(FromBools([]bool{true})), mustOp(FromBools([]bool{true})), 0, 0, false, true, true},
	}
	for _, c := range cases {
		got, err := Allclose(c.a, c.b, c.rtol, c.atol, c.equalNaN)
		if err != nil || got != c.close {
			t.Errorf("%s: Allclose = %v, %v; want %v", c.name, got, err, c.close)
		}
		if got := Equal(c.a, c.b); got != c.equal {
			t.Errorf("%s: Equal = %v, want %v", c.name, got, c.equal)
		}
	}
	// Equal compares values across dtypes and layouts, and needs equal shapes.
	ints := mustOp(FromSlice([]int64{1, 2, 3, 4}, 2, 2))
	floats := mustOp(mustOp(FromSlice([]float32{1, 3, 2, 4}, 2, 2)).Transpose(0, 1))
	if !Equal(ints, floats) || Equal(ints, mustOp(ints.Reshape(4))) || Equal(f(1, 1), f(1)) {
		t.Errorf("Equal across dtypes, layouts and shapes is wrong")
	}
	checkError(t, "dtypes", errOf(Allclose(f(1), mustOp(FromSlice([]float32{1})), 0, 0, false)), TypeError, "float64 did not match float32", ".to(float64)")
	checkError(t, "shapes", errOf(Allclose(f(1, 2), f(1, 2, 3), 0, 0, false)), RuntimeError, "must match the size", "")
}

// TestToListError: ToList reports the error of making its input contiguous
// instead of returning nil.
func TestToListError(t *testing.T) {
	x := mustOp(Zeros(Float64, 64, 64)).T() // 32 KiB to copy
	prev := SetMemoryLimit(16 << 10)
	defer SetMemoryLimit(prev)
	if v, err := ToList(x); KindOf(err) != MemoryError || v != nil {
		t.Errorf("ToList over the limit = %v, %v; want a MemoryError", v, err)
	}
}
