//go:build !amd64

package mt19937

// twistBlocks and temperBlocks do nothing without the amd64 kernels.
func twistBlocks(dst, c []uint32, n int) int { return 0 }
func temperBlocks(dst, src []uint32) int     { return 0 }
