package cuda

import (
	"errors"
	"testing"
)

// fakeMemory hands out addresses from a counter, remembers what is live,
// and can be given a capacity to run out of.
type fakeMemory struct {
	next     uint64
	live     map[uint64]uint64
	capacity uint64 // 0: unlimited
	used     uint64
	mallocs  int
}

func newFakeMemory() *fakeMemory { return &fakeMemory{next: 1 << 32, live: map[uint64]uint64{}} }

func (m *fakeMemory) Malloc(size uint64) (uint64, error) {
	if m.capacity > 0 && m.used+size > m.capacity {
		return 0, errors.New("CUDA_ERROR_OUT_OF_MEMORY")
	}
	p := m.next
	m.next += size + 4096
	m.live[p] = size
	m.used += size
	m.mallocs++
	return p, nil
}

func (m *fakeMemory) Free(p uint64) error {
	size, ok := m.live[p]
	if !ok {
		return errors.New("bad free")
	}
	delete(m.live, p)
	m.used -= size
	return nil
}

func TestAllocatorSizeClassesAndReuse(t *testing.T) {
	mem := newFakeMemory()
	a := NewAllocator(mem)
	alloc := func(n uint64) uint64 {
		t.Helper()
		p, err := a.Alloc(n)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	p1 := alloc(1) // rounds to 512, from a 2 MiB small segment
	if s := a.Stats(); s.Allocated != 512 || s.Reserved != smallBuffer || s.Segments != 1 {
		t.Fatalf("after 1 byte: %+v", s)
	}
	p2 := alloc(1000) // 1024, split from the same segment
	if p2 != p1+512 || mem.mallocs != 1 {
		t.Fatalf("second small block at %#x (first %#x), %d mallocs", p2, p1, mem.mallocs)
	}
	if err := a.Free(p1); err != nil {
		t.Fatal(err)
	}
	if s := a.Stats(); s.Allocated != 1024 || s.Reserved != smallBuffer {
		t.Fatalf("after free: %+v", s)
	}
	if p := alloc(400); p != p1 { // best fit: the freed 512-byte block
		t.Fatalf("reuse gave %#x, want %#x", p, p1)
	}
	// A large request gets its own pool and a 20 MiB segment.
	big := alloc(3 << 20)
	if s := a.Stats(); s.Reserved != smallBuffer+largeBuffer || s.Segments != 2 || s.Allocated != 512+1024+3<<20 {
		t.Fatalf("after large: %+v", s)
	}
	// 11 MiB fits the rest of that segment: best fit, no Malloc.
	mid := alloc(11 << 20)
	if mid != big+3<<20 || mem.mallocs != 2 {
		t.Fatalf("11 MiB at %#x, want %#x; %d mallocs", mid, big+3<<20, mem.mallocs)
	}
	a.Free(mid)
	// Requests of 10 MiB and more that fit nowhere are segments rounded
	// to 2 MiB.
	huge := alloc(18<<20 - 100)
	if got := mem.live[huge]; got != 18<<20 {
		t.Fatalf("huge segment %d bytes, want %d", got, 18<<20)
	}
	// Freeing everything keeps the memory reserved, until EmptyCache.
	for _, p := range []uint64{p1, p2, big, huge} {
		if err := a.Free(p); err != nil {
			t.Fatal(err)
		}
	}
	s := a.Stats()
	if s.Allocated != 0 || s.Reserved != smallBuffer+largeBuffer+18<<20 || s.CachedBlocks != 3 {
		t.Fatalf("all freed: %+v", s)
	}
	if s.MaxAllocated != 512+1024+3<<20+18<<20 {
		t.Fatalf("max allocated %d", s.MaxAllocated)
	}
	// A cached block is reused without Malloc: the smallest that fits,
	// the 18 MiB segment rather than the 20 MiB one.
	before := mem.mallocs
	p := alloc(2 << 20)
	if mem.mallocs != before || p != huge {
		t.Fatalf("2 MiB request: %d new mallocs, at %#x (cached segments at %#x, %#x)", mem.mallocs-before, p, huge, big)
	}
	a.Free(p)
	if err := a.EmptyCache(); err != nil {
		t.Fatal(err)
	}
	if s := a.Stats(); s.Reserved != 0 || s.Segments != 0 || s.CachedBlocks != 0 || len(mem.live) != 0 {
		t.Fatalf("after EmptyCache: %+v, %d live in memory", s, len(mem.live))
	}
}

func TestAllocatorEmptyCacheKeepsSegmentsInUse(t *testing.T) {
	mem := newFakeMemory()
	a := NewAllocator(mem)
	p1, _ := a.Alloc(512)
	p2, _ := a.Alloc(512)
	a.Free(p1)
	if err := a.EmptyCache(); err != nil {
		t.Fatal(err)
	}
	if s := a.Stats(); s.Reserved != smallBuffer || s.Allocated != 512 {
		t.Fatalf("a segment in use was released: %+v", s)
	}
	a.Free(p2) // merges with both neighbours: one free block again
	if s := a.Stats(); s.CachedBlocks != 1 {
		t.Fatalf("freed blocks did not merge: %+v", s)
	}
	a.EmptyCache()
	if len(mem.live) != 0 {
		t.Fatalf("segment not released: %v", mem.live)
	}
}

func TestAllocatorOutOfMemoryEmptiesCacheFirst(t *testing.T) {
	mem := newFakeMemory()
	mem.capacity = 22 << 20
	a := NewAllocator(mem)
	p, err := a.Alloc(5 << 20)
	if err != nil {
		t.Fatal(err)
	}
	a.Free(p)
	// A 22 MiB segment does not fit beside the cached 20 MiB one; the
	// allocator releases the cache and succeeds.
	if _, err := a.Alloc(21 << 20); err != nil {
		t.Fatalf("allocation after cache release failed: %v", err)
	}
	if s := a.Stats(); s.Reserved != 22<<20 || s.Segments != 1 {
		t.Fatalf("after release and retry: %+v", s)
	}
	if _, err := a.Alloc(21 << 20); err == nil {
		t.Fatal("allocation beyond capacity succeeded")
	}
}

func TestAllocatorBadFree(t *testing.T) {
	a := NewAllocator(newFakeMemory())
	if err := a.Free(0); err != nil {
		t.Fatalf("Free(0): %v", err)
	}
	p, _ := a.Alloc(10)
	if err := a.Free(p + 1); err == nil {
		t.Error("free of an address inside a block accepted")
	}
	a.Free(p)
	if err := a.Free(p); err == nil {
		t.Error("double free accepted")
	}
	if p, err := a.Alloc(0); p != 0 || err != nil {
		t.Errorf("Alloc(0) = %#x, %v", p, err)
	}
}
