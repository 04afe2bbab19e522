package tensor

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// An int64 floor_divide, remainder or pow that refuses an operand must leave
// the tensor it was to write in place as it was, including its version.
func TestInPlaceIntRefusalLeavesTensorUnchanged(t *testing.T) {
	cases := []struct {
		spec *BinarySpec
		b    []int64
		kind ErrorKind
	}{
		{FloorDivideSpec, []int64{2, 0, 2}, ZeroDivisionError},
		{RemainderSpec, []int64{2, 0, 2}, ZeroDivisionError},
		{PowSpec, []int64{2, -1, 2}, RuntimeError},
	}
	for _, c := range cases {
		a := mustOp(FromSlice([]int64{7, 8, 9}))
		v := a.Version()
		err := c.spec.ApplyInPlace(a, mustOp(FromSlice(c.b)))
		if KindOf(err) != c.kind {
			t.Errorf("%s_: error %v, want %s", c.spec.Name, err, c.kind)
		}
		if got := mustOp(Values[int64](a)); !slices.Equal(got, []int64{7, 8, 9}) {
			t.Errorf("%s_: a became %v after a refused operand", c.spec.Name, got)
		}
		if a.Version() != v {
			t.Errorf("%s_: version moved from %d to %d", c.spec.Name, v, a.Version())
		}
	}
	// Accepted operands still write in place.
	a := mustOp(FromSlice([]int64{7, -8, 9}))
	if err := FloorDivideSpec.ApplyInPlace(a, mustOp(Scalar(2))); err != nil {
		t.Fatal(err)
	}
	if got := mustOp(Values[int64](a)); !slices.Equal(got, []int64{3, -4, 4}) {
		t.Errorf("floor_divide_: %v", got)
	}
}

// Shapes whose element count overflows an int are refused by the views, so
// no tensor claims fewer elements than it has: PyTorch's RuntimeError
// "Storage size calculation overflowed".
func TestViewShapeOverflow(t *testing.T) {
	empty := mustOp(Empty(Float32, 0))
	if _, err := empty.View(1<<32, 1<<32); KindOf(err) != RuntimeError {
		t.Errorf("view of an empty tensor as [2^32, 2^32]: %v", err)
	}
	if _, err := empty.Reshape(1<<32, 1<<32, 0); KindOf(err) != RuntimeError {
		t.Errorf("reshape to [2^32, 2^32, 0]: %v", err)
	}
	if _, err := empty.Reshape(0, 1<<32, 1<<32); err != nil { // 0 first: no overflow, as in PyTorch
		t.Errorf("reshape to [0, 2^32, 2^32]: %v", err)
	}
	one := mustOp(Ones(Float32, 1))
	if _, err := one.Expand(1<<32, 1<<32); KindOf(err) != RuntimeError {
		t.Errorf("expand to [2^32, 2^32]: %v", err)
	}
	if x, err := one.Expand(1<<20, 1<<20); err != nil || x.Numel() != 1<<40 {
		t.Errorf("expand to [2^20, 2^20]: %v", err)
	}
}

func TestSliceAndNarrowHugeArguments(t *testing.T) {
	x := mustOp(Arange(0, 10, 1, Int64))
	s, err := x.Slice(0, 0, 10, math.MaxInt)
	if err != nil {
		t.Fatal(err)
	}
	if got := mustOp(Values[int64](s)); !slices.Equal(got, []int64{0}) {
		t.Errorf("x[0:10:maxint] = %v, want [0]", got)
	}
	s, _ = x.Slice(0, 3, math.MaxInt, math.MaxInt-1)
	if got := mustOp(Values[int64](s)); !slices.Equal(got, []int64{3}) {
		t.Errorf("x[3::maxint-1] = %v, want [3]", got)
	}
	if _, err := x.Narrow(0, 1, math.MaxInt); KindOf(err) != IndexError {
		t.Errorf("narrow(0, 1, maxint): %v", err)
	}
}

