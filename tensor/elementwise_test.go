package tensor

import (
	"math"
	"testing"
)

func f64s(t *testing.T, x *Tensor) []float64 {
	t.Helper()
	v, err := x.Float64s()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func closeEnough(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.IsNaN(a[i]) && math.IsNaN(b[i]) {
			continue
		}
		if math.Abs(a[i]-b[i]) > 1e-6*math.Max(1, math.Abs(b[i])) {
			return false
		}
	}
	return true
}

func TestBinaryOps(t *testing.T) {
	i := mustTensor(t, []int64{7, -7, 0, 3})
	j := mustTensor(t, []int64{2, 2, 5, -2})
	f := mustTensor(t, []float32{1.5, -2, 0, 4})
	g := mustTensor(t, []float64{2, 0.5, -1, 2})
	bt := mustTensor(t, []uint8{1, 1, 0, 0})
	bf := mustTensor(t, []uint8{1, 0, 1, 0})
	nan := mustTensor(t, []float32{float32(math.NaN()), 1, 2, 3})
	tests := []struct {
		name  string
		fn    func(a, b *Tensor) (*Tensor, error)
		a, b  *Tensor
		dtype DType
		want  []float64
	}{
		{"add int", Add, i, j, Int64, []float64{9, -5, 5, 1}},
		{"add int+float32", Add, i, f, Float32, []float64{8.5, -9, 0, 7}},
		{"add float32+float64", Add, f, g, Float64, []float64{3.5, -1.5, -1, 6}},
		{"add bool is or", Add, bt, bf, Bool, []float64{1, 1, 1, 0}},
		{"add scalar", Add, i, MustScalar(2.5), Float32, []float64{9.5, -4.5, 2.5, 5.5}},
		{"sub", Sub, i, j, Int64, []float64{5, -9, -5, 5}},
		{"sub scalar first", Sub, MustScalar(1), i, Int64, []float64{-6, 8, 1, -2}},
		{"mul", Mul, i, f, Float32, []float64{10.5, 14, 0, 12}},
		{"mul bool is and", Mul, bt, bf, Bool, []float64{1, 0, 0, 0}},
		{"div int is float32", Div, i, j, Float32, []float64{3.5, -3.5, 0, -1.5}},
		{"div by zero float", Div, f, mustTensor(t, []float32{0, 0, 0, 1}), Float32, []float64{math.Inf(1), math.Inf(-1), math.NaN(), 4}},
		{"floor_divide int", FloorDivide, i, j, Int64, []float64{3, -4, 0, -2}},
		{"floor_divide float", FloorDivide, f, MustScalar(-1.5), Float32, []float64{-1, 1, 0, -3}},
		{"remainder int", Remainder, i, j, Int64, []float64{1, 1, 0, -1}},
		{"remainder float", Remainder, mustTensor(t, []float64{5.5, -5.5, 5.5, -5.5}), mustTensor(t, []float64{2, 2, -2, -2}), Float64, []float64{1.5, 0.5, -0.5, -1.5}},
		{"pow int", Pow, i, mustTensor(t, []int64{2, 3, 0, 1}), Int64, []float64{49, -343, 1, 3}},
		{"pow float", Pow, f, MustScalar(2), Float32, []float64{2.25, 4, 0, 16}},
		{"pow int by float scalar", Pow, j, MustScalar(0.5), Float32, []float64{math.Sqrt2, math.Sqrt2, math.Sqrt(5), math.NaN()}},
		{"maximum", Maximum, i, j, Int64, []float64{7, 2, 5, 3}},
		{"maximum nan", Maximum, nan, f, Float32, []float64{math.NaN(), 1, 2, 4}},
		{"minimum", Minimum, f, g, Float64, []float64{1.5, -2, -1, 2}},
		{"minimum bool", Minimum, bt, bf, Bool, []float64{1, 0, 0, 0}},
		{"eq", Eq, i, mustTensor(t, []float64{7, 7, 0, 3.5}), Bool, []float64{1, 0, 1, 0}},
		{"ne", Ne, nan, nan, Bool, []float64{1, 0, 0, 0}},
		{"lt", Lt, i, j, Bool, []float64{0, 1, 1, 0}},
		{"le", Le, i, MustScalar(0), Bool, []float64{0, 1, 1, 0}},
		{"gt", Gt, f, i, Bool, []float64{0, 1, 0, 1}},
		{"ge", Ge, nan, MustScalar(2), Bool, []float64{0, 0, 1, 1}},
		{"logical_and", LogicalAnd, i, f, Bool, []float64{1, 1, 0, 1}},
		{"logical_or", LogicalOr, bf, j, Bool, []float64{1, 1, 1, 1}},
		{"logical_xor", LogicalXor, bt, bf, Bool, []float64{0, 1, 1, 0}},
		{"bitwise_and", BitwiseAnd, i, j, Int64, []float64{2, 0, 0, 3 & -2}},
		{"bitwise_or", BitwiseOr, bt, bf, Bool, []float64{1, 1, 1, 0}},
		{"bitwise_xor", BitwiseXor, i, MustScalar(1), Int64, []float64{6, -8, 1, 2}},
	}
	for _, tt := range tests {
		got, err := tt.fn(tt.a, tt.b)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got.DType() != tt.dtype {
			t.Errorf("%s: dtype %s, want %s", tt.name, got.DType(), tt.dtype)
		}
		if v := f64s(t, got); !closeEnough(v, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, v, tt.want)
		}
	}
}

