package tensor

import (
	"math"
	"sync/atomic"
	"testing"
)

// TestParallelSliceAligned checks that parallelSlice covers [0, n) once,
// in ranges that start at multiples of vectorBlock.
func TestParallelSliceAligned(t *testing.T) {
	defer numThreads.Store(0)
	if err := SetNumThreads(3); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 1, 63, 64, 65, GrainSize, 3*GrainSize + 37, 40*GrainSize + 5} {
		seen := make([]atomic.Int32, n)
		var ranges, misaligned atomic.Int32
		err := parallelSlice(n, func(b, e int) {
			ranges.Add(1)
			if b%vectorBlock != 0 {
				misaligned.Add(1)
			}
			for i := b; i < e; i++ {
				seen[i].Add(1)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		for i := range seen {
			if c := seen[i].Load(); c != 1 {
				t.Fatalf("n=%d: element %d taken %d times", n, i, c)
			}
		}
		if misaligned.Load() != 0 {
			t.Errorf("n=%d: %d ranges start off a multiple of %d", n, misaligned.Load(), vectorBlock)
		}
		if n >= 3*GrainSize && ranges.Load() < 2 {
			t.Errorf("n=%d: one range for %d elements", n, n)
		}
	}
}

// TestActivationsSplitLikeOneThread checks that float32 activations and
// their gradients, cut among threads by parallelSlice, give one thread's
// bits: leaky_relu's forward (MapActivationWith) and backward
// (MapGradFloat32) and exact GELU's backward, on a length whose ranges end off the vectors.
func TestActivationsSplitLikeOneThread(t *testing.T) {
	defer numThreads.Store(0)
	n := 3*GrainSize + 37
	g := NewGenerator(5)
	x, _ := Randn(g, Float32, n)
	gy, _ := Randn(g, Float32, n)
	run := func() []*Tensor {
		var outs []*Tensor
		y, err := MapActivationWith("leaky_relu", x, nil, func(dst, src []float32) { LeakyReLUFloat32(dst, src, 0.2) })
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, y)
		d, ok, err := MapGradFloat32(gy, x, func(dst, g, x []float32) { LeakyReLUGradFloat32(dst, g, x, 0.2) })
		if !ok || err != nil {
			t.Fatal(ok, err)
		}
		outs = append(outs, d)
		d, ok, err = GeluErfGrad(gy, x)
		if !ok || err != nil {
			t.Fatal(ok, err)
		}
		return append(outs, d)
	}
	if err := SetNumThreads(1); err != nil {
		t.Fatal(err)
	}
	one := run()
	if err := SetNumThreads(3); err != nil {
		t.Fatal(err)
	}
	three := run()
	for i := range one {
		a, b := one[i].storage.data.([]float32), three[i].storage.data.([]float32)
		for j := range n {
			if math.Float32bits(a[j]) != math.Float32bits(b[j]) {
				t.Fatalf("result %d, element %d: %v on one thread, %v on three", i, j, a[j], b[j])
			}
		}
	}
}
