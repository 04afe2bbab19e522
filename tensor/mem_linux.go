package tensor

import "syscall"

// defaultMemoryLimit lets tensors use up to three quarters of physical
// memory.
func defaultMemoryLimit() int64 {
	var info syscall.Sysinfo_t
	if err := syscall.Sysinfo(&info); err != nil || info.Totalram == 0 {
		return 8 << 30
	}
	return int64(uint64(info.Totalram) * uint64(info.Unit) / 4 * 3)
}
