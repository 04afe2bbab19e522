package tensor

import (
	"syscall"
	"unsafe"
)

// hugePageSize is the size of a transparent huge page on x86-64 and most
// arm64 kernels.
const hugePageSize = 2 << 20

// hugePageMinBytes is the smallest storage whose memory is advised to use
// huge pages: a 1 MiB buffer covers at least half of one.
const hugePageMinBytes = 1 << 20

// adviseHugePages asks the kernel to back the memory of a large storage
// with 2 MiB pages (madvise MADV_HUGEPAGE), as PyTorch's CPU allocator
// and NumPy do for theirs: a tensor of many megabytes then needs far
// fewer TLB entries, which speeds up the memory-bound kernels that stream
// through it, and memory that the runtime's scavenger returned to the
// kernel comes back a huge page per fault instead of 512 small ones. It
// is advice only; errors are ignored.
//
// The range is rounded outward to whole huge pages, so that a buffer
// smaller than two huge pages (np_fancy's 1.1 MB outputs) is covered too:
// its neighbours are the Go heap's own memory, and the heap's arenas are
// reserved in multiples of 64 MiB at 64 MiB-aligned addresses, so that the
// rounded range never leaves the arena. In a loop of `b = a[idx]` the
// page faults fell from 23 to 8 an iteration and its CPU time by about 8%
// (docs/performance.md, "Fresh memory in the NumPy rows").
func adviseHugePages(p unsafe.Pointer, bytes int) {
	if bytes < hugePageMinBytes {
		return
	}
	lo := uintptr(p) &^ (hugePageSize - 1)
	hi := (uintptr(p) + uintptr(bytes) + hugePageSize - 1) &^ (hugePageSize - 1)
	// The raw call: a []byte over the neighbours' memory is not this
	// buffer's to make.
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, syscall.MADV_HUGEPAGE)
}
