package tensor

import (
	"errors"
	"math"
	"testing"
)

func TestDTypeNamesSizesCategories(t *testing.T) {
	tests := []struct {
		d     DType
		name  string
		size  int
		cat   Category
		float bool
	}{
		{Bool, "bool", 1, BoolCategory, false},
		{Int64, "int64", 8, IntegerCategory, false},
		{Float32, "float32", 4, FloatingCategory, true},
		{Float64, "float64", 8, FloatingCategory, true},
		{Uint8, "uint8", 1, IntegerCategory, false},
		{Int8, "int8", 1, IntegerCategory, false},
		{Int16, "int16", 2, IntegerCategory, false},
		{Int32, "int32", 4, IntegerCategory, false},
		{Float16, "float16", 2, FloatingCategory, true},
		{BFloat16, "bfloat16", 2, FloatingCategory, true},
		{Complex64, "complex64", 8, ComplexCategory, false},
		{Complex128, "complex128", 16, ComplexCategory, false},
	}
	for _, tt := range tests {
		if got := tt.d.String(); got != tt.name {
			t.Errorf("String() = %q, want %q", got, tt.name)
		}
		if got := tt.d.Size(); got != tt.size {
			t.Errorf("%s.Size() = %d, want %d", tt.d, got, tt.size)
		}
		if got := tt.d.Category(); got != tt.cat {
			t.Errorf("%s.Category() = %d, want %d", tt.d, got, tt.cat)
		}
		if got := tt.d.IsFloating(); got != tt.float {
			t.Errorf("%s.IsFloating() = %v", tt.d, got)
		}
		if got, ok := ParseDType(tt.name); !ok || got != tt.d {
			t.Errorf("ParseDType(%q) = %v, %v", tt.name, got, ok)
		}
	}
	if _, ok := ParseDType("complex32"); ok {
		t.Error("ParseDType accepted complex32, a dtype kael lacks")
	}
}

func TestPromotionTable(t *testing.T) {
	want := map[[2]DType]DType{
		{Bool, Bool}: Bool, {Bool, Int64}: Int64, {Bool, Float32}: Float32, {Bool, Float64}: Float64,
		{Int64, Int64}: Int64, {Int64, Float32}: Float32, {Int64, Float64}: Float64,
		{Float32, Float32}: Float32, {Float32, Float64}: Float64, {Float64, Float64}: Float64,
	}
	for pair, w := range want {
		if got := PromoteTypes(pair[0], pair[1]); got != w {
			t.Errorf("PromoteTypes(%s, %s) = %s, want %s", pair[0], pair[1], got, w)
		}
		if got := PromoteTypes(pair[1], pair[0]); got != w {
			t.Errorf("PromoteTypes(%s, %s) = %s, want %s (not symmetric)", pair[1], pair[0], got, w)
		}
	}
}

