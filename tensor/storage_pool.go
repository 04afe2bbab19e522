package tensor

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"unsafe"

	"github.com/kael-dev/kael/tensor/internal/rawmem"
)

// The storage pool hands large storage buffers that the program has let go
// of to the next storage of the same size, as NumPy gets from malloc and
// PyTorch from its caching allocator. In a loop like `c = a + b` over
// 8 MB arrays, a fresh Go allocation every iteration made the heap grow by
// the array each time, so that the collector ran every four iterations,
// and memory that the runtime's scavenger had meanwhile returned to the
// kernel page-faulted back in (docs/performance.md, "NumPy's large rows:
// output buffers"). A recycled buffer grows neither the heap nor the
// process's page faults, and need not be cleared for an output that the
// kernel writes whole.
//
// A buffer goes back to the pool only when the garbage collector has found
// nothing at all that refers to it: the finalizer is set on the buffer
// itself (its first element), not on the Storage or the Tensor, so that a
// view, a memoryview, an ndarray sharing a torch tensor's memory, a raw
// slice a kernel still holds after its tensor's last use, or any interior
// pointer keeps it out of the pool exactly as it keeps it from being freed.
// The finalizer makes the buffer reachable again from the pool (Go runs a
// finalizer once and then forgets it, see runtime.SetFinalizer), and a new
// one is set each time the pool hands the buffer out.
//
// The buffers that come back stay within a budget (poolBudgetBytes), and a
// buffer no storage has taken within a collection cycle is dropped at the next one (poolSentinel), so
// that memory a program no longer uses goes back to the collector. A
// storage allocation that the memory limit leaves no room for empties the
// pool before it collects (checkHeapRoom).
const (
	// poolMinBytes is the smallest buffer the pool recycles. With 256 KiB
	// the np_fancy row's 1.1 MB outputs came from the pool too, and its
	// process's peak memory doubled (87 to 170 MB) and its page faults
	// tripled, its CPU time unchanged (docs/performance.md).
	poolMinBytes = 4 << 20
	// poolMaxBytes is the largest: the budget's.
	poolMaxBytes = poolBudgetBytes
	// poolBudgetBytes bounds the bytes of the buffers that come back to
	// the pool (see storagePool.armed). Beyond it a storage is allocated
	// as any other and freed by the collector: a buffer with a finalizer
	// is marked, not freed, by the collection that finds it unreachable,
	// so the live heap that the collector's goal is set from counts it,
	// and with every dead buffer coming back a loop's heap doubled from
	// one collection to the next (1.4 GB in the np_add row).
	poolBudgetBytes = 64 << 20
	// poolClass is the granularity of the pool's sizes: the runtime's page,
	// to which it rounds large objects anyway.
	poolClass = 8 << 10
)

// storagePool is the pool's state, under mu.
var storagePool struct {
	mu    sync.Mutex
	free  map[uintptr][]pooled // by size in bytes, a multiple of poolClass
	bytes uintptr              // the bytes that free holds
	// armed is the bytes of the buffers that are to come back: those
	// handed out with a finalizer, live or not yet finalized, and those
	// in free. It stays within poolBudgetBytes.
	armed uintptr
	// cycles is the collection count takePooled last waited at.
	cycles uint64
	gen    uint64 // collections seen by poolSentinel
	// recycled and fresh count the buffers handed out from the pool and
	// allocated anew, for tests and measurements.
	recycled, fresh uint64
}

// pooled is a buffer in the pool: its address, which keeps it reachable,
// and the collection generation when it came back.
type pooled struct {
	p   unsafe.Pointer
	gen uint64
}

// poolClassOf returns the pool size for a buffer of bytes, or 0 when the
// pool does not take buffers of that size.
func poolClassOf(bytes int) uintptr {
	if bytes < poolMinBytes || bytes > poolMaxBytes {
		return 0
	}
	return (uintptr(bytes) + poolClass - 1) &^ (poolClass - 1)
}

// allocatePooled returns n elements of T for a storage whose size the pool
// takes (class bytes), recycled when the pool has a buffer of that size and
// allocated otherwise; zero clears them (as does a kael_safealloc build),
// and Poison fills recycled ones as rawmem does fresh ones. The buffer
// comes back to the pool when nothing refers to it any more.
func allocatePooled[T rawmem.Number](n int, zero bool, class uintptr) []T {
	var t T
	size := unsafe.Sizeof(t)
	p, armed, wait := takePooled(class)
	if wait {
		// A collection has ended since the pool last looked and buffers
		// that are to come back are out: their finalizers are queued, and
		// on one processor the goroutine that runs them waits for this one
		// to yield, which a busy loop does only when it is preempted
		// (10 ms, a dozen iterations of the np_add row, each then
		// allocating afresh).
		runtime.Gosched()
		p, armed, _ = takePooled(class)
	}
	var s []T
	if p != nil {
		s = unsafe.Slice((*T)(p), n)
		switch {
		case zero || rawmem.Cleared:
			clear(s)
		case rawmem.Poison:
			b := unsafe.Slice((*byte)(p), uintptr(n)*size)
			for i := range b {
				b[i] = 0xFF
			}
		}
	} else {
		// The whole class is allocated, so that the buffer fits any
		// request of its class when it comes back.
		var whole []T
		if zero {
			whole = make([]T, class/size)
		} else {
			whole = rawmem.Slice[T](int(class / size))
		}
		p = unsafe.Pointer(unsafe.SliceData(whole))
		adviseHugePages(p, int(class))
		s = whole[:n:n]
	}
	if armed {
		runtime.SetFinalizer((*byte)(p), func(b *byte) { returnPooled(unsafe.Pointer(b), class) })
	}
	return s
}

