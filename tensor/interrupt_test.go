package tensor

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// whileInterrupted runs op inside Interruptible with its context already
// cancelled (and the cancellation seen), and returns op's error: an
// operation whose work grows with its input must report KeyboardInterrupt.
func whileInterrupted(op func() error) error {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return Interruptible(ctx, func() error {
		for !Interrupted() { // the cancellation arrives on another goroutine
			runtime.Gosched()
		}
		return op()
	})
}

// TestLongOperationsCheckForInterrupts covers the operations that used to
// run to the end whatever happened: creation (full, ones, arange,
// linspace), conversion and copies.
func TestLongOperationsCheckForInterrupts(t *testing.T) {
	const n = 1 << 20
	x, _ := Zeros(Float32, 1024, 1024)
	xt, _ := x.Transpose(0, 1)
	tests := []struct {
		name string
		op   func() error
	}{
		{"full", func() error { _, err := Full(2.5, Float32, n); return err }},
		{"ones", func() error { _, err := Ones(Int64, n); return err }},
		{"arange", func() error { _, err := Arange(0, n, 1, Float64); return err }},
		{"linspace", func() error { _, err := Linspace(0, 1, n, Float32); return err }},
		{"to", func() error { _, err := x.To(Float64); return err }},
		{"contiguous", func() error { _, err := xt.Contiguous(); return err }},
		{"clone", func() error { _, err := x.Clone(); return err }},
		{"fill_", func() error { return x.Fill(3) }},
		{"matmul int64", func() error {
			a, _ := Zeros(Int64, 64, 64)
			_, err := Matmul(a, a)
			return err
		}},
		{"matmul float32", func() error {
			a, _ := Zeros(Float32, 256, 256)
			_, err := Matmul(a, a)
			return err
		}},
	}
	for _, tt := range tests {
		if err := whileInterrupted(tt.op); KindOf(err) != KeyboardInterrupt {
			t.Errorf("%s under a cancelled context: %v, want KeyboardInterrupt", tt.name, err)
		}
		if err := tt.op(); err != nil {
			t.Errorf("%s afterwards: %v", tt.name, err)
		}
	}
}

// TestMatmulInterruptedMidway cancels products that take seconds and
// checks that they stop part-way, between blocks, well before they would
// finish (the bound is generous: the machine may be loaded).
func TestMatmulInterruptedMidway(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 100 MiB")
	}
	for _, tt := range []struct {
		name string
		d    DType
		n    int
	}{
		{"int64", Int64, 1536}, // about 3.6e9 multiply-adds in a plain loop
		{"float32", Float32, 4096},
	} {
		a, err := Ones(tt.d, tt.n, tt.n)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancelledAt := make(chan time.Time, 1)
		timer := time.AfterFunc(20*time.Millisecond, func() { cancelledAt <- time.Now(); cancel() })
		err = Interruptible(ctx, func() error {
			_, err := Matmul(a, a)
			return err
		})
		timer.Stop()
		if KindOf(err) != KeyboardInterrupt {
			t.Errorf("%s %dx%d matmul cancelled after 20 ms: %v, want KeyboardInterrupt", tt.name, tt.n, tt.n, err)
			continue
		}
		if late := time.Since(<-cancelledAt); late > 5*time.Second { // generous: a loaded 2-core machine
			t.Errorf("%s matmul stopped %v after the cancel", tt.name, late)
		}
	}
}

// TestBlockedRowsStopsBetweenBlocks checks the integer matmul loop itself:
// a product of one row chunk can take seconds (16 rows of an 8192² B), so
// the loop checks between its cache blocks, not only between chunks.
func TestBlockedRowsStopsBetweenBlocks(t *testing.T) {
	const n = 4
	a, _ := Ones(Int64, n, n)
	c, _ := Zeros(Int64, n, n)
	p := &mmBatch{m: n, n: n, k: n, a: a, b: a, c: c,
		aOffs: []int{0}, bOffs: []int{0}, cOffs: []int{0},
		aRows: n, aCols: 1, bRows: n, bCols: 1, cRows: n, cCols: 1}
	ad, d := a.storage.data.([]int64), c.storage.data.([]int64)
	_ = whileInterrupted(func() error {
		blockedRows(p, ad, ad, d, 0, 0, n)
		return nil
	})
	for i, v := range d {
		if v != 0 {
			t.Fatalf("interrupted: element %d = %d, want the loop to stop before its first block", i, v)
		}
	}
	blockedRows(p, ad, ad, d, 0, 0, n)
	for i, v := range d {
		if v != n {
			t.Fatalf("element %d = %d, want %d", i, v, n)
		}
	}
}
