//go:build unix

package safetensors

import (
	"os"
	"runtime"

	"golang.org/x/sys/unix"
)

// mapping owns the bytes of a file. When mapped, the pages are unmapped
// once the mapping is unreachable: every tensor viewing it keeps it alive.
type mapping struct {
	data []byte
}

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
	runtime.AddCleanup(m, func(b []byte) { _ = unix.Munmap(b) }, b)
	return m, nil
}