// takePooled returns a buffer of class bytes from the pool, or nil, and
// whether the buffer is to come back to the pool: a recycled one always
// is, a fresh one while the pool's budget has room for it. When it has
// none, wait says that a collection has ended since the last call and
// that buffers which are to come back are out, so that their finalizers
// may be about to return them.
func takePooled(class uintptr) (p unsafe.Pointer, armed, wait bool) {
	metrics.Read(gcCycles)
	cycles := gcCycles[0].Value.Uint64()
	storagePool.mu.Lock()
	defer storagePool.mu.Unlock()
	list := storagePool.free[class]
	if len(list) == 0 {
		if cycles != storagePool.cycles && storagePool.armed > storagePool.bytes {
			storagePool.cycles = cycles
			return nil, false, true
		}
		storagePool.fresh++
		if storagePool.armed+class > poolBudgetBytes {
			return nil, false, false
		}
		storagePool.armed += class
		return nil, true, false
	}
	e := list[len(list)-1]
	list[len(list)-1] = pooled{}
	storagePool.free[class] = list[:len(list)-1]
	storagePool.bytes -= class
	storagePool.recycled++
	return e.p, true, false
}

// gcCycles reads the collections completed so far; takePooled uses it
// under storagePool.mu.
var gcCycles = []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}

// returnPooled is a buffer's finalizer: the collector found nothing that
// refers to it, so the pool keeps it.
func returnPooled(p unsafe.Pointer, class uintptr) {
	storagePool.mu.Lock()
	defer storagePool.mu.Unlock()
	if storagePool.free == nil {
		storagePool.free = map[uintptr][]pooled{}
	}
	storagePool.free[class] = append(storagePool.free[class], pooled{p: p, gen: storagePool.gen})
	storagePool.bytes += class
}

// drainPool drops every buffer the pool holds; the next collection frees
// them.
func drainPool() {
	storagePool.mu.Lock()
	defer storagePool.mu.Unlock()
	clear(storagePool.free)
	storagePool.armed -= storagePool.bytes
	storagePool.bytes = 0
}

// agePool counts a collection and drops the buffers that came back before
// the previous one and have not been taken since.
func agePool() {
	storagePool.mu.Lock()
	defer storagePool.mu.Unlock()
	storagePool.gen++
	dropped := ageFreeLists(storagePool.free, storagePool.gen, func(e pooled) uint64 { return e.gen })
	storagePool.bytes -= dropped
	storagePool.armed -= dropped
}

// ageFreeLists drops from free, lists of buffers by size class, those
// that came back before the collection before the one numbered gen (genOf
// says when each came back), and returns the bytes of the classes
// dropped: the storage pool and the recycled lists age alike.
func ageFreeLists[E any](free map[uintptr][]E, gen uint64, genOf func(E) uint64) (dropped uintptr) {
	for class, list := range free {
		kept := list[:0]
		for _, e := range list {
			if genOf(e)+1 >= gen {
				kept = append(kept, e)
			} else {
				dropped += class
			}
		}
		clear(list[len(kept):])
		if len(kept) == 0 {
			delete(free, class)
		} else {
			free[class] = kept
		}
	}
	return dropped
}

// poolSentinel is an object only its finalizer refers to: the finalizer
// runs after every collection, ages the pool and registers itself again.
type poolSentinel struct{ _ *byte } // a pointer keeps it out of the tiny allocator, whose objects may never be finalized

func (s *poolSentinel) collected() {
	agePool()
	ageRecycled()
	runtime.SetFinalizer(s, (*poolSentinel).collected)
}

func init() {
	runtime.SetFinalizer(&poolSentinel{}, (*poolSentinel).collected)
}

// PoolStats returns the storage buffers the pool has handed out again
// (recycled) and allocated anew (fresh), and the bytes it holds now.
func PoolStats() (recycled, fresh uint64, held int64) {
	storagePool.mu.Lock()
	defer storagePool.mu.Unlock()
	return storagePool.recycled, storagePool.fresh, int64(storagePool.bytes)
}