// Explaining an operation whose cast cannot be allocated reports the error.
func TestExplainCastFailure(t *testing.T) {
	huge := mustOp(mustOp(Ones(Int64, 1)).Expand(1 << 50))
	steps, err := AddSpec.ExplainBinary(huge, MustScalar(1.5))
	if KindOf(err) != MemoryError {
		t.Errorf("explain: error %v, steps %q", err, steps)
	}
}

func TestFullKeepsNegativeZero(t *testing.T) {
	x := mustOp(Full(math.Copysign(0, -1), Float64, 3))
	for _, v := range mustOp(Values[float64](x)) {
		if v != 0 || !math.Signbit(v) {
			t.Fatalf("full(-0.0) = %v", mustOp(Values[float64](x)))
		}
	}
	for _, d := range DTypes {
		if got := f64s(t, mustOp(Full(2, d, 2, 3))); !slices.Equal(got, []float64{boolOr2(d), boolOr2(d), boolOr2(d), boolOr2(d), boolOr2(d), boolOr2(d)}) {
			t.Errorf("full(2, %s) = %v", d, got)
		}
	}
}

func boolOr2(d DType) float64 {
	if d == Bool {
		return 1
	}
	return 2
}

// FromSlice checks the data against the shape before allocating.
func TestFromSliceShapeMismatchBeforeAllocation(t *testing.T) {
	if _, err := FromSlice([]float32{1}, 1<<50); KindOf(err) != ValueError {
		t.Errorf("FromSlice of 1 element with shape [2^50]: %v", err)
	}
	if _, err := FromSlice([]float32{}, 1<<32, 1<<32); KindOf(err) != RuntimeError {
		t.Errorf("FromSlice with an overflowing shape: %v", err)
	}
}

func TestLinspaceMatchesFormula(t *testing.T) {
	for _, d := range []DType{Float32, Float64, Int64} {
		for _, steps := range []int{0, 1, 2, 5, 8} {
			start, end := -3.0, 7.5
			got := f64s(t, mustOp(Linspace(start, end, steps, d)))
			want := make([]float64, steps)
			for i := range want {
				v := start
				if steps > 1 {
					step := (end - start) / float64(steps-1)
					if i < steps/2 {
						v = start + step*float64(i)
					} else {
						v = end - step*float64(steps-1-i)
					}
				}
				switch d {
				case Float32:
					v = float64(float32(v))
				case Int64:
					v = float64(int64(v))
				case Float16:
					v = float64(F16FromFloat32(float32(v)).Float32())
				case BFloat16:
					v = float64(BF16FromFloat32(float32(v)).Float32())
				case Uint8:
					v = float64(Convert[U8](v))
				case Int8:
					v = float64(Convert[int8](v))
				case Int16:
					v = float64(Convert[int16](v))
				case Int32:
					v = float64(Convert[int32](v))
				case Uint16:
					v = float64(Convert[uint16](v))
				case Uint32:
					v = float64(Convert[uint32](v))
				case Uint64:
					v = float64(Convert[uint64](v))
				case Float64, Bool, Complex64, Complex128:
				}
				want[i] = v
			}
			if !slices.Equal(got, want) {
				t.Errorf("linspace(%v, %v, %d, %s) = %v, want %v", start, end, steps, d, got, want)
			}
		}
	}
}

// A small element-wise operation allocates little besides its result: the
// iterator shares its buffers and runs serially without closures.
func TestTinyAddAllocations(t *testing.T) {
	x := mustOp(Ones(Float32, 2))
	n := testing.AllocsPerRun(100, func() {
		if _, err := Add(x, x); err != nil {
			t.Fatal(err)
		}
	})
	// The output's tensor block, which holds its elements (small.go), on
	// the flat iterator of iterator_flat.go; a pooled iterator may be
	// dropped by the pool now and then.
	if n > 2 {
		t.Errorf("Add of 2 elements makes %v allocations, want at most 2", n)
	}
}

