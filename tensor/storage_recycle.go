package tensor

import (
	"sync"
	"unsafe"

	"github.com/kael-dev/kael/tensor/internal/rawmem"
)

// Recycling hands the buffer of a mid-size storage that its owner has
// proved dead to the next allocation of its size at once, as PyTorch's
// caching allocator hands a freed block to the next tensor of its size: the
// buffer is still in the processor's caches, where a fresh Go allocation
// is memory the program has not touched since the last collection (cold,
// or returned to the kernel by the scavenger and faulted in again), and it
// does not grow the heap toward the next collection. `a * 0.5` on a
// 512 KiB float32 tensor writes its output in about 20 µs in place and
// 100–200 µs into a fresh buffer (docs/performance.md, "Training steps:
// gradients recycled").
//
// Only the code that allocated a storage can know that nothing refers to
// it: the autograd engine does, for the gradients that flow between the
// nodes of a backward pass (autograd/engine.go). A Storage carries the
// serial number of its allocation, so that such an owner can tell the
// storages allocated since it began (RecycleMark) from those anyone may
// hold. The storage pool (storage_pool.go) recycles the larger buffers,
// through finalizers, for storages nobody vouches for.
const (
	// recycleMinBytes is the smallest buffer recycled: smaller ones are
	// small objects of the Go allocator, cheap and cache-warm already.
	recycleMinBytes = 64 << 10
	// recycleBudgetBytes bounds the bytes the recycled lists hold, all
	// sizes together; a buffer beyond it is left to the collector.
	recycleBudgetBytes = 32 << 20
	// recycleClass is the granularity of the lists' sizes: the runtime's
	// page, to which it rounds large objects.
	recycleClass = 8 << 10
)

// recycleMaxBytes is the largest buffer recycled: from poolMinBytes on the
// storage pool takes them.
const recycleMaxBytes = poolMinBytes - 1

// recycler is the recycled buffers, under mu.
var recycler struct {
	mu    sync.Mutex
	free  map[uintptr][]recycledBuffer // by size class
	bytes uintptr                      // the bytes free holds
	// serial counts the storages allocated (Storage.serial).
	serial uint64
	gen    uint64 // collections seen (ageRecycled)
	// reused and released count the buffers handed out again and those
	// handed back, for tests and measurements.
	reused, released uint64
}

// recycledBuffer is a buffer in the recycled lists: its start, which keeps
// it reachable, its length in bytes and the collection generation when it
// came in.
type recycledBuffer struct {
	p     unsafe.Pointer
	bytes uintptr
	gen   uint64
}

// recycleClassOf returns the list of a buffer of bytes, or 0 when buffers
// of that size are not recycled.
func recycleClassOf(bytes int) uintptr {
	if bytes < recycleMinBytes || bytes > recycleMaxBytes {
		return 0
	}
	return (uintptr(bytes) + recycleClass - 1) &^ (recycleClass - 1)
}

// nextSerial returns the serial number of a storage allocated now.
func nextSerial() uint64 {
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	recycler.serial++
	return recycler.serial
}

// A RecycleMark is a point in the sequence of storage allocations: the
// storages allocated after it are those its taker may vouch for.
type RecycleMark uint64

// MarkRecycle returns the mark of now.
func MarkRecycle() RecycleMark {
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	return RecycleMark(recycler.serial)
}

// Recyclable reports whether t's storage was allocated after m, by
// initStorage, in the sizes recycled: the storages Recycle takes.
func (m RecycleMark) Recyclable(t *Tensor) bool {
	s := t.storage
	return s != nil && s.serial > uint64(m) && s.device == CPU && recycleClassOf(s.n*t.dtype.Size()) != 0
}

// SharesMemory reports whether t and u have elements in the same memory:
// the same storage, or storages over one buffer (a complex tensor and its
// view_as_real).
func (t *Tensor) SharesMemory(u *Tensor) bool {
	if t.storage == u.storage {
		return true
	}
	a, an := storageSpan(t)
	b, bn := storageSpan(u)
	return an > 0 && bn > 0 && a < b+bn && b < a+an
}

