package tensor

import (
	"context"
	"math"
	"slices"
	"testing"
)

// TestOpsOnHugeBroadcastViews runs operations over broadcast views far
// larger than memory: each returns its (empty) result or a MemoryError,
// never dies allocating tables sized by the view.
func TestOpsOnHugeBroadcastViews(t *testing.T) {
	prev := SetMemoryLimit(1 << 30)
	defer SetMemoryLimit(prev)
	expand := func(x *Tensor, shape ...int) *Tensor {
		t.Helper()
		v, err := x.Expand(shape...)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	mustShape := func(name string, got *Tensor, err error, want ...int) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !slices.Equal(got.Shape(), want) {
			t.Fatalf("%s: shape %v, want %v", name, got.Shape(), want)
		}
	}
	mustMemoryError := func(name string, err error) {
		t.Helper()
		if KindOf(err) != MemoryError {
			t.Fatalf("%s: got %v, want a MemoryError", name, err)
		}
	}
	const big = 1 << 20
	zeros := func(shape ...int) *Tensor { return mustOp(Zeros(Int64, shape...)) }
	ones := func(shape ...int) *Tensor { return mustOp(Ones(Float32, shape...)) }

	// A batch of 2^40 products of 2×3 by 3×0 matrices is empty.
	a := expand(ones(1, 1, 2, 3), big, big, 2, 3)
	out, err := Matmul(a, ones(1, 3, 0))
	mustShape("matmul", out, err, big, big, 2, 0)

	// No positions of a dimension of a 2^40-row view.
	rows := expand(ones(1, 1), 1<<40, 5)
	out, err = IndexSelect(rows, 1, zeros(0))
	mustShape("index_select", out, err, 1<<40, 0)

	// Indices broadcast to [2^20, 2^20] over a view with an empty
	// dimension give an empty result...
	i, j := zeros(big, 1), zeros(1, big)
	x := expand(ones(1, 1, 1), big, big, 0)
	out, err = x.Index(IndexTensor(i), IndexTensor(j))
	mustShape("index empty", out, err, big, big, 0)
	// ... and a MemoryError where it would have 2^40 elements.
	x = expand(ones(1, 1), big, big)
	_, err = x.Index(IndexTensor(i), IndexTensor(j))
	mustMemoryError("index", err)

	// Writing through such indices fails the same way and leaves x alone.
	small := ones(4, 4)
	mustMemoryError("index_put", small.IndexPut([]Index{IndexTensor(i), IndexTensor(j)}, MustScalar(2.0)))
	if v := mustOp(small.Float64s()); slices.ContainsFunc(v, func(e float64) bool { return e != 1 }) {
		t.Fatalf("index_put changed x: %v", v)
	}

	// A sum over 2^52 elements would keep a partial sum per 2^15 of them.
	_, err = Sum(expand(ones(1), 1<<52), nil, false)
	mustMemoryError("sum", err)
}

// TestMatmulHugeBroadcastInterruptible multiplies broadcast views whose
// m·n·k overflows an int: the product stays interruptible instead of
// falling into a loop that never checks.
func TestMatmulHugeBroadcastInterruptible(t *testing.T) {
	one := mustOp(Ones(Float32, 1, 1))
	a, b := mustOp(one.Expand(1<<12, 1<<50)), mustOp(one.Expand(1<<50, 1<<12))
	ctx, cancel := context.WithCancel(context.Background())
	err := Interruptible(ctx, func() error {
		cancel()
		for !Interrupted() {
		}
		_, err := Matmul(a, b)
		return err
	})
	if KindOf(err) != KeyboardInterrupt {
		t.Fatalf("got %v, want a KeyboardInterrupt", err)
	}
}

// TestFFTOfHugeLength: a transform length far beyond memory, which the
// caller gives (np.fft.rfft(x, n=2**40)), is a MemoryError, not a crash.
func TestFFTOfHugeLength(t *testing.T) {
	prev := SetMemoryLimit(1 << 30)
	defer SetMemoryLimit(prev)
	x := mustOp(Ones(Float32, 2, 4))
	for name, f := range map[string]func() (*Tensor, error){
		"fft":   func() (*Tensor, error) { return FFT(x, 1<<40, -1, "", false) },
		"rfft":  func() (*Tensor, error) { return RFFT(x, 1<<40, -1, "") },
		"irfft": func() (*Tensor, error) { return IRFFT(x, 1<<40, -1, "") },
		"max":   func() (*Tensor, error) { return FFT(x, math.MaxInt, -1, "", false) },
	} {
		if _, err := f(); KindOf(err) != MemoryError {
			t.Errorf("%s: got %v, want a MemoryError", name, err)
		}
	}
}
