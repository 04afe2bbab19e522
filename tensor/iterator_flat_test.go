package tensor

import (
	"context"
	"runtime"
	"slices"
	"testing"
)

// TestFlatIterMatchesNewIter runs operations whose operands take the flat
// fast path, and the same operations on non-contiguous copies of them that
// take NewIter's general path, and compares the results.
func TestFlatIterMatchesNewIter(t *testing.T) {
	x := mustTensor(t, []float32{1, -2, 3, 4, 5, -6}, 2, 3)
	y := mustTensor(t, []float32{0.5, 2, -1, 8, 0, 3}, 2, 3)
	tail := mustOp(mustTensor(t, []float32{9, 1, -2, 3, 4, 5, -6}).Narrow(0, 1, 6)) // offset 1
	scalar := MustScalar(2.5)
	zeroD := mustTensor(t, []float32{-3}, []int{}...)
	tests := []struct {
		name string
		a, b *Tensor
	}{
		{"same shape", x, y},
		{"tensor and number", x, scalar},
		{"number and tensor", scalar, y},
		{"tensor and 0-d", x, zeroD},
		{"0-d and 0-d", zeroD, zeroD},
		{"offset view", tail, mustReshape(t, y, 6)},
		{"int64", mustOp(x.To(Int64)), mustOp(y.To(Int64))},
		{"bool", mustOp(x.To(Bool)), mustOp(y.To(Bool))},
	}
	for _, tt := range tests {
		for _, spec := range []*BinarySpec{AddSpec, MulSpec, MaximumSpec, LtSpec} {
			if _, _, err := spec.Types(tt.a, tt.b); err != nil {
				continue
			}
			got, err := spec.Apply(tt.a, tt.b)
			if err != nil {
				t.Fatalf("%s %s: %v", tt.name, spec.Name, err)
			}
			want, err := spec.Apply(strided(t, tt.a), strided(t, tt.b))
			if err != nil {
				t.Fatalf("%s %s (strided): %v", tt.name, spec.Name, err)
			}
			if got.DType() != want.DType() || !slices.Equal(got.Shape(), want.Shape()) || got.String() != want.String() {
				t.Errorf("%s %s: flat %v, general %v", tt.name, spec.Name, got, want)
			}
		}
		got, err := Neg(tt.a)
		if tt.a.DType() == Bool {
			continue
		}
		if want, werr := Neg(strided(t, tt.a)); err != nil || werr != nil || got.String() != want.String() {
			t.Errorf("%s neg: flat %v (%v), general %v (%v)", tt.name, got, err, want, werr)
		}
	}
}

// strided returns a copy of x that is not contiguous (every other element
// of a buffer twice as long), so operations on it take NewIter's path.
// 0-d tensors stay as they are: they have no layout to vary.
func strided(t *testing.T, x *Tensor) *Tensor {
	t.Helper()
	if x.Dim() == 0 {
		return x
	}
	shape := append(x.Shape(), 2)
	wide := mustOp(Zeros(x.DType(), shape...))
	s := mustOp(wide.Select(x.Dim(), 0))
	if err := s.CopyFrom(x); err != nil {
		t.Fatal(err)
	}
	if s.IsContiguous() {
		t.Fatalf("strided copy of %v is contiguous", x.Shape())
	}
	return s
}

func TestFlatIterInterrupted(t *testing.T) {
	x := mustTensor(t, []float32{1, 2})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var addErr, negErr error
	_ = Interruptible(ctx, func() error {
		for !Interrupted() { // the cancellation arrives on another goroutine
			runtime.Gosched()
		}
		_, addErr = Add(x, x)
		_, negErr = Neg(x)
		return nil
	})
	if KindOf(addErr) != KeyboardInterrupt || KindOf(negErr) != KeyboardInterrupt {
		t.Errorf("under a cancelled context: add %v, neg %v; want KeyboardInterrupt", addErr, negErr)
	}
}

func TestTensorAndNumberAllocations(t *testing.T) {
	x := mustTensor(t, []float32{1, 2})
	two := MustScalar(2.5) // float64, converted to float32 first
	// The converted number and the output, 3 each (see
	// TestTinyAddAllocations); a pooled iterator may be dropped now and then.
	if n := testing.AllocsPerRun(200, func() { _, _ = Mul(x, two) }); n > 7 {
		t.Errorf("x * 2.5 on 2 elements: %v allocations per operation, want at most 7", n)
	}
}
