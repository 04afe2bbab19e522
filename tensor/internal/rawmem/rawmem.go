// Package rawmem allocates Go heap memory without clearing it first.
//
// make([]float32, n) clears all n elements before returning them. For a
// kernel that writes every element of its output anyway, that clear is a
// whole extra pass over memory, done on one core before the parallel kernel
// starts: for a 16 MiB softmax output it costs as much as a third of the
// operation. PyTorch's allocator hands out memory as it is; this package
// gives kael the same, still garbage-collected, by calling the runtime's
// allocator with its zeroing turned off (runtime.mallocgc, which the runtime
// keeps linkable for exactly this use; see go.dev/issue/67401).
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
	~float32 | ~float64 | ~int64 | ~uint8
}

//go:linkname mallocgc runtime.mallocgc
func mallocgc(size uintptr, typ unsafe.Pointer, needzero bool) unsafe.Pointer

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
	var zero T
	size := uintptr(n) * unsafe.Sizeof(zero)
	// A nil type makes the runtime allocate pointer-free (noscan) memory.
	p := mallocgc(size, nil, false)
	s := unsafe.Slice((*T)(p), n)
	if Poison {
		b := unsafe.Slice((*byte)(p), size)
		for i := range b {
			b[i] = 0xFF
		}
	}
	return s
}
