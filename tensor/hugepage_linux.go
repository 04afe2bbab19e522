package tensor

import (
	"syscall"
	"unsafe"
)

// hugePageSize is the size of a transparent huge page on x86-64 and most
// arm64 kernels.
const hugePageSize = 2 << 20

// adviseHugePages asks the kernel to back a large allocation with 2 MiB
// pages (madvise MADV_HUGEPAGE), as PyTorch's CPU allocator does: a tensor
// of many megabytes then needs far fewer TLB entries, which speeds up the
// memory-bound kernels that stream through it. It is advice only; errors
// are ignored. The range is rounded inward to whole huge pages.
func adviseHugePages(p unsafe.Pointer, bytes int) {
	if bytes < 2*hugePageSize {
		return
	}
	addr := uintptr(p)
	skip := int((addr+hugePageSize-1)&^(hugePageSize-1) - addr)
	length := int((addr+uintptr(bytes))&^(hugePageSize-1)-addr) - skip
	if length <= 0 {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(p, skip)), length), syscall.MADV_HUGEPAGE)
}