func TestBinaryRefusals(t *testing.T) {
	i := mustTensor(t, []int64{1, 2})
	zero := mustTensor(t, []int64{1, 0})
	f := mustTensor(t, []float32{1, 2})
	b := mustTensor(t, []uint8{1, 0})
	tests := []struct {
		name string
		err  error
		kind ErrorKind
		msg  string
	}{
		{"bool - bool", second(Sub(b, b)), TypeError, "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead."},
		{"int - bool", second(Sub(i, b)), TypeError, "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."},
		{"1 - mask", second(Sub(MustScalar(1), b)), TypeError, "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."},
		{"int ** negative", second(Pow(i, MustScalar(-1))), RuntimeError, "Integers to negative integer powers are not allowed."},
		{"int // 0", second(FloorDivide(i, zero)), ZeroDivisionError, "integer division or modulo by zero"},
		{"int % 0", second(Remainder(i, MustScalar(0))), ZeroDivisionError, "integer division or modulo by zero"},
		{"bool // bool", second(FloorDivide(b, b)), TypeError, "floor_divide does not support bool tensors"},
		{"float & float", second(BitwiseAnd(f, f)), TypeError, "bitwise_and is only supported for integer and bool tensors, got float32"},
		{"shape mismatch", second(Add(i, mustTensor(t, []int64{1, 2, 3}))), RuntimeError, "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"},
	}
	for _, tt := range tests {
		var e *Error
		if !asError(tt.err, &e) || e.Kind != tt.kind || e.Msg != tt.msg {
			t.Errorf("%s: got %v, want %s: %s", tt.name, tt.err, tt.kind, tt.msg)
		}
	}
}

func TestUnaryOps(t *testing.T) {
	f := mustTensor(t, []float64{-1, 0, 0.5, 4})
	i := mustTensor(t, []int64{-3, 0, 2, 5})
	b := mustTensor(t, []uint8{1, 0, 1, 0})
	tests := []struct {
		name  string
		fn    func(*Tensor) (*Tensor, error)
		x     *Tensor
		dtype DType
		want  []float64
	}{
		{"neg", Neg, i, Int64, []float64{3, 0, -2, -5}},
		{"abs int", Abs, i, Int64, []float64{3, 0, 2, 5}},
		{"abs float", Abs, f, Float64, []float64{1, 0, 0.5, 4}},
		{"exp int is float32", Exp, i, Float32, []float64{math.Exp(-3), 1, math.Exp(2), math.Exp(5)}},
		{"log", Log, f, Float64, []float64{math.NaN(), math.Inf(-1), math.Log(0.5), math.Log(4)}},
		{"sqrt", Sqrt, f, Float64, []float64{math.NaN(), 0, math.Sqrt(0.5), 2}},
		{"sin", Sin, f, Float64, []float64{math.Sin(-1), 0, math.Sin(0.5), math.Sin(4)}},
		{"cos", Cos, f, Float64, []float64{math.Cos(-1), 1, math.Cos(0.5), math.Cos(4)}},
		{"tanh", Tanh, f, Float64, []float64{math.Tanh(-1), 0, math.Tanh(0.5), math.Tanh(4)}},
		{"sigmoid", Sigmoid, f, Float64, []float64{1 / (1 + math.E), 0.5, 1 / (1 + math.Exp(-0.5)), 1 / (1 + math.Exp(-4))}},
		{"relu", Relu, i, Int64, []float64{0, 0, 2, 5}},
		{"logical_not", LogicalNot, i, Bool, []float64{0, 1, 0, 0}},
		{"bitwise_not int", BitwiseNot, i, Int64, []float64{2, -1, -3, -6}},
		{"bitwise_not bool", BitwiseNot, b, Bool, []float64{0, 1, 0, 1}},
	}
	for _, tt := range tests {
		got, err := tt.fn(tt.x)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got.DType() != tt.dtype {
			t.Errorf("%s: dtype %s, want %s", tt.name, got.DType(), tt.dtype)
		}
		if v := f64s(t, got); !closeEnough(v, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, v, tt.want)
		}
	}
	refusals := []struct {
		name string
		err  error
		msg  string
	}{
		{"neg bool", second(Neg(b)), "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."},
		{"abs bool", second(Abs(b)), "abs does not support bool tensors"},
		{"relu bool", second(Relu(b)), "relu does not support bool tensors"},
		{"bitwise_not float", second(BitwiseNot(f)), "bitwise_not is only supported for integer and bool tensors, got float64"},
	}
	for _, tt := range refusals {
		var e *Error
		if !asError(tt.err, &e) || e.Kind != TypeError || e.Msg != tt.msg {
			t.Errorf("%s: got %v, want TypeError: %s", tt.name, tt.err, tt.msg)
		}
	}
}

