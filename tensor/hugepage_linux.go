package tensor

import (
	"sync"
	"syscall"
	"unsafe"
)

// hugePageSize is the size of a transparent huge page on x86-64 and most
// arm64 kernels.
const hugePageSize = 2 << 20

// hugePageMinBytes is the smallest storage whose memory is advised to use
// huge pages: a Go large object of the recycled sizes (storage_recycle.go).
// A buffer under hugeRegionBytes has the huge page around it advised once
// (advisedRegions): makemore's training step allocates sixteen 128 KiB
// embedding outputs and the heap grows by tens of MiB before its first
// collection in a training loop; faulted in 4 KiB at a time that was half
// of the run's page faults (docs/performance.md, "Huge pages from 64 KiB").
const hugePageMinBytes = 64 << 10

// hugeRegionBytes is the size from which every storage is advised by its
// own madvise call, as before the smaller ones were: a 1 MiB buffer covers
// at least half of a huge page.
const hugeRegionBytes = 1 << 20

// advisedRegions holds the huge pages (address / hugePageSize) already
// advised for a storage under hugeRegionBytes, so that a training loop
// allocating such buffers every step makes the call once a page. The
// heap's memory is never unmapped, and the advice (a flag of the mapping)
// outlives the scavenger's releases, so an entry stays true.
var advisedRegions struct {
	mu   sync.Mutex
	done map[uintptr]bool
}

// adviseOnce reports whether the huge pages from lo to hi (aligned) need
// advising, and records them as advised.
func adviseOnce(lo, hi uintptr) bool {
	advisedRegions.mu.Lock()
	defer advisedRegions.mu.Unlock()
	if advisedRegions.done == nil {
		advisedRegions.done = map[uintptr]bool{}
	}
	need := false
	for a := lo; a < hi; a += hugePageSize {
		if !advisedRegions.done[a/hugePageSize] {
			advisedRegions.done[a/hugePageSize] = true
			need = true
		}
	}
	return need
}

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
	if bytes < hugeRegionBytes && !adviseOnce(lo, hi) {
		return
	}
	// The raw call: a []byte over the neighbours' memory is not this
	// buffer's to make.
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, syscall.MADV_HUGEPAGE)
}
