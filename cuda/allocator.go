package cuda

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// Memory is what the caching allocator allocates from: the driver's
// cuMemAlloc/cuMemFree on a GPU, a fake in tests.
type Memory interface {
	Malloc(size uint64) (ptr uint64, err error)
	Free(ptr uint64) error
}

// The size classes of PyTorch's CUDACachingAllocator.
const (
	minBlockSize  = 512      // every request is rounded up to a multiple
	smallSize     = 1 << 20  // requests up to this use the small pool
	smallBuffer   = 2 << 20  // the small pool's segments
	minLargeAlloc = 10 << 20 // large requests below this get a largeBuffer segment
	largeBuffer   = 20 << 20
	roundLarge    = 2 << 20 // larger requests are segments rounded to this
)

// block is a piece of a segment, free or in use; a segment's blocks are
// linked in address order so that a freed block merges with free
// neighbours.
type block struct {
	ptr, size  uint64
	segment    uint64 // the ptr Malloc returned for the segment
	small      bool   // from the small pool
	free       bool
	prev, next *block
}

// Allocator is a caching allocator in the manner of PyTorch's: freed
// blocks stay reserved and are reused by later requests of their size
// class (best fit, split when the rest is worth keeping), and EmptyCache
// returns wholly free segments to Memory. It is not safe for concurrent
// use.
type Allocator struct {
	mem         Memory
	small       []*block // free blocks, by size then address
	large       []*block
	live        map[uint64]*block // blocks in use, by address
	segments    map[uint64]uint64 // segment sizes, by address
	allocated   uint64
	reserved    uint64
	maxAlloc    uint64
	numSegments int
}

// NewAllocator returns an allocator over mem.
func NewAllocator(mem Memory) *Allocator {
	return &Allocator{mem: mem, live: map[uint64]*block{}, segments: map[uint64]uint64{}}
}

// roundSize rounds a request up to the allocator's granularity.
func roundSize(n uint64) uint64 {
	if n < minBlockSize {
		return minBlockSize
	}
	return (n + minBlockSize - 1) / minBlockSize * minBlockSize
}

// segmentSize is how much Memory is asked for when no cached block fits.
func segmentSize(size uint64) uint64 {
	switch {
	case size <= smallSize:
		return smallBuffer
	case size < minLargeAlloc:
		return largeBuffer
	}
	return (size + roundLarge - 1) / roundLarge * roundLarge
}

func blockOrder(a, b *block) int {
	if c := cmp.Compare(a.size, b.size); c != 0 {
		return c
	}
	return cmp.Compare(a.ptr, b.ptr)
}

func (a *Allocator) pool(small bool) *[]*block {
	if small {
		return &a.small
	}
	return &a.large
}

func (a *Allocator) insertFree(b *block) {
	b.free = true
	p := a.pool(b.small)
	i, _ := slices.BinarySearchFunc(*p, b, blockOrder)
	*p = slices.Insert(*p, i, b)
}

func (a *Allocator) removeFree(b *block) {
	p := a.pool(b.small)
	if i, found := slices.BinarySearchFunc(*p, b, blockOrder); found {
		*p = slices.Delete(*p, i, i+1)
	}
	b.free = false
}

// Alloc returns the address of at least n bytes. A request of 0 bytes
// returns 0, as PyTorch's does.
func (a *Allocator) Alloc(n uint64) (uint64, error) {
	if n == 0 {
		return 0, nil
	}
	size := roundSize(n)
	small := size <= smallSize
	b := a.bestFit(size, small)
	if b == nil {
		var err error
		if b, err = a.newSegment(size, small); err != nil {
			return 0, err
		}
	} else {
		a.removeFree(b)
	}
	a.split(b, size)
	a.live[b.ptr] = b
	a.allocated += b.size
	a.maxAlloc = max(a.maxAlloc, a.allocated)
	return b.ptr, nil
}

