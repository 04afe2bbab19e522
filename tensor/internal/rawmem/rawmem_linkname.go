//go:build !kael_safealloc

package rawmem

import "unsafe"

// Cleared reports whether Slice clears memory (built with kael_safealloc).
const Cleared = false

//go:linkname mallocgc runtime.mallocgc
func mallocgc(size uintptr, typ unsafe.Pointer, needzero bool) unsafe.Pointer

// uncleared allocates n > 0 elements through the runtime's allocator with
// zeroing off.
func uncleared[T Number](n int) []T {
	var zero T
	// A nil type makes the runtime allocate pointer-free (noscan) memory.
	p := mallocgc(uintptr(n)*unsafe.Sizeof(zero), nil, false)
	return unsafe.Slice((*T)(p), n)
}
