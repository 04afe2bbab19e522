//go:build unix

package safetensors

import (
	"os"
	"runtime"
	"time"

	"golang.org/x/sys/unix"
)

// mapping owns the bytes of a file. Every tensor viewing it keeps it
// alive; once it is unreachable its pages are released.
type mapping struct {
	data []byte
}

// unmapDelay is how long the address range of an unreachable mapping stays
// mapped after its pages are released. A kernel that extracted a tensor's
// data slice may, in principle, go on reading after the tensor itself
// became unreachable; with the pages released (MADV_DONTNEED) such a read
// sees the file's bytes again instead of faulting, and only after the delay,
// far longer than any kernel runs on one operand, is the range unmapped.
const unmapDelay = time.Minute

// mapFile maps size bytes of f privately (copy-on-write), readable and
// writable, so that tensors viewing it can be written without changing
// the file.
func mapFile(f *os.File, size int64) (*mapping, error) {
	if size == 0 {
		return &mapping{data: []byte{}}, nil
	}
	b, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE)
	if err != nil {
		return readFile(f, size)
	}
	_ = unix.Madvise(b, unix.MADV_WILLNEED)
	m := &mapping{data: b}
	runtime.AddCleanup(m, release, b)
	return m, nil
}

// release gives back the memory of an unreachable mapping at once and its
// address range after unmapDelay.
func release(b []byte) {
	_ = unix.Madvise(b, unix.MADV_DONTNEED)
	time.AfterFunc(unmapDelay, func() { _ = unix.Munmap(b) })
}
