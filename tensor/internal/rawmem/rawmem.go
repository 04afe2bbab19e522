// Package rawmem allocates Go heap memory without clearing it first.
//
// make([]float32, n) clears all n elements before returning them, unless
// the runtime knows the memory is still zero (pages fresh from the OS). For
// a kernel that writes every element of its output anyway, that clear is a
// whole extra pass over memory, done on one core before the parallel kernel
// starts: for a 16 MiB softmax output reusing heap memory it cost as much
// as a third of the operation (docs/performance.md). PyTorch's allocator
// hands out memory as it is; this package gives kael the same, still
// garbage-collected, by calling the runtime's allocator with its zeroing
// turned off.
//
// That call, runtime.mallocgc through go:linkname (rawmem_linkname.go), is
// not a supported API. The runtime keeps the symbol linkable only because
// widely used packages already link to it (go.dev/issue/67401); its
// signature and what a nil type means may change in any Go release, and
// nothing but this package's tests would notice. Building with
// -tags kael_safealloc (rawmem_make.go) uses make instead: every slice is
// then cleared, which costs the pass above and nothing else; CI runs the
// tensor tests that way too.
//
// The memory holds whatever was there before, so callers must write every
// element before anything reads it. Only element types without pointers are
// allowed, so the garbage collector never scans the stale contents.
package rawmem

import (
	"os"
	"unsafe"
)

// Number is an element type without pointers.
type Number interface {
	~float32 | ~float64 | ~int64 | ~int32 | ~int16 | ~int8 | ~uint64 | ~uint32 | ~uint16 | ~uint8 | ~complex64 | ~complex128
}

// Poison, when true, fills every allocation with 0xFF bytes (NaN for
// floats, -1 for int64, 255 for bytes) so that tests notice a kernel that
// leaves part of its output unwritten. It is for tests: set it before any
// allocation that may run concurrently, or set the environment variable
// KAEL_POISON_UNINITIALIZED=1 (make test does) to turn it on at start-up.
var Poison = os.Getenv("KAEL_POISON_UNINITIALIZED") == "1"

// Slice returns n elements of T whose contents are unspecified. The caller
// must write all of them before reading any.
func Slice[T Number](n int) []T {
	if n == 0 {
		return []T{}
	}
	s := uncleared[T](n)
	if Poison {
		var zero T
		b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), uintptr(n)*unsafe.Sizeof(zero))
		for i := range b {
			b[i] = 0xFF
		}
	}
	return s
}