// storageSpan returns the address and byte length of t's storage buffer.
func storageSpan(t *Tensor) (uintptr, uintptr) {
	s := t.storage
	if s == nil || s.n == 0 {
		return 0, 0
	}
	return uintptr(storagePointer(s)), uintptr(s.n) * uintptr(t.dtype.Size())
}

// storagePointer returns the start of s's buffer: the data word of the
// slice header that s.data holds.
func storagePointer(s *Storage) unsafe.Pointer {
	return (*sliceHeader)((*emptyInterface)(unsafe.Pointer(&s.data)).data).data
}

// Recycle hands t's storage buffer to the next allocation of its size and
// leaves the storage without elements, so that a use of it after all
// fails rather than reads another tensor's values. It does nothing unless
// m.Recyclable(t). The caller vouches that nothing but t refers to the
// storage's memory: no view, no other tensor (see SharesMemory), no slice
// a kernel still holds, nothing a program can reach.
func Recycle(t *Tensor, m RecycleMark) {
	if !m.Recyclable(t) {
		return
	}
	s := t.storage
	bytes := uintptr(s.n) * uintptr(t.dtype.Size())
	class := recycleClassOf(int(bytes))
	p := storagePointer(s)
	empty, err := byteViews.Select("recycle", t.dtype)
	if err != nil {
		return
	}
	s.data, s.n = empty(nil, 0), 0
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	if recycler.bytes+class > recycleBudgetBytes {
		return
	}
	if recycler.free == nil {
		recycler.free = map[uintptr][]recycledBuffer{}
	}
	recycler.free[class] = append(recycler.free[class], recycledBuffer{p: p, bytes: bytes, gen: recycler.gen})
	recycler.bytes += class
	recycler.released++
}

// takeRecycled returns the most recently recycled buffer of at least bytes
// in bytes's class, or nil.
func takeRecycled(bytes int) unsafe.Pointer {
	class := recycleClassOf(bytes)
	if class == 0 {
		return nil
	}
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	list := recycler.free[class]
	for i := len(list) - 1; i >= 0; i-- {
		if e := list[i]; e.bytes >= uintptr(bytes) {
			copy(list[i:], list[i+1:])
			list[len(list)-1] = recycledBuffer{}
			recycler.free[class] = list[:len(list)-1]
			recycler.bytes -= class
			recycler.reused++
			return e.p
		}
	}
	return nil
}

// allocateRecycled returns n elements of T in a recycled buffer, or nil
// when there is none of their size; zero clears them, and a recycled
// buffer is poisoned as rawmem poisons fresh ones.
func allocateRecycled[T rawmem.Number](n int, zero bool) []T {
	var t T
	size := int(unsafe.Sizeof(t))
	p := takeRecycled(n * size)
	if p == nil {
		return nil
	}
	s := unsafe.Slice((*T)(p), n)
	switch {
	case zero || rawmem.Cleared:
		clear(s)
	case rawmem.Poison:
		b := unsafe.Slice((*byte)(p), n*size)
		for i := range b {
			b[i] = 0xFF
		}
	}
	return s
}

// ageRecycled counts a collection and drops the buffers recycled before
// the previous one and not taken since, so that memory a program stopped
// recycling goes back to the collector.
func ageRecycled() {
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	recycler.gen++
	recycler.bytes -= ageFreeLists(recycler.free, recycler.gen, func(e recycledBuffer) uint64 { return e.gen })
}

// drainRecycled drops every recycled buffer; the next collection frees
// them.
func drainRecycled() {
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	clear(recycler.free)
	recycler.bytes = 0
}

// RecycleStats returns the buffers handed out again (reused) and handed
// back (released) so far, and the bytes the lists hold now.
func RecycleStats() (reused, released uint64, held int64) {
	recycler.mu.Lock()
	defer recycler.mu.Unlock()
	return recycler.reused, recycler.released, int64(recycler.bytes)
}
