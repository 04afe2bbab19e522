package tensor

import "testing"

// TestRecycle checks which storages a mark vouches for, that a recycled
// buffer goes to the next allocation of its size (cleared when the
// allocation asks for zeros) and that the recycled storage is left empty.
func TestRecycle(t *testing.T) {
	drainRecycled()
	t.Cleanup(drainRecycled)
	before := mustOp(newTensor(Float32, []int{256, 256}, false)) // 256 KiB
	m := MarkRecycle()
	cases := []struct {
		name  string
		x     *Tensor
		taken bool
	}{
		{"allocated before the mark", before, false},
		{"256 KiB", mustOp(newTensor(Float32, []int{256, 256}, false)), true},
		{"64 KiB", mustOp(newTensor(Float64, []int{8192}, false)), true},
		{"under 64 KiB", mustOp(newTensor(Float64, []int{8191}, false)), false},
		{"the storage pool's size", mustOp(newTensor(Float32, []int{1 << 20}, false)), false},
		{"a number", MustScalar(2), false},
	}
	for _, c := range cases {
		if got := m.Recyclable(c.x); got != c.taken {
			t.Errorf("%s: Recyclable = %v, want %v", c.name, got, c.taken)
		}
	}
	for _, zero := range []bool{false, true} {
		x := mustOp(newTensor(Float32, []int{256, 256}, false))
		for i := range x.storage.data.([]float32) {
			x.storage.data.([]float32)[i] = 7
		}
		p := storagePointer(x.storage)
		reused, released, _ := RecycleStats()
		Recycle(x, m)
		if x.storage.n != 0 || len(x.storage.data.([]float32)) != 0 {
			t.Fatalf("the recycled storage keeps %d elements", x.storage.n)
		}
		// A size of the same page class takes the buffer.
		y := mustOp(newTensor(Float32, []int{256, 255}, zero))
		if q := storagePointer(y.storage); q != p {
			t.Fatalf("zero %v: the next allocation of the size got %p, not the recycled %p", zero, q, p)
		}
		r2, rel2, _ := RecycleStats()
		if r2 != reused+1 || rel2 != released+1 {
			t.Errorf("stats moved by %d reused, %d released; want 1 and 1", r2-reused, rel2-released)
		}
		if zero {
			for i, v := range y.storage.data.([]float32) {
				if v != 0 {
					t.Fatalf("zeros from a recycled buffer: element %d is %v", i, v)
				}
			}
		}
	}
	// What a mark does not vouch for stays.
	Recycle(before, m)
	if before.storage.n != 256*256 {
		t.Errorf("a storage allocated before the mark was recycled")
	}
}

// TestRecycledBuffersAge checks that buffers nobody took are dropped at the
// second collection after they came in, and that the budget bounds what
// the lists hold.
func TestRecycledBuffersAge(t *testing.T) {
	drainRecycled()
	t.Cleanup(drainRecycled)
	m := MarkRecycle()
	x := mustOp(newTensor(Float64, []int{1 << 14}, false)) // 128 KiB
	Recycle(x, m)
	if _, _, held := RecycleStats(); held != 128<<10 {
		t.Fatalf("held %d bytes, want %d", held, 128<<10)
	}
	ageRecycled()
	if _, _, held := RecycleStats(); held != 128<<10 {
		t.Fatalf("dropped at the first collection: held %d", held)
	}
	ageRecycled()
	if _, _, held := RecycleStats(); held != 0 {
		t.Fatalf("held %d bytes after two collections", held)
	}
	for range 2 * recycleBudgetBytes / (1 << 20) {
		Recycle(mustOp(newTensor(Float32, []int{1 << 18}, false)), m) // 1 MiB each
	}
	if _, _, held := RecycleStats(); held > recycleBudgetBytes {
		t.Errorf("held %d bytes, over the budget %d", held, recycleBudgetBytes)
	}
}

// TestSharesMemory checks views and storages over one buffer.
func TestSharesMemory(t *testing.T) {
	a := mustOp(Randn(NewGenerator(1), Float32, 64, 64))
	b := mustOp(Randn(NewGenerator(2), Float32, 64, 64))
	c := mustOp(Randn(NewGenerator(3), Complex64, 8, 8))
	r := mustOp(ViewAsReal(c))
	cases := []struct {
		name string
		x, y *Tensor
		want bool
	}{
		{"itself", a, a, true},
		{"a transpose", a, a.T(), true},
		{"a row", a, mustOp(a.Slice(0, 3, 4, 1)), true},
		{"another tensor", a, b, false},
		{"view_as_real", c, r, true},
		{"view_as_real and another", r, a, false},
	}
	for _, c := range cases {
		if got := c.x.SharesMemory(c.y); got != c.want {
			t.Errorf("%s: SharesMemory = %v, want %v", c.name, got, c.want)
		}
	}
}