func mustTensor[T Element](t *testing.T, data []T, shape ...int) *Tensor {
	t.Helper()
	x, err := FromSlice(data, shape...)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func zeroD(t *testing.T, d DType) *Tensor {
	t.Helper()
	x, err := Zeros(d)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func vec(t *testing.T, d DType) *Tensor {
	t.Helper()
	x, err := Zeros(d, 3)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestPromotionScalars(t *testing.T) {
	tests := []struct {
		name string
		a, b *Tensor
		want DType
	}{
		{"int64[3] + float64 0-d", vec(t, Int64), zeroD(t, Float64), Float64},
		{"float32[3] + float64 0-d", vec(t, Float32), zeroD(t, Float64), Float32},
		{"float32[3] + 2.5", vec(t, Float32), MustScalar(2.5), Float32},
		{"int64[3] + 2.5", vec(t, Int64), MustScalar(2.5), Float32},
		{"bool[3] + 5", vec(t, Bool), MustScalar(5), Int64},
		{"bool[3] + True", vec(t, Bool), MustScalar(true), Bool},
		{"bool[3] + bool[3]", vec(t, Bool), vec(t, Bool), Bool},
		{"int64[3] + int64 0-d", vec(t, Int64), zeroD(t, Int64), Int64},
		{"bool[3] + int64 0-d", vec(t, Bool), zeroD(t, Int64), Int64},
		{"float64[3] + 2.5", vec(t, Float64), MustScalar(2.5), Float64},
		{"int64 0-d + 2.5", zeroD(t, Int64), MustScalar(2.5), Float32},
		{"float64 0-d + 2.5", zeroD(t, Float64), MustScalar(2.5), Float64},
		{"int64[3] + float32[3]", vec(t, Int64), vec(t, Float32), Float32},
		{"2 + 2.5", MustScalar(2), MustScalar(2.5), Float32},
		{"float32 0-d + int64[3]", zeroD(t, Float32), vec(t, Int64), Float32},
	}
	for _, tt := range tests {
		if got := ResultType(tt.a, tt.b); got != tt.want {
			t.Errorf("%s: ResultType = %s, want %s", tt.name, got, tt.want)
		}
		if got := ResultType(tt.b, tt.a); got != tt.want {
			t.Errorf("%s (swapped): ResultType = %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestConvert(t *testing.T) {
	if got := Convert[uint8](2.5); got != 1 {
		t.Errorf("2.5 to bool = %d, want 1", got)
	}
	if got := Convert[uint8](0.0); got != 0 {
		t.Errorf("0.0 to bool = %d, want 0", got)
	}
	if got := Convert[uint8](math.NaN()); got != 1 {
		t.Errorf("NaN to bool = %d, want 1", got)
	}
	if got := Convert[uint8](int64(-7)); got != 1 {
		t.Errorf("-7 to bool = %d, want 1", got)
	}
	// Out of range and NaN: int64's minimum, as PyTorch's CPU cast.
	if got := Convert[int64](math.NaN()); got != math.MinInt64 {
		t.Errorf("NaN to int64 = %d, want min", got)
	}
	if got := Convert[int64](1e30); got != math.MinInt64 {
		t.Errorf("1e30 to int64 = %d, want min", got)
	}
	if got := Convert[int64](float32(9.3e18)); got != math.MinInt64 {
		t.Errorf("9.3e18 to int64 = %d, want min", got)
	}
	if got := Convert[int64](-9.2e18); got != -9200000000000000000 {
		t.Errorf("-9.2e18 to int64 = %d", got)
	}
	if got := Convert[int64](float32(-1e30)); got != math.MinInt64 {
		t.Errorf("-1e30 to int64 = %d, want min", got)
	}
	if got := Convert[int64](math.Inf(1)); got != math.MinInt64 {
		t.Errorf("+inf to int64 = %d, want min", got)
	}
	if got := Convert[int64](-2.7); got != -2 {
		t.Errorf("-2.7 to int64 = %d, want -2 (truncation)", got)
	}
	if got := Convert[float32](int64(3)); got != 3 {
		t.Errorf("3 to float32 = %v", got)
	}
	// The same rules hold for whole tensors.
	x := mustTensor(t, []float64{2.5, 0, math.NaN(), 1e30, -1e30})
	b, err := x.To(Bool)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := Values[uint8](b); string(got) != string([]uint8{1, 0, 1, 1, 1}) {
		t.Errorf("to bool = %v", got)
	}
	i, _ := x.To(Int64)
	if got, _ := Values[int64](i); got[0] != 2 || got[2] != math.MinInt64 || got[3] != math.MinInt64 || got[4] != math.MinInt64 {
		t.Errorf("to int64 = %v", got)
	}
}

func TestDispatchSelectsMatchingType(t *testing.T) {
	k := AllDTypes(ByDType[func() DType]{Float32: DTypeOf[float32], Float64: DTypeOf[float64], Int64: DTypeOf[int64], Bool: DTypeOf[uint8],
		Uint8: DTypeOf[U8], Int8: DTypeOf[int8], Int16: DTypeOf[int16], Int32: DTypeOf[int32], Float16: DTypeOf[F16], BFloat16: DTypeOf[BF16],
		Complex64: DTypeOf[complex64], Complex128: DTypeOf[complex128], Uint16: DTypeOf[uint16], Uint32: DTypeOf[uint32], Uint64: DTypeOf[uint64]})
	for _, d := range DTypes {
		f, err := k.Select("probe", d)
		if err != nil {
			t.Fatal(err)
		}
		if got := f(); got != d {
			t.Errorf("Select(%s) instantiated %s", d, got)
		}
	}
}

func TestDispatchFloatingRejectsIntegers(t *testing.T) {
	k := FloatingDTypes(ByDType[func() DType]{Float32: DTypeOf[float32], Float64: DTypeOf[float64]})
	for _, d := range []DType{Float32, Float64} {
		if f, err := k.Select("softmax", d); err != nil || f() != d {
			t.Errorf("Select(%s) = %v", d, err)
		}
	}
	for _, d := range []DType{Int64, Bool} {
		_, err := k.Select("softmax", d)
		var e *Error
		if !errors.As(err, &e) || e.Kind != TypeError {
			t.Fatalf("Select(%s) error = %v, want TypeError", d, err)
		}
		if want := "softmax only supports floating point dtypes, got " + d.String(); e.Msg != want {
			t.Errorf("message %q, want %q", e.Msg, want)
		}
		if e.Hint == "" {
			t.Error("no hint")
		}
	}
}

func TestDispatchNoBoolRejectsBool(t *testing.T) {
	k := NoBoolDTypes(ByDType[func() DType]{Float32: DTypeOf[float32], Float64: DTypeOf[float64], Int64: DTypeOf[int64]})
	for _, d := range []DType{Float32, Float64, Int64} {
		if f, err := k.Select("matmul", d); err != nil || f() != d {
			t.Errorf("Select(%s) = %v", d, err)
		}
	}
	_, err := k.Select("matmul", Bool)
	if KindOf(err) != TypeError || err.Error() != "TypeError: matmul does not support bool tensors" {
		t.Errorf("error = %v", err)
	}
}

func TestDataWrongTypeMessage(t *testing.T) {
	x := mustTensor(t, []float32{1, 2})
	_, err := Data[float64](x)
	if KindOf(err) != TypeError || err.Error() != "TypeError: expected dtype float64 but tensor has float32" {
		t.Errorf("error = %v", err)
	}
	d, err := Data[float32](x)
	if err != nil || len(d) != 2 {
		t.Errorf("Data[float32] = %v, %v", d, err)
	}
}

func TestCanCast(t *testing.T) {
	tests := []struct {
		from, to DType
		want     bool
	}{
		{Float32, Int64, false}, {Float64, Float32, true}, {Int64, Float32, true},
		{Int64, Bool, false}, {Bool, Int64, true}, {Bool, Bool, true}, {Float32, Bool, false},
	}
	for _, tt := range tests {
		if got := CanCast(tt.from, tt.to); got != tt.want {
			t.Errorf("CanCast(%s, %s) = %v", tt.from, tt.to, got)
		}
	}
}
