package tensor

import (
	"math"
	"runtime"
	"testing"
	"time"

	"github.com/kael-dev/kael/tensor/internal/rawmem"
)

// poolRows is the first dimension of the test tensors: rows of 1024
// float64 are 8 KiB, so that 1024 rows (8 MiB) are well within the pool's
// sizes.
const poolRows = 1024

// poolBuffers makes the pool hold at least one buffer of the size of
// poolRows x 1024 float64: it drops tensors of that size and collects
// until one has come back (a finalizer runs on its own goroutine some time
// after the collection). It fails the test if none comes back.
func poolBuffers(t *testing.T) {
	t.Helper()
	class := poolClassOf(poolRows * 1024 * 8)
	if class == 0 {
		t.Fatalf("%d bytes are not a size the pool takes", poolRows*1024*8)
	}
	drainPool()
	deadline := time.Now().Add(10 * time.Second)
	for {
		for range 2 {
			x, err := Full(7, Float64, poolRows, 1024)
			if err != nil {
				t.Fatal(err)
			}
			runtime.KeepAlive(x)
		}
		runtime.GC()
		for range 100 {
			storagePool.mu.Lock()
			n := len(storagePool.free[class])
			storagePool.mu.Unlock()
			if n > 0 {
				return
			}
			time.Sleep(time.Millisecond)
		}
		if time.Now().After(deadline) {
			t.Fatal("no buffer came back to the pool")
		}
	}
}

// recycledOne allocates a tensor of the pooled size with alloc and checks
// that it came from the pool.
func recycledOne(t *testing.T, alloc func() (*Tensor, error)) *Tensor {
	t.Helper()
	before, _, _ := PoolStats()
	x, err := alloc()
	if err != nil {
		t.Fatal(err)
	}
	if after, _, _ := PoolStats(); after != before+1 {
		t.Fatalf("the tensor was not recycled (recycled %d then %d)", before, after)
	}
	return x
}

// TestPoolRecycledZeros checks that a tensor that must start at zero does,
// when its buffer is a recycled one that held sevens.
func TestPoolRecycledZeros(t *testing.T) {
	for _, tc := range []struct {
		name  string
		alloc func() (*Tensor, error)
	}{
		{"Zeros", func() (*Tensor, error) { return Zeros(Float64, poolRows, 1024) }},
		{"Empty", func() (*Tensor, error) { return Empty(Float64, poolRows, 1024) }},
		{"Zeros int64", func() (*Tensor, error) { return Zeros(Int64, poolRows, 1024) }},
		{"Zeros float32", func() (*Tensor, error) { return Zeros(Float32, 2*poolRows, 1024) }},
		{"Zeros bool", func() (*Tensor, error) { return Zeros(Bool, 8*poolRows, 1024) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			poolBuffers(t)
			x := recycledOne(t, tc.alloc)
			for i, b := range x.StorageBytes() {
				if b != 0 {
					t.Fatalf("byte %d of a recycled %s is %#x, want 0", i, tc.name, b)
				}
			}
		})
	}
}

// TestPoolRecycledOutputPoisoned checks that KAEL_POISON_UNINITIALIZED
// (rawmem.Poison) fills a recycled output as it fills a fresh one.
func TestPoolRecycledOutputPoisoned(t *testing.T) {
	if rawmem.Cleared {
		t.Skip("built with kael_safealloc: outputs are cleared")
	}
	saved := rawmem.Poison
	rawmem.Poison = true
	defer func() { rawmem.Poison = saved }()
	poolBuffers(t)
	x := recycledOne(t, func() (*Tensor, error) { return emptyOutput(Float64, poolRows, 1024) })
	d, err := Data[float64](x)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range d {
		if !math.IsNaN(v) {
			t.Fatalf("element %d of a recycled output is %v, want the poison (NaN)", i, v)
		}
	}
}

// TestPoolViewKeepsBuffer checks that a buffer does not come back while a
// view of its tensor, or a raw slice of its storage, is reachable: the base
// tensor is dropped and collected, buffers of the same size are recycled
// and written, and writes through the view and the slice still land in
// memory of their own.
func TestPoolViewKeepsBuffer(t *testing.T) {
	base, err := Full(1, Float64, poolRows, 1024)
	if err != nil {
		t.Fatal(err)
	}
	view, err := base.Select(0, poolRows-1) // the last row: an interior pointer
	if err != nil {
		t.Fatal(err)
	}
	raw, err := Data[float64](base)
	if err != nil {
		t.Fatal(err)
	}
	raw = raw[len(raw)/4 : len(raw)/2] // inside the storage, apart from the view, without its tensor
	base = nil
	runtime.GC()
	poolBuffers(t)
	var others []*Tensor
	for {
		storagePool.mu.Lock()
		n := len(storagePool.free[poolClassOf(poolRows*1024*8)])
		storagePool.mu.Unlock()
		if n == 0 {
			break
		}
		x := recycledOne(t, func() (*Tensor, error) { return emptyOutput(Float64, poolRows, 1024) })
		if err := x.Fill(5); err != nil {
			t.Fatal(err)
		}
		others = append(others, x)
	}
	if err := view.Fill(9); err != nil {
		t.Fatal(err)
	}
	for i := range raw {
		raw[i] = 3
	}
	for _, x := range others {
		d, _ := Data[float64](x)
		for i, v := range d {
			if v != 5 {
				t.Fatalf("element %d of a recycled tensor is %v after writing 5: its buffer is a dropped tensor's that a view still uses", i, v)
			}
		}
	}
	got, err := view.Float64s()
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		if v != 9 {
			t.Fatalf("element %d of the view is %v after writing 9", i, v)
		}
	}
	for i, v := range raw {
		if v != 3 {
			t.Fatalf("element %d of the raw slice is %v after writing 3", i, v)
		}
	}
}

// TestPoolBudget checks that the buffers that are to come back stay within
// the budget however many large tensors are alive.
func TestPoolBudget(t *testing.T) {
	var keep []*Tensor
	for range 2 * poolBudgetBytes / (poolRows * 1024 * 8) {
		x, err := emptyOutput(Float64, poolRows, 1024)
		if err != nil {
			t.Fatal(err)
		}
		keep = append(keep, x)
	}
	storagePool.mu.Lock()
	armed, held := storagePool.armed, storagePool.bytes
	storagePool.mu.Unlock()
	if armed > poolBudgetBytes || held > armed {
		t.Errorf("armed %d bytes, held %d: the budget is %d", armed, held, poolBudgetBytes)
	}
	runtime.KeepAlive(keep)
}

// TestPoolDrainedUnderMemoryLimit checks that the memory the pool holds
// does not count against the tensor memory limit: with the pool full of
// dropped buffers, a limit that leaves room only for live tensors still
// lets a large tensor be allocated.
func TestPoolDrainedUnderMemoryLimit(t *testing.T) {
	poolBuffers(t)
	runtime.GC()
	_, _, held := PoolStats()
	// 72 MiB: beyond the pool's sizes, and more than the limit leaves
	// while the pool's buffers are counted.
	const want = 72 << 20
	limit := int64(heapInUse()) - held + want + held/2
	saved := SetMemoryLimit(limit)
	defer SetMemoryLimit(saved)
	x, err := Empty(Float64, 9*poolRows, 1024)
	if err != nil {
		t.Fatalf("with %d bytes in the pool: %v", held, err)
	}
	runtime.KeepAlive(x)
}