func TestInPlace(t *testing.T) {
	x := mustTensor(t, []int64{1, 2, 3})
	if err := AddSpec.ApplyInPlace(x, MustScalar(2)); err != nil {
		t.Fatal(err)
	}
	checkValues(t, x, []int{3}, []int64{3, 4, 5})
	err := AddSpec.ApplyInPlace(x, MustScalar(0.5))
	if KindOf(err) != TypeError || err.Error() != "TypeError: result type float32 can't be cast to the desired output type int64" {
		t.Errorf("int += float: %v", err)
	}
	checkValues(t, x, []int{3}, []int64{3, 4, 5}) // a refused op changes nothing
	if err := DivSpec.ApplyInPlace(x, MustScalar(2)); KindOf(err) != TypeError {
		t.Errorf("int /= int: %v, want TypeError", err)
	}
	// float32 *= float64 tensor is allowed: the result is cast back.
	f := mustTensor(t, []float32{1, 2, 3})
	if err := MulSpec.ApplyInPlace(f, mustTensor(t, []float64{2, 2, 2})); err != nil {
		t.Fatal(err)
	}
	if v := f64s(t, f); !closeEnough(v, []float64{2, 4, 6}) || f.DType() != Float32 {
		t.Errorf("f *= 2: %v %s", v, f.DType())
	}
	// Broadcasting may not grow the destination.
	if err := AddSpec.ApplyInPlace(f, mustReshape(t, mustTensor(t, []float32{1, 2, 3, 4, 5, 6}), 2, 3)); KindOf(err) != RuntimeError {
		t.Errorf("broadcast into smaller output: %v", err)
	}
	// Writing a view into an overlapping view of the same storage reads the old values.
	y := mustTensor(t, []int64{1, 2, 3, 4})
	head, _ := y.Slice(0, 1, 4, 1)
	tail, _ := y.Slice(0, 0, 3, 1)
	if err := AddSpec.ApplyInPlace(head, tail); err != nil {
		t.Fatal(err)
	}
	checkValues(t, y, []int{4}, []int64{1, 3, 5, 7})
	if err := ExpSpec.ApplyInPlace(x); KindOf(err) != TypeError {
		t.Errorf("exp_ on int64: %v", err)
	}
	v0 := y.Version()
	if err := ReluSpec.ApplyInPlace(y); err != nil || y.Version() != v0+1 {
		t.Errorf("relu_: %v, version %d", err, y.Version())
	}
}

func TestStridedOperands(t *testing.T) {
	x := mustReshape(t, Arange64(t, 12), 3, 4)
	xt := x.T()
	col, _ := x.Select(1, 2)
	colv := mustReshape(t, col, 3, 1)
	sum, err := Add(xt, x.T())
	if err != nil {
		t.Fatal(err)
	}
	checkValues(t, sum, []int{4, 3}, []int64{0, 8, 16, 2, 10, 18, 4, 12, 20, 6, 14, 22})
	diff, err := Sub(x, colv)
	if err != nil {
		t.Fatal(err)
	}
	checkValues(t, diff, []int{3, 4}, []int64{-2, -1, 0, 1, -2, -1, 0, 1, -2, -1, 0, 1})
	cmp, _ := Gt(xt, MustScalar(5))
	if v, _ := Values[uint8](cmp); string(v) != string([]uint8{0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1}) {
		t.Errorf("xt > 5 = %v", v)
	}
}

func TestRoundingKeepsIntegers(t *testing.T) {
	i := mustTensor(t, []int64{-3, 4})
	for _, fn := range []func(*Tensor) (*Tensor, error){FloorSpec.Apply, CeilSpec.Apply, RoundSpec.Apply} {
		got, err := fn(i)
		if err != nil || got.DType() != Int64 {
			t.Fatalf("rounding int64: %v, %v", got, err)
		}
		checkValues(t, got, []int{2}, []int64{-3, 4})
	}
	f := mustTensor(t, []float64{-1.5, 2.5, 0.4})
	for _, tt := range []struct {
		spec *UnarySpec
		want []float64
	}{{FloorSpec, []float64{-2, 2, 0}}, {CeilSpec, []float64{-1, 3, 1}}, {RoundSpec, []float64{-2, 2, 0}}} {
		got, _ := tt.spec.Apply(f)
		if v := f64s(t, got); !closeEnough(v, tt.want) {
			t.Errorf("%s: %v, want %v", tt.spec.Name, v, tt.want)
		}
	}
}