func TestInvalidDTypeRefused(t *testing.T) {
	bad := DType(len(DTypes) + 1)
	if _, err := Empty(bad, 2); KindOf(err) != TypeError {
		t.Errorf("Empty with dtype %d: %v", bad, err)
	}
	if _, err := Full(1, bad, 2); KindOf(err) != TypeError {
		t.Errorf("Full with dtype %d: %v", bad, err)
	}
}

// Int64 elements print exactly: the width is that of the widest value, not
// of its float64 rounding.
func TestFormatInt64Exact(t *testing.T) {
	x := mustOp(FromSlice([]int64{math.MaxInt64 - 1, 1}, 2, 1))
	want := "tensor([[9223372036854775806],\n        [                  1]])"
	if got := x.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := mustOp(Scalar(int64(math.MaxInt64))).String(); got != "tensor(9223372036854775807)" {
		t.Errorf("0-d: %s", got)
	}
}

func TestChunkAndTriangleHugeArguments(t *testing.T) {
	x := mustOp(Arange(0, 3, 1, Int64))
	parts, err := Chunk(x, math.MaxInt, 0)
	if err != nil || len(parts) != 3 {
		t.Fatalf("chunk(maxint): %d parts, %v", len(parts), err)
	}
	m := mustOp(mustOp(Arange(1, 7, 1, Int64)).Reshape(2, 3))
	for _, c := range []struct {
		lower    bool
		diagonal int
		want     []int64
	}{
		{true, math.MaxInt, []int64{1, 2, 3, 4, 5, 6}},
		{true, math.MinInt, []int64{0, 0, 0, 0, 0, 0}},
		{false, math.MaxInt, []int64{0, 0, 0, 0, 0, 0}},
		{false, math.MinInt, []int64{1, 2, 3, 4, 5, 6}},
		{true, 0, []int64{1, 0, 0, 4, 5, 0}},
		{false, -1, []int64{1, 2, 3, 4, 5, 6}},
		{false, 1, []int64{0, 2, 3, 0, 0, 6}},
	} {
		f := Triu
		if c.lower {
			f = Tril
		}
		if got := mustOp(Values[int64](mustOp(f(m, c.diagonal)))); !slices.Equal(got, c.want) {
			t.Errorf("lower=%v diagonal=%d: %v, want %v", c.lower, c.diagonal, got, c.want)
		}
	}
}

// Writing into a broadcast view is refused before anything is written, as
// in PyTorch; a view whose only stride-0 dimensions have size 1 is fine.
func TestWritesIntoBroadcastViewsRefused(t *testing.T) {
	base, _ := FromSlice([]float32{1, 2, 3})
	x, err := base.Expand(2, 3)
	if err != nil {
		t.Fatal(err)
	}
	idx, _ := FromSlice([]int64{0})
	one := MustScalar(1.0)
	for name, write := range map[string]func() error{
		"add_":      func() error { return AddSpec.ApplyInPlace(x, one) },
		"div_":      func() error { return DivSpec.ApplyInPlace(x, one) },
		"neg_":      func() error { return NegSpec.ApplyInPlace(x) },
		"copy_":     func() error { return x.CopyFrom(one) },
		"fill_":     func() error { return x.Fill(5) },
		"index_put": func() error { return x.IndexPut([]Index{IndexTensor(idx)}, one) },
	} {
		err := write()
		if e, ok := err.(*Error); !ok || e.Kind != RuntimeError || !strings.Contains(e.Msg, "more than one element of the written-to tensor") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if got, _ := Values[float32](base); !slices.Equal(got, []float32{1, 2, 3}) {
		t.Errorf("the base changed: %v", got)
	}
	row, _ := base.Expand(1, 3)
	if err := AddSpec.ApplyInPlace(row, one); err != nil {
		t.Errorf("a size-1 broadcast dimension: %v", err)
	}
}
