//go:build !linux

package tensor

import "unsafe"

// adviseHugePages does nothing where madvise is not available.
func adviseHugePages(unsafe.Pointer, int) {}