// bestFit returns the smallest cached free block of the pool that holds
// size bytes, or nil.
func (a *Allocator) bestFit(size uint64, small bool) *block {
	p := *a.pool(small)
	i, _ := slices.BinarySearchFunc(p, &block{size: size}, blockOrder)
	if i == len(p) {
		return nil
	}
	return p[i]
}

// newSegment asks Memory for a segment; when Memory is out, it frees the
// cache and tries once more, as PyTorch does before raising OOM.
func (a *Allocator) newSegment(size uint64, small bool) (*block, error) {
	segSize := segmentSize(size)
	ptr, err := a.mem.Malloc(segSize)
	if err != nil {
		if ferr := a.EmptyCache(); ferr != nil {
			return nil, errors.Join(err, ferr)
		}
		if ptr, err = a.mem.Malloc(segSize); err != nil {
			return nil, fmt.Errorf("cuda: out of memory allocating %d bytes (%d allocated, %d reserved): %w",
				size, a.allocated, a.reserved, err)
		}
	}
	a.segments[ptr] = segSize
	a.reserved += segSize
	a.numSegments++
	return &block{ptr: ptr, size: segSize, segment: ptr, small: small}, nil
}

// split cuts b down to size when the rest is worth keeping: any rest in
// the small pool, more than smallSize in the large one.
func (a *Allocator) split(b *block, size uint64) {
	rest := b.size - size
	if (b.small && rest < minBlockSize) || (!b.small && rest <= smallSize) {
		return
	}
	r := &block{ptr: b.ptr + size, size: rest, segment: b.segment, small: b.small, prev: b, next: b.next}
	if b.next != nil {
		b.next.prev = r
	}
	b.next, b.size = r, size
	a.insertFree(r)
}

// Free returns the block at ptr to the cache, merged with free neighbours.
func (a *Allocator) Free(ptr uint64) error {
	if ptr == 0 {
		return nil
	}
	b, ok := a.live[ptr]
	if !ok {
		return fmt.Errorf("cuda: free of %#x, which this allocator did not allocate or already freed", ptr)
	}
	delete(a.live, ptr)
	a.allocated -= b.size
	if p := b.prev; p != nil && p.free {
		a.removeFree(p)
		b = merge(p, b)
	}
	if n := b.next; n != nil && n.free {
		a.removeFree(n)
		b = merge(b, n)
	}
	a.insertFree(b)
	return nil
}

// merge joins b, the block after a in its segment, into a.
func merge(a, b *block) *block {
	a.size += b.size
	a.next = b.next
	if b.next != nil {
		b.next.prev = a
	}
	return a
}

// EmptyCache returns every wholly free segment to Memory.
func (a *Allocator) EmptyCache() error {
	var errs []error
	for _, small := range []bool{true, false} {
		p := a.pool(small)
		kept := (*p)[:0]
		for _, b := range *p {
			if b.prev != nil || b.next != nil || b.size != a.segments[b.segment] {
				kept = append(kept, b)
				continue
			}
			if err := a.mem.Free(b.segment); err != nil {
				errs = append(errs, err)
				kept = append(kept, b)
				continue
			}
			a.reserved -= b.size
			a.numSegments--
			delete(a.segments, b.segment)
		}
		clear((*p)[len(kept):])
		*p = kept
	}
	return errors.Join(errs...)
}

// Stats is the allocator's bookkeeping, as torch.cuda.memory_stats names it.
type Stats struct {
	Allocated    uint64 // memory_allocated: bytes in blocks in use
	MaxAllocated uint64 // max_memory_allocated
	Reserved     uint64 // memory_reserved: bytes of segments held
	Segments     int
	CachedBlocks int // free blocks held for reuse
}

// Stats returns the current bookkeeping.
func (a *Allocator) Stats() Stats {
	return Stats{Allocated: a.allocated, MaxAllocated: a.maxAlloc, Reserved: a.reserved,
		Segments: a.numSegments, CachedBlocks: len(a.small) + len(a.large)}
}
