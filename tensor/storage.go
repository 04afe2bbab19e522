package tensor

import (
	"fmt"
	"math"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/kael-dev/kael/tensor/internal/rawmem"
)

// Device says where a tensor's storage lives.
type Device string

// CPU is the device of tensors whose storage is Go memory.
const CPU Device = "cpu"

// Storage is the flat buffer behind one or more tensors. Views share it; the
// version counter counts in-place writes so that autograd can detect that a
// value it saved has changed.
type Storage struct {
	data    any // the dtype's storage slice: []float32, []float64, []int64 or []uint8
	n       int // elements in data
	device  Device
	version atomic.Uint64
	// serial numbers the storages initStorage allocated in the sizes
	// recycled (storage_recycle.go); 0 for any other.
	serial uint64
}

// Len returns the number of elements in the storage.
func (s *Storage) Len() int { return s.n }

var memoryLimit atomic.Int64

func init() { initMemoryLimit() }

// SetMemoryLimit sets the memory, in bytes, that tensors may use, and
// returns the previous limit. An allocation larger than the limit, or a
// large one that would take the heap past it, fails with a MemoryError
// instead of exhausting the process. A limit of 0 or less turns the check
// off.
func SetMemoryLimit(bytes int64) int64 {
	limitSourceMu.Lock()
	defer limitSourceMu.Unlock()
	limitSource = "set by the program"
	return memoryLimit.Swap(bytes)
}

// heapCheckMinBytes is the allocation size from which initStorage checks the
// heap in use against the limit, and heapCheckFraction the fraction of the
// limit from which it checks too: under a small limit (a 500 MB cgroup,
// whose tensors may use 375 MB) a loop keeping 60 MB tensors must meet a
// MemoryError, not the OOM killer. Smaller allocations than both cannot
// exhaust memory alone, and skip the look at the heap.
const (
	heapCheckMinBytes = 64 << 20
	heapCheckFraction = 64
)

var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
var heapMu sync.Mutex

// heapInUse returns the bytes of heap objects, garbage not yet collected
// included.
func heapInUse() float64 {
	heapMu.Lock()
	defer heapMu.Unlock()
	metrics.Read(heapSample)
	return float64(heapSample[0].Value.Uint64())
}

// checkHeapRoom refuses a large allocation that would take the heap past
// the memory limit, collecting garbage once before giving up.
func checkHeapRoom(bytes float64) error {
	limit := float64(memoryLimit.Load())
	if limit <= 0 || bytes < min(heapCheckMinBytes, limit/heapCheckFraction) {
		return nil
	}
	if heapInUse()+bytes <= limit {
		return nil
	}
	drainPool()
	drainRecycled()
	runtime.GC()
	if used := heapInUse(); used+bytes > limit {
		return Errorf(MemoryError, "cannot allocate %s: %s is in use and the limit is %s",
			HumanBytes(bytes), HumanBytes(used), HumanBytes(limit)).
			WithHint("delete tensors you no longer need (del x), or raise the limit (tensor.SetMemoryLimit)")
	}
	return nil
}

// checkScratch refuses, as initStorage refuses a tensor, working memory of n
// elements of size bytes that the memory limit leaves no room for.
func checkScratch(n, size int) error {
	bytes := float64(n) * float64(size)
	if bytes > math.MaxInt/2 {
		return Errorf(MemoryError, "cannot allocate %s of working memory", HumanBytes(bytes))
	}
	return checkHeapRoom(bytes)
}

// AllocBytes returns a buffer of n bytes for tensor data that is not yet
// a tensor (a model file read into memory, whose tensors FromBytes then
// views), allocated as tensor storage is: refused with a MemoryError where
// the memory limit leaves no room, advised to use huge pages, and with
// unspecified contents that the caller must overwrite whole (see package
// rawmem).
func AllocBytes(n int64) ([]byte, error) {
	if n < 0 || n > math.MaxInt/2 {
		return nil, Errorf(MemoryError, "cannot allocate %s", HumanBytes(float64(n)))
	}
	if err := checkScratch(int(n), 1); err != nil {
		return nil, err
	}
	return allocate[uint8](int(n), false).([]uint8), nil
}

// HumanBytes formats a byte count in binary units, e.g. "1.5 GiB".
func HumanBytes(n float64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	i := 0
	for n >= 1024 && i < len(units)-1 {
		n /= 1024
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%.0f B", n)
	}
	return fmt.Sprintf("%.1f %s", n, units[i])
}

// initStorage allocates into s the elements of a storage for n elements of
// dtype d: zeroed, or, when zero is false, with unspecified contents that
// the caller must overwrite whole before anything reads them (see package
// rawmem).
func initStorage(s *Storage, d DType, n int, zero bool) error {
	if d.Size() == 0 {
		return typeErrorf("invalid dtype %d", uint8(d))
	}
	bytes := float64(n) * float64(d.Size())
	if limit := memoryLimit.Load(); limit > 0 && bytes > float64(limit) {
		return Errorf(MemoryError, "cannot allocate %s for %d %s elements: the limit is %s",
			HumanBytes(bytes), n, d, HumanBytes(float64(limit))).
			WithHint("use a smaller shape, or raise the limit (tensor.SetMemoryLimit)")
	}
	if bytes > math.MaxInt/2 {
		return Errorf(MemoryError, "cannot allocate %s", HumanBytes(bytes))
	}
	if err := checkHeapRoom(bytes); err != nil {
		return err
	}
	alloc, err := allocKernels.Select("allocate", d)
	if err != nil {
		return err
	}
	s.data, s.n, s.device = alloc(n, zero), n, CPU
	if recycleClassOf(int(bytes)) != 0 {
		s.serial = nextSerial()
	}
	return nil
}

// allocKernels allocate the storage slice of each dtype.
var allocKernels = AllDTypes(ByDType[func(n int, zero bool) any]{
	Float32: allocate[float32], Float64: allocate[float64], Int64: allocate[int64], Bool: allocate[uint8], Uint8: allocate[U8], Int8: allocate[int8], Int16: allocate[int16], Int32: allocate[int32], Float16: allocate[F16], BFloat16: allocate[BF16], Complex64: allocate[complex64], Complex128: allocate[complex128], Uint16: allocate[uint16], Uint32: allocate[uint32], Uint64: allocate[uint64]})

// allocate returns n elements, zeroed when zero is set; large buffers are
// advised to use huge pages before their first touch, those of the
// storage pool's sizes come from it (storage_pool.go), and mid-size ones
// from the recycled buffers when one of their size is there
// (storage_recycle.go).
func allocate[T rawmem.Number](n int, zero bool) any {
	var elem T
	if class := poolClassOf(n * int(unsafe.Sizeof(elem))); class != 0 {
		return allocatePooled[T](n, zero, class)
	}
	if s := allocateRecycled[T](n, zero); s != nil {
		return s
	}
	var s []T
	if zero {
		s = make([]T, n)
	} else {
		s = rawmem.Slice[T](n)
	}
	if n > 0 {
		var zero T
		adviseHugePages(unsafe.Pointer(unsafe.SliceData(s)), n*int(unsafe.Sizeof(zero)))
	}
	return s
}
