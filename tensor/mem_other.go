//go:build !linux

package tensor

// defaultMemoryLimit allows one allocation up to 8 GiB where physical memory
// cannot be read.
func defaultMemoryLimit() int64 { return 8 << 30 }
