//go:build !linux

package tensor

// defaultMemoryLimit allows one allocation up to 8 GiB where physical memory
// cannot be read.
func defaultMemoryLimit() int64 { return 8 << 30 }

// defaultMemoryLimitFrom is defaultMemoryLimit and where it comes from.
func defaultMemoryLimitFrom() (int64, string) {
	return defaultMemoryLimit(), "the default for an unknown memory size"
}
